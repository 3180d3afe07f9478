"""MedicalSite without any deployment list: the shapes of German and Swiss letters (``site_shapes``, ``site_lines``).

Invented sentences; the sites are invented or named after other towns than any corpus the engine was tuned on.
"""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers.medical_site import MedicalSiteMasker
from masketeer_gui.engine.maskers.site_shapes import medical_centre, specialty
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.text import tokenize
from tests.engine.conftest import shipped_available
from tests.engine.maskers.test_medical_site_forms import sites


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    if not shipped_available():
        pytest.skip("shipped dictionaries missing")
    return Deidentifier.default(NameLists(), EngineConfig(maskers=("MedicalSite",), rules=False))


MUST_MATCH: list[tuple[str, list[str]]] = [
    # a site is written on one line: the letterhead's next line is no part of its name
    ("Rehaklinik Wolkenried\nSeeweg 2", ["Rehaklinik Wolkenried"]),
    ("Rehaklinik Wolkenried\nWolkenrieder Weg 2", ["Rehaklinik Wolkenried"]),
    ("Klinik Talheim\nGruber Anna, Pflegeleitung", ["Klinik Talheim"]),
    ("Kantonsspital Olten\nFrauenklinik\nPostfach", ["Kantonsspital Olten"]),
    # an operator brand before the head
    ("Aufnahme im Ameos Klinikum Halberstadt wegen Synkope", ["Ameos Klinikum Halberstadt"]),
    ("Bericht der Mediclin Klinik Passau, Station 3", ["Mediclin Klinik Passau"]),
    ("SRH Klinikum Lüneburg\nKlinik für Urologie", ["SRH Klinikum Lüneburg"]),
    # adjectives before the head, also a town's demonym
    ("Evangelisches Krankenhaus Lüneburg, Geriatrie", ["Evangelisches Krankenhaus Lüneburg"]),
    ("Verlegung ins Katholische Klinikum Trier.", ["Katholische Klinikum Trier"]),
    ("An: Aarauer Kantonsspital Zofingen, Notfall", ["Aarauer Kantonsspital Zofingen"]),
    # abbreviated adjectives, a saint's name in the genitive, "X- und Y<head>"
    ("Ev. Krankenhaus Lüneburg\nKlinik für Neurologie", ["Ev. Krankenhaus Lüneburg"]),
    ("Städt. Klinikum Passau\nFrauenklinik", ["Städt. Klinikum Passau"]),
    ("Verlegung ins Josefs Hospital Trier, Innere", ["Josefs Hospital Trier"]),
    ("Herz- und Gefäßzentrum Bad Hersfeld\nKardiologie", ["Herz- und Gefäßzentrum Bad Hersfeld"]),
    ("Kinder- und Jugendklinik Passau, Station 2", ["Kinder- und Jugendklinik Passau"]),
    # a head named after a place with "am"
    ("Verlegung in die Klinik am Lindenbühl.", ["Klinik am Lindenbühl"]),
    ("Reha im Krankenhaus am Stadtwald, Bad Hersfeld", ["Krankenhaus am Stadtwald"]),
    # a person's name between head and town
    ("Universitätsklinikum Anna Maria Ortner Passau\nKlinik", ["Universitätsklinikum Anna Maria Ortner Passau"]),
    # a Land or canton, a town with its district, a town chain
    ("Universitätsklinikum Saarland, Innere Medizin", ["Universitätsklinikum Saarland"]),
    ("Kantonsspital Glarus\nMedizinische Klinik", ["Kantonsspital Glarus"]),
    ("Verlegung ins Klinikum Kassel-Nord am Montag", ["Klinikum Kassel-Nord"]),
    ("Stadtspital Winterthur Wülflingen\nChirurgie", ["Stadtspital Winterthur Wülflingen"]),
    # a part of town, an owner between head and town, an acronym before the town
    ("Verlegung ins Klinikum Nord.", ["Klinikum Nord"]),
    ("Klinikum Passau Süd\nNotaufnahme", ["Klinikum Passau Süd"]),
    ("Befund aus dem Klinikum der Universität Regensburg, Radiologie", ["Klinikum der Universität Regensburg"]),
    ("Kliniken des Landkreises Lörrach\nInnere", ["Kliniken des Landkreises Lörrach"]),
    ("Uniklinik TUB Aachen, Station 2", ["Uniklinik TUB Aachen"]),
    # a town that is also a noun, where the phrase ends
    ("Befund vom Klinikum Hof.", ["Klinikum Hof"]),
    ("Universitätsklinikum Halle\nInstitut für Pathologie", ["Universitätsklinikum Halle"]),
    # unknown words that end the line, or stand before a town
    ("Rehazentrum Wolfsgrund\nTel. 0", ["Rehazentrum Wolfsgrund"]),
    ("in die Kliniken Lindenried Passau-Hacklberg ab Montag", ["Kliniken Lindenried Passau-Hacklberg"]),
    # specialty centres, MVZ, practices
    ("MVZ Nephrologie Trier\nBefundbericht", ["MVZ Nephrologie Trier"]),
    ("Überweisung an das MVZ Trier, Labor", ["MVZ Trier"]),
    ("Zuweisung ans Zentrum für Orthopädie Wels am 3.5.", ["Zentrum für Orthopädie Wels"]),
    (
        "Zentrum für Kinder- und Jugendpsychiatrie Kempten\nAmbulanz",
        ["Zentrum für Kinder- und Jugendpsychiatrie Kempten"],
    ),
    ("Vorstellung im Dialysezentrum Passau geplant", ["Dialysezentrum Passau"]),
    ("KfH-Dialysezentrum Hildesheim\nTel.", ["KfH-Dialysezentrum Hildesheim"]),
    ("Kontrolle in der Gemeinschaftspraxis am Marktplatz.", ["Gemeinschaftspraxis am Marktplatz"]),
    ("Hausarztpraxis Lindenplatz\nDr. med. A. Vogt", ["Hausarztpraxis Lindenplatz"]),
    ("Wiedervorstellung Urologie am Rathausplatz, 12345 Musterstadt", ["Urologie am Rathausplatz"]),
    ("Befund aus der Neurologie am Schlossanger\nMRT unauffällig", ["Neurologie am Schlossanger"]),  # a field alone
    ("Gefäßmedizinische Praxis am Stadtgraben\nTel.", ["Gefäßmedizinische Praxis am Stadtgraben"]),
    # a head before a religious order, an acronym before a strong head, a saint's hospital
    ("angemeldet im Krankenhaus Barmherzige Schwestern Ried (Kardio)", ["Krankenhaus Barmherzige Schwestern Ried"]),
    ("Überweisung an das RKU Klinikum\nHerrn Dr.", ["RKU Klinikum"]),
    ("OP im Josefskrankenhaus, Nachsorge beim HA", ["Josefskrankenhaus"]),
    ("St. Marien-Hospital Lünen\nKlinik für Neurologie", ["St. Marien-Hospital Lünen"]),
    ("St.-Vinzenz-Hospital Dinslaken, Innere", ["St.-Vinzenz-Hospital Dinslaken"]),
    # a centre of the site before it
    ("Vorstellung im Brustzentrum am Klinikum Passau", ["Brustzentrum am Klinikum Passau"]),
    ("Herzzentrum an der Uniklinik Jena, Station 3", ["Herzzentrum an der Uniklinik Jena"]),
    # a care home's house after the site
    ("wohnt im Seniorenzentrum Haus am Mühlbach, Zimmer 4", ["Seniorenzentrum Haus am Mühlbach"]),
]

