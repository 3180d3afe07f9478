"""The generator's own pools: first names, surnames, nicknames, medical sites, streets, towns, contacts.

Deliberately independent of ``dictionaries/``: the synthetic corpus must also contain names that
no shipped list knows (rare Tyrolean, South Tyrolean, Turkish, Balkan, Polish, Hungarian names).
All entries are invented combinations of common name parts; no real person is described.
Words are split with ``.split()`` so the lists stay readable.
"""

from __future__ import annotations


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FEMALE_FIRST = _words(
    """Maria Anna Theresia Elisabeth Johanna Margarethe Rosa Hildegard Gertraud Aloisia Josefa Katharina
    Christine Monika Andrea Sabine Claudia Barbara Petra Martina Birgit Gabriele Ulrike Sandra Daniela
    Karin Brigitte Helga Ingrid Erika Waltraud Herta Irmgard Paula Frieda Ida Berta Luise Stefanie Julia
    Lisa Sarah Verena Magdalena Carina Nicole Melanie Christina Eva Susanne Renate Angelika Silvia
    Manuela Bettina Michaela Elke Edith Hermine Anneliese Rosemarie Marianne Agnes Veronika Regina
    Romana Tanja Simone Katrin Lena Hannah Laura Lea Sophie Miriam Theresa Jasmin Nadine Doris Elfriede
    Gerlinde Hedwig Irene Klara Mathilde Rita Sieglinde Ursula Viktoria Zita Annemarie Cornelia Evelyn
    Judith Kerstin Lydia Maximiliane Patricia Raphaela Sonja Tamara Vanessa Gudrun Hannelore Ernestine
    Franziska Gisela Jutta"""
)
MALE_FIRST = _words(
    """Josef Johann Franz Alois Anton Karl Hermann Friedrich Georg Peter Paul Michael Thomas Andreas Martin
    Markus Stefan Christian Wolfgang Gerhard Helmut Herbert Walter Werner Manfred Günther Reinhard
    Robert Rudolf Siegfried Sebastian Matthias Florian Lukas Simon Daniel David Jakob Maximilian
    Bernhard Christoph Dominik Elias Erich Ferdinand Gottfried Hans Heinrich Hubert Kurt Leopold Ludwig
    Norbert Oswald Otto Raimund Roland Klaus Albin Alfons Arnold Benedikt Erwin Eduard Emil Fritz
    Gebhard Harald Jürgen Konrad Lorenz Nikolaus Philipp Richard Vinzenz Wilhelm Roman Patrick Rainer
    Hannes Jörg Günter Alexander Bernd Gregor Hartmut Ingo Johannes Kilian Mario Oliver Reinhold
    Valentin Wendelin Ernst Frank"""
)
# Rare first names: old Tyrolean, South Tyrolean and foreign; mostly absent from name lists.
RARE_FEMALE_FIRST = _words(
    """Notburga Kreszenz Walburga Philomena Ottilie Cäcilia Leopoldine Herlinde Burgl Ayşe Fatma Emine
    Zeynep Hatice Milica Jelena Snežana Vesna Mirela Dragica Giovanna Francesca Agnieszka Ilona Erzsébet
    Ioana"""
)
RARE_MALE_FIRST = _words(
    """Engelbert Ignaz Pankraz Veit Korbinian Hermengild Kassian Romedius Notker Mehmet Ahmet Mustafa
    Hüseyin Dragan Zoran Goran Milan Nikola Dževad Giuseppe Luca Piotr János Zsolt Radu"""
)
FEMALE_DOUBLE_FIRST = ("Anna-Lena", "Marie-Luise", "Eva-Maria", "Anna-Maria", "Rosa-Maria", "Lisa-Marie")
MALE_DOUBLE_FIRST = ("Hans-Peter", "Karl-Heinz", "Hans-Jörg", "Franz-Josef", "Klaus-Dieter", "Hans-Georg")

