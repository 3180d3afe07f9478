"""Masketeer GUI: de-identification of German clinical free text, with review and evaluation."""

from masketeer_gui._version import __version__

__all__ = ["__version__"]
