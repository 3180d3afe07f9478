"""The package version: the one place it is written (pyproject reads it, ``--version`` and About show it)."""

__version__ = "0.1.0"
