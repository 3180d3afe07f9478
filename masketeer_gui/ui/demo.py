"""The ``--demo`` project: the bundled synthetic corpus and name lists, in the user data folder."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.store import Project
from masketeer_gui.store.errors import ProjectNotFoundError
from masketeer_gui.ui.resources import RESOURCES_ENV, resources_dir

DEMO_NAME = "demo.db"


class DemoNotFoundError(Exception):
    """The bundled demo corpus is not where this installation looks for it."""


def demo_path(data_dir: Path | None = None) -> Path:
    folder = data_dir or Path(user_data_dir("masketeer-gui", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DEMO_NAME


def ensure_demo_project(data_dir: Path | None = None, source: Path | None = None) -> Path:
    """Create the demo project (or bring it up to date with the bundled files) and return its path.

    Re-importing is harmless: unchanged notes and known terms are skipped, review work stays.
    """
    demo = source or resources_dir() / "demo"
    if not (demo / "notes.jsonl").is_file():
        raise DemoNotFoundError(
            f"the demo corpus is not in {demo}: the installation is incomplete (reinstall masketeer-gui; "
            f"in a clone, run ./scripts/demo), or {RESOURCES_ENV} names a folder without it."
        )
    path = demo_path(data_dir)
    try:
        project = Project.open(path)
    except ProjectNotFoundError:
        project = Project.create(path)
    with project:
        project.import_corpus(demo / "notes.jsonl")
        names = demo / "names.json"
        if names.is_file():
            project.terms.import_names(NameLists.from_json(names), why="demo name lists")
    return path
