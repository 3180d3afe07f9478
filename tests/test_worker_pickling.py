"""What crosses a process boundary pickles and copies: worker specs and results, Spark's broadcasts, spans.

Pure Python pickles any dataclass; a frozen dataclass compiled by mypyc does not (it is rebuilt field by
field through ``__setattr__``, which a frozen class refuses) unless it says how to rebuild it (``Span``'s
``__reduce__``). The modules of the others stay out of the compiled build (``scripts/build_compiled.sh``); this
test, run against it by ``scripts/test_compiled.sh``, fails when one of them is compiled without such a fix.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from masketeer_gui.engine.factory import default_engine
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.type_resolution import PatientName, TypeTally, resolve_types
from masketeer_gui.parallel import ChunkWorker, EngineSpec

KEY = b"p" * 32
# Invented notes: a patient, a doctor, a town and a phone number, so every kind of result has content.
NOTES = [
    ("n1", "Frau Ilvana Trostberger kam mit ihrem Sohn. Dr. Quendolin Aschauer, Tel. 0512 998877.", "p1"),
    ("n2", "Die 93-jährige Patientin Ilvana Trostberger wohnt in Innsbruck, geb. 12.03.1931.", "p1"),
]
LISTS = NameLists.from_mapping(
    {"patients": [{"id": "p1", "name": "Ilvana Trostberger"}], "blacklist": [{"term": "Zwergl", "entity": "PAT"}]}
)


def round_trips(value: Any) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value


def chunk_result() -> Any:
    spec = EngineSpec(default_engine, LISTS, KEY, want_stats=True, want_risk=True, settle_types=True)
    return ChunkWorker(spec).process(NOTES)


def test_the_spans_an_engine_returns() -> None:
    spans = default_engine(LISTS).analyze(NOTES[0][1])
    assert spans
    round_trips(spans)


def test_the_lists_a_worker_or_executor_receives() -> None:
    round_trips(LISTS)
    round_trips(NoteContext())


def test_the_spec_a_spawned_worker_receives() -> None:
    round_trips(EngineSpec(default_engine, LISTS, KEY, want_stats=True, mode="surrogates", settle_types=True))


def test_the_specs_reduce_names_every_field_in_order() -> None:
    """``EngineSpec.__reduce__`` lists its fields by hand: a field added later must be added there too."""
    spec = EngineSpec(default_engine, LISTS, KEY, want_stats=True, mode="surrogates", settle_types=True)
    rebuild, args = spec.__reduce__()
    assert rebuild is EngineSpec
    assert args == tuple(getattr(spec, f.name) for f in dataclasses.fields(EngineSpec))


def test_a_workers_chunk_result() -> None:
    result = chunk_result()
    assert result.risks and result.stats and result.stats.notes == 2
    restored = pickle.loads(pickle.dumps(result))
    assert restored.lines == result.lines
    assert restored.risks == result.risks
    assert restored.stats == result.stats
    assert restored.typings == result.typings
    assert restored.tally == result.tally
    round_trips(result.risks)


@pytest.mark.parametrize("known", [None, {"p1": PatientName(frozenset({"ilvana", "trostberger"}), "f")}])
def test_the_type_resolution_spark_broadcasts(known: dict[str, PatientName] | None) -> None:
    tally = chunk_result().tally or TypeTally()
    resolution = resolve_types(tally, known)
    round_trips(resolution)
    round_trips(tally)


@pytest.mark.parametrize("mode", ["tags", "surrogates"])
def test_a_chunk_gives_what_its_notes_give_one_at_a_time(mode: str) -> None:
    """A worker analyzes a chunk's notes first and renders, types and scores them afterwards: each note's
    output is still its own, as when it is processed alone."""
    notes = [
        *NOTES,
        ("n3", "Keine Auffälligkeiten.", ""),
        ("n4", "Hr. Pelzlechner ruft an, Dr. Aschauer informiert.", "p2"),
    ]
    spec = EngineSpec(default_engine, LISTS, KEY, True, mode=mode, want_risk=True, settle_types=True)
    whole = ChunkWorker(spec).process(notes)
    alone = [ChunkWorker(spec).process([note]) for note in notes]
    assert whole.lines == [line for one in alone for line in one.lines]
    assert whole.tags == [tags for one in alone for tags in one.tags]
    assert whole.typings == [typing for one in alone for typing in one.typings or ()]
    assert whole.risks == [risk for one in alone for risk in one.risks or ()]
    tally = TypeTally()
    for one in alone:
        assert one.tally is not None
        tally.merge(one.tally)
    assert whole.tally == tally
    assert whole.stats is not None and whole.stats.notes == len(notes)
    assert sum(one.lines[0].count(b'"start"') for one in alone) > 4  # names, a phone number: spans to render