NICKNAMES: dict[str, tuple[str, ...]] = {
    "Josef": ("Sepp", "Seppl", "Pepi"),
    "Matthias": ("Hias",),
    "Anton": ("Toni",),
    "Alois": ("Luis", "Loisl"),
    "Johann": ("Hansi", "Hans"),
    "Sebastian": ("Wastl",),
    "Theresia": ("Resi",),
    "Walburga": ("Burgi",),
    "Katharina": ("Kathi",),
    "Elisabeth": ("Lisi", "Sissi"),
    "Gertraud": ("Traudl",),
    "Franz": ("Franzl",),
    "Georg": ("Schorsch",),
    "Andreas": ("Andi", "Anderl"),
    "Florian": ("Flo",),
    "Stefanie": ("Steffi",),
    "Veronika": ("Vroni",),
    "Margarethe": ("Gretl",),
    "Michael": ("Michi",),
    "Barbara": ("Babsi",),
    "Magdalena": ("Leni",),
    "Christine": ("Christl",),
    "Johanna": ("Hanni",),
    "Thomas": ("Tom",),
    "Wolfgang": ("Wolfi",),
    "Manfred": ("Manni",),
    "Rudolf": ("Rudi",),
    "Gerhard": ("Gerd",),
    "Hubert": ("Hubsi",),
    "Leopold": ("Poldi",),
    "Maximilian": ("Maxi",),
    "Daniela": ("Dani",),
    "Gabriele": ("Gabi",),
    "Angelika": ("Geli",),
    "Susanne": ("Susi",),
    "Monika": ("Moni",),
    "Brigitte": ("Gitti",),
    "Rosemarie": ("Rosi",),
    "Rosa": ("Rosl",),
    "Alexander": ("Alex",),
    "Christina": ("Tina",),
    "Markus": ("Max",),
    "Martina": ("Tina",),
}

SURNAMES = _words(
    """Huber Hofer Gstrein Pölzl Mair Mayr Maier Meier Pichler Moser Gruber Wallner Kofler Egger Hörtnagl
    Haslwanter Tschiderer Schöpf Straßer Plattner Kirchmair Lechner Eller Rainer Steiner Thaler
    Margreiter Unterberger Zangerl Neurauter Walch Schwarz Praxmarer Pfurtscheller Raffl Kathrein Juen
    Ladner Larcher Handle Hechenberger Knapp Krismer Nagele Oberhofer Auer Prantl Riedl Sailer Schiestl
    Spiegl Staud Stocker Wechselberger Wurzer Zingerle Abfalterer Achenrainer Bstieler Danler Ennemoser
    Falkner Fankhauser Feichtner Ganner Gasser Grießer Haas Haider Hosp Jenewein Kapferer Kerschbaumer
    Klotz Kluckner Kneringer Lamprecht Lindner Mader Mattersberger Mölk Nairz Neuner Niederwieser
    Obermoser Pirchner Plank Purtscher Reinstadler Rieser Ruetz Santer Scheiber Schennach Seiwald Siller
    Sprenger Strobl Tusch Unterlechner Wanner Wibmer Winkler Wörgötter Zoller Zobl Müller Köll Hölzl
    Dönz Höllrigl Grünauer Kössler Mößmer Pöll Fröhlich Brugger Aigner Berger Brunner Eberharter Fiegl
    Geiger Glatzl Hauser Heiss Hofmann Hollaus Jäger Kirchler Lang Leitner Lener Lutz Mayer Moritz Nindl
    Oberladstätter Obojes Pfeifer Rauch Reiter Schett Schmid Schuler Seelos Stauder Stern Stolz
    Tiefenbrunner Trenkwalder Treichl Volderauer Wackerle Waldner Weber Wieser Wolf Koch Bauer Fuchs
    Kaiser Sommer Vogel Winter Fischer Schneider Hackl Heel Hupfauf Kranebitter Lackner Partl Penz Posch
    Rangger Schwaiger Singer Sporer Steixner Tanzer Thurner Tollinger Unterwurzacher Wiesflecker
    Außerlechner Dablander Embacher Fritz Gapp Gritsch Harb Hechenbichler Ingruber Jordan Kastl Kogler
    Leiter Marth Mitterer Nocker Ortner Perktold Pittl Ploner Rofner Saurer Schranz Schwemberger Stadler
    Strolz Summerer Tinkhauser Vötter Weiskopf Wolfsgruber Zauner Gratl Hörmann Kreidl Lindenthaler
    Nothdurfter Obex Pfister Ritzer"""
)
RARE_SURNAMES = _words(
    """Tschurtschenthaler Oberrauch Mahlknecht Unterholzner Rottensteiner Zelger Gamper Pixner Obkircher
    Öztürk Yılmaz Kaya Demir Şahin Çelik Aydın Jovanović Kovačević Petrović Nikolić Marković Hadžić
    Begić Mujić Kowalski Nowak Wiśniewski Nagy Szabó Popescu Rossi Bianchi Ferrari Pellegrini Tomasini"""
)

