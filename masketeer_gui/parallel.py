"""Run an analyzer over a stream of notes in worker processes, results in input order.

The parent reads and validates records, sends CHUNKS of ``(id, text, scope)`` to the batch runner
(``batch.py``: forked workers that inherit the engine built here, die with the parent, results in
order, memory flat) and writes what comes back; workers analyze, render and serialize
(``engine.render``, or ``engine.render_surrogates`` in surrogates mode, scoped by the record's
patient id), and score the residual risk when asked, so the parent only writes bytes. Where
workers are spawned, each builds its ``ChunkWorker`` from the ``EngineSpec``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, Protocol

from masketeer_gui.batch import Workload, run_ordered
from masketeer_gui.corpus_io import BadRecord, NoteRecord
from masketeer_gui.corpus_io.jsonl import LineReader, Lines
from masketeer_gui.engine.lexicon_cache import gc_paused
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.pseudonyms import DEFAULT_LENGTH, TagLedger
from masketeer_gui.engine.render import RenderedNote, Tagger, render_line, retag_line
from masketeer_gui.engine.retype import NoteTyping, note_typing
from masketeer_gui.engine.span import Span
from masketeer_gui.engine.stats import CorpusStats
from masketeer_gui.engine.type_resolution import NameEvidence, TypeTally

if TYPE_CHECKING:  # imported where used: a run in tags mode without --risk needs neither
    from masketeer_gui.engine.risk import NoteRisk, RiskScorer
    from masketeer_gui.engine.surrogates import SurrogateIssuer

# notes per payload: the parent's cost per chunk (pool messages, merging a result) counts, not its size
CHUNK_SIZE = 512
TAIL_PARTS = 4  # a run's last chunk per worker, cut in so many (``finer_at_the_end``)
_CONTEXT_LIMIT = 4096  # patient contexts a worker keeps
# characters of text a worker analyzes stage by stage at once (``stage_groups``): a chunk of short notes is one
# group (the benchmark's ~140,000 characters), while a chunk of 512 letters of 20,000 characters never holds all
# their tokens at once (a worker's peak 570 -> 213 MiB, its CPU within ~5 %)
STAGE_CHARS = 1 << 18


class Analyzer(Protocol):
    """What the runner needs from the engine (``engine.pipeline.Deidentifier``)."""

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]: ...


AnalyzerFactory = Callable[[NameLists | None], Analyzer]


@dataclass(frozen=True)
class EngineSpec:
    """Everything a worker needs; picklable when ``factory`` is a module-level function."""

    factory: AnalyzerFactory
    names: NameLists | None
    key: bytes
    want_stats: bool = False
    tag_length: int = DEFAULT_LENGTH
    mode: str = "tags"  # or "surrogates"
    length_preserving: bool = False  # surrogates only
    patient_key: str = "patient_id"  # metadata key whose value scopes surrogates to a patient
    want_risk: bool = False
    settle_types: bool = False  # keep each note's name-type evidence for one type per person (engine.retype)

    def __reduce__(self) -> tuple[type[EngineSpec], tuple[object, ...]]:
        """Pickled (to spawned workers) through the constructor: compiled (``scripts/build_compiled.sh``), a frozen
        dataclass cannot be rebuilt field by field."""
        return EngineSpec, (
            self.factory,
            self.names,
            self.key,
            self.want_stats,
            self.tag_length,
            self.mode,
            self.length_preserving,
            self.patient_key,
            self.want_risk,
            self.settle_types,
        )


@dataclass
class ChunkResult:
    """Output lines of one chunk, per note its ``(tag, digest)`` pairs, and optional statistics.

    With ``EngineSpec.settle_types``: per note its ``NoteTyping`` and the chunk's ``TypeTally``. Of a chunk of
    ``Lines`` (parsed by the worker): per note its id and line, and the chunk's bad records.
    """

    lines: list[bytes]
    tags: list[tuple[tuple[str, bytes], ...]]
    stats: CorpusStats | None = field(default=None)
    risks: list[NoteRisk] | None = field(default=None)
    typings: list[NoteTyping | None] | None = field(default=None)
    tally: TypeTally | None = field(default=None)
    notes: list[tuple[str, int]] | None = field(default=None)
    bad: list[BadRecord] | None = field(default=None)


class ChunkWorker:
    """One analyzer and tagger (or surrogate issuer); turns a chunk of notes into output lines."""

    def __init__(self, spec: EngineSpec) -> None:
        self._analyzer = spec.factory(spec.names)
        self._tagger = Tagger(spec.key, spec.tag_length)
        self._issuer = _surrogate_issuer(spec, self._analyzer) if spec.mode == "surrogates" else None
        self._risk = _risk_scorer(spec, self._analyzer) if spec.want_risk else None
        self._want_stats = spec.want_stats
        self._settle = spec.settle_types and hasattr(self._analyzer, "analyze_typed")
        self._patient_key = spec.patient_key
        self._contexts: dict[str, NoteContext] = {}  # per patient id: notes of one patient come together

    def prepare(self) -> None:
        """Build every index the engine would build (or read) when a note first needs it: before workers fork,
        so they inherit them (a run in this process alone reads each only if a note needs it)."""
        prepare = getattr(self._analyzer, "prepare", None)
        if callable(prepare):
            from masketeer_gui.engine.factory import lasting_objects

            with lasting_objects():  # ~10^5 lasting objects: no collection walks them while made, or after
                prepare()

    @property
    def analyzer(self) -> Analyzer:
        """The engine this worker runs (the public API's ``Engine.analyze`` uses it too)."""
        return self._analyzer

    def process(self, chunk: list[tuple[str, str, str]] | Lines) -> ChunkResult:
        """``chunk``: ``(id, text, scope)``; scope is the note's patient id or ''. Or ``Lines`` of a JSONL corpus,
        read here (``run_lines``)."""
        if isinstance(chunk, Lines):
            notes, bad = chunk.notes(self._patient_key)
            parsed = self.process(
                [
                    (note_id, text, scope if type(scope) is str else scope_text(scope))
                    for note_id, text, scope, _ in notes
                ]
            )
            parsed.notes, parsed.bad = [(note_id, line) for note_id, _, _, line in notes], bad
            return parsed
        result = ChunkResult([], [], CorpusStats() if self._want_stats else None)
        result.risks = [] if self._risk is not None else None
        if self._settle:
            result.typings, result.tally = [], TypeTally()
        with gc_paused():  # one collection per chunk, not one every few notes: they make no cycles to speak of
            self._process(chunk, result)
        return result

    def _process(self, chunk: list[tuple[str, str, str]], result: ChunkResult) -> None:
        """Analyze every note of the chunk, then render them all, then the rest: each pass runs with its code and
        data warm in the processor's caches (after a note's analysis, rendering it at once cost three times as
        much as rendering the chunk's notes in a row). Objects in locals: per note, a method call or an attribute
        read costs as much as writing the note's tally."""
        spans_of, evidence_of = self._analyze_all(chunk, result.typings is not None)
        lines, tags = result.lines, result.tags
        if self._issuer is None:
            tagger = self._tagger
            for (note_id, text, _), spans in zip(chunk, spans_of, strict=True):
                line, note_tags = render_line(note_id, text, spans, tagger)
                lines.append(line)
                tags.append(note_tags)
        else:
            for (note_id, text, scope), spans in zip(chunk, spans_of, strict=True):
                rendered = self._render_surrogates(note_id, text, spans, scope)
                lines.append(rendered.line)
                tags.append(rendered.tags)
        typings, tally = result.typings, result.tally
        if typings is not None and tally is not None:
            for (_, text, scope), spans, evidence in zip(chunk, spans_of, evidence_of, strict=True):
                typings.append(note_typing(text, spans, evidence, scope))
                tally.add(evidence, scope)
        stats, risk, risks = result.stats, self._risk, result.risks
        if stats is not None:
            for (_, text, _), spans in zip(chunk, spans_of, strict=True):
                stats.add(text, spans)
        if risk is not None and risks is not None:
            for (_, text, _), spans in zip(chunk, spans_of, strict=True):
                risks.append(risk.assess_spans(text, spans))

    def _analyze_all(
        self, chunk: list[tuple[str, str, str]], typed: bool
    ) -> tuple[list[list[Span]], list[tuple[NameEvidence | None, ...]]]:
        """Per note its spans and, when ``typed``, its name-type evidence (else no evidence at all); its patient
        id tells the engine who the note's patient is."""
        analyzer, contexts = self._analyzer, self._contexts
        spans_of: list[list[Span]] = []
        evidence_of: list[tuple[NameEvidence | None, ...]] = []
        if not typed:
            for _, text, scope in chunk:
                spans_of.append(
                    analyzer.analyze(text, (contexts.get(scope) or self._context(scope)) if scope else None)
                )
            return spans_of, evidence_of
        notes = [(text, (contexts.get(scope) or self._context(scope)) if scope else None) for _, text, scope in chunk]
        analyze_many = getattr(analyzer, "analyze_many", None)  # the engine's: stage by stage over the chunk
        if analyze_many is not None:
            analyzed: list[Any] = []
            for group in stage_groups(notes, STAGE_CHARS):
                analyzed += analyze_many(group)  # ``TypedNote``s, as ``analyze_typed`` gives one
        else:
            analyze_typed = analyzer.analyze_typed  # type: ignore[attr-defined]
            analyzed = [analyze_typed(text, context) for text, context in notes]
        for note in analyzed:
            spans_of.append(note.spans)
            evidence_of.append(note.evidence)
        return spans_of, evidence_of

    def _context(self, scope: str) -> NoteContext:
        """The (immutable) context of a patient's notes, made once per patient id (a bounded memo)."""
        context = self._contexts.get(scope)
        if context is None:
            if len(self._contexts) >= _CONTEXT_LIMIT:
                self._contexts.clear()
            context = self._contexts[scope] = NoteContext(patient_id=scope)
        return context

    def _render_surrogates(self, note_id: str, text: str, spans: list[Span], scope: str) -> RenderedNote:
        from masketeer_gui.engine.render_surrogates import render_surrogate_note

        assert self._issuer is not None
        return render_surrogate_note(note_id, text, spans, self._issuer, scope)


def stage_groups(notes: list[tuple[str, NoteContext | None]], limit: int) -> list[list[tuple[str, NoteContext | None]]]:
    """``notes`` in consecutive groups of at most ``limit`` characters of text (a longer note alone): what the
    engine analyzes stage by stage at once, so the tokens alive at once stay bounded however long the notes."""
    groups: list[list[tuple[str, NoteContext | None]]] = []
    group: list[tuple[str, NoteContext | None]] = []
    size = 0
    for note in notes:
        length = len(note[0])
        if group and size + length > limit:
            groups.append(group)
            group, size = [], 0
        group.append(note)
        size += length
    if group:
        groups.append(group)
    return groups


def _surrogate_issuer(spec: EngineSpec, analyzer: Analyzer) -> SurrogateIssuer:
    """On the engine's lexicon when the analyzer has one (genders, roles, titles), else on the pools."""
    from masketeer_gui.engine.surrogates import SurrogateIssuer

    return SurrogateIssuer.for_analyzer(spec.key, analyzer, spec.names, spec.length_preserving)


def _risk_scorer(spec: EngineSpec, analyzer: Analyzer) -> RiskScorer:
    from masketeer_gui.engine.risk import RiskScorer

    index = getattr(analyzer, "index", None)
    return RiskScorer(index) if isinstance(index, NameIndex) else RiskScorer.default(spec.names)


def _process_chunk(worker: ChunkWorker, payload: list[tuple[str, str, str]] | Lines) -> ChunkResult:
    return worker.process(payload)


def chunked(records: Iterable[NoteRecord], size: int) -> Iterator[list[NoteRecord]]:
    """Consecutive lists of ``size`` records (the last may be shorter)."""
    iterator = iter(records)
    while chunk := list(islice(iterator, size)):
        yield chunk


def run_chunks(
    records: Iterable[NoteRecord],
    spec: EngineSpec,
    workers: int,
    chunk_size: int = CHUNK_SIZE,
    worker: ChunkWorker | None = None,
) -> Iterator[tuple[list[NoteRecord], ChunkResult]]:
    """``(chunk, result)`` in input order; one process if ``workers <= 1`` or the input is one chunk.

    ``worker``: one built earlier from ``spec`` (the public API keeps one per ``Engine``).
    """
    chunks = chunked(records, chunk_size)
    first = next(chunks, None)  # read (and validate) the first chunk before paying for the engine
    if first is None:
        return
    state = worker or ChunkWorker(spec)
    processes = workers if len(first) == chunk_size else 1
    if processes > 1:
        state.prepare()  # once, here: the workers fork after it and inherit every index
    workload = Workload(_process_chunk, state, partial(ChunkWorker, spec), freeze_leftovers=True)
    yield from run_ordered(workload, _with_payloads(_prepend(first, chunks), spec), processes)


def run_lines(
    reader: LineReader, spec: EngineSpec, workers: int, chunk_size: int = CHUNK_SIZE
) -> Iterator[ChunkResult]:
    """``run_chunks`` of a JSONL corpus whose lines the workers parse, not this process (its reading is most of
    this process's work in a run): the results in input order, after ``reader`` has reported each chunk's bad
    records and the notes whose id came before, as ``read_corpus`` would (a note so dropped with ``skip_bad`` is
    analyzed again, here, without it: rare). The first chunk is read here, so a bad one stops the run before the
    engine is built.
    """
    chunks = reader.chunks(chunk_size)
    first = next(chunks, None)
    if first is None:
        return
    records = reader.first(first)
    state = ChunkWorker(spec)
    processes = workers if len(first.raw) == chunk_size else 1
    if processes > 1:
        state.prepare()
        chunks = finer_at_the_end(chunks, processes, TAIL_PARTS)
    workload = Workload(_process_chunk, state, partial(ChunkWorker, spec), freeze_leftovers=True)
    items: Iterator[tuple[Lines | None, list[tuple[str, str, str]] | Lines]] = chain(
        [(None, _payload(records, spec))], _keyed(chunks)
    )
    for lines, result in run_ordered(workload, items, processes):
        if lines is not None and reader.admit(result.notes or (), result.bad or ()):
            result = _without_dropped(state, lines, reader, spec)
        yield result


def finer_at_the_end(chunks: Iterator[Lines], last: int, parts: int) -> Iterator[Lines]:
    """``chunks`` with the ``last`` of them each cut in ``parts``: the workers run out of work at nearly the same
    time (one whole chunk would leave a worker idle for up to a chunk's time, ~40 ms, while the other ends).
    Read ``last`` chunks ahead (only lines: cheap)."""
    held: deque[Lines] = deque()
    for chunk in chunks:
        held.append(chunk)
        if len(held) > last:
            yield held.popleft()
    for chunk in held:
        yield from chunk.split(parts)


def _without_dropped(state: ChunkWorker, lines: Lines, reader: LineReader, spec: EngineSpec) -> ChunkResult:
    """The chunk's result without the notes ``reader`` dropped (their id came before)."""
    records, _ = lines.records()
    kept = [record for record in records if reader.admitted(record.id, record.line)]
    return state.process(_payload(kept, spec))


def reconcile(chunk: list[NoteRecord], result: ChunkResult, ledger: TagLedger) -> list[bytes]:
    """The chunk's output lines, re-rendered where the ledger moved a colliding tag."""
    lines = result.lines
    for index, note_tags in enumerate(result.tags):
        resolved = [ledger.resolve(tag, digest) for tag, digest in note_tags]
        if any(new != old for new, (old, _) in zip(resolved, note_tags, strict=True)):
            lines[index] = retag_line(lines[index], chunk[index].text, resolved)
    return lines


def _payload(chunk: list[NoteRecord], spec: EngineSpec) -> list[tuple[str, str, str]]:
    """What a worker needs of each record: id, text, and its patient id (the scope)."""
    return _tuples(chunk, spec.patient_key)


def _tuples(chunk: list[NoteRecord], key: str) -> list[tuple[str, str, str]]:
    return [
        (record.id, record.text, scope if type(scope := record.meta.get(key)) is str else scope_text(scope))
        for record in chunk
    ]


def patient_scope(record: NoteRecord, key: str) -> str:
    """The record's patient id as text ('' without one)."""
    value = record.meta.get(key)
    if type(value) is str:  # the usual
        return value
    return scope_text(value)


def scope_text(value: object) -> str:
    """A patient id field's value as text ('' for none, or for an object or a list)."""
    return "" if value is None or isinstance(value, dict | list) else str(value)


def _prepend(first: list[NoteRecord], rest: Iterator[list[NoteRecord]]) -> Iterator[list[NoteRecord]]:
    yield first
    yield from rest


# Generator functions, not generator expressions: compiled (scripts/build_compiled.sh), mypyc makes a generator
# expression a list at once, which would read the whole corpus before the first chunk is sent.
def _with_payloads(
    chunks: Iterator[list[NoteRecord]], spec: EngineSpec
) -> Iterator[tuple[list[NoteRecord], list[tuple[str, str, str]]]]:
    """Each chunk with its payload, made when the pool asks for it."""
    for chunk in chunks:
        yield chunk, _payload(chunk, spec)


def _keyed(chunks: Iterator[Lines]) -> Iterator[tuple[Lines, Lines]]:
    """Each chunk of lines as its own key, read when the pool asks for it."""
    for lines in chunks:
        yield lines, lines
