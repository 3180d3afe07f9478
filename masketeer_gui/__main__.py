"""``python -m masketeer_gui``: the ``masketeer`` command line (the desktop app is ``masketeer-gui``)."""

import sys

from masketeer_gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