# Tyrolean farm-name surnames are compounds ("Ober-hofer", "Hinter-egger"): heads and tails combine into
# many plausible surnames, most of which no list contains.
SURNAME_HEADS = _words(
    """Ober Unter Hinter Mitter Nieder Hoch Au Wies Stein Holz Brunn Moos Lech Eben Rain Kirch Wald Berg
    Schatz Grub Egg Pichl Thal Feld Bichl Sonn Kalch Platt Stock Zangl Lind Kogl Tiefen Wind Schwarz Ried
    Hag Gschwendt Mühl Stadl Anger Eggen Leit Sag Pfand Kreuz Tann Luegg Gassl"""
)
SURNAME_TAILS = _words(
    """hofer egger berger lechner thaler bichler moser brunner rainer gruber huber steiner wieser mair leitner
    bacher lehner felder platter kofler wallner auer gasser lener perger pichler stätter kircher"""
)

# (canonical name as a hospital database stores it, surface variants used in notes)
MEDICAL_SITES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("LKH Innsbruck", ("LKH Innsbruck", "LKH Ibk", "Klinik Innsbruck", "Klinik Ibk", "Uniklinik Innsbruck")),
    ("BKH Schwaz", ("BKH Schwaz", "KH Schwaz", "Krankenhaus Schwaz")),
    ("KH Zams", ("KH Zams", "Krankenhaus Zams", "KH St. Vinzenz Zams")),
    ("BKH Kufstein", ("BKH Kufstein", "KH Kufstein")),
    ("BKH Lienz", ("BKH Lienz", "KH Lienz")),
    ("BKH Reutte", ("BKH Reutte", "KH Reutte")),
    ("LKH Hall", ("LKH Hall", "KH Hall")),
    ("BKH St. Johann", ("BKH St. Johann", "KH St. Johann")),
    ("LKH Natters", ("LKH Natters",)),
    ("LKH Hochzirl", ("LKH Hochzirl", "Hochzirl")),
    ("Sanatorium Kettenbrücke", ("Sanatorium Kettenbrücke", "Kettenbrücke")),
    ("Privatklinik Hochrum", ("Privatklinik Hochrum", "Sanatorium Hochrum")),
    ("Reha Münster", ("Reha Münster", "Rehazentrum Münster")),
    ("Reha Bad Häring", ("Reha Bad Häring", "Rehaklinik Bad Häring")),
    ("Reha Bad Ischl", ("Reha Bad Ischl",)),
    ("Sozialsprengel Wattens", ("Sozialsprengel Wattens", "Sprengel Wattens")),
    ("Gesundheitssprengel Imst", ("Gesundheitssprengel Imst", "Sprengel Imst")),
    ("Wohnheim Pradl", ("Wohnheim Pradl", "Altenwohnheim Pradl")),
    ("Pflegeheim Lohbach", ("Pflegeheim Lohbach",)),
)

