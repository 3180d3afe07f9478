"""HandSign masker: the staff member's hand-sign after a slash that closes a care-record entry, typed HCP;
and the slashes that are no sign ("mg/Tag", "3x /Woche", "/AL"). Invented names, no lists."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.maskers import DEFAULT_ORDER
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import shipped_available

HCP = Entity.HCP
WITHOUT = EngineConfig(maskers=tuple(m for m in DEFAULT_ORDER if m != "HandSign"))


@pytest.fixture(scope="module")
def engines() -> dict[str, Deidentifier]:
    if not shipped_available():
        pytest.skip("shipped lexicon missing")
    return {"with": Deidentifier.default(), "without": Deidentifier.default(None, WITHOUT)}


def masked(engine: Deidentifier, text: str) -> list[tuple[str, Entity]]:
    return [(text[s.start : s.end], s.entity) for s in engine.analyze(text)]


MUST_MASK = [
    ("Hat gut geschlafen, Frühstück ganz gegessen. /Kathrina\n08.03. Spätdienst: unruhig", [("Kathrina", HCP)]),
    ("Transfer mit Hilfe, etwas schwach. /R. Pfitscher\n12.08. Nachtdienst", [("R", HCP), ("Pfitscher", HCP)]),
    ("Zum Spazierengehen begleitet.\n/Ulli W.", [("Ulli", HCP), ("W", HCP)]),
    ("Verband gewechselt /Yeliz K., DGKP\nweiter", [("Yeliz", HCP), ("K", HCP)]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MASK)
def test_hand_sign(engines: dict[str, Deidentifier], text: str, expected: list[tuple[str, Entity]]) -> None:
    assert masked(engines["with"], text) == expected
    assert masked(engines["without"], text) != expected  # no other masker reads the sign


MUST_NOT_MASK = [
    "Metamizol 3x 1 g/Tag, Pantoprazol 40 mg",
    "Mobilisation 3x /Woche\nweiter wie bisher",
    "Lagerung alle 2 h /AL\n",
    "Vitalzeichen stabil /Nacht ruhig verlaufen",
    "Hb/Hkt stabil, Kalium und/oder Natrium kontrollieren",
]


@pytest.mark.parametrize("text", MUST_NOT_MASK)
def test_no_hand_sign(engines: dict[str, Deidentifier], text: str) -> None:
    assert masked(engines["with"], text) == []


def test_listed_first_name_as_sign_is_staff(engines: dict[str, Deidentifier]) -> None:
    """A shipped first name after the slash is masked by the name list; the slash types it as staff."""
    assert masked(engines["with"], "Abendrunde ruhig. /Maria\nNächster Eintrag") == [("Maria", HCP)]
