"""Entry points: ``python -m masketeer_gui``, one version everywhere, ``masketeer-gui`` without Qt."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import masketeer_gui
from masketeer_gui import gui_launch
from masketeer_gui.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_python_dash_m_runs_the_cli(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "masketeer_gui", "--version"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"masketeer {masketeer_gui.__version__}"


def test_the_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" in project["dynamic"] and "version" not in project
    assert (ROOT / "masketeer_gui" / "_version.py").read_text(encoding="utf-8").count(masketeer_gui.__version__) == 1


def test_the_citation_names_this_version_and_the_paper() -> None:
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f"version: {masketeer_gui.__version__}\n" in citation
    assert 'doi: "10.3390/fi16080281"' in citation


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"masketeer {masketeer_gui.__version__}"


def test_without_pyside6_masketeer_gui_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(gui_launch, "find_spec", lambda name: None)
    assert gui_launch.main(["--demo"]) == gui_launch.EXIT_NO_QT
    err = capsys.readouterr().err
    assert "pip install 'masketeer-gui[gui]'" in err and "masketeer command line works without it" in err
    assert gui_launch.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"masketeer-gui {masketeer_gui.__version__}"


def test_with_pyside6_masketeer_gui_starts_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("PySide6", reason="the gui extra is not installed")
    from masketeer_gui.ui import app

    seen: list[list[str]] = []
    monkeypatch.setattr(app, "main", lambda argv: seen.append(argv) or 0)
    assert gui_launch.main(["--demo"]) == 0 and seen == [["--demo"]]


def test_the_engine_and_cli_import_no_qt() -> None:
    program = (
        "import sys; import masketeer_gui.cli, masketeer_gui.engine.pipeline, masketeer_gui.store, "
        "masketeer_gui.gui_launch; "
        "from masketeer_gui.cli import build_parser; build_parser(); "
        "sys.exit(1 if any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules) else 0)"
    )
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr or "importing the engine or CLI pulled in Qt"
