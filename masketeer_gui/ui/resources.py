"""Where the bundled files are: ``$MASKETEER_RESOURCES``, else the package data (``package_data``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon

from masketeer_gui.package_data import OVERRIDES, RESOURCES
from masketeer_gui.package_data import resources_dir as _package_resources

RESOURCES_ENV = OVERRIDES[RESOURCES]


def resources_dir() -> Path:
    """The ``resources/`` folder (demo corpus, icons, .desktop file)."""
    return _package_resources()


def app_icon() -> QIcon:
    icons = resources_dir() / "icons"
    icon = QIcon()
    for name in ("masketeer.svg", "masketeer-256.png", "masketeer.png"):
        if (icons / name).is_file():
            icon.addFile(str(icons / name))
    return icon
