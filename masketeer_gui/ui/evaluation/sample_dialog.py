"""Draw an evaluation sample (N, seed, stratify by note length too) or pick a frozen one.

The paper's sample: 200 notes stratified by pseudonymizations per note (strata 0…5, 6-10, >10).
The dialog shows the strata and quotas a draw would give (``planRequested``; the view computes
the plan on the worker thread and calls ``show_plan``) before anything is saved.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from masketeer_gui.store.rows import SampleRow, StratumRow
from masketeer_gui.store.sampling import DEFAULT_N
from masketeer_gui.vocabulary import counted

PLAN_DELAY_MS = 200
PLAN_COLUMNS = 8


@dataclass(frozen=True, slots=True)
class DrawRequest:
    n: int
    seed: int
    by_length: bool
    name: str


def sample_title(sample: SampleRow) -> str:
    name = f" “{sample.name}”" if sample.name else ""
    length = ", by length too" if sample.by_length else ""
    return f"Sample {sample.id}{name}: {counted(sample.n, 'note')}, seed {sample.seed}{length}, run {sample.run_id}"


class SampleDialog(QDialog):
    """``request()`` is a ``DrawRequest`` or the id of a frozen sample, once accepted."""

    planRequested = Signal(object)  # DrawRequest

    def __init__(self, parent: QWidget | None, samples: Sequence[SampleRow], notes: int) -> None:
        super().__init__(parent)
        self.setWindowTitle("Evaluation sample")
        self.setObjectName("sampleDialog")
        self.setMinimumWidth(640)
        self.draw_new = QRadioButton("Draw a new sample, stratified by spans per note (the paper's design)")
        self.open_old = QRadioButton("Open a frozen sample")
        self.n = QSpinBox(minimum=1, maximum=max(1, notes), value=min(DEFAULT_N, max(1, notes)))
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=random.SystemRandom().randrange(10_000))
        self.by_length = QCheckBox("also by note length (short / medium / long thirds)")
        self.name = QLineEdit(placeholderText="optional, e.g. “engine 0.1, first round”")
        self.plan = QLabel("")
        self.plan.setTextFormat(Qt.TextFormat.RichText)
        self.plan.setWordWrap(True)
        self.samples = QListWidget()
        for sample in reversed(samples):
            item = QListWidgetItem(sample_title(sample))
            item.setData(Qt.ItemDataRole.UserRole, sample.id)
            self.samples.addItem(item)
        self.samples.setCurrentRow(0)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._layout(notes)
        self._timer = QTimer(self, singleShot=True, interval=PLAN_DELAY_MS)
        self._timer.timeout.connect(lambda: self.planRequested.emit(self.draw_request()))
        for signal in (self.n.valueChanged, self.seed.valueChanged, self.by_length.toggled):
            signal.connect(self._timer.start)
        self.draw_new.toggled.connect(self._update_enabled)
        self.draw_new.setChecked(True)
        self.open_old.setEnabled(bool(samples))
        self._update_enabled()
        self._timer.start()

    def _layout(self, notes: int) -> None:
        form = QFormLayout()
        form.addRow("Notes (N)", self.n)
        form.addRow("Seed", self.seed)
        form.addRow("Stratify", self.by_length)
        form.addRow("Name", self.name)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"The project has {notes:,} analysed notes."))
        layout.addWidget(self.draw_new)
        layout.addLayout(form)
        layout.addWidget(self.plan)
        layout.addWidget(self.open_old)
        layout.addWidget(self.samples)
        layout.addWidget(self.buttons)

    def _update_enabled(self) -> None:
        new = self.draw_new.isChecked()
        for widget in (self.n, self.seed, self.by_length, self.name, self.plan):
            widget.setEnabled(new)
        self.samples.setEnabled(not new)

    def draw_request(self) -> DrawRequest:
        return DrawRequest(self.n.value(), self.seed.value(), self.by_length.isChecked(), self.name.text().strip())

    def request(self) -> DrawRequest | int:
        if self.draw_new.isChecked():
            return self.draw_request()
        item = self.samples.currentItem()
        return int(item.data(Qt.ItemDataRole.UserRole)) if item is not None else self.draw_request()

    def show_plan(self, request: Any, strata: Sequence[StratumRow] | None, problem: str = "") -> None:
        """The strata a draw of ``request`` would give (ignored if the settings changed meanwhile)."""
        if request != self.draw_request():
            return
        if strata is None:
            self.plan.setText(f"<i>{problem}</i>")
            return
        cells = [f"<td align=right nowrap>{s.name}<br><b>{s.quota}</b> of {s.size}</td>" for s in strata if s.size]
        rows = "".join(
            "<tr>" + "".join(cells[i : i + PLAN_COLUMNS]) + "</tr>" for i in range(0, len(cells), PLAN_COLUMNS)
        )
        drawn = sum(s.quota for s in strata)
        self.plan.setText(
            f"Strata (spans per note): drawn <b>of</b> all <table cellspacing=6>{rows}</table>"
            f"{counted(drawn, 'note')} in all."
        )
