"""The review progress line that is always in the status bar: "143 open of 600 · 12 flagged"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel

from masketeer_gui.ui.note_list_model import NoteListModel
from masketeer_gui.ui.project_api import NoteRow, ReviewStatus
from masketeer_gui.vocabulary import counted

RECOUNT_DELAY_MS = 150  # a run streams rows: one recount per pause, not per row


def progress_text(rows: Iterable[NoteRow]) -> str:
    """'143 open of 600 · 12 flagged' (flagged: open notes with spans that need review)."""
    total = open_ = flagged = 0
    for row in rows:
        total += 1
        if row.review is ReviewStatus.OPEN:
            open_ += 1
            flagged += row.flagged > 0
    if not total:
        return "No notes"
    return f"{open_:,} open of {counted(total, 'note')} · {flagged:,} flagged"


class ReviewProgress(QLabel):
    """Follows ``model``: recounts a moment after its rows change."""

    def __init__(self, model: NoteListModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewProgress")
        self.setToolTip("Notes still open in this project, and open notes with spans that need review")
        self.model = model
        self._timer = QTimer(self, singleShot=True, interval=RECOUNT_DELAY_MS)
        self._timer.timeout.connect(self.recount)
        for signal in (model.modelReset, model.dataChanged, model.rowsInserted, model.rowsRemoved):
            signal.connect(self._timer.start)
        self.recount()

    def recount(self) -> None:
        self.setText(progress_text(self.model.rows()))
