"""RegexAddress for village addresses: a place and a house number, proven by a ZIP code or a cue (synthetic)."""

from __future__ import annotations

import pytest
from hypothesis import given

from masketeer_gui.engine.rules import Rule, default_rules, find_rule_spans
from masketeer_gui.engine.rules.village import VillageAddressRule
from masketeer_gui.engine.rules.zipcode import ZipRule
from masketeer_gui.engine.span import Entity
from tests.engine.rules.conftest import ANY_TEXT, assert_valid, matched


@pytest.fixture(scope="module")
def rule(zip_towns: dict[str, tuple[str, ...]]) -> VillageAddressRule:
    return VillageAddressRule(ZipRule(zip_towns))


@pytest.fixture(scope="module")
def rules(zip_towns: dict[str, tuple[str, ...]]) -> tuple[Rule, ...]:
    return default_rules(zip_towns)


MUST_MATCH: list[tuple[str, list[str]]] = [
    ("Hr. Leopold Graf, Oberhofen 19, 8330 Feldbach. Sohn informiert", ["Oberhofen 19"]),
    ("Pat. Irma Lenz, geb. 1939, Hinterwald 7, 4880 St. Georgen im Attergau", ["Hinterwald 7"]),
    ("Gattin: Ried-Au 12a, 4020 Linz", ["Ried-Au 12a"]),
    ("Familie Gruber, St. Martin 44, A-5020 Salzburg", ["St. Martin 44"]),
    ("Rücksendung an: Unterberg 3/2, 6020 Innsbruck", ["Unterberg 3/2"]),
    # a letterhead: the village on one line, ZIP and town on the next
    ("Praxis Dr. Mayr\nKirchdorf 14\n6020 Innsbruck\nTel. 0512 443322", ["Kirchdorf 14"]),
    # a letterhead line with a middle dot, a bar or a dash between the parts
    ("Hausarztpraxis\nPöllau 22 · 8225 Pöllau", ["Pöllau 22"]),
    ("Pflegestützpunkt | Kleinreifling 7 | 4464 Kleinreifling", ["Kleinreifling 7"]),
    # after an address cue, no ZIP code needed
    ("Pat. wh. Niederndorf 8, lebt allein", ["Niederndorf 8"]),
    ("Adresse: Bad Vigaun 2", ["Bad Vigaun 2"]),
    ("wohnhaft in Gschwandt 21 bei der Tochter", ["Gschwandt 21"]),
    # any script: Unicode letter classes
    ("Anschrift: Čepin 12", ["Čepin 12"]),
]

MUST_NOT_MATCH = [
    "Zimmer 12, 6020 Innsbruck",
    "Station 3, 6020 Innsbruck",
    "Seite 2, 6020 Innsbruck",
    "Kontrolle 2024, 6020 Innsbruck",
    "geb. 1944, 6020 Innsbruck",
    "Mai 12, 6020 Innsbruck",
    "Vitamin 12, 1234 Nirgendwo",  # the ZIP code must have a listed town
    "Visite Oberhofen 19, dann weiter",  # neither a ZIP code nor a cue
    "Dosis 12, 6020 Innsbruck",
    "wh. Gewicht 78",
    "wohnhaft in Graz 3 Jahre",
    "Hr. Graf Oberhofen 19, 8330 Feldbach",  # inside a phrase, not a phrase of its own
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(rule: VillageAddressRule, text: str, expected: list[str]) -> None:
    assert matched(rule, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(rule: VillageAddressRule, text: str) -> None:
    assert matched(rule, text) == []


def test_letterhead_block_is_masked_line_by_line(rules: tuple[Rule, ...]) -> None:
    text = (
        "Ordination Dr. Ruth Moser\nHauptplatz 9\n4600 Wels\nTel. 07242 55 1 20\nFax 07242 55120-9\n"
        "ordination@moser-wels.at\nwww.moser-wels.at\n\nSehr geehrte Kollegin,"
    )
    found = [(text[s.start : s.end], s.entity) for s in find_rule_spans(text, rules)]
    assert found == [
        ("Hauptplatz 9", Entity.ADD),
        ("4600 Wels", Entity.ZIP),
        ("07242 55 1 20", Entity.PHO),
        ("07242 55120-9", Entity.PHO),
        ("ordination@moser-wels.at", Entity.MAI),
        ("www.moser-wels.at", Entity.WEB),
    ]


def test_village_and_zip_are_two_spans(rules: tuple[Rule, ...]) -> None:
    text = "Hr. Franz Eder, Oberhofen 19, 8330 Feldbach"
    found = [(text[s.start : s.end], s.entity) for s in find_rule_spans(text, rules)]
    assert found == [("Oberhofen 19", Entity.ADD), ("8330 Feldbach", Entity.ZIP)]


SMALL = VillageAddressRule(ZipRule({"6020": ("Innsbruck",), "8330": ("Feldbach",)}, {}, {}))


@given(ANY_TEXT)
def test_spans_are_valid_on_any_text(text: str) -> None:
    assert_valid(list(SMALL.find(text)), text, SMALL)
