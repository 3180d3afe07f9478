"""Smoke test of the public Python API in an installed package (run by scripts/smoke_installed.sh).

Runs in both smoke venvs, the full app and the pipeline install without PySide6, from a folder
outside the clone. Extend it with every public name (``masketeer_gui.__all__``) as the API grows.
"""

from __future__ import annotations

import sys

import masketeer_gui
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier


def main() -> int:
    assert masketeer_gui.__version__, "no version"
    assert "PySide6" not in sys.modules, "importing the package pulled in Qt"
    engine = Deidentifier.default(NameLists.from_mapping({"patients": ["Quirinus Faltermair"]}))
    text = "Herr Quirinus Faltermair, Tel. 0664 1234567, kommt am Montag."
    spans = engine.analyze(text)
    assert {text[s.start : s.end] for s in spans} >= {"Quirinus", "Faltermair", "0664 1234567"}, spans
    assert "PySide6" not in sys.modules, "the engine pulled in Qt"
    print(f"public API smoke passed (masketeer-gui {masketeer_gui.__version__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
