"""The ``masketeer-gui`` command: the desktop app, or how to install it when Qt is missing.

PySide6 is the ``gui`` extra: a pipeline install (``pip install masketeer-gui``) has the engine and
the ``masketeer`` command line only. This module imports no Qt, so it can say so in plain words.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec

from masketeer_gui import __version__
from masketeer_gui.logs import configure_logging

EXIT_NO_QT = 2
INSTALL_HINT = (
    "masketeer-gui: the desktop app needs PySide6, which this installation does not have.\n"
    "Install the app with its GUI extra:   pip install 'masketeer-gui[gui]'\n"
    "(or: pipx install 'masketeer-gui[gui]'). The masketeer command line works without it."
)


def qt_available() -> bool:
    """Whether PySide6 can be imported here (without importing it)."""
    return find_spec("PySide6") is not None


def main(argv: list[str] | None = None) -> int:
    """Start the app; without PySide6 print how to install it (``--version`` works either way)."""
    args = sys.argv[1:] if argv is None else argv
    if not qt_available():
        if "--version" in args:
            print(f"masketeer-gui {__version__}")
            return 0
        print(INSTALL_HINT, file=sys.stderr)
        return EXIT_NO_QT
    configure_logging()
    from masketeer_gui.ui.app import main as app_main

    return app_main(list(args))


if __name__ == "__main__":
    sys.exit(main())
