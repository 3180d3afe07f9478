"""The ``masketeer-gui`` entry point: ``--demo`` builds the demo project in the user data folder,
``--screenshot`` renders the window after load and run and exits (offscreen)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from masketeer_gui.store import Project
from masketeer_gui.store.rows import ReviewStatus
from masketeer_gui.ui import demo
from masketeer_gui.ui.app import _platform_ready, parse_args
from masketeer_gui.ui.demo import DemoNotFoundError, ensure_demo_project
from masketeer_gui.ui.resources import RESOURCES_ENV, resources_dir

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def test_arguments():
    args = parse_args(["p.db", "--screenshot", "x.png"])
    assert args.project == Path("p.db") and args.screenshot == Path("x.png") and not args.demo
    assert parse_args(["--demo"]).demo


def test_no_display_is_a_clear_message(monkeypatch, capsys):
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert not _platform_ready(screenshot=False)
    assert "no display" in capsys.readouterr().err
    assert _platform_ready(screenshot=True) and os.environ["QT_QPA_PLATFORM"] == "offscreen"


def test_demo_project_is_created_once_and_updated_in_place(tmp_path):
    path = ensure_demo_project(tmp_path)
    with Project.open(path) as project:
        assert project.notes.count() == 600
        terms = len(project.terms.list())
        project.notes.set_review([1], ReviewStatus.REVIEWED)
    assert ensure_demo_project(tmp_path) == path  # again: nothing duplicated, review work kept
    with Project.open(path) as project:
        assert project.notes.count() == 600 and len(project.terms.list()) == terms
        assert project.notes.list([1])[0].review.value == "reviewed"
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_resources_are_found_where_the_environment_says(tmp_path, monkeypatch):
    assert (resources_dir() / "demo" / "notes.jsonl").is_file()  # the source tree (editable install)
    (tmp_path / "demo").mkdir()
    monkeypatch.setenv(RESOURCES_ENV, str(tmp_path))
    assert resources_dir() == tmp_path


def test_a_missing_demo_corpus_is_a_clear_message_and_no_empty_project(qtbot, tmp_path, monkeypatch, capsys):
    with pytest.raises(DemoNotFoundError, match=RESOURCES_ENV):
        ensure_demo_project(tmp_path, source=tmp_path / "nowhere")
    assert not list(tmp_path.iterdir())
    from PySide6.QtWidgets import QApplication

    from masketeer_gui.ui.launcher import Launcher

    monkeypatch.setattr(demo, "resources_dir", lambda: tmp_path / "installed")
    launcher = Launcher(QApplication.instance(), None, demo=True)
    try:
        assert not launcher.start()
    finally:
        launcher.window.shutdown()
    err = capsys.readouterr().err
    assert "demo corpus is not in" in err and "./scripts/demo" in err and "bug" not in err


def test_demo_screenshot_end_to_end(tmp_path):
    shot = tmp_path / "shot.png"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-m", "masketeer_gui.ui.app", "--demo", "--screenshot", str(shot)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1280, 800)
    assert shot.stat().st_mode & 0o077 == 0  # owner-only: the picture shows note text
    assert (tmp_path / "data" / "masketeer-gui" / "demo.db").is_file()


def test_bundle_inputs_and_desktop_entry():
    """The PyInstaller spec compiles and finds its inputs (the build itself is not run in tests)."""
    check = subprocess.run(["bash", str(ROOT / "packaging" / "build.sh"), "--check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    compile((ROOT / "packaging" / "masketeer-gui.spec").read_text(encoding="utf-8"), "spec", "exec")
    entry = dict(
        line.split("=", 1)
        for line in (ROOT / "resources" / "masketeer-gui.desktop").read_text(encoding="utf-8").splitlines()
        if "=" in line
    )
    assert entry["Exec"].startswith("masketeer-gui") and entry["Icon"] == "masketeer" and entry["Type"] == "Application"
    assert not QImage(str(ROOT / "resources" / "icons" / "masketeer.png")).isNull()


def test_the_demo_opens_on_a_note_with_highlighted_spans(qtbot, tmp_path, monkeypatch):
    """C.8: the first thing the demo shows is a note with spans, one of them selected (also before any run)."""
    from PySide6.QtWidgets import QApplication

    from masketeer_gui.ui.launcher import Launcher

    monkeypatch.setattr(demo, "user_data_dir", lambda *a, **k: str(tmp_path / "data"))
    launcher = Launcher(QApplication.instance(), None, demo=True)
    window = launcher.window
    try:
        with qtbot.waitSignal(window.runFinished, timeout=120_000):
            assert launcher.start()
        assert window.current is not None and window.current.spans
        assert window.note_view.current_span() is not None
        assert window.note_view.original.extraSelections()  # the spans are painted
    finally:
        window.shutdown()
        window.close()
