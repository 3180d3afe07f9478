"""The multiprocessing runner: input order, shared keyed tags, collision repair, error paths."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from masketeer_gui.corpus_io import CorpusError, NoteRecord
from masketeer_gui.corpus_io.jsonl import LineReader, Lines
from masketeer_gui.corpus_io.records import RecordFactory
from masketeer_gui.engine.lists import NoteContext
from masketeer_gui.engine.pipeline import TypedNote
from masketeer_gui.engine.pseudonyms import TagLedger
from masketeer_gui.engine.span import Span
from masketeer_gui.parallel import EngineSpec, chunked, reconcile, run_chunks, run_lines, stage_groups
from tests.fake_analyzer import broken_factory, dying_factory, fake_factory, pid_factory, prepared_factory

KEY = b"k" * 32
SURNAMES = [f"Name{chr(65 + i % 26)}{i}" for i in range(40)]


def names_of(i: int) -> tuple[str, str]:
    """The patient and the doctor of note ``i``."""
    return SURNAMES[i % 40], SURNAMES[(i * 7) % 40]


def notes(n: int) -> list[NoteRecord]:
    return [NoteRecord(f"N{i}", "Frau {} und Dr. {}.".format(*names_of(i))) for i in range(n)]


def run(records: list[NoteRecord], workers: int, factory=fake_factory, tag_length: int = 8) -> list[dict]:  # type: ignore[no-untyped-def]
    spec = EngineSpec(factory, None, KEY, want_stats=True, tag_length=tag_length)
    ledger = TagLedger()
    lines: list[bytes] = []
    for chunk, result in run_chunks(records, spec, workers, chunk_size=8):
        lines.extend(reconcile(chunk, result, ledger))
    return [json.loads(line) for line in lines]


def test_chunked() -> None:
    assert [len(c) for c in chunked(notes(20), 8)] == [8, 8, 4]
    assert list(chunked([], 8)) == []


def test_workers_give_the_same_output_in_input_order() -> None:
    records = notes(100)
    single, pooled = run(records, 1), run(records, 2)
    assert [r["id"] for r in pooled] == [f"N{i}" for i in range(100)]
    assert pooled == single


def test_notes_are_spread_over_processes_with_consistent_tags() -> None:
    out = run(notes(200), 2, pid_factory)
    processes = {span["masker"] for record in out for span in record["spans"]}
    assert len(processes) >= 2
    tags_of: dict[tuple[str, str], set[str]] = {}
    for i, record in enumerate(out):
        for name, span in zip(names_of(i), record["spans"], strict=True):
            tags_of.setdefault((name, span["entity"]), set()).add(span["pseudonym"])
        assert not any(name in record["text"] for name in names_of(i))
    assert len(tags_of) == 80
    assert all(len(tags) == 1 for tags in tags_of.values())


def test_collisions_across_workers_are_repaired() -> None:
    """1-character tags: 40 patients in 36 slots must collide; each keeps one tag, none is shared."""
    out = run(notes(160), 2, tag_length=1)
    owner: dict[str, str] = {}
    for i, record in enumerate(out):
        refs = (f"PAT:{names_of(i)[0]}", f"HCP:{names_of(i)[1]}")
        for ref, span in zip(refs, record["spans"], strict=True):
            assert owner.setdefault(span["pseudonym"], ref) == ref
            assert span["pseudonym"] in record["text"]
    assert len(owner) == 80
    assert any(len(tag) > len("[PAT-X]") for tag in owner)  # at least one was lengthened


def test_stats_come_back_from_workers() -> None:
    spec = EngineSpec(fake_factory, None, KEY, want_stats=True)
    total = 0
    for _, result in run_chunks(notes(50), spec, 2, chunk_size=8):
        assert result.stats is not None
        total += result.stats.spans
    assert total == 100


def _bad_after(records: list[NoteRecord]) -> Iterator[NoteRecord]:
    yield from records
    raise CorpusError(Path("c.jsonl"), 61, "invalid JSON")


def test_a_reading_error_stops_the_pool() -> None:
    spec = EngineSpec(fake_factory, None, KEY)
    with pytest.raises(CorpusError, match=r"c\.jsonl:61"):
        for _ in run_chunks(_bad_after(notes(60)), spec, 2, chunk_size=4):
            pass


@pytest.mark.parametrize("workers", [1, 2])
def test_records_and_lines_are_read_only_as_the_chunks_in_flight_need_them(workers: int, tmp_path: Path) -> None:
    """Memory stays flat for any corpus: by its first result a run has read the chunks in flight, not the corpus
    (compiled, a generator expression is made a list at once: the runner's must be generator functions)."""
    read = 0

    def counted(records: Iterator[NoteRecord]) -> Iterator[NoteRecord]:
        nonlocal read
        for record in records:
            read += 1
            yield record

    spec = EngineSpec(fake_factory, None, KEY)
    results = run_chunks(counted(iter(notes(400))), spec, workers, chunk_size=8)
    next(results)
    assert read <= 8 * 8 < 400
    del results  # the pool, if any, shuts down

    source = tmp_path / "c.jsonl"
    source.write_text("".join(json.dumps({"id": r.id, "text": r.text}) + "\n" for r in notes(400)), encoding="utf-8")
    reader = LineReader(source, RecordFactory("id", "text", False, None))
    chunks, handed = reader.chunks, 0

    def counted_chunks(size: int) -> Iterator[Lines]:
        nonlocal handed
        for lines in chunks(size):
            handed += 1
            yield lines

    reader.chunks = counted_chunks  # type: ignore[method-assign]
    lines = run_lines(reader, spec, workers, chunk_size=8)
    next(lines)
    assert handed <= 8 < 50
    del lines


@pytest.mark.parametrize("workers", [1, 2])
def test_analyzer_errors_propagate(workers: int) -> None:
    spec = EngineSpec(broken_factory, None, KEY)
    with pytest.raises(ValueError, match="cannot handle"):
        list(run_chunks(notes(40), spec, workers, chunk_size=4))


def test_a_dead_worker_fails_the_run_instead_of_hanging() -> None:
    spec = EngineSpec(dying_factory, None, KEY)
    with pytest.raises(BrokenProcessPool):
        list(run_chunks(notes(40), spec, 2, chunk_size=4))


@pytest.mark.parametrize(("count", "workers"), [(64, 1), (5, 2)], ids=["one worker", "fewer notes than a chunk"])
def test_a_run_in_one_process_leaves_each_index_to_the_first_note_that_needs_it(count: int, workers: int) -> None:
    """No fork, no ``prepare``: a few notes start at once and read only the indices they need."""
    out = run(notes(count), workers, factory=prepared_factory)
    assert {span["masker"] for record in out for span in record["spans"]} == {f"Prepared0By{os.getpid()}"}


def test_the_engine_is_prepared_once_in_the_parent_before_the_workers_fork() -> None:
    """Indices a worker would build lazily are built here once; every worker inherits them."""
    out = run(notes(64), 2, factory=prepared_factory)
    makers = {span["masker"] for record in out for span in record["spans"]}
    assert {m.partition("By")[0] for m in makers} == {f"Prepared{os.getpid()}"}
    assert len({m.partition("By")[2] for m in makers}) == 2  # and the notes did go through two workers


class _ContextRecorder:
    """Records the context each note is analyzed with."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def analyze(self, text: str, context: object = None) -> list[object]:
        self.seen.append(context)
        return []


def test_a_worker_gives_each_note_its_patient_context_made_once_per_patient() -> None:
    from masketeer_gui.parallel import ChunkWorker

    recorder = _ContextRecorder()
    worker = ChunkWorker(EngineSpec(lambda _names: recorder, None, KEY))  # type: ignore[arg-type,return-value]
    worker.process([("N1", "a", "P1"), ("N2", "b", "P2"), ("N3", "c", "P1"), ("N4", "d", "")])
    first, second, third, none = recorder.seen
    assert [getattr(c, "patient_id", None) for c in recorder.seen] == ["P1", "P2", "P1", None]
    assert third is first and second is not first and none is None


class _CollectorWatcher:
    """An analyzer that notes whether the garbage collector was on while it worked."""

    def __init__(self, names: object = None) -> None:
        self.seen: list[bool] = []

    def analyze(self, text: str, context: object = None) -> list:
        import gc

        self.seen.append(gc.isenabled())
        return []


@pytest.mark.parametrize("enabled", [True, False])
def test_a_chunk_runs_with_the_collector_paused_and_leaves_it_as_it_was(enabled: bool) -> None:
    import gc

    from masketeer_gui.parallel import ChunkWorker

    worker = ChunkWorker(EngineSpec(_CollectorWatcher, None, KEY))
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        result = worker.process([("N1", "Text eins", ""), ("N2", "Text zwei", "")])
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
    assert worker.analyzer.seen == [False, False]  # type: ignore[attr-defined]
    assert len(result.lines) == 2


class _PreparedWatcher(_CollectorWatcher):
    """An analyzer that notes whether the collector was on while it prepared its indices."""

    def prepare(self) -> None:
        import gc

        self.seen.append(gc.isenabled())


def test_prepare_runs_with_the_collector_paused() -> None:
    import gc

    from masketeer_gui.parallel import ChunkWorker

    worker = ChunkWorker(EngineSpec(_PreparedWatcher, None, KEY))
    was = gc.isenabled()
    gc.enable()
    try:
        worker.prepare()
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert worker.analyzer.seen == [False]  # type: ignore[attr-defined]


def test_the_cli_hands_the_workers_chunks_of_the_engines_size() -> None:
    """``masketeer deidentify``'s hidden ``--chunk-size`` defaults to ``parallel.CHUNK_SIZE`` (written out there,
    so that building the parser imports no engine module)."""
    from masketeer_gui.cli import build_parser
    from masketeer_gui.parallel import CHUNK_SIZE

    assert build_parser("deidentify").parse_args(["deidentify", "in.jsonl", "-o", "out.jsonl"]).chunk_size == CHUNK_SIZE


@pytest.mark.parametrize(
    ("lengths", "limit", "sizes"),
    [
        ([], 10, []),
        ([3, 3, 3], 10, [3]),  # all fit
        ([4, 4, 4], 8, [2, 1]),  # exactly the limit, then a new group
        ([4, 5, 3], 8, [1, 2]),  # 4 + 5 > 8, then 5 + 3 fits
        ([20], 8, [1]),  # a longer note alone
        ([2, 20, 2], 8, [1, 1, 1]),  # before and after a long one
        ([0, 0, 0], 1, [3]),  # empty notes add nothing
    ],
)
def test_stage_groups_bound_the_text_analyzed_at_once(lengths: list[int], limit: int, sizes: list[int]) -> None:
    notes: list[tuple[str, NoteContext | None]] = [("x" * length, None) for length in lengths]
    groups = stage_groups(notes, limit)
    assert [len(group) for group in groups] == sizes
    assert [note for group in groups for note in group] == notes  # in order, none lost


class _GroupRecorder:
    """The engine, with the characters of each group it analyzes stage by stage written down (a wrapper: compiled,
    the engine's methods cannot be replaced)."""

    def __init__(self, names: object = None) -> None:
        from masketeer_gui.engine.factory import default_engine

        self.engine = default_engine(None)
        self.groups: list[int] = []

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        return self.engine.analyze(text, context)

    def analyze_typed(self, text: str, context: NoteContext | None = None) -> TypedNote:
        return self.engine.analyze_typed(text, context)

    def analyze_many(self, notes: list[tuple[str, NoteContext | None]]) -> list[TypedNote]:
        self.groups.append(sum(len(text) for text, _ in notes))
        return self.engine.analyze_many(notes)


def test_a_worker_analyzes_a_chunk_of_long_notes_in_bounded_groups() -> None:
    """A chunk of long letters is analyzed stage by stage in groups of at most ``STAGE_CHARS`` characters (the
    tokens of all its notes are never alive at once); the lines are those of the notes alone."""
    from masketeer_gui.engine.factory import default_engine
    from masketeer_gui.parallel import STAGE_CHARS, ChunkWorker

    sentence = "Herr Gundolf Treibenreif ruft an, Befund unauffällig. "
    letter = sentence * (STAGE_CHARS // len(sentence) // 3)  # three letters fill a group
    chunk = [(f"n{i}", letter, "") for i in range(7)]
    worker = ChunkWorker(EngineSpec(_GroupRecorder, None, KEY, settle_types=True))
    lines = worker.process(chunk).lines
    recorder = worker.analyzer
    assert isinstance(recorder, _GroupRecorder)
    assert len(recorder.groups) == 3 and max(recorder.groups) <= STAGE_CHARS  # 3 + 3 + 1 letters
    alone = ChunkWorker(EngineSpec(default_engine, None, KEY, settle_types=True))
    assert lines == [alone.process([note]).lines[0] for note in chunk]
