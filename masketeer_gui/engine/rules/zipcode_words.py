"""Word lists of the ZIP rule for German five-digit codes (folded, see ``engine.normalize.fold``).

Austrian codes are checked against ``dictionaries/zip_at.tsv``; for German codes no list is
shipped, so the word after the code must look like a town: a big or nearby city, or a typical
town-name ending.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.rules.base import word_set

# Larger German cities and the Bavarian towns near Tyrol that notes mention most.
GERMAN_CITIES: Final = word_set(
    """
    berlin hamburg muenchen koeln frankfurt stuttgart duesseldorf leipzig dortmund essen bremen dresden
    hannover nuernberg duisburg bochum wuppertal bielefeld bonn muenster mannheim karlsruhe augsburg
    wiesbaden kiel aachen chemnitz halle magdeburg freiburg luebeck erfurt mainz rostock kassel potsdam
    saarbruecken ulm regensburg ingolstadt wuerzburg passau rosenheim kempten lindau traunstein
    landshut bayreuth erlangen fuerth memmingen kaufbeuren fuessen sonthofen garmisch-partenkirchen
    mittenwald oberammergau berchtesgaden miesbach tegernsee holzkirchen kiefersfelden oberaudorf
    freilassing laufen weilheim penzberg murnau lenggries kochel immenstadt oberstdorf bad
    """
)

# Endings of German town names ("Augsburg", "Ingolstadt", "Bernau", "Straubing", "Wolfratshausen").
TOWN_ENDINGS: Final = (
    "burg",
    "berg",
    "stadt",
    "dorf",
    "heim",
    "hausen",
    "feld",
    "furt",
    "ingen",
    "ing",
    "bach",
    "hofen",
    "kirchen",
    "brueck",
    "bruck",
    "rode",
    "leben",
    "stedt",
    "born",
    "brunn",
    "tal",
    "see",
    "walde",
    "hagen",
    "beck",
    "buettel",
    "markt",
    "muenster",
)

# Capitalised words that follow counts and never name a town.
NOT_TOWNS: Final = word_set(
    """
    einheiten schritte euro patienten tabletten kalorien meter liter stueck mal tage wochen monate jahre
    ie iu eur kcal mg ml
    """
)
