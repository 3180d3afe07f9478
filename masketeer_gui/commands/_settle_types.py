"""``deidentify``'s second pass: one type (and so one tag) per person across the whole run.

The first pass writes each note as its own evidence types it to a spool file beside the output
(owner-only, de-identified lines only) and tallies the evidence; ``finish`` resolves the tally
(``engine.type_resolution``) and copies the spool to the output, re-typing the lines whose names the
corpus settled differently (``engine.retype``). Tags two references share are settled here too, by
``engine.collisions``' order-free rule over the run's references (the ones rendered, and the ones the
corpus retyped), so the output equals ``masketeer spark``'s. Memory holds per note only its name
references and evidence; the note text is never kept or written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError
from masketeer_gui.engine.collisions import TagCollisions, retyped_references, settled_retag
from masketeer_gui.engine.render import Tagger
from masketeer_gui.engine.retype import NoteTyping, retype_line
from masketeer_gui.engine.type_resolution import TypeResolution, TypeTally, resolve_types

if TYPE_CHECKING:
    from masketeer_gui.commands._sinks import LineSink
    from masketeer_gui.corpus_io import NoteRecord
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import ChunkResult


class TypeSettler:
    """Spools the first pass and writes the settled output."""

    def __init__(self, target: Path, key: bytes, tag_length: int) -> None:
        try:
            fd, name = tempfile.mkstemp(  # named so ``atomic.sweep_stale`` clears what a killed run left
                dir=target.parent or ".", prefix=f".{target.name}.{os.getpid()}.", suffix=".pass1.tmp"
            )
        except OSError as exc:
            raise UsageError(f"{target}: cannot write ({exc.strerror})") from None
        self._path = Path(name)
        self._spool = os.fdopen(fd, "w+b", buffering=1 << 20)
        self._tagger = Tagger(key, tag_length)
        self._typings: list[NoteTyping | None] = []
        self._chunk_sizes: list[int] = []
        self._tally = TypeTally()
        self._collisions = TagCollisions(tag_length)

    def add(self, chunk: list[NoteRecord], lines: list[bytes], result: ChunkResult) -> None:
        """Spool one chunk's lines and keep its evidence and its tags' digests."""
        self._spool.write(b"".join(lines))
        self._chunk_sizes.append(len(chunk))
        for offset, note_tags in enumerate(result.tags):
            self._collisions.add_note(len(self._typings) + offset, note_tags)
        self._typings.extend(result.typings or [None] * len(lines))
        if result.tally is not None:
            self._tally.merge(result.tally)

    def finish(self, output: LineSink, stats: CorpusStats | None) -> int:
        """Write the settled lines to ``output`` chunk by chunk; the number of names whose type changed."""
        resolution = resolve_types(self._tally)
        self._collect_retyped(resolution)
        final = self._collisions.final_tags()

        retag = settled_retag(self._tagger, final)
        changed, batch = 0, []
        self._spool.flush()
        self._spool.seek(0)
        sizes = iter(self._chunk_sizes)
        size = next(sizes, 0)
        for note, (line, typing) in enumerate(zip(self._spool, self._typings, strict=True)):
            line = self._collisions.settle_line(line, note, final)
            if typing is not None:
                line, moved = retype_line(line, typing, resolution, retag)
                changed += len(moved)
                if stats is not None:
                    for old, new in moved:
                        stats.per_entity[old] -= 1
                        stats.per_entity[new] += 1
            batch.append(line)
            if len(batch) == size:
                output.write_lines(batch)
                batch, size = [], next(sizes, 0)
        if batch:
            output.write_lines(batch)
        return changed

    def _collect_retyped(self, resolution: TypeResolution) -> None:
        """Add the references the corpus retypes: their new tags take part in the collision rule."""
        for typing in filter(None, self._typings):
            for entity, reference in retyped_references(typing, resolution):
                self._collisions.add(*self._tagger.tag(entity, reference))

    def close(self) -> None:
        """Delete the spool (always: the output holds the result)."""
        self._spool.close()
        with contextlib.suppress(FileNotFoundError):
            self._path.unlink()
