"""Run an analyzer over a stream of notes in worker processes, results in input order.

The parent reads and validates records, sends CHUNKS of ``(id, text)`` to a process pool and
writes what comes back; workers analyze, render and serialize (``engine.render``), so the
parent only writes bytes. On Linux the pool forks after the analyzer is built once in the
parent: workers inherit it (no per-worker dictionary loading, and a broken engine fails
before any worker starts). Elsewhere ("spawn") each worker builds it from the ``EngineSpec``.
At most ``2 × workers`` chunks are in flight, so memory stays flat for any corpus size; a worker
that dies (e.g. killed for memory) fails the run with ``BrokenProcessPool`` instead of hanging.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from typing import Protocol

from masketeer_gui.corpus_io import NoteRecord
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.pseudonyms import DEFAULT_LENGTH, TagLedger
from masketeer_gui.engine.render import Tagger, render_note, retag_line
from masketeer_gui.engine.span import Span
from masketeer_gui.engine.stats import CorpusStats

CHUNK_SIZE = 256


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


@dataclass
class ChunkResult:
    """Output lines of one chunk, per note its ``(tag, digest)`` pairs, and optional statistics."""

    lines: list[bytes]
    tags: list[tuple[tuple[str, bytes], ...]]
    stats: CorpusStats | None = field(default=None)


class ChunkWorker:
    """One analyzer and tagger; turns a chunk of notes into output lines."""

    def __init__(self, spec: EngineSpec) -> None:
        self._analyzer = spec.factory(spec.names)
        self._tagger = Tagger(spec.key, spec.tag_length)
        self._want_stats = spec.want_stats

    def process(self, chunk: list[tuple[str, str]]) -> ChunkResult:
        result = ChunkResult([], [], CorpusStats() if self._want_stats else None)
        for note_id, text in chunk:
            spans = self._analyzer.analyze(text)
            rendered = render_note(note_id, text, spans, self._tagger)
            result.lines.append(rendered.line)
            result.tags.append(rendered.tags)
            if result.stats is not None:
                result.stats.add(text, spans)
        return result


_worker: ChunkWorker | None = None  # the pool process's own worker, set by _install


def _install(source: ChunkWorker | EngineSpec) -> None:
    """Pool initializer: adopt the forked worker or build one; Ctrl-C is the parent's business."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _worker = source if isinstance(source, ChunkWorker) else ChunkWorker(source)
    except Exception:  # reported by _process (a raise here would print a traceback with its message)
        _worker = None


def _process(chunk: list[tuple[str, str]]) -> ChunkResult:
    if _worker is None:
        raise RuntimeError("the engine could not be built in a worker process")
    return _worker.process(chunk)


def chunked(records: Iterable[NoteRecord], size: int) -> Iterator[list[NoteRecord]]:
    """Consecutive lists of ``size`` records (the last may be shorter)."""
    iterator = iter(records)
    while chunk := list(islice(iterator, size)):
        yield chunk


def run_chunks(
    records: Iterable[NoteRecord], spec: EngineSpec, workers: int, chunk_size: int = CHUNK_SIZE
) -> Iterator[tuple[list[NoteRecord], ChunkResult]]:
    """``(chunk, result)`` in input order; one process if ``workers <= 1`` or the input is one chunk."""
    chunks = chunked(records, chunk_size)
    first = next(chunks, None)  # read (and validate) the first chunk before paying for the engine
    if first is None:
        return
    worker = ChunkWorker(spec)
    if workers <= 1 or len(first) < chunk_size:
        for chunk in _prepend(first, chunks):
            yield chunk, worker.process(_payload(chunk))
        return
    yield from _run_pool(_prepend(first, chunks), spec, worker, workers)


def _run_pool(
    chunks: Iterator[list[NoteRecord]], spec: EngineSpec, worker: ChunkWorker, workers: int
) -> Iterator[tuple[list[NoteRecord], ChunkResult]]:
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    source = worker if context.get_start_method() == "fork" else spec
    pending: deque[tuple[list[NoteRecord], Future[ChunkResult]]] = deque()
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_install, initargs=(source,)) as pool:
        try:
            for index, chunk in enumerate(chunks):
                pending.append((chunk, _submit(pool, chunk, first=index == 0)))
                if len(pending) >= 2 * workers:
                    done, future = pending.popleft()
                    yield done, future.result()
            while pending:
                done, future = pending.popleft()
                yield done, future.result()
        except BaseException:  # bad input, a failed chunk, Ctrl-C, or the consumer gave up
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _submit(pool: ProcessPoolExecutor, chunk: list[NoteRecord], first: bool) -> Future[ChunkResult]:
    """Queue one chunk. The first submit forks the workers: with the collector frozen then, the
    workers' collections never walk (and so never copy) the inherited engine's memory pages."""
    if not first:
        return pool.submit(_process, _payload(chunk))
    gc.freeze()
    try:
        return pool.submit(_process, _payload(chunk))
    finally:
        gc.unfreeze()


def reconcile(chunk: list[NoteRecord], result: ChunkResult, ledger: TagLedger) -> list[bytes]:
    """The chunk's output lines, re-rendered where the ledger moved a colliding tag."""
    lines = result.lines
    for index, note_tags in enumerate(result.tags):
        resolved = [ledger.resolve(tag, digest) for tag, digest in note_tags]
        if any(new != old for new, (old, _) in zip(resolved, note_tags, strict=True)):
            lines[index] = retag_line(lines[index], chunk[index].text, resolved)
    return lines


def _payload(chunk: list[NoteRecord]) -> list[tuple[str, str]]:
    return [(record.id, record.text) for record in chunk]


def _prepend(first: list[NoteRecord], rest: Iterator[list[NoteRecord]]) -> Iterator[list[NoteRecord]]:
    yield first
    yield from rest
