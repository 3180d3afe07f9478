"""Word lists of the address rule: street words, adjectives, and the look-alikes that are not streets.

Regex fragments are lower-case (``SUFFIXES``) or as written (``SEPARATE_WORDS``); the ``NOT_*``
sets are folded (``engine.normalize.fold``) and compared with the folded note text.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.rules.base import word_set

# Endings of one-word street names: "Anichstraße", "Museumstr.", "Hauptplatz", "Rennweg" (as written).
STREET_WORDS = (
    *("straße", "strasse", "str.", "gasse", "weg", "platz", "allee", "ring", "kai", "zeile", "steig"),
    *("gürtel", "promenade", "ufer", "damm", "hof", "lände", "graben"),
    *("kamp", "stieg", "twiete", "chaussee", "pfad", "wall", "markt"),  # northern German: "Rübenkamp"
)

# Street words written apart after an adjective: "Südtiroler Platz", "Alter Markt", "Höttinger Au".
SEPARATE_WORDS = (
    *("Straße", "Strasse", "Str.", "Gasse", "Weg", "Platz", "Allee", "Ring", "Kai", "Zeile", "Steig"),
    *("Gürtel", "Promenade", "Ufer", "Damm", "Lände", "Graben", "Markt", "Au", "Reihe", "Chaussee", "Feld"),
)

# Streets of the Romance-speaking cantons and of Italy and France: "Via Cantonale 12", "Rue de la Gare 5".
ROMANCE_STREETS = ("Via", "Viale", "Piazza", "Vicolo", "Corso", "Strada", "Rue", "Route", "Chemin", "Avenue", "Quai")
ROMANCE_PARTICLES = (
    *("de", "del", "della", "dei", "delle", "degli", "dal", "dalla"),
    *("des", "du", "da", "di", "la", "le", "les", "l'"),
)

# Adjectives in street names that do not end in "-er" ("Alte Landstraße", "Obere Feldgasse").
ADJECTIVES: Final = word_set(
    """
    Alte Altes Neue Neues Obere Untere Innere Äußere Hintere Vordere Lange Kleine Große Hohe Mittlere
    Breite Schmale Schöne Grüne Weiße Stille Alter Neuer Oberer Unterer Innerer Äußerer Hinterer Vorderer
    Langer Kleiner Großer Hoher Mittlerer
    """
)

# Streets that everybody in the Innsbruck region writes without a street word.
KNOWN_STREETS: Final = ("Innrain",)

# Compounds that end in a street word but are everyday nouns.
NOT_STREETS: Final = word_set(
    """
    rundweg gehweg fussweg heimweg arbeitsweg umweg rueckweg hinweg schulweg wanderweg radweg spazierweg
    ausweg atemweg zugangsweg harnweg einkaufsweg kirchweg weg bahnhof friedhof innenhof bauernhof
    hinterhof schlachthof arbeitsplatz parkplatz spielplatz sitzplatz stellplatz schlafplatz pflegeplatz
    heimplatz kurplatz rehaplatz therapieplatz betreuungsplatz wartelistenplatz kurzzeitpflegeplatz
    studienplatz platz kopfzeile betreffzeile fusszeile zeile fingerring ehering schlusszeile
    schulterguertel beckenguertel bauchguertel stuetzguertel guertel sicherheitsguertel
    markt supermarkt arbeitsmarkt wochenmarkt flohmarkt weihnachtsmarkt baumarkt drogeriemarkt
    getraenkemarkt wall schutzwall erdwall pfad trampelpfad behandlungspfad kamp
    """
)

# Capitalised words ending in "-er" that are not adjectives of a street name.
NOT_ADJECTIVES: Final = word_set(
    """
    der oder aber ueber unter hinter jeder einer keiner wieder immer ihrer seiner unserer weiter spaeter
    vorher nachher bisher daher leider sicher besser schwer dieser jener welcher mancher solcher er wer
    hier euer mehr erster zweiter dritter vierter zimmer nummer liter meter kinder finger fieber
    oktober november dezember september linker rechter
    """
)

# Words after "Am"/"Im" that name a time, a body part or a place in the house, not a street.
NOT_PLACES: Final = word_set(
    """
    montag dienstag mittwoch donnerstag freitag samstag sonntag wochenende wochenanfang morgen vormittag
    mittag nachmittag abend nacht tag vortag folgetag anfang ende beginn schluss ablauf verlauf rahmen
    schnitt durchschnitt mittel telefon handy computer labor bauch bein arm ruecken kopf fuss knie hals
    brust herz ohr auge hand finger zeh unterschenkel oberschenkel knoechel rand sommer winter
    fruehling herbst jahr monat zimmer bett stueck stock krankenhaus spital heim ort platz januar
    jaenner februar feber maerz april mai juni juli august september oktober november dezember
    """
)
