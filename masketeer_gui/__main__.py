"""``python -m masketeer_gui``: the ``masketeer`` command line (the desktop app is ``masketeer-gui``)."""

from masketeer_gui.cli import entry

if __name__ == "__main__":
    entry()
