"""The curator's dictionary editor: browse, search, add, edit, remove curated terms with their
provenance, near-duplicate hints, import/export, and the notes each entry affects."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from masketeer_gui.ui.commands import RemoveTerm
from masketeer_gui.ui.near_duplicates import near_duplicates
from masketeer_gui.ui.project_api import PendingChange, TermKind, TermRow
from masketeer_gui.ui.review import ReviewController
from masketeer_gui.ui.term_dialog import KIND_LABELS, preview_text
from masketeer_gui.ui.term_model import TERM_ROLE, TermFilterProxy, TermTableModel
from masketeer_gui.ui.workers import Job
from masketeer_gui.ui.workspace import Workspace

JSON_FILTER = "Term lists (*.json);;All files (*)"


class DictionaryEditor(QDialog):
    """A non-modal window over the project's curated terms; changes go through the undo stack."""

    def __init__(self, ws: Workspace, review: ReviewController) -> None:
        super().__init__(ws.widget)
        self.setObjectName("dictionaryEditor")
        self.setWindowTitle("Dictionary editor")
        self.ws = ws
        self.review = review
        self.confirm_box: QMessageBox | None = None
        self.model = TermTableModel(parent=self)
        self.proxy = TermFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self._build()
        ws.undo_stack.indexChanged.connect(self._on_stack)
        ws.previews.succeeded.connect(self._on_remove_preview)
        self.resize(1000, 560)

    def _build(self) -> None:
        self.search = QLineEdit(placeholderText="Search terms…", clearButtonEnabled=True)
        self.kind = QComboBox()
        self.kind.addItem("All lists", "")
        for kind, label in KIND_LABELS.items():
            self.kind.addItem(label, kind.value)
        self.search.textChanged.connect(self._filter)
        self.kind.currentIndexChanged.connect(self._filter)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.table.doubleClicked.connect(lambda _: self.edit_selected())
        self.details = QLabel("Select an entry to see where it came from.")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.notes = QListWidget()
        self.notes.setToolTip("Double-click a note to show it in the main window")
        self.notes.itemDoubleClicked.connect(self._show_note)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.details)
        side_layout.addWidget(QLabel("Notes this entry affects:"))
        side_layout.addWidget(self.notes, 1)
        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(side)
        splitter.setSizes([650, 350])
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.kind)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(self._buttons())

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        specs = (
            ("Add…", self.add),
            ("Edit…", self.edit_selected),
            ("Remove…", self.remove_selected),
            ("Import…", self.import_dialog),
            ("Export…", self.export_dialog),
        )
        self.buttons: dict[str, QPushButton] = {}
        for text, slot in specs:
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[text.rstrip("…")] = button
            row.addWidget(button)
        row.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        row.addWidget(close)
        return row

    # --- data -------------------------------------------------------------------------------------
    def reload(self) -> None:
        project = self.ws.project
        self.model.set_rows(project.terms() if project else [])
        header = self.table.horizontalHeader()
        self.table.sortByColumn(max(header.sortIndicatorSection(), 0), header.sortIndicatorOrder())
        self.table.resizeColumnsToContents()
        self._on_selection()

    def _on_stack(self, _index: int) -> None:
        if self.isVisible():
            self.reload()

    def _filter(self, *_: Any) -> None:
        data = self.kind.currentData()
        self.proxy.set_filter(self.search.text(), TermKind(data) if data else None)

    def selected(self) -> TermRow | None:
        rows = self.table.selectionModel().selectedRows()
        row = rows[0].data(TERM_ROLE) if rows else None
        return row if isinstance(row, TermRow) else None

    def select_term(self, term: str) -> bool:
        for r in range(self.proxy.rowCount()):
            if self.proxy.index(r, 0).data(TERM_ROLE).term == term:
                self.table.selectRow(r)
                return True
        return False

    def _on_selection(self, *_: QItemSelection) -> None:
        row = self.selected()
        self.buttons["Edit"].setEnabled(row is not None)
        self.buttons["Remove"].setEnabled(row is not None)
        self.notes.clear()
        if row is None:
            self.details.setText("Select an entry to see where it came from and which notes it affects.")
            return
        self.details.setText(self._details_html(row))
        project = self.ws.project
        if project is not None:
            self.notes.addItems(project.term_notes(row.spec))

    def _details_html(self, row: TermRow) -> str:
        source = ""
        if row.source_note_id is not None and self.ws.project is not None:
            source = f"<br>From note: {escape(self.ws.project.external_id(row.source_note_id))}"
        similar = near_duplicates(row, self.model.rows())
        hints = "<br>".join(f"≈ {escape(t.term)} ({t.kind.value}, {score:.0f}%)" for t, score in similar)
        return (
            f"<b>{escape(row.term)}</b> — {escape(KIND_LABELS[row.kind])}<br>"
            f"Added by {escape(row.who)} on {row.created_at:%Y-%m-%d %H:%M} UTC{source}<br>"
            f"Why: {escape(row.why) or '—'}<br>"
            + (f"<br><b>Similar entries</b> (duplicates or typos?):<br>{hints}" if hints else "")
        )

    def _show_note(self, item: Any) -> None:
        project = self.ws.project
        note_id = project.find_note(item.text()) if project else None
        if note_id is not None:
            self.ws.noteRequested.emit(note_id)

    # --- changes ------------------------------------------------------------------------------------
    def add(self) -> None:
        data = self.kind.currentData()
        self.review.open_term_dialog(TermKind(data) if data else TermKind.WHITELIST, blank=True)

    def edit_selected(self) -> None:
        row = self.selected()
        if row is not None:
            self.review.open_term_dialog(row.kind, replacing=row)

    def remove_selected(self) -> None:
        row, project = self.selected(), self.ws.project
        if row is None or project is None:
            return
        change = PendingChange(remove=(row.id,))
        self.ws.previews.submit(Job("Preview", lambda p, c: project.preview(change), remove_row=row))

    def _on_remove_preview(self, job: Job, preview: Any) -> None:
        row = job.meta.get("remove_row")
        if row is None:
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Remove term",
            f"Remove “{row.term}” from the {row.kind.value} list?\n\n{preview_text(preview)}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("confirmRemove")

        def done(result: int) -> None:
            if result == QMessageBox.StandardButton.Yes:
                self.ws.perform(RemoveTerm(self.ws, row, preview.note_ids))
            box.deleteLater()
            self.confirm_box = None

        box.finished.connect(done)
        self.confirm_box = box
        box.open()

    def import_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import terms", str(Path.home()), JSON_FILTER)
        if name:
            self.import_path(Path(name))

    def import_path(self, source: Path) -> int:
        project = self.ws.project
        if project is None:
            return 0
        try:
            added = project.import_terms(source)
        except Exception as exc:
            self.ws.report_failure(exc, "import the terms")
            return 0
        self.reload()
        self.ws.status(f"Imported {added} new terms. Re-run (Ctrl+R) to apply them.", 8000)
        return added

    def export_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export terms", str(Path.home() / "terms.json"), JSON_FILTER)
        if name:
            self.export_path(Path(name))

    def export_path(self, target: Path) -> int:
        project = self.ws.project
        if project is None:
            return 0
        try:
            return project.export_terms(target)
        except Exception as exc:
            self.ws.report_failure(exc, "export the terms")
            return 0
