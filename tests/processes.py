"""Processes for kill tests: start a ``masketeer`` command on a stand-in engine, find and reap its workers."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SLOW_CLI = """
import sys
from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify, project
from tests.fake_analyzer import slow_factory
project.ANALYZER_FACTORY = slow_factory
deidentify.ENGINE_FACTORY = slow_factory
sys.exit(main(sys.argv[1:]))
"""


def start_slow_cli(*args: str | Path) -> subprocess.Popen[str]:
    """``masketeer ARGS`` on an engine that takes 10 ms a note, in its own session (like ``setsid``)."""
    return subprocess.Popen(
        [sys.executable, "-c", SLOW_CLI, *map(str, args)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def wait_for_children(process: subprocess.Popen[str], count: int, timeout: float = 60.0) -> list[int]:
    """The first ``count`` children of ``process``, once it has started them."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = children(process.pid)
        if len(found) >= count:
            return found
        if process.poll() is not None:
            raise AssertionError(f"ended before starting {count} workers: {process.communicate()[1]}")
        time.sleep(0.05)
    raise AssertionError(f"no {count} workers after {timeout} s")


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def survivors(pids: list[int], timeout: float = 10.0) -> list[int]:
    """Those of ``pids`` still running after ``timeout`` seconds (killed then, so no test leaves any)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(alive(pid) for pid in pids):
        time.sleep(0.05)
    left = [pid for pid in pids if alive(pid)]
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return left


def stop(process: subprocess.Popen[str], signum: int) -> None:
    """Send ``signum`` and reap the process; its pipes are closed unread (orphans may hold them open)."""
    process.send_signal(signum)
    process.wait(timeout=60)
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def open_files(pid: int) -> list[str]:
    """The paths of the files process ``pid`` has open."""
    names = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            names.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            continue
    return names


FAKE_CLI = SLOW_CLI.replace("slow_factory", "fake_factory")


def run_cli(*args: str | Path, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    """``masketeer ARGS`` on the stand-in engine in another process; ``TimeoutExpired`` if it hangs."""
    return subprocess.run(
        [sys.executable, "-c", FAKE_CLI, *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
