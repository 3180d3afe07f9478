"""Golden regression notes (deduce style): one JSON file per entity type or failure class, with explicit
known failures (surname_first, messages, false_positives, signatures: the classes of issue 9).

Each ``<name>.json`` holds synthetic notes with their CORRECT spans and a ``known_failures`` list of
note ids the engine currently gets wrong (each with the reason). Every other note must match exactly;
every known failure must still fail, so fixing one forces removing it from the list.

File shape::

    {"entity": "PAT", "engine": "shipped" | "tiny", "rules": true, "names": {<--names JSON>},
     "examples": [{"id": "pat-01", "text": "...", "spans": [{"start": 5, "end": 10, "entity": "PAT",
                   "text": "Huber"}]}],
     "known_failures": [{"id": "pat-11", "why": "..."}]}
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from tests.engine.conftest import shipped_available
from tests.engine.tiny_lexicon import tiny_lexicon

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.json"))
SpanKey = tuple[int, int, str]


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


CASES = [
    pytest.param(path.stem, example["id"], id=f"{path.stem}-{example['id']}")
    for path in FILES
    for example in load(path)["examples"]
]
_ENGINES: dict[str, Deidentifier] = {}


def engine_for(name: str) -> Deidentifier:
    """The engine a golden file was written for, built once per file."""
    if name not in _ENGINES:
        data = load(HERE / f"{name}.json")
        names = NameLists.from_mapping(data.get("names", {}), f"{name}.json")
        config = EngineConfig(rules=data.get("rules", True))
        if data["engine"] == "shipped":
            if not shipped_available():
                pytest.skip("masketeer_gui.engine.lexicon_loader is not written yet")
            _ENGINES[name] = Deidentifier.default(names, config)
        else:
            _ENGINES[name] = Deidentifier(tiny_lexicon(), names, config)
    return _ENGINES[name]


def expected_spans(example: dict[str, Any]) -> list[SpanKey]:
    return [(s["start"], s["end"], s["entity"]) for s in example["spans"]]


def describe(text: str, spans: list[SpanKey]) -> list[str]:
    return [f"{text[a:b]!r}:{entity}" for a, b, entity in spans]


@pytest.mark.parametrize(("name", "note_id"), CASES)
def test_golden_note(name: str, note_id: str) -> None:
    data = load(HERE / f"{name}.json")
    example = next(e for e in data["examples"] if e["id"] == note_id)
    known = {k["id"]: k["why"] for k in data["known_failures"]}
    text = example["text"]
    actual = [(s.start, s.end, str(s.entity)) for s in engine_for(name).analyze(text)]
    expected = expected_spans(example)
    if note_id in known:
        assert actual != expected, f"{note_id} is fixed: remove it from known_failures in {name}.json"
    else:
        assert describe(text, actual) == describe(text, expected)
        assert actual == expected


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_file_is_consistent(path: Path) -> None:
    data = load(path)
    ids = [e["id"] for e in data["examples"]]
    assert len(ids) == len(set(ids)), "duplicate note ids"
    assert data["engine"] in ("shipped", "tiny")
    for known in data["known_failures"]:
        assert known["id"] in ids and known["why"].strip()
    for example in data["examples"]:
        text = example["text"]
        for span in example["spans"]:
            assert text[span["start"] : span["end"]] == span["text"], example["id"]
        keys = expected_spans(example)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(keys)), f"{example['id']}: unsorted or overlapping"


def test_every_entity_type_has_a_golden_file() -> None:
    covered = {load(path)["entity"] for path in FILES}
    assert {"HCP", "PAT", "PER", "SIT"} <= covered
