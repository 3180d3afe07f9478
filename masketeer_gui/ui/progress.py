"""The status-bar run indicator: a progress bar, notes/s and time left, and a cancel button."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from masketeer_gui.ui.workers import Progress


def eta_text(seconds: float) -> str:
    """'12 s', '3 min 5 s' or '1 h 2 min'."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min"


def progress_text(p: Progress) -> str:
    """'Running: 1,234 / 35,579 notes · 3,100 notes/s · 11 s left'."""
    text = f"{p.label}: {p.done:,} / {p.total:,} notes"
    if p.rate > 0 and p.done:
        text += f" · {p.rate:,.0f} notes/s"
        if p.done < p.total:
            text += f" · {eta_text(p.eta)} left"
    return text


class RunProgress(QWidget):
    """Shown while a job runs; ``cancel_button`` stops it."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(240)
        self.bar.setTextVisible(False)
        self.label = QLabel()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the run; notes done so far keep their results")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self.hide()

    def start(self, label: str) -> None:
        self.bar.setRange(0, 0)
        self.label.setText(f"{label}…")
        self.show()

    def update_progress(self, p: Progress) -> None:
        self.bar.setRange(0, max(p.total, 1))
        self.bar.setValue(p.done)
        self.label.setText(progress_text(p))

    def finish(self) -> None:
        self.hide()
