"""A run's second pass: one type per person across the run, and tag collisions by the order-free rule.

The first pass (``parallel.ChunkWorker`` with ``EngineSpec.settle_types``) renders each note as its own
evidence types it. ``RunSettler.add`` writes those lines to a spool (a temporary file the caller opens
owner-only: de-identified lines, never note text), groups the names that can move by what settles them
alike (``engine.retype.NameGroups``; in memory only: it holds references), adds up the ``TypeTally`` and,
in tags mode, records every tag's digest (``engine.collisions``). ``RunSettler.settle`` then resolves the
tally (``engine.type_resolution``), each group once, to find the names the corpus types otherwise, works
out which tags collide, and streams the spool out again: only the lines that change are parsed and
rewritten, the others are copied in blocks as they are. ``masketeer deidentify``, ``Engine.pipe`` and
``masketeer spark`` (the same functions, as Spark stages) settle a run alike, so they agree byte for byte.

In surrogates mode only a name's ``entity`` moves: a surrogate depends on the key, the patient and the
name, never on whether the name is PAT, HCP or PER; and surrogates have no tags to collide.
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import accumulate, chain
from operator import itemgetter
from typing import IO, TYPE_CHECKING

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.collisions import TagCollisions, settled_retag
from masketeer_gui.engine.lexicon_cache import gc_paused as collector_paused  # (store.type_settling imports it here)
from masketeer_gui.engine.pseudonyms import DEFAULT_LENGTH
from masketeer_gui.engine.render import Tagger
from masketeer_gui.engine.retype import Move, NameGroups, Retag, settled_line
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.type_resolution import TypeTally, resolve_types

if TYPE_CHECKING:
    from masketeer_gui.parallel import ChunkResult

BLOCK = 1 << 20  # bytes handed to the writer at once
_OLD_NEW = itemgetter(2, 3)  # of a ``Move``: its old and new type
_NEW_REFERENCE = itemgetter(3, 1)  # of a ``Move``: its new type and reference
Rerender = Callable[[bytes, bytes], bytes]  # (the sink's own first-pass line, the settled line) -> its new line
OnChange = Callable[[int, bytes], None]  # (note number, settled line) of each line that changed


class _Spool:
    """Lines appended to a file, then read back by note number: changed lines alone, the rest in blocks.

    Read back forward (as the settle does), lines and blocks come out of one window of about ``BLOCK``
    bytes at a time: a few reads for the whole spool, not one per changed line.
    """

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self._lengths = array("Q")
        self._ends: array[int] | None = None
        self._window: tuple[int, bytes] = (0, b"")  # bytes of the spool read last, and where they start

    def write(self, lines: Sequence[bytes]) -> None:
        self.handle.write(b"".join(lines))
        self._lengths.extend(map(len, lines))

    def __len__(self) -> int:
        return len(self._lengths)

    def ends(self) -> array[int]:
        """Where each line ends (bytes from the start)."""
        if self._ends is None:
            self.handle.flush()
            self._ends = array("Q", accumulate(self._lengths))
        return self._ends

    def line(self, note: int) -> bytes:
        ends = self.ends()
        return self.read(ends[note - 1] if note else 0, ends[note])

    def lines(self) -> Iterator[bytes]:
        """Every line in order (the rare slow path that must look at each)."""
        self.ends()
        self.handle.seek(0)
        yield from self.handle

    def copy(self, start: int, end: int) -> Iterator[bytes]:
        """Bytes ``start:end`` (both at line ends) in pieces of whole lines, about ``BLOCK`` bytes each."""
        ends = self.ends()
        while start < end:
            stop = end
            if stop - start > BLOCK:  # cut at the last line end within the block (after one line at least)
                within = bisect_right(ends, start + BLOCK)  # no line end within it: the first line is longer
                stop = ends[within - 1] if within and ends[within - 1] > start else ends[bisect_right(ends, start)]
            yield self.read(start, stop)
            start = stop

    def read(self, start: int, end: int) -> bytes:
        """Bytes ``start:end``: from the window when it holds them, else from a new one read at ``start``."""
        first, window = self._window
        if first <= start and end <= first + len(window):
            return window if start == first and end == first + len(window) else window[start - first : end - first]
        ends = self.ends()
        stop = max(end, min(start + BLOCK, ends[-1] if ends else 0))
        window = os.pread(self.handle.fileno(), stop - start, start)
        if len(window) != stop - start:
            raise OSError(f"the spool ended {stop - start - len(window)} bytes early")
        self._window = (start, window)
        return window if end == stop else window[: end - start]


class RunSettler:
    """Spools a run's first pass and writes it settled (see the module docstring).

    ``spool``: an empty, owner-only temporary file (the caller deletes it). ``own``: a second one for a
    sink whose lines are not the output records themselves (FHIR resources), spooled beside them.
    ``tags``: False in surrogates mode (no tags to collide or to retag).
    """

    def __init__(
        self,
        spool: IO[bytes],
        key: bytes,
        tag_length: int = DEFAULT_LENGTH,
        *,
        tags: bool = True,
        own: IO[bytes] | None = None,
    ) -> None:
        self._spool = _Spool(spool)
        self._own = _Spool(own) if own is not None else None
        self._tagger = Tagger(key, tag_length) if tags else None
        self._names = NameGroups()
        self._tally = TypeTally()
        self._collisions = TagCollisions(tag_length) if tags else None
        self.moved: Counter[tuple[Entity, Entity]] = Counter()

    def add(self, lines: Sequence[bytes], result: ChunkResult, own_lines: Sequence[bytes] | None = None) -> None:
        """Spool one chunk's lines (and the sink's own lines) and keep its evidence and its tags' digests."""
        first = len(self._spool)
        self._spool.write(lines)
        if self._own is not None and own_lines is not None:
            self._own.write(own_lines)
        if self._collisions is not None:
            self._collisions.add_notes(first, result.tags)
        if result.typings:
            self._names.add_notes(first, result.typings)
        if result.tally is not None:
            self._tally.merge(result.tally)

    def settle(
        self,
        write: Callable[[list[bytes]], None],
        *,
        rerender: Rerender | None = None,
        on_change: OnChange | None = None,
    ) -> Counter[tuple[Entity, Entity]]:
        """Write every line settled, in order, to ``write`` (``blocks``); how many names moved from
        one type to another."""
        for pieces in self.blocks(rerender=rerender, on_change=on_change):
            write(pieces)
        return self.moved

    def blocks(self, *, rerender: Rerender | None = None, on_change: OnChange | None = None) -> Iterator[list[bytes]]:
        """Every line settled, in order, as lists of pieces of whole lines (about ``BLOCK`` bytes a list).

        ``rerender`` turns a settled line into the sink's own (with ``own``); ``on_change`` hears of each
        line that changed. ``moved`` counts the names that moved from one type to another.
        """
        if self._own is not None and rerender is None:
            raise ValueError("a sink with its own lines needs rerender")
        with collector_paused():
            moves = self._names.moves(resolve_types(self._tally))
            self.moved = Counter(map(_OLD_NEW, chain.from_iterable(moves.values())))
            final = self._final_tags(moves.values())
        retag = settled_retag(self._tagger, final) if self._tagger is not None else None
        colliding = self._collisions.colliding() if self._collisions is not None else []
        changing = sorted(moves.keys() | set(self._lines_with(colliding)))
        source = self._own or self._spool
        own = rerender if self._own is not None else None  # the sink's own line of a settled one

        def blocks() -> Iterator[list[bytes]]:
            ends = source.ends()
            block: list[bytes] = []
            position = began = 0  # the source's first byte not yet in a block; where this block began in it
            for note in changing:
                start = ends[note - 1] if note else 0
                if start - position > BLOCK:  # a long stretch of lines as they are: in blocks of its own
                    if block:
                        yield block
                    for piece in source.copy(position, start):  # (a loop: compiled, a generator expression
                        yield [piece]  # would be a list of the whole stretch at once)
                    block, began = [], start
                elif start > position:
                    block.append(source.read(position, start))
                first_pass = source.read(start, ends[note]) if own is None else None  # (the source is the spool)
                line = self._settled_line(note, first_pass, moves.get(note, ()), retag, final)
                if on_change is not None:
                    on_change(note, line)
                block.append(own(source.line(note), line) if own is not None else line)
                position = ends[note]
                if position - began >= BLOCK:
                    yield block
                    block, began = [], position
            if block:
                yield block
            for piece in source.copy(position, ends[-1] if ends else 0):
                yield [piece]

        return blocks()

    def _final_tags(self, moves: Iterable[list[Move]]) -> dict[bytes, str]:
        """The lengthened tags of the run, the moved names' new references taking part in the rule."""
        if self._tagger is None or self._collisions is None:
            return {}
        tag, add = self._tagger.tag, self._collisions.add
        for entity, reference in set(map(_NEW_REFERENCE, chain.from_iterable(moves))):
            add(*tag(entity, reference))  # once per new reference (the rule depends on the set alone)
        return self._collisions.final_tags()

    def _lines_with(self, colliding: list[bytes]) -> Iterator[int]:
        """The notes whose line holds a colliding base tag (none at all in most runs)."""
        if colliding:
            for note, line in enumerate(self._spool.lines()):
                if any(tag in line for tag in colliding):
                    yield note

    def _settled_line(
        self, note: int, line: bytes | None, moves: Sequence[Move], retag: Retag | None, final: dict[bytes, str]
    ) -> bytes:
        """Note number ``note``'s settled line; ``line``: its first-pass line, when already read."""
        line = self._spool.line(note) if line is None else line
        if not final or self._collisions is None:
            return settled_line(line, moves, retag)
        record = fastjson.loads(line)
        return settled_line(line, moves, retag, self._collisions.lengthened(record, note, final), record)


def split_lines(blocks: Iterable[bytes]) -> Iterator[bytes]:
    """The lines (newline kept) of blocks of whole lines, as ``RunSettler.settle`` writes them."""
    for block in blocks:
        start = 0
        while start < len(block):
            end = block.index(b"\n", start) + 1
            yield block[start:end]
            start = end
