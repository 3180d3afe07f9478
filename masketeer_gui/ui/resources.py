"""Where the bundled files are: ``$MASKETEER_RESOURCES``, a PyInstaller bundle, the source tree (also
an editable install), or an installed share folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtGui import QIcon

RESOURCES_ENV = "MASKETEER_RESOURCES"


def resources_dir() -> Path:
    """The ``resources/`` folder (demo corpus, icons, .desktop file)."""
    candidates = []
    configured = os.environ.get(RESOURCES_ENV)
    if configured:
        candidates.append(Path(configured))
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources")
    candidates.append(Path(__file__).resolve().parents[2] / "resources")
    candidates.append(Path(sys.prefix) / "share" / "masketeer-gui")
    for candidate in candidates:
        if (candidate / "demo").is_dir() or (candidate / "icons").is_dir():
            return candidate
    return candidates[-1]


def app_icon() -> QIcon:
    icons = resources_dir() / "icons"
    icon = QIcon()
    for name in ("masketeer.svg", "masketeer-256.png", "masketeer.png"):
        if (icons / name).is_file():
            icon.addFile(str(icons / name))
    return icon