STREETS = (
    "Innrain",
    "Anichstraße",
    "Museumstraße",
    "Dorfstraße",
    "Maria-Theresien-Straße",
    "Leopoldstraße",
    "Amraser Straße",
    "Reichenauer Straße",
    "Technikerstraße",
    "Kaiserjägerstraße",
    "Egger-Lienz-Straße",
    "Bahnhofstraße",
    "Kirchweg",
    "Hauptstraße",
    "Schulgasse",
    "Wiesenweg",
    "Feldweg",
    "Sonnenweg",
    "Lindenweg",
    "Andreas-Hofer-Straße",
    "Speckbacherstraße",
    "Salurner Straße",
    "Innstraße",
    "Pradler Straße",
    "Haller Straße",
    "Gumppstraße",
    "Kranebitter Allee",
    "Burggraben",
    "Dorfplatz",
    "Unterdorf",
    "Oberdorf",
    "Mühlweg",
    "Kapellenweg",
    "Sonnleitenweg",
    "Brennerstraße",
    "Arzler Straße",
)

ZIP_TOWNS = (
    ("6020", "Innsbruck"),
    ("6130", "Schwaz"),
    ("6330", "Kufstein"),
    ("6460", "Imst"),
    ("6500", "Landeck"),
    ("9900", "Lienz"),
    ("6600", "Reutte"),
    ("6060", "Hall in Tirol"),
    ("6380", "St. Johann in Tirol"),
    ("6280", "Zell am Ziller"),
    ("6370", "Kitzbühel"),
    ("6300", "Wörgl"),
    ("6200", "Jenbach"),
    ("6112", "Wattens"),
    ("6410", "Telfs"),
    ("6100", "Seefeld in Tirol"),
    ("6511", "Zams"),
    ("6450", "Sölden"),
    ("6150", "Steinach am Brenner"),
    ("6170", "Zirl"),
    ("6067", "Absam"),
    ("6071", "Aldrans"),
    ("6091", "Götzens"),
    ("6094", "Axams"),
    ("6122", "Fritzens"),
    ("6230", "Brixlegg"),
    ("6250", "Kundl"),
    ("6290", "Mayrhofen"),
    ("6263", "Fügen"),
    ("6322", "Kirchbichl"),
    ("6345", "Kössen"),
    ("6352", "Ellmau"),
    ("6361", "Hopfgarten"),
    ("6391", "Fieberbrunn"),
    ("6401", "Inzing"),
    ("6432", "Sautens"),
    ("6444", "Längenfeld"),
    ("6473", "Wenns"),
    ("6531", "Ried im Oberinntal"),
    ("6542", "Pfunds"),
    ("6561", "Ischgl"),
    ("6632", "Ehrwald"),
    ("9920", "Sillian"),
    ("9971", "Matrei in Osttirol"),
)
TOWNS_FOR_TRAPS = ("Innsbruck", "Schwaz", "Kufstein", "Imst", "Landeck", "Lienz", "Telfs", "Wörgl", "Hall")

MOBILE_PREFIXES = ("0650", "0660", "0664", "0676", "0680", "0681", "0699")
AREA_CODES = ("0512", "05242", "05372", "05412", "05442", "04852", "05672", "05223", "05352", "05282")
PRIVATE_MAIL_DOMAINS = ("gmx.at", "aon.at", "a1.net", "gmail.com", "chello.at", "tele2.at", "hotmail.com")
STAFF_MAIL_DOMAINS = ("tirol-kliniken.at", "tirol-kliniken.at", "i-med.ac.at", "bkh-schwaz.at", "kh-zams.at")
SHARED_MAILS = (
    "herzmobil@tirol-kliniken.at",
    "herzmobil.tirol@tirol-kliniken.at",
    "kardiologie@bkh-lienz.at",
)
WEBSITES = (
    "www.herzmobil.at",
    "https://www.herzmobil-tirol.at",
    "www.tirol-kliniken.at",
    "https://www.gesundheit.gv.at",
    "www.herzmobil-tirol.at/patienten",
    "http://www.bkh-schwaz.at",
    "www.sozialsprengel-wattens.at",
)
