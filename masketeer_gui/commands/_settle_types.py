"""``deidentify``'s second pass: one type (and so one tag) per person across the whole run.

The first pass writes each note as its own evidence types it to a spool file beside the output
(owner-only, de-identified lines only; a FHIR run spools its resources beside them) and tallies the
evidence; ``finish`` settles the run (``settling.RunSettler``: types by the corpus's evidence, tag
collisions by ``engine.collisions``' order-free rule, as ``masketeer spark`` does) and writes it to
the output. A ``--vault`` hears of every line that changed, so it maps the settled tags. Memory holds
per note only its name references and evidence; the note text is never kept or written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

from masketeer_gui.atomic import OutputError
from masketeer_gui.commands import UsageError
from masketeer_gui.settling import OnChange, RunSettler

if TYPE_CHECKING:
    from masketeer_gui.commands._sinks import Sink
    from masketeer_gui.corpus_io import NoteRecord
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import ChunkResult


class TypeSettler:
    """Spools the first pass beside ``target`` and writes the settled output."""

    def __init__(self, target: Path, key: bytes, tag_length: int, *, tags: bool = True, own: bool = False) -> None:
        self._target = target
        self._files: list[tuple[Path, IO[bytes]]] = []
        try:
            spool = self._open(target, "pass1")
            own_spool = self._open(target, "pass1-own") if own else None
        except BaseException:
            self.close()
            raise
        self._settler = RunSettler(spool, key, tag_length, tags=tags, own=own_spool)

    def _open(self, target: Path, kind: str) -> IO[bytes]:
        try:  # named so ``atomic.sweep_stale`` clears what a killed run left
            fd, name = tempfile.mkstemp(
                dir=target.parent or ".", prefix=f".{target.name}.{os.getpid()}.", suffix=f".{kind}.tmp"
            )
        except OSError as exc:
            raise UsageError(f"{target}: cannot write ({exc.strerror})") from None
        handle = os.fdopen(fd, "w+b", buffering=1 << 20)
        self._files.append((Path(name), handle))
        return handle

    def add(self, chunk: list[NoteRecord], lines: list[bytes], result: ChunkResult, output: Sink) -> None:
        """Spool one chunk's lines (and the output's own form of them) and keep its evidence."""
        own = output.own_lines(chunk, lines)
        with self._errors():
            self._settler.add(lines, result, own)

    def finish(self, output: Sink, stats: CorpusStats | None, on_change: OnChange | None = None) -> int:
        """Write the settled lines to ``output``; the number of names whose type changed."""
        with self._errors():
            moved = self._settler.settle(output.write_lines, rerender=output.rerender, on_change=on_change)
        if stats is not None:
            for (old, new), count in moved.items():
                stats.per_entity[old] -= count
                stats.per_entity[new] += count
        return sum(moved.values())

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """A spool that cannot be written or read back (a full disk) is the output's failure."""
        try:
            yield
        except OutputError:
            raise
        except OSError as exc:
            raise OutputError(self._target, exc) from None

    def close(self) -> None:
        """Delete the spools (always: the output holds the result)."""
        for path, handle in self._files:
            with contextlib.suppress(OSError):  # a full disk fails the close too: the file goes all the same
                handle.close()
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        self._files = []
