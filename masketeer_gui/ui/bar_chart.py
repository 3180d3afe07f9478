"""A small bar chart painted with QPainter (no QtCharts, which would need PySide6-Addons)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from masketeer_gui.ui.colours import text_on

Bar = tuple[str, float]


def nice_max(value: float) -> float:
    """The next 'round' number ≥ value (1, 2, 2.5, 5 × 10^k) for the y axis."""
    if value <= 0:
        return 1.0
    magnitude = 10 ** len(str(int(value))) / 10
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * magnitude:
            return step * magnitude
    return value


class BarChart(QWidget):
    """Vertical bars with a title, axis labels, value labels and thinned-out category labels."""

    def __init__(self, title: str, x_label: str = "", y_label: str = "", parent: Any = None) -> None:
        super().__init__(parent)
        self.title, self.x_label, self.y_label = title, x_label, y_label
        self.bars: list[Bar] = []
        self.colours: list[QColor] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(280, 200)

    def set_bars(self, bars: Sequence[Bar], colours: Sequence[QColor] = ()) -> None:
        self.bars = list(bars)
        self.colours = list(colours)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(420, 260)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = QFontMetrics(self.font())
        text = self.palette().windowText().color()
        painter.setPen(text)
        line = fm.height()
        painter.drawText(QRectF(0, 0, self.width(), line + 4), Qt.AlignmentFlag.AlignCenter, self.title)
        top_value = nice_max(max((v for _, v in self.bars), default=0))
        left = fm.horizontalAdvance(f"{top_value:,.0f}") + 10
        plot = QRectF(left, line * 2 + 4, self.width() - left - 8, self.height() - line * 4 - 12)
        if plot.width() < 20 or plot.height() < 20:
            return
        self._axes(painter, plot, top_value, fm)
        if self.bars:
            self._draw_bars(painter, plot, top_value, fm)
        painter.setPen(text)
        painter.drawText(QRectF(0, self.height() - line - 2, self.width(), line), Qt.AlignmentFlag.AlignCenter,
                         self.x_label)
        painter.drawText(QRectF(2, line + 2, self.width(), line), Qt.AlignmentFlag.AlignLeft, self.y_label)
        painter.end()

    def _axes(self, painter: QPainter, plot: QRectF, top_value: float, fm: QFontMetrics) -> None:
        grid = QColor(self.palette().mid().color())
        for i in range(5):
            y = plot.bottom() - plot.height() * i / 4
            painter.setPen(QPen(grid, 1, Qt.PenStyle.DotLine if i else Qt.PenStyle.SolidLine))
            painter.drawLine(int(plot.left()), int(y), int(plot.right()), int(y))
            painter.setPen(self.palette().windowText().color())
            label = f"{top_value * i / 4:,.0f}" if top_value >= 4 else f"{top_value * i / 4:,.1f}"
            painter.drawText(QRectF(0, y - fm.height() / 2, plot.left() - 4, fm.height()),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)

    def _draw_bars(self, painter: QPainter, plot: QRectF, top_value: float, fm: QFontMetrics) -> None:
        slot = plot.width() / len(self.bars)
        width = max(1.0, slot * 0.8)
        widest = max(fm.horizontalAdvance(label) for label, _ in self.bars) + 6
        every = max(1, int(widest // slot) + 1)
        default = self.palette().highlight().color()
        for i, (label, value) in enumerate(self.bars):
            x = plot.left() + i * slot + (slot - width) / 2
            height = plot.height() * value / top_value
            colour = self.colours[i] if i < len(self.colours) else default
            bar = QRectF(x, plot.bottom() - height, width, height)
            painter.fillRect(bar, colour)
            if value and fm.horizontalAdvance(f"{value:,.0f}") < slot:
                self._value_label(painter, bar, f"{value:,.0f}", colour, fm)
            if i % every == 0:
                painter.setPen(self.palette().windowText().color())
                painter.drawText(QRectF(x - slot, plot.bottom() + 2, width + 2 * slot, fm.height()),
                                 Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)

    def _value_label(self, painter: QPainter, bar: QRectF, text: str, colour: QColor, fm: QFontMetrics) -> None:
        if bar.height() > fm.height() + 2:
            painter.setPen(text_on(colour))
            area = QRectF(bar.left() - 20, bar.top() + 1, bar.width() + 40, fm.height())
        else:
            painter.setPen(self.palette().windowText().color())
            area = QRectF(bar.left() - 20, bar.top() - fm.height() - 1, bar.width() + 40, fm.height())
        painter.drawText(area, Qt.AlignmentFlag.AlignHCenter, text)
