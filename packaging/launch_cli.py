"""PyInstaller entry point: the ``masketeer`` command line, next to the app in the same bundle."""

from masketeer_gui.cli import entry

if __name__ == "__main__":
    entry()