MUST_NOT_MATCH = [
    "Klinik für Kardiologie und Angiologie\nChefarzt",  # a department
    "Neurologische Klinik mit Stroke Unit",
    "Praxis am Montag geschlossen",
    "Praxis am Empfang abgeben",
    "Radiologie am Nachmittag",
    "Kardiologie am Telefon erreicht",
    "Nephrologie heute telefonisch erreicht, Kontrolle in 3 Monaten",  # a field alone, no "am <Place>"
    "Schmerzambulanz: Termin verschoben",
    "Poliklinik\nAmbulanz",
    "Frauenklinik",
    "Kinderklinik\nStation 3",
    "Treffpunkt im Stadtzentrum Passau",
    "wohnt im Zentrum Passau, allein",
    "Einkauf im Einkaufszentrum Wels",
    "Klinik\nHerr Maier kommt",  # a head clipped to its line is no site alone
    "Pat. bekam im Klinikum Essen gereicht",  # "Essen" here is the meal
    "Termin in der HNO Klinik",  # a clinical short form before the head is a department
    "Zentrum für Schmerztherapie\nAnmeldung",  # a field, no town
    "Kinderklinik und Poliklinik, Station 2",
    "Termin am Klinikum\nHerr Maier",
    "Klinikum der Zukunft",  # an owner noun must come before the place
    "Zufahrt Klinikum Nord gesperrt",  # a part of town only where the phrase ends
    "im Klinikum MRT geplant",  # a clinical short form is no part of a site's name
    "Uniklinik EKG\nunauffällig",
    "Klinik am Montag geschlossen",
    "Dialysezentrum Fahrtendienst\nTel.",  # a compound of nouns that does not end like a place
    "Anruf aus der Klinik am Abend.",
    "Die Klinik am Wochenende",
    "Frau Marias Klinik",  # a name as written is no saint's genitive before a head
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(engine: Deidentifier, text: str, expected: list[str]) -> None:
    assert sites(engine, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(engine: Deidentifier, text: str) -> None:
    assert sites(engine, text) == []


def test_a_person_before_a_site_stays_outside(engine: Deidentifier) -> None:
    assert sites(engine, "Dr. Huber Klinikum Wels, Innere") == ["Klinikum Wels"]


@pytest.mark.parametrize(
    ("word", "centre"),
    [("nierenzentrum", True), ("kfh-dialysezentrum", True), ("sozialzentrum", True), ("stadtzentrum", False)],
)
def test_medical_centre(word: str, centre: bool) -> None:
    assert medical_centre(word) is centre


@pytest.mark.parametrize(("word", "field"), [("radiologie", True), ("innere", True), ("montag", False)])
def test_specialty(word: str, field: bool) -> None:
    assert specialty(word) is field


@pytest.mark.parametrize(
    ("word", "alone"),
    [
        ("Kardiologie", True),
        ("Nierenwerte", True),
        ("kardiologie", False),  # lower case: no shape starts there
        ("Kardiologiepraxis", False),  # a practice
        ("Dialysezentrum", False),  # a head
        ("Herzklinik", False),  # a one-word hospital
        ("Augen", False),  # too short to name a field alone
    ],
)
def test_field_only(engine: Deidentifier, word: str, alone: bool) -> None:
    (token,) = tokenize(word)
    assert engine.sites._shapes.field_only(token) is alone


# Sentences with fields beside heads, practices, centres and listed sites (invented places).
_FIELD_SENTENCES = [
    "Kontrolle in der Kardiologie am Brunnenplatz, danach Herzklinik Talheim",
    "Kardiologiepraxis am Lindenhof\nRadiologiezentrum Bergdorf",
    "Pat. war in der Nephrologie, Dialysezentrum Seewald am Montag",
    "Überweisung Urologie am Stadtpark. Schmerzambulanz Talheim, Onkologie Wels",
    "Evangelische Neurologie am Schlossanger und Pflegeheim St. Anna",
]


@pytest.mark.parametrize("text", _FIELD_SENTENCES)
def test_the_short_way_for_fields_finds_what_the_full_walk_finds(
    engine: Deidentifier, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """``_site_at`` tries only the field's shape at a word where ``_field_only`` says nothing else can start."""
    short = sites(engine, text)
    monkeypatch.setattr(MedicalSiteMasker, "_field_only", lambda self, token: False)
    fresh = Deidentifier.default(NameLists(), EngineConfig(maskers=("MedicalSite",), rules=False))
    assert sites(fresh, text) == short


LISTED = NameLists(medical_sites=("Kantonsspital Seewald", "Universitätsspital Bergdorf"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Übergabe an Notfall USB, Ärzteteam", ["USB"]),  # a unit before the acronym of a listed site
        ("Verlegung nach KSS morgen früh", ["KSS"]),
        ("Austritt aus dem Unispital Bergdorf", ["Unispital Bergdorf"]),
        ("Daten auf USB-Stick gespeichert", []),
        ("KSS heute nicht erwähnt", []),  # alone, without a cue before it
    ],
)
def test_acronyms_of_listed_swiss_sites(text: str, expected: list[str]) -> None:
    if not shipped_available():
        pytest.skip("shipped dictionaries missing")
    engine = Deidentifier.default(LISTED, EngineConfig(maskers=("MedicalSite",), rules=False))
    assert sites(engine, text) == expected
