"""``masketeer completion bash|zsh``: scripts generated from the parser that complete in a real bash."""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from masketeer_gui.cli import build_parser, main
from masketeer_gui.completion import command_paths

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("completion") / "masketeer.bash"
    from masketeer_gui.completion import bash_script

    path.write_text(bash_script(build_parser()), encoding="utf-8")
    return path


def complete(script: Path, *words: str) -> list[str]:
    """What bash offers after ``masketeer WORDS`` (the last word is the one being completed)."""
    line = " ".join(f"'{w}'" for w in ("masketeer", *words))
    program = (
        f'source "{script}"; COMP_WORDS=({line}); COMP_CWORD={len(words)}; _masketeer; '
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    result = subprocess.run(["bash", "-c", program], capture_output=True, text=True, timeout=30, check=True)
    return result.stdout.split()


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (("",), {"deidentify", "metrics", "project", "evaluate", "completion", "leakcheck"}),
        (("pro",), {"project"}),
        (("project", ""), {"init", "import", "run", "export"}),
        (("--verbose", "evaluate", "rep"), {"report"}),
        (("deidentify", "--mo"), {"--mode"}),
        (("project", "export", "--"), {"--output", "--key-file", "--mode", "--help"}),
        (("completion", ""), set()),
    ],
)
def test_bash_completes_commands_and_options(script: Path, words: tuple[str, ...], expected: set[str]) -> None:
    offered = set(complete(script, *words))
    assert expected <= offered


def test_every_command_path_is_in_the_script(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    for path in command_paths(build_parser()):
        assert f"[{shlex.quote(path or '.')}]=" in text, path


def test_files_are_offered_where_no_subcommand_is(script: Path, tmp_path: Path) -> None:
    (tmp_path / "notes-quince.jsonl").write_text("", encoding="utf-8")
    assert complete(script, "deidentify", str(tmp_path / "notes-q")) == [str(tmp_path / "notes-quince.jsonl")]


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_the_command_prints_the_script(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", shell]) == 0
    out = capsys.readouterr().out
    assert "complete -o filenames" in out and "_masketeer()" in out
    assert ("bashcompinit" in out) == (shell == "zsh")
