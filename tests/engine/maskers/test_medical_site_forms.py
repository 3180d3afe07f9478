"""MedicalSite on the shipped lists: the forms people write sites in (invented sites, invented sentences)."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers.site_forms import key_list, one_key, phrase_keys, stem, variants
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import shipped_available

# A deployment's list of invented sites: the variants below must match them.
DEPLOYMENT = NameLists(
    medical_sites=(
        "Abendrot Berg Klinikum",
        "Alpen-Eisen Klinikum Seestadt",
        "LKH-Univ. Klinikum Neustadt",
        "Krankenhaus der Barmherzigen Schwestern Ried",
        "LKH Nordland Standort Seestadt",
        "Morgenstern Universitätsklinikum",
    )
)


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    if not shipped_available():
        pytest.skip("shipped dictionaries missing")
    return Deidentifier.default(DEPLOYMENT, EngineConfig(maskers=("MedicalSite",), rules=False))


def sites(engine: Deidentifier, text: str) -> list[str]:
    return [text[s.start : s.end] for s in engine.analyze(text) if s.entity is Entity.SIT]


MUST_MATCH: list[tuple[str, list[str]]] = [
    # listed sites in their variants
    ("Pulmologie: LKH-Univ. Klinikum Neustadt\ncc: HA", ["LKH-Univ. Klinikum Neustadt"]),
    ("aufgenommen ins LKH Univ.-Klinikum Neustadt (Pulmo 2)", ["LKH Univ.-Klinikum Neustadt"]),
    ("Befund vom Univ.-Klinikum Neustadt erhalten", ["Univ.-Klinikum Neustadt"]),
    ("Kontrolle im Universitätsklinikum Neustadt", ["Universitätsklinikum Neustadt"]),
    ("im Landeskrankenhaus-Univ. Klinikum Neustadt", ["Landeskrankenhaus-Univ. Klinikum Neustadt"]),
    ("Zuweisung ins AEK Seestadt derzeit nicht nötig.", ["AEK Seestadt"]),
    ("OÄ Dr. Irene Lamm (MUK), Mag. pharm. Eva Rist", ["MUK"]),
    ("Aufnahme im ABK wegen Dyspnoe", ["ABK"]),
    ("der Barmherzigen Schwester Ried", ["Barmherzigen Schwester Ried"]),
    ("LKH Nordland Standort Seestadt", ["LKH Nordland Standort Seestadt"]),
    ("im LKH Seestadt aufgenommen", ["LKH Seestadt"]),
    ("Verlegung ins LKH Nordland, Kardiologie", ["LKH Nordland"]),
    # a listed site is not stretched over the next capitalised word, only over a listed town
    ("Pat. war 3 Tage im KH Zams V.a. Demenz", ["KH Zams"]),
    ("Überstellung nach LKH Hall Orthopnoe, Pat. schläft im Sessel", ["LKH Hall"]),
    ("Pat. war 10 Tage im KH Schwaz\nDosette wöchentlich befüllt", ["KH Schwaz"]),
    # a head before a place, compounds and multi-word towns from the ZIP list
    ("mit NAW ins BKH Reutte, Fieber", ["BKH Reutte"]),
    ("Befund vom PEK Steyr", ["PEK Steyr"]),
    ("im Bergklinikum Bruck an der Mur zur Kontrolle", ["Bergklinikum Bruck an der Mur"]),
    ("Überweisung: Klinikum Waidhofen an der Ybbs, Pulmologie", ["Klinikum Waidhofen an der Ybbs"]),
    ("Ordination im Gesundheitsspital Wels", ["Gesundheitsspital Wels"]),
    ("Kreisseniorenheim Dingolfing, Station 1", ["Kreisseniorenheim Dingolfing"]),
    ("Marktapotheke Lienz hat geliefert", ["Marktapotheke Lienz"]),
    # German and Swiss sites: towns from the German and Swiss ZIP lists
    ("Kantonsspital Aarau, Medizinische Klinik", ["Kantonsspital Aarau"]),
    ("Universitätsklinikum Jena, Klinik für Innere Medizin", ["Universitätsklinikum Jena"]),
    ("Aufnahme im Städtisches Klinikum Görlitz", ["Städtisches Klinikum Görlitz"]),
    ("Verlegung ins Regionalspital Emmental", ["Regionalspital Emmental"]),
    # care homes
    ("Wohn- und Pflegeheim Telfs, Station 2", ["Wohn- und Pflegeheim Telfs"]),
    ("Visite Haus St. Benedikt, Wohnbereich 3", ["Haus St. Benedikt"]),
    ("Umzug ins Seniorenheim Haus Sonnental Ende Mai", ["Seniorenheim Haus Sonnental"]),
    # pharmacies
    ("Mag. pharm. Olga Brandt\nApotheke zum Hl. Florian", ["Apotheke zum Hl. Florian"]),
    ("Rückfrage Apotheke zur goldenen Krone Hall", ["Apotheke zur goldenen Krone Hall"]),
    ("Hinweis aus der Kolomani-Apotheke Wels: Pat. hat", ["Kolomani-Apotheke Wels"]),
    ("Hirsch-Apotheke hat geliefert", ["Hirsch-Apotheke"]),
    # order hospitals
    ("Im März lag er bei den Kreuzschwestern.", ["Kreuzschwestern"]),
    ("Konsil Elisabethinen: Übernahme am Freitag möglich", ["Elisabethinen"]),
    ("Konsil Elisabetinen: Übernahme", ["Elisabetinen"]),  # one typo
    ("Vortrag im Festsaal der Barmherzigen Brüder Straubing.", ["Barmherzigen Brüder Straubing"]),
    ("im Krankenhaus der Vinzentinerinnen aufgenommen", ["Krankenhaus der Vinzentinerinnen"]),
]

MUST_NOT_MATCH = [
    "Klinik für Innere Medizin – Kardiologie, Tagesklinik\nTagesklinischer Kurzbericht",
    "Reha-Klinik Montag geplant",
    "Apotheke zur Abholung bereit",
    "Apotheke informiert",
    "Tagesklinik Dienstag",
    "OK Linz ist informiert",
    "EKG Graz unauffällig",
    "im 1. Stock beim Haus",
    "Haus und Garten",
    "ABK-Inhibitor erwogen",  # a listed acronym in lower case or inside a word is not the site
    "das Abk. steht für",
    "Pat. war im Urlaub, UK bestätigt",
    "Vorteile: gute Klinik, Station ruhig",
    "im Pflegeheim Essen und Trinken unterstützt",  # a German town that is a noun
    "Pat. ist seit Mai auf Reha Alle Werte im Zielbereich",  # a Swiss town that is a function word
    "Kantonsspital",
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(engine: Deidentifier, text: str, expected: list[str]) -> None:
    assert sites(engine, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(engine: Deidentifier, text: str) -> None:
    assert sites(engine, text) == []


@pytest.mark.parametrize(
    ("word", "other"),
    [("barmherzigen", "barmherzige"), ("bruedern", "brueder"), ("schwestern", "schwester"), ("graz", "graz")],
)
def test_inflections_share_a_stem(word: str, other: str) -> None:
    assert stem(word) == stem(other)


def test_variants_of_a_listed_site() -> None:
    keys = phrase_keys("Alpen-Eisen Klinikum Seestadt")
    assert keys == ["alpen", "eisen", "klinikum", "seestadt"]
    assert (["aeks"], True) in variants(keys) and (["aek", "seestadt"], True) in variants(keys)
    dropped = list(variants(phrase_keys("Krankenhaus der Barmherzigen Schwestern Ried")))
    assert (["barmherzigen", "schwestern", "ried"], False) in dropped
    assert (["lkh", "seestadt"], False) in variants(phrase_keys("LKH Nordland Standort Seestadt"))


@pytest.mark.parametrize(
    ("folded", "key"),
    [
        ("ordination", "ordination"),  # a plain word: itself
        ("krankenhaus", "kh"),  # a synonym: its short form
        ("landeskrankenhaus", "lkh"),
        ("uniklinikum", None),  # a compound split in two keys
        ("kinder-ambulanz", None),  # hyphens of any kind: several keys
        ("kinder‐ambulanz", None),
        ("kinder‑ambulanz", None),
        ("", None),
    ],
)
def test_one_key_is_the_key_list_of_a_word_with_one_key(folded: str, key: str | None) -> None:
    assert one_key(folded) == key
    if key is not None:
        assert key_list(folded) == [key]
    else:
        assert len(key_list(folded)) != 1 or not folded
