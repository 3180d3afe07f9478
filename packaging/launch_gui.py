"""PyInstaller entry point: the ``masketeer-gui`` command."""

import sys

from masketeer_gui.gui_launch import main

if __name__ == "__main__":
    sys.exit(main())
