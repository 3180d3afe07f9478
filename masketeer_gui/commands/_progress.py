"""Progress on stderr: a single updating line on a terminal, one summary line otherwise.

Only counts and rates are printed, never note text, ids or names.
"""

from __future__ import annotations

import time
from typing import TextIO

_INTERVAL = 0.25  # seconds between terminal updates


class Progress:
    """Counts notes, spans and skipped records, and reports them on ``stream``."""

    def __init__(self, stream: TextIO, label: str = "masketeer") -> None:
        self._stream = stream
        self._label = label
        self._live = stream.isatty()
        self._start = self._shown = time.perf_counter()
        self.notes = self.with_phi = self.spans = self.skipped = 0

    def advance(self, notes: int, with_phi: int, spans: int) -> None:
        self.notes += notes
        self.with_phi += with_phi
        self.spans += spans
        now = time.perf_counter()
        if self._live and now - self._shown >= _INTERVAL:
            self._shown = now
            self._stream.write(f"\r{self._label}: {self.notes:,} notes, {self._rate(now):,.0f} notes/s ")
            self._stream.flush()

    def clear_line(self) -> None:
        """Erase the live line before printing something else (e.g. a skipped record)."""
        if self._live:
            self._stream.write("\r\x1b[K")

    def finish(self) -> None:
        now = time.perf_counter()
        self.clear_line()
        self._stream.write(
            f"{self._label}: {self.notes:,} notes ({self.with_phi:,} with PHI, {self.spans:,} spans) "
            f"in {now - self._start:.1f} s, {self._rate(now):,.0f} notes/s"
            + (f"; {self.skipped:,} bad records skipped" if self.skipped else "")
            + "\n"
        )
        self._stream.flush()

    def _rate(self, now: float) -> float:
        return self.notes / max(now - self._start, 1e-9)
