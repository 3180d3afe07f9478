"""ChatName masker and lower-case names in messages: a chat line's speaker, a lower-case first name with its
surname or with its relation in brackets, a lower-case surname after "fr."/"dr.", a first name after a clock
time; and lower-case words that stay. Invented names, no lists."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import shipped_without, typed_words

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER


@pytest.fixture(scope="module")
def engines(shipped: Deidentifier) -> dict[str, Deidentifier]:
    return {"with": shipped, "without": shipped_without("ChatName")}


masked = typed_words


CHAT_NAMES = [
    ("teamchat mobile pflege – di 14.05.\nvroni: morgen ihr lieben, wer fährt heute?", [("vroni", HCP)]),
    ("resi (tochter): hallo, die mama hat fieber", [("resi", PER)]),
    ("info: beim sepp gruberbauer war die heimhilfe nicht da", [("sepp", PER), ("gruberbauer", PER)]),
    ("hallo herr doktor ich bin der hias pichler vom hof", [("hias", PER), ("pichler", PER)]),
    ("trinkt bissl tee. der seppl (mein mann) is eh bei ihr", [("seppl", PER)]),
]


@pytest.mark.parametrize(("text", "expected"), CHAT_NAMES)
def test_chat_names(engines: dict[str, Deidentifier], text: str, expected: list[tuple[str, Entity]]) -> None:
    assert masked(engines["with"], text) == expected
    assert masked(engines["without"], text) != expected  # no other masker reads these places


OTHER_FORMS = [
    # a lower-case surname after "fr." (shaped like a surname) or "dr." (no German word)
    ("wundmanagement mit der fr. zangerlechner morgen", [("zangerlechner", PAT)]),
    ("kontaktformular ordination dr. kranebitt – 23:47", [("kranebitt", HCP)]),
    # a clock time before a name is no count ("1 Krügel" is)
    ("03.11. 07:30 Vroni beim Frühstück sehr munter.", [("Vroni", PER)]),
    # "meine Oma …" in a relative's message names the patient; "oma …" in lower case is a relation word
    ("Hallo! Meine Oma Gerlinde Pfitscher hat Geburtstag.", [("Gerlinde", PAT), ("Pfitscher", PAT)]),
    ('chat "oma vroni" – app', [("vroni", PER)]),
]


@pytest.mark.parametrize(("text", "expected"), OTHER_FORMS)
def test_lower_case_forms(engines: dict[str, Deidentifier], text: str, expected: list[tuple[str, Entity]]) -> None:
    assert masked(engines["with"], text) == expected


MUST_NOT_MASK = [
    "bitte dr. med anrufen wegen befund",
    "am fr. termin beim hausarzt",
    "mark: gut, danke",
    "paul und ich kommen später",  # a first name alone, not in a chat's places
    "Kompromiss: 1 Krügel am Tag.",
]


@pytest.mark.parametrize("text", MUST_NOT_MASK)
def test_lower_case_words_stay(engines: dict[str, Deidentifier], text: str) -> None:
    assert masked(engines["with"], text) == []
