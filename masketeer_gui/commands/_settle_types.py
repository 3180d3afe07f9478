"""``deidentify``'s second pass: one type (and so one tag) per person across the whole run.

The first pass writes each note as its own evidence types it to a spool file beside the output
(owner-only, de-identified lines only) and tallies the evidence; ``finish`` resolves the tally
(``engine.type_resolution``) and copies the spool to the output, re-typing the lines whose names the
corpus settled differently (``engine.retype``). Memory holds per note only its name references and
evidence; the note text is never kept or written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError
from masketeer_gui.engine.render import Tagger
from masketeer_gui.engine.retype import NoteTyping, retype_line
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.type_resolution import TypeTally, resolve_types

if TYPE_CHECKING:
    from masketeer_gui.commands._atomic import AtomicFile
    from masketeer_gui.engine.pseudonyms import TagLedger
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import ChunkResult


class TypeSettler:
    """Spools the first pass and writes the settled output."""

    def __init__(self, target: Path, key: bytes, tag_length: int) -> None:
        try:
            fd, name = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".pass1")
        except OSError as exc:
            raise UsageError(f"{target}: cannot write ({exc.strerror})") from None
        self._path = Path(name)
        self._spool = os.fdopen(fd, "w+b", buffering=1 << 20)
        self._tagger = Tagger(key, tag_length)
        self._typings: list[NoteTyping | None] = []
        self._tally = TypeTally()

    def add(self, lines: list[bytes], result: ChunkResult) -> None:
        """Spool one chunk's lines and keep its evidence."""
        self._spool.write(b"".join(lines))
        self._typings.extend(result.typings or [None] * len(lines))
        if result.tally is not None:
            self._tally.merge(result.tally)

    def finish(self, output: AtomicFile, ledger: TagLedger, stats: CorpusStats | None) -> int:
        """Write the settled lines to ``output``; the number of names whose type changed."""
        resolution = resolve_types(self._tally)

        def retag(entity: Entity, reference: str) -> str:
            return ledger.resolve(*self._tagger.tag(entity, reference))

        changed = 0
        self._spool.flush()
        self._spool.seek(0)
        for line, typing in zip(self._spool, self._typings, strict=True):
            if typing is not None:
                line, moved = retype_line(line, typing, resolution, retag)
                changed += len(moved)
                if stats is not None:
                    for old, new in moved:
                        stats.per_entity[old] -= 1
                        stats.per_entity[new] += 1
            output.write(line)
        return changed

    def close(self) -> None:
        """Delete the spool (always: the output holds the result)."""
        self._spool.close()
        with contextlib.suppress(FileNotFoundError):
            self._path.unlink()
