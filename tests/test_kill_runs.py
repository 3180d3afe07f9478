"""Killed parallel runs: workers die with their parent, the project opens again, no output is half there.

Each test really starts ``masketeer project run --workers 2`` or ``masketeer deidentify --workers 2``
(on a slow stand-in engine), waits for its two workers, kills the parent with SIGKILL or SIGTERM,
and checks what is left.
"""

from __future__ import annotations

import json
import signal
import sys
import time
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as deidentify_command
from masketeer_gui.commands import project as project_command
from masketeer_gui.store import Project
from tests.fake_analyzer import fake_factory
from tests.processes import open_files, start_slow_cli, stop, survivors, wait_for_children

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find the workers")

SIGNALS = [signal.SIGKILL, signal.SIGTERM]


def corpus(path: Path, n: int = 3000) -> Path:
    lines = [json.dumps({"id": f"N{i}", "text": f"Frau Zwetschke{i % 40} kam um {i % 24} Uhr."}) for i in range(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def lock_files_held(workers: list[int], settle: float = 5.0) -> list[str]:
    """Lock files the workers have open, once their fork handlers ran (a loaded machine may show a
    child in the microseconds between ``fork`` and ``store.locking``'s at-fork close)."""
    deadline = time.monotonic() + settle
    while True:
        held = [name for pid in workers for name in open_files(pid) if name.endswith(".lock") or "-lock" in name]
        if not held or time.monotonic() > deadline:
            return held
        time.sleep(0.05)


@pytest.mark.parametrize("kill", SIGNALS, ids=lambda s: s.name)
def test_killed_project_run_leaves_no_workers_and_no_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kill: signal.Signals
) -> None:
    monkeypatch.setattr(project_command, "ANALYZER_FACTORY", fake_factory)
    path = tmp_path / "P.db"
    with Project.create(path, analyzer_factory=fake_factory) as project:
        project.import_corpus(corpus(tmp_path / "a.jsonl"))
    run = start_slow_cli("project", "run", path, "--workers", "2")
    workers = wait_for_children(run, 2)
    try:
        held = lock_files_held(workers)
    finally:
        stop(run, kill)
    assert held == []  # the workers do not hold the project's lock (closed right after the fork)
    assert survivors(workers) == []  # the workers died with their parent
    assert main(["project", "run", str(path)]) == 0  # and nobody holds the project
    with Project.open(path, analyzer_factory=fake_factory) as project:
        assert project.integrity_check() == "ok"
        assert project.runs.latest() is not None and not project.runs.outdated()


@pytest.mark.parametrize("kill", SIGNALS, ids=lambda s: s.name)
def test_killed_deidentify_leaves_no_workers_and_no_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kill: signal.Signals
) -> None:
    monkeypatch.setattr(deidentify_command, "ENGINE_FACTORY", fake_factory)
    source, out = corpus(tmp_path / "in.jsonl"), tmp_path / "out"
    out.mkdir()
    (tmp_path / "pass.txt").write_text("correct horse battery\n", encoding="utf-8")
    side: list[str | Path] = ["--stats", out / "s.json", "--risk", out / "r.json", "--vault", out / "m.vault"]
    args: list[str | Path] = [
        source,
        "-o",
        out / "o.jsonl",
        *side,
        "--passphrase-file",
        tmp_path / "pass.txt",
        "--workers",
        "2",
    ]
    run = start_slow_cli("deidentify", *args, "--chunk-size", "64")
    workers = wait_for_children(run, 2)
    stop(run, kill)
    assert survivors(workers) == []
    left = sorted(p.name for p in out.iterdir())
    if kill == signal.SIGTERM:  # terminated: every temporary file is cleaned up
        assert left == []
    else:  # killed outright: at most hidden temporary files, never an output
        assert all(name.startswith(".") and name.endswith(".tmp") for name in left), left
    assert main(["deidentify", *map(str, args)]) == 0  # a retry is not blocked, and sweeps what was left
    assert sorted(p.name for p in out.iterdir()) == ["m.vault", "o.jsonl", "r.json", "s.json"]
