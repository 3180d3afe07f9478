"""Masketeer GUI: de-identification of German clinical free text, with review and evaluation."""

__version__ = "0.1.0"
