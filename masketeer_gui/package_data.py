"""Where the shipped data folders are: ``dictionaries/`` (word lists) and ``resources/`` (demo, icons).

They live at the top of the repository. An installed package (wheel, sdist, pipx) carries them as
package data, ``masketeer_gui/data/<name>/``, found through ``importlib.resources``; a source checkout
or an editable install has no such folder and reads the repository's own. Either way no environment
variable is needed and the current directory does not matter. ``MASKETEER_DICTIONARIES`` and
``MASKETEER_RESOURCES`` still point at another copy (a site's own word lists, a test's fixture).

A folder or file that is missing or unreadable raises ``DataFileError``, whose message says in plain
words which file and what to do (reinstall) — never note text, there is none here.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

DICTIONARIES = "dictionaries"
RESOURCES = "resources"
OVERRIDES = {DICTIONARIES: "MASKETEER_DICTIONARIES", RESOURCES: "MASKETEER_RESOURCES"}
_SOURCE_TREE = Path(__file__).resolve().parent.parent  # the repository root, in a checkout


class DataFileError(Exception):
    """A shipped data file is missing, unreadable or malformed; the message names it."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(
            f"the data file {path} {problem}. The installation is incomplete or damaged: reinstall "
            "masketeer-gui (pip install --force-reinstall masketeer-gui); if MASKETEER_DICTIONARIES or "
            "MASKETEER_RESOURCES is set, check the folder it names"
        )
        self.path = path


@contextmanager
def reading_data() -> Iterator[None]:
    """Turn a missing or unreadable data file met inside the block into ``DataFileError`` naming it.

    (A malformed line is the readers' ``DictionaryFormatError``, which names file and line itself.)
    """
    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            raise
        raise DataFileError(Path(exc.filename), f"cannot be read ({exc.strerror or type(exc).__name__})") from None


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"dictionaries"`` or ``"resources"``): override, package data, or checkout."""
    configured = os.environ.get(OVERRIDES[name])
    if configured:
        return Path(configured)
    for candidate in _candidates(name):
        if candidate.is_dir():
            return candidate
    return _candidates(name)[0]


def dictionaries_dir() -> Path:
    """The shipped word lists (``dictionaries/``)."""
    return data_dir(DICTIONARIES)


def resources_dir() -> Path:
    """The demo corpus, icons and desktop file (``resources/``)."""
    return data_dir(RESOURCES)


def require_file(path: Path) -> Path:
    """``path`` if it is a readable file, else ``DataFileError`` naming it."""
    if not path.is_file():
        raise DataFileError(path, "is missing")
    if not os.access(path, os.R_OK):
        raise DataFileError(path, "is not readable")
    return path


def _candidates(name: str) -> list[Path]:
    """Package data first (a wheel), then the repository folder (a checkout, an editable install)."""
    packaged = resources.files("masketeer_gui").joinpath("data", name)
    found = [packaged] if isinstance(packaged, Path) else []  # a zipped install has no real folders
    return [*found, _SOURCE_TREE / name]
