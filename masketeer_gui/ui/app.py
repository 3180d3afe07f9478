"""``masketeer-gui [PROJECT] [--demo] [--screenshot FILE.png]``: start the review workspace."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from masketeer_gui import __version__

USAGE_EXIT = 2


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="masketeer-gui", description="Review and correct de-identified notes.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("project", nargs="?", type=Path, help="project file to open (.db)")
    parser.add_argument("--demo", action="store_true", help="open the bundled synthetic demo project and run it")
    parser.add_argument(
        "--screenshot",
        type=Path,
        metavar="FILE.png",
        help="render the main window after loading and running, save it, exit",
    )
    return parser.parse_args(argv)


def _platform_ready(screenshot: bool) -> bool:
    """Make sure Qt has a platform: offscreen for screenshots without a display."""
    if os.environ.get("QT_QPA_PLATFORM") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True
    if screenshot or sys.platform in ("win32", "darwin"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen" if screenshot else "")
        return True
    print("masketeer-gui: no display found (set DISPLAY, or QT_QPA_PLATFORM=offscreen)", file=sys.stderr)
    return False


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not _platform_ready(args.screenshot is not None):
        return USAGE_EXIT
    from PySide6.QtWidgets import QApplication

    from masketeer_gui.ui.launcher import Launcher

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    launcher = Launcher(app, args.project, demo=args.demo, screenshot=args.screenshot)
    if not launcher.start():
        return USAGE_EXIT
    code = app.exec()
    return launcher.exit_code if launcher.exit_code is not None else code


if __name__ == "__main__":
    sys.exit(main())
