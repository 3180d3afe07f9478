"""PyInstaller entry point: the ``masketeer`` command line, next to the app in the same bundle."""

import sys

from masketeer_gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
