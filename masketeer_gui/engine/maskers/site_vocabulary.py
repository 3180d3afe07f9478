"""Closed classes of words around medical site names in German, Swiss and Austrian letters (folded forms).

Each set is a class of word, not a list of particular sites:

- ``OPERATORS``: brand words of hospital and care-home operators that stand before a site head
  ("<Operator> Klinikum <Town>"). Source: the operators named in the German Wikipedia articles
  "Krankenhausträger", "Liste der größten Krankenhausträger in Deutschland" and the operator sections of
  "Liste der Krankenhäuser in Österreich" / "Liste der Spitäler in der Schweiz" (names of companies:
  facts, no text copied).
- ``REGIONS``: the 16 German Länder, the 26 Swiss cantons and the 9 Austrian Länder, as sites are named
  after them ("Universitätsklinikum <Land>", "Kantonsspital <Kanton>"). Source: the constitutions' lists
  of states and cantons (public facts).
- ``SPECIALTY_STEMS``: medical specialties and the programmes that name centres, MVZ and practices
  ("MVZ <Fach> <Town>", "Zentrum für <Fach> <Town>", "<Fach>zentrum <Town>"). Source: the fields
  (Gebiete) of the Bundesärztekammer's (Muster-)Weiterbildungsordnung 2018 and of the Austrian
  Ärzteausbildungsordnung 2015, with the organ and programme words of German centre names.
- ``LANDMARKS``: endings of the place a practice is named after ("Praxis am <Marktplatz>").
- ``TOPONYM_ENDINGS``: endings of German place names (Grimm's and Bach's classes of place-name suffixes:
  -berg, -dorf, -heim, -hausen, -ried, …), so a compound after a head counts as a place only with one.
- ``COMPASS``, ``OWNER_NOUNS``: the part of a town a site stands in ("Klinikum Nord") and the owner between a
  head and its town ("Klinikum der Universität <Town>").
"""

from __future__ import annotations

from typing import Final

OPERATORS: Final = frozenset(
    """
    asklepios helios sana vivantes schoen ameos agaplesion mediclin median paracelsus artemed vitos regiomed
    srh kmg diakovere contilia marienhaus johanniter malteser alexianer rhoen knappschaft bg drk awo
    oberberg glg kplus cellitinnen waldburg-zeil vamed senecura humanocare kages tirol-kliniken salk
    hirslanden tertianum senevita korian kursana alloheim vitanas domicil augustinum
    """.split()
)

REGIONS: Final = frozenset(
    """
    baden-wuerttemberg bayern berlin brandenburg bremen hamburg hessen mecklenburg-vorpommern niedersachsen
    nordrhein-westfalen rheinland-pfalz saarland sachsen sachsen-anhalt schleswig-holstein thueringen
    nrw
    aargau appenzell basel-landschaft basel-stadt baselland bern freiburg fribourg genf geneve glarus
    graubuenden jura luzern neuenburg nidwalden obwalden schaffhausen schwyz solothurn tessin
    ticino thurgau uri waadt wallis zug zuerich
    burgenland kaernten niederoesterreich oberoesterreich salzburg steiermark tirol vorarlberg wien
    """.split()
)

# Endings of compound place names: a compound of nouns after a head is a place only with one of them
# ("Rosenhügel", "Wolfsgrund", "Ruhrgebiet"; not "Fahrtendienst").
TOPONYM_ENDINGS: Final = tuple(
    """
    berg burg dorf feld hof heim hausen ried bach au aue tal see wald grund gebiet huegel buehl stein brunn
    brunnen kirchen kirch hain heide land mark stadt garten park blick hoehe weiler moos egg eck ing ingen
    ach bruck bruecke furt hagen haus horst husen leben rode roda stedt tten wang wiese winkel zell
    """.split()
)

# Compass and centre words that name a hospital's site in a town: "Klinikum Nord", "Klinikum Passau Süd".
COMPASS: Final = frozenset(
    "nord sued ost west mitte nordwest nordost suedwest suedost zentrum innenstadt stadtmitte".split()
)

# Nouns between a head and its place: "Klinikum der Universität München", "Kliniken des Landkreises Lörrach".
OWNER_NOUNS: Final = frozenset(
    "universitaet stadt landeshauptstadt hansestadt landkreises kreises region bezirks landes".split()
)

SPECIALTY_STEMS: Final = (
    *"allgemeinmedizin anaesthesi anatomie arbeitsmedizin augen chirurg dermatolog frauenheilkunde".split(),
    *"gynaekolog geburtshilf hno hals-nasen-ohren haut herz humangenetik hygiene innere kardiolog".split(),
    *"gastroenterolog haematolog onkolog nephrolog pneumolog pulmolog angiolog endokrinolog diabet".split(),
    *"rheuma geriatr infektiolog kinder jugend psychiatr psychosomat psychotherap labor mikrobiolog".split(),
    *"neurochirurg neurolog nuklearmedizin orthopaed unfall patholog pharmakolog physikalisch".split(),
    *"rehabilitation reha radiolog strahlentherap transfusion urolog zahn kiefer tumor krebs nieren".split(),
    *"dialyse transplantation brust darm gefaess schmerz schlaf wirbelsaeule endoprothetik stroke".split(),
    *"trauma kinderwunsch reproduktion adipositas sucht palliativ hospiz pflege senioren therapie".split(),
    *"gesundheit aerzte medizin diagnostik sozialpaediatr epilepsie parkinson demenz wund herzkatheter".split(),
    *"venen lungen leber brustkrebs prostata sport manuell osteopath physiotherap ergotherap logopaed".split(),
)

LANDMARKS: Final = (
    *"markt platz dom park tor ring bahnhof rathaus see berg turm brunnen kirche muenster schloss".split(),
    *"hof garten ufer graben anger eck zentrum tal bach bruecke allee strasse gasse weg".split(),
    *"wald feld heide hain grund hoehe blick wiese".split(),
)
