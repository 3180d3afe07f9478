"""Running a piece of store code in another Python process (for locking and crash tests)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def start(code: str, *args: str) -> subprocess.Popen[str]:
    """Start ``code`` in a fresh interpreter at the repository root; stdout is a text pipe."""
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(process: subprocess.Popen[str], expected: str) -> list[str]:
    """Lines the process printed up to and including the first one starting with ``expected``."""
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line.strip())
        if line.startswith(expected):
            return lines
    raise AssertionError(f"process ended before {expected!r}: {process.stderr.read() if process.stderr else ''}")
