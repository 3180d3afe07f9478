"""Masketeer GUI: de-identification of German clinical free text, with review and evaluation.

The public Python API (``docs/API.md``) is what ``__all__`` names; everything else is private by
convention. Names load on first use, so ``import masketeer_gui`` stays light::

    from masketeer_gui import Engine
    engine = Engine.from_files(names="names.json", key_file="project.key")
    result = engine.pseudonymize("Bitte Dr. Hofer informieren.")
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from masketeer_gui._version import __version__

__all__ = ["Engine", "Entity", "NameLists", "Result", "Span", "__version__", "deidentify_frame"]

if TYPE_CHECKING:
    from masketeer_gui.api import Engine, Result
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.span import Entity, Span
    from masketeer_gui.frames import deidentify_frame

_LAZY = {
    "Engine": "masketeer_gui.api",
    "Result": "masketeer_gui.api",
    "Span": "masketeer_gui.engine.span",
    "Entity": "masketeer_gui.engine.span",
    "NameLists": "masketeer_gui.engine.lists",
    "deidentify_frame": "masketeer_gui.frames",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'masketeer_gui' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
