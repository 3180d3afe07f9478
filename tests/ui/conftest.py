"""GUI test set-up: offscreen Qt with a private runtime dir, isolated settings and data folders,
and a demo project made (and run) once per session and copied for each test that needs one."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt
_RUNTIME = tempfile.mkdtemp(prefix="masketeer-xdg-")
os.chmod(_RUNTIME, 0o700)
os.environ["XDG_RUNTIME_DIR"] = _RUNTIME

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from masketeer_gui.engine.lists import NameLists  # noqa: E402
from masketeer_gui.store import Project  # noqa: E402
from masketeer_gui.ui.resources import resources_dir  # noqa: E402

DEMO = resources_dir() / "demo"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings (QSettings) and the user data folder live in the test's own temp dir."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo corpus imported and run once (a closed project file, copied per test)."""
    path = tmp_path_factory.mktemp("template") / "demo.db"
    with Project.create(path) as project:
        project.import_corpus(DEMO / "notes.jsonl")
        project.terms.import_names(NameLists.from_json(DEMO / "names.json"), why="demo name lists")
        project.runs.run(incremental=False)
    return path


@pytest.fixture(scope="session")
def fresh_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo corpus imported but never run."""
    path = tmp_path_factory.mktemp("fresh") / "fresh.db"
    with Project.create(path) as project:
        project.import_corpus(DEMO / "notes.jsonl")
        project.terms.import_names(NameLists.from_json(DEMO / "names.json"), why="demo name lists")
    return path


def copy_project(template: Path, target: Path) -> Path:
    shutil.copy2(template, target)
    target.chmod(0o600)
    return target


@pytest.fixture
def demo_project(demo_template: Path, tmp_path: Path) -> Path:
    return copy_project(demo_template, tmp_path / "demo.db")


@pytest.fixture
def fresh_project(fresh_template: Path, tmp_path: Path) -> Path:
    return copy_project(fresh_template, tmp_path / "fresh.db")


@pytest.fixture
def window(qtbot, settings: QSettings) -> Iterator:  # type: ignore[no-untyped-def]
    """A shown main window with no project; its threads are stopped at the end."""
    from masketeer_gui.ui.main_window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.shutdown()
