"""Importing notes: which columns hold the id, text and patient id (and the CSV delimiter), with a preview.

The preview reads the first rows of the file here, in memory (never a temporary copy). A folder of
``.txt`` files has nothing to map: the file names are the ids.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from masketeer_gui.ui.project_api import ImportLayout

PREVIEW_ROWS = 5
PREVIEW_BYTES = 64 * 1024
PREVIEW_CHARS = 80
DELIMITERS = {"guess (; or ,)": None, "comma ,": ",", "semicolon ;": ";", "tab": "\t"}
NO_PATIENT = "(none)"


def sniff_rows(path: Path, delimiter: str | None, rows: int = PREVIEW_ROWS) -> tuple[list[str], list[list[str]]]:
    """The column names and the first ``rows`` rows of a CSV or JSONL file (cells cut short)."""
    with path.open("rb") as handle:
        head = handle.read(PREVIEW_BYTES).decode("utf-8", errors="replace")
    if path.suffix.lower() == ".csv":
        first = head.split("\n", 1)[0]
        sep = delimiter or (";" if first.count(";") > first.count(",") else ",")
        table = list(csv.reader(io.StringIO(head), delimiter=sep))
        if not table:
            return [], []
        return [c.strip() for c in table[0]], table[1 : rows + 1]
    columns: list[str] = []
    records: list[dict[str, Any]] = []
    for line in head.splitlines()[:rows]:
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            records.append(value)
            columns += [k for k in value if k not in columns]
    return columns, [[str(r.get(c, "")) for c in columns] for r in records]


class ImportDialog(QDialog):
    """Choose the columns, see the first rows as they would be read; ``layout()`` is the answer."""

    def __init__(self, parent: Any, source: Path) -> None:
        super().__init__(parent)
        self.setObjectName("importDialog")
        self.setWindowTitle(f"Import notes from {source.name}")
        self.source = source
        self.delimiter = QComboBox()
        self.delimiter.addItems(list(DELIMITERS))
        self.id_col, self.text_col, self.patient_col = QComboBox(), QComboBox(), QComboBox()
        self.preview = QTableWidget()
        self.preview.setObjectName("importPreview")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.run_after = QCheckBox("Run the new notes at once")
        self.run_after.setChecked(True)
        form = QFormLayout()
        if source.suffix.lower() == ".csv":
            form.addRow("Delimiter", self.delimiter)
        form.addRow("Note id column", self.id_col)
        form.addRow("Text column", self.text_col)
        form.addRow("Patient id column", self.patient_col)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(f"The first rows of {source.name}:"))
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.run_after)
        layout.addWidget(self.buttons)
        self.delimiter.currentIndexChanged.connect(self._read)
        for combo in (self.id_col, self.text_col, self.patient_col):
            combo.currentIndexChanged.connect(self._check)
        self.resize(760, 420)
        self._read()

    def import_layout(self) -> ImportLayout:
        patient = self.patient_col.currentText()
        return ImportLayout(
            self.id_col.currentText(),
            self.text_col.currentText(),
            patient if patient != NO_PATIENT else "patient_id",
            DELIMITERS[self.delimiter.currentText()],
        )

    def _read(self) -> None:
        try:
            columns, rows = sniff_rows(self.source, DELIMITERS[self.delimiter.currentText()])
        except OSError as exc:
            columns, rows = [], []
            self.problem.setText(f"Cannot read the file: {exc.strerror or exc}")
        self._fill(self.id_col, columns, ("id", "note_id", "ID"))
        self._fill(self.text_col, columns, ("text", "note", "Text"))
        self._fill(self.patient_col, [NO_PATIENT, *columns], ("patient_id", "patient", NO_PATIENT))
        self.preview.clear()
        self.preview.setColumnCount(len(columns))
        self.preview.setRowCount(len(rows))
        self.preview.setHorizontalHeaderLabels(columns)
        for r, row in enumerate(rows):
            for c, cell in enumerate(row[: len(columns)]):
                short = cell if len(cell) <= PREVIEW_CHARS else cell[: PREVIEW_CHARS - 1] + "…"
                self.preview.setItem(r, c, QTableWidgetItem(short.replace("\n", " ")))
        self._check()

    @staticmethod
    def _fill(combo: QComboBox, items: list[str], preferred: tuple[str, ...]) -> None:
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(items)
        choice = next((p for p in preferred if p in items), items[0] if items else "")
        combo.setCurrentText(choice)
        combo.blockSignals(False)

    def _check(self) -> None:
        """Import is possible once the id and text columns are two different columns."""
        id_col, text_col = self.id_col.currentText(), self.text_col.currentText()
        ok = bool(id_col) and bool(text_col) and id_col != text_col
        self.problem.setText(
            "" if ok else "Choose the column with the note ids and the one with the text (two different columns)."
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
