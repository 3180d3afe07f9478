"""The statistics tab: counts per entity type and per masker (the paper's Tables 6 and 7) and the
distributions of note length and pseudonymizations per note (its Figures 1 and 2)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from masketeer_gui.engine.span import ENTITY_NAMES, Entity
from masketeer_gui.engine.stats import summarize
from masketeer_gui.ui.bar_chart import Bar, BarChart
from masketeer_gui.ui.colours import entity_colour
from masketeer_gui.ui.project_api import ProjectStats
from masketeer_gui.vocabulary import counted

MAX_BINS = 24


def histogram_bars(hist: Mapping[int, int], max_bins: int = MAX_BINS) -> list[Bar]:
    """Bars of a ``{value: count}`` histogram: values up to the 99th percentile in at most
    ``max_bins - 1`` equal bins, and the rare longer tail in one last bar ('>N')."""
    if not hist:
        return []
    total, seen, cap = sum(hist.values()), 0, max(hist)
    for value in sorted(hist):  # one very long note must not squash the rest
        seen += hist[value]
        if seen >= 0.99 * total:
            cap = value
            break
    width = max(1, math.ceil((cap + 1) / (max_bins - 1)))
    bins = [0] * (cap // width + 1)
    tail = 0
    for value, count in hist.items():
        if value <= cap:
            bins[value // width] += count
        else:
            tail += count
    bars: list[Bar] = [(_bin_label(b, width), n) for b, n in enumerate(bins)]
    return [*bars, (f">{cap}", tail)] if tail else bars


def _bin_label(b: int, width: int) -> str:
    return str(b * width) if width == 1 else f"{b * width}–{b * width + width - 1}"


def _table(headers: tuple[str, ...]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    return table


class StatsView(QWidget):
    """Tables and charts of one ``ProjectStats`` snapshot."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.stale = True
        self.summary = QLabel("Run the project (Ctrl+R) to see statistics.")
        self.summary.setWordWrap(True)
        self.entity_table = _table(("Entity type", "Count", "Share"))
        self.masker_table = _table(("Masker", "Count", "Share"))
        self.entity_chart = BarChart("Pseudonymizations per entity type (Table 6)", "entity type", "count")
        self.masker_chart = BarChart("Activities per masker (Table 7)", "masker", "count")
        self.length_chart = BarChart("Note length (Figure 1)", "tokens per note", "notes")
        self.spans_chart = BarChart("Pseudonymizations per note (Figure 2)", "pseudonymizations per note", "notes")
        grid = QGridLayout(self)
        grid.addWidget(self.summary, 0, 0, 1, 4)
        grid.addWidget(self.entity_table, 1, 0)
        grid.addWidget(self.entity_chart, 1, 1)
        grid.addWidget(self.masker_table, 1, 2)
        grid.addWidget(self.masker_chart, 1, 3)
        grid.addWidget(self.length_chart, 2, 0, 1, 2)
        grid.addWidget(self.spans_chart, 2, 2, 1, 2)
        for column in range(4):
            grid.setColumnStretch(column, 1)
        grid.setRowStretch(1, 1)
        grid.setRowStretch(2, 1)

    def show_stats(self, stats: ProjectStats) -> None:
        self.stale = False
        self.summary.setText(self._summary(stats))
        entities = [(str(e), stats.per_entity.get(e, 0)) for e in Entity]
        entities.sort(key=lambda item: -item[1])
        self._fill(self.entity_table, [(f"{ENTITY_NAMES[Entity(e)]} ({e})", n) for e, n in entities])
        self.entity_chart.set_bars(entities, [entity_colour(e) for e, _ in entities])
        maskers = sorted(stats.per_masker.items(), key=lambda item: (-item[1], item[0]))
        self._fill(self.masker_table, maskers)
        self.masker_chart.set_bars([(m[:10], n) for m, n in maskers])
        self.length_chart.set_bars(histogram_bars(stats.tokens_hist))
        self.spans_chart.set_bars(histogram_bars(stats.spans_hist, 17))

    @staticmethod
    def _summary(stats: ProjectStats) -> str:
        spans = sum(stats.per_entity.values())
        share = f"{stats.notes_with_phi / stats.notes:.1%}" if stats.notes else "–"
        per = summarize(_counter(stats.spans_hist))
        tok = summarize(_counter(stats.tokens_hist))
        if per["mean"] is None or tok["mean"] is None:
            return f"{counted(stats.notes, 'note')}, none analyzed yet. Run the project (Ctrl+R)."
        return (
            f"<b>{stats.notes:,}</b> notes · <b>{share}</b> with PHI · <b>{spans:,}</b> pseudonymizations · "
            f"per note: mean {per['mean']:.2f}, median {per['median']:g}, SD {per['sd']:.2f}, "
            f"max {per['max']} · "
            f"tokens per note: mean {tok['mean']:.2f}, median {tok['median']:g}, SD {tok['sd']:.2f}, "
            f"max {tok['max']}"
        )

    @staticmethod
    def _fill(table: QTableWidget, rows: list[tuple[str, int]]) -> None:
        total = sum(n for _, n in rows) or 1
        table.setRowCount(len(rows))
        for r, (name, count) in enumerate(rows):
            cells = (name, f"{count:,}", f"{count / total:.2%}")
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)


def _counter(hist: Mapping[int, int]) -> Any:
    from collections import Counter

    return Counter(hist)
