"""The engine is linear in note length on hostile notes: a return to a quadratic step fails here.

A generous bound, not a timing goal (those live in ``bench/bench_long_notes.py``, whose notes and
runner this test borrows): four times the note may take at most eight times the CPU time of the
deidentify worker's per-note path (analyze, render, statistics, risk). A linear step takes four
times as long, a quadratic one sixteen. Best of several runs, process CPU time, so other processes
on the machine barely matter. CPython's cyclic collector is off while it measures: it walks every live
object now and then, so its share grows with whatever else the test process holds, not with the engine.
"""

from __future__ import annotations

import gc
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bench_long_notes.py"
SMALL_KB, LARGE_KB = 32, 128
MAX_GROWTH = 8.0  # for 4x the text: linear is 4, quadratic 16


def _load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_long_notes", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load_bench()


@pytest.fixture(scope="module")
def runner() -> Any:
    return bench.NoteRunner()


@pytest.fixture()
def without_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.slow
@pytest.mark.usefixtures("without_collector")
@pytest.mark.parametrize("kind", bench.KINDS)
def test_four_times_the_note_takes_less_than_eight_times_the_cpu_time(runner: Any, kind: str) -> None:
    small = bench.make_note(kind, SMALL_KB * 1024)
    large = bench.make_note(kind, LARGE_KB * 1024)
    small_seconds = bench.cpu_seconds(runner.note, small)
    large_seconds = bench.cpu_seconds(runner.note, large)
    growth = large_seconds / small_seconds
    assert growth < MAX_GROWTH, f"{kind}: {LARGE_KB // SMALL_KB}x the text took {growth:.1f}x the CPU time"


def test_the_notes_have_the_asked_length_and_kind() -> None:
    for kind in bench.KINDS:
        note = bench.make_note(kind, 5000)
        assert len(note) == 5000, kind
    assert bench.make_note("markup", 5000).startswith("<div><div>")
    assert sum(c.isspace() for c in bench.make_note("whitespace", 5000)) > 4950
    with pytest.raises(ValueError, match="unknown kind"):
        bench.make_note("poetry", 10)
