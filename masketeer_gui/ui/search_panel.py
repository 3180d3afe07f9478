"""Search across every note's text ("where else does this name occur?"): the notes holding the words,
a line of context each; picking one shows it with the hits framed. The query is never logged or saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from masketeer_gui.ui.project_api import ProjectApi, TextHit
from masketeer_gui.vocabulary import counted

SEARCH_DELAY_MS = 250
LIMIT = 200
NOTE_ROLE = Qt.ItemDataRole.UserRole + 1


class SearchPanel(QDockWidget):
    """A dock with the query field and the hits; ``noteChosen(note id)``, ``queryChanged(query)``."""

    noteChosen = Signal(int)
    queryChanged = Signal(str)

    def __init__(self, project: Callable[[], ProjectApi | None], parent: Any = None) -> None:
        super().__init__("Search all notes", parent)
        self.setObjectName("searchPanel")
        self._project = project
        self.query = QLineEdit(placeholderText="Words to find in every note (Ctrl+Shift+F)", clearButtonEnabled=True)
        self.query.setObjectName("textSearch")
        self.summary = QLabel("Type a name or a word.")
        self.results = QListWidget()
        self.results.setObjectName("searchResults")
        self.results.setWordWrap(True)
        self._timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.search)
        self.query.textChanged.connect(self._timer.start)
        self.query.returnPressed.connect(self.search)
        self.results.currentItemChanged.connect(self._on_item)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.query)
        layout.addWidget(self.summary)
        layout.addWidget(self.results, 1)
        self.setWidget(body)
        self.hits: list[TextHit] = []

    def find_words(self, text: str = "") -> None:
        """Show the panel with ``text`` searched at once (empty: the field, ready to type)."""
        self.show()
        self.raise_()
        if text:
            self.query.setText(text)
            self.search()
        self.query.setFocus()
        self.query.selectAll()

    def search(self) -> None:
        self._timer.stop()
        project, query = self._project(), self.query.text().strip()
        self.results.clear()
        self.hits = project.search_text(query, LIMIT) if project is not None and query else []
        for hit in self.hits:
            item = QListWidgetItem(f"{hit.external_id} · {counted(len(hit.hits), 'hit')} — {hit.context}")
            item.setData(NOTE_ROLE, hit.note_id)
            self.results.addItem(item)
        if not query:
            self.summary.setText("Type a name or a word.")
        elif not self.hits:
            self.summary.setText("No note contains every one of these words.")
        else:
            more = " (the first ones)" if len(self.hits) >= LIMIT else ""
            self.summary.setText(f"In {counted(len(self.hits), 'note')}{more}:")
        self.queryChanged.emit(query)

    def _on_item(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self.noteChosen.emit(int(item.data(NOTE_ROLE)))

    def closeEvent(self, event: Any) -> None:
        self.query.clear()
        self.search()  # no hits framed once the search is closed
        super().closeEvent(event)
