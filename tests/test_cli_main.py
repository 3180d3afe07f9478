"""The ``masketeer`` entry point: dispatch, exit codes, and a real subprocess run."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from masketeer_gui import cli
from masketeer_gui.cli import build_parser, main
from masketeer_gui.commands import COMMAND_MODULES

ROOT = Path(__file__).resolve().parent.parent


def test_every_command_module_registers_its_subcommand() -> None:
    subparsers = next(a for a in build_parser()._actions if a.dest == "command")
    assert {name.replace("_", "-") for name in COMMAND_MODULES} <= set(subparsers.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize(("argv", "status"), [([], 2), (["nonsense"], 2), (["--help"], 0), (["--version"], 0)])
def test_top_level_exit_codes(argv: list[str], status: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == status
    capsys.readouterr()


def run_module(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "masketeer_gui.cli", *args],
        cwd=cwd, capture_output=True, text=True, timeout=120, check=False,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def test_subprocess_metrics() -> None:
    result = run_module("metrics", "--tp", "214", "--fp", "6", "--fn", "13", "--tn", "83", "--json")
    assert result.returncode == 0, result.stderr
    assert round(json.loads(result.stdout)["accuracy"]["value"], 4) == 0.9399


def test_subprocess_bad_input_exit_2(tmp_path: Path) -> None:
    source = tmp_path / "file.jsonl"
    source.write_text('{"id": 1, "text": "a"}\n{"id": 2, "text": "b"}\n{"id": 3, "text": "Frau Zwetschk\n', "utf-8")
    result = run_module("deidentify", str(source), "-o", str(tmp_path / "out.jsonl"))
    assert result.returncode == 2
    assert "file.jsonl:3" in result.stderr and "Zwetschk" not in result.stderr
    assert not (tmp_path / "out.jsonl").exists()


def test_subprocess_deidentify_with_the_real_engine(tmp_path: Path) -> None:
    try:
        from masketeer_gui.engine.pipeline import Deidentifier

        Deidentifier.default()
    except (ImportError, FileNotFoundError) as exc:  # the engine or its dictionaries are not there yet
        pytest.skip(f"real engine not available: {type(exc).__name__}")
    source = tmp_path / "in.jsonl"
    doctors = ["Quendlinger", "Quendlbauer", "Quendlinger", "Quendlbauer"]
    notes = [{"id": i, "text": f"Bitte Fr. Dr. {name} informieren."} for i, name in enumerate(doctors)]
    source.write_text("".join(json.dumps(n) + "\n" for n in notes), "utf-8")
    out = tmp_path / "out.jsonl"
    result = run_module("deidentify", str(source), "-o", str(out), "--workers", "2", "--chunk-size", "1")
    assert result.returncode == 0, result.stderr
    assert "Quendl" not in result.stderr
    records = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [r["id"] for r in records] == ["0", "1", "2", "3"]
    assert all("Quendl" not in r["text"] and r["text"].startswith("Bitte Fr. Dr. [HCP-") for r in records)
    tags = [r["spans"][0]["pseudonym"] for r in records]
    assert tags[0] == tags[2] != tags[1] == tags[3]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices  # type: ignore[return-value]


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_a_named_command_alone_parses_as_among_all(module: str) -> None:
    """``masketeer deidentify …`` builds (and imports) the deidentify parser alone: the same parser."""
    command = module.replace("_", "-")
    alone, among_all = subcommands(build_parser(command)), subcommands(build_parser())
    assert list(alone) == [command]
    assert alone[command].format_help() == among_all[command].format_help()


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["deidentify", "in.jsonl"], "deidentify"),
        (["-vv", "export-spans", "x"], "export-spans"),
        (["--verbose", "-v", "metrics"], "metrics"),
        (["--help", "deidentify"], None),  # the top-level help lists every command
        (["-h"], None),
        ([], None),
        (["export_spans"], None),  # not a command's name: argparse says so, listing them all
        (["deidentif"], None),
        (["in.jsonl", "deidentify"], None),
    ],
)
def test_only_a_leading_command_name_narrows_the_parser(argv: list[str], command: str | None) -> None:
    assert cli._named_command(argv) == command


def test_top_level_help_still_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    assert all(module.replace("_", "-") in shown for module in COMMAND_MODULES)


ENDING_CLI = """
import atexit, sys
from masketeer_gui import cli
from masketeer_gui.commands import deidentify
from tests.fake_analyzer import fake_factory
deidentify.ENGINE_FACTORY = fake_factory
atexit.register(lambda: print("teardown ran", file=sys.stderr))
print("unflushed output", end="")  # stdout to a pipe is block-buffered: only a flush writes it
if sys.argv[1] == "--main":
    del sys.argv[1]
    sys.exit(cli.main())
cli.entry()
"""


def run_ending_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENDING_CLI, *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("first", "notes", "workers", "status", "teardown"),
    [
        ([], 1, "1", 0, False),  # the program, done: ends at once
        ([], 3, "2", 0, False),  # with workers (reaped before it ends)
        ([], 0, "1", 2, True),  # bad input: the usual way out
        (["--main"], 1, "1", 0, True),  # ``main`` called by a program: it returns
    ],
)
def test_a_finished_deidentify_run_ends_the_process_at_once(
    tmp_path: Path, first: list[str], notes: int, workers: str, status: int, teardown: bool
) -> None:
    """``cli.entry``: what the command wrote is flushed and committed, only the interpreter's teardown is
    skipped (an ``atexit`` handler shows whether it ran)."""
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = [json.dumps({"id": i, "text": "Frau Zwetschk"}) for i in range(notes)] or ['{"id": 1, "text": "Frau']
    source.write_text("\n".join(lines) + "\n", "utf-8")
    args = ["deidentify", str(source), "-o", str(out), "--workers", workers, "--chunk-size", "1"]
    result = run_ending_cli(*first, *args)
    assert result.returncode == status, result.stderr
    assert result.stdout == "unflushed output"
    assert ("teardown ran" in result.stderr) is teardown
    if status == 0:
        assert f"masketeer deidentify: {notes} notes" in result.stderr
        assert [json.loads(line)["id"] for line in out.read_text("utf-8").splitlines()] == list(map(str, range(notes)))
