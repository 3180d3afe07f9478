"""docs/CONTRACT.md keeps in step with the parser: every subcommand, action and option is documented."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from masketeer_gui.cli import build_parser
from masketeer_gui.completion import command_paths

CONTRACT = (Path(__file__).resolve().parents[1] / "docs" / "CONTRACT.md").read_text(encoding="utf-8")
PATHS = {path: entry for path, entry in command_paths(build_parser()).items() if path}


def _sections(command: str) -> str:
    """The text of every section whose heading names ``masketeer COMMAND``."""
    parts = re.split(r"^(?=## )", CONTRACT, flags=re.MULTILINE)
    return "\n".join(part for part in parts if part.startswith("## ") and f"masketeer {command}" in part.split("\n")[0])


@pytest.mark.parametrize("path", sorted(PATHS))
def test_every_command_is_documented(path: str) -> None:
    command, _, action = path.partition(" ")
    section = _sections(command)
    assert section, f"docs/CONTRACT.md has no section on `masketeer {command}`"
    if action:
        assert f"{path}" in CONTRACT or f"`{action}" in section, f"`masketeer {path}` is not in docs/CONTRACT.md"


def _parser(path: str) -> argparse.ArgumentParser:
    parser = build_parser()
    for word in path.split():
        subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = subparsers.choices[word]
    return parser


@pytest.mark.parametrize("path", sorted(PATHS))
def test_every_option_is_documented(path: str) -> None:
    section = _sections(path.partition(" ")[0])
    missing = [
        action.option_strings
        for action in _parser(path)._actions
        if action.option_strings and action.dest != "help"
        if not any(re.search(rf"{re.escape(option)}\b", section) for option in action.option_strings)
    ]
    assert not missing, f"`masketeer {path}` options missing from docs/CONTRACT.md: {missing}"


def test_exit_codes_are_documented() -> None:
    for status in ("| 0 |", "| 1 |", "| 2 |", "| 3 |"):
        assert status in CONTRACT
