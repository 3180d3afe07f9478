"""Output files that appear whole or not at all: written to a temporary file beside the target."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from masketeer_gui.commands import UsageError


class AtomicFile:
    """A temporary file in the target's folder; ``commit`` renames it, anything else deletes it."""

    def __init__(self, target: Path) -> None:
        self.target = target
        try:
            fd, name = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
        except OSError as exc:
            raise UsageError(f"{target}: cannot write ({exc.strerror})") from None
        self._temp = Path(name)
        self._committed = False
        self.handle: BinaryIO = os.fdopen(fd, "wb", buffering=1 << 20)

    def write(self, data: bytes) -> None:
        self.handle.write(data)

    def commit(self) -> None:
        """Flush and move into place (replacing an existing file)."""
        self.handle.close()
        os.replace(self._temp, self.target)
        self._committed = True

    def discard(self) -> None:
        self.handle.close()
        with contextlib.suppress(FileNotFoundError):
            self._temp.unlink()

    def __enter__(self) -> AtomicFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if not self._committed:
            self.discard()
