"""The program's own imports run with the cyclic GC paused (``cli.main``, ``deidentify.run``): their objects
live as long as the process, so a collection during them would walk them for nothing; and ``main`` leaves the
collector as it found it."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from tests.processes import ROOT

PROBE = """
import gc, sys
from masketeer_gui import cli
from masketeer_gui.commands import deidentify
from tests.fake_analyzer import fake_factory
deidentify.ENGINE_FACTORY = fake_factory
collected_in = []

def during_an_import(phase, info):
    frame = sys._getframe(1)
    while phase == "start" and frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__", "").startswith("masketeer_gui"):
            collected_in.append(frame.f_globals["__name__"])
            return
        frame = frame.f_back

gc.callbacks.append(during_an_import)
status = cli.main(sys.argv[1:])
print(status, gc.isenabled(), sorted(set(collected_in)))
"""


def test_no_collection_runs_while_the_program_imports_its_modules(tmp_path: Path) -> None:
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text(json.dumps({"id": "1", "text": "Frau Quendolin Vrazstil kam."}) + "\n", encoding="utf-8")
    args = ["deidentify", str(corpus), "-o", str(tmp_path / "out.jsonl"), "--workers", "1"]
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split(maxsplit=2) == ["0", "True", "[]\n"]


@pytest.mark.parametrize("collecting", [True, False])
def test_main_leaves_the_collector_as_it_found_it(collecting: bool, capsys: pytest.CaptureFixture[str]) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if collecting else gc.disable)()
        assert main(["--version"]) == 0 and main(["no-such-command"]) == 2
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()
    capsys.readouterr()
