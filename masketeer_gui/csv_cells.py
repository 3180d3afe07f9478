"""CSV that a spreadsheet opens as data: every CSV the project writes goes through ``safe_writer``.

A cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by Excel,
LibreOffice and Google Sheets as a formula (``=HYPERLINK(...)`` in an annotator's name would
become a live link). Such text cells get a leading apostrophe, which spreadsheets show as text
(OWASP "CSV injection"). Numbers are written as they are: ``-0.5`` stays a number.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, TextIO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value``, with a leading apostrophe if it is text a spreadsheet would take for a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` whose rows are neutralised cell by cell."""

    def __init__(self, out: TextIO, **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([safe_cell(value) for value in row])


def safe_writer(out: TextIO, **options: Any) -> SafeWriter:
    """A CSV writer for ``out`` (``csv.writer`` options) that never writes a live formula."""
    return SafeWriter(out, **options)
