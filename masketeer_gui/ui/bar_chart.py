"""A small bar chart painted with QPainter (no QtCharts, which would need PySide6-Addons)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from masketeer_gui.ui.colours import text_on

Bar = tuple[str, float]
_CENTER_TOP = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
_RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def nice_scale(value: float, ticks: int = 5) -> tuple[float, float]:
    """``(top, step)`` of a y axis for data up to ``value``: steps of 1, 2 or 5 × 10^k, at most ``ticks``."""
    if value <= 0:
        return 1.0, 0.25
    raw = value / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(step, 1.0) if value >= 1 else step
    return math.ceil(value / step) * step, step


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

    def _small_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
        return font

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm, small = QFontMetrics(self.font()), self._small_font()
        sfm = QFontMetrics(small)
        line, text = fm.height(), self.palette().windowText().color()
        painter.setPen(text)
        painter.drawText(QRectF(0, 0, self.width(), line + 2), Qt.AlignmentFlag.AlignCenter, self.title)
        painter.setFont(small)
        painter.drawText(QRectF(2, line + 2, self.width(), sfm.height()), Qt.AlignmentFlag.AlignLeft, self.y_label)
        top, step = nice_scale(max((v for _, v in self.bars), default=0))
        left = sfm.horizontalAdvance(f"{top:,.0f}") + 10
        plot_top = line + sfm.height() * 2 + 6
        plot = QRectF(left, plot_top, self.width() - left - 8, self.height() - plot_top - sfm.height() * 2 - 10)
        if plot.width() > 20 and plot.height() > 20:
            self._axes(painter, plot, top, step, sfm)
            if self.bars:
                self._draw_bars(painter, plot, top, sfm)
            painter.setPen(text)
            area = QRectF(0, self.height() - sfm.height() - 2, self.width(), sfm.height())
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.x_label)
        painter.end()

    def _axes(self, painter: QPainter, plot: QRectF, top: float, step: float, fm: QFontMetrics) -> None:
        grid = QColor(self.palette().mid().color())
        ticks = round(top / step)
        for i in range(ticks + 1):
            y = plot.bottom() - plot.height() * i / ticks
            painter.setPen(QPen(grid, 1, Qt.PenStyle.DotLine if i else Qt.PenStyle.SolidLine))
            painter.drawLine(int(plot.left()), int(y), int(plot.right()), int(y))
            painter.setPen(self.palette().windowText().color())
            value = step * i
            label = f"{value:,.0f}" if step >= 1 else f"{value:,.2g}"
            painter.drawText(QRectF(0, y - fm.height() / 2, plot.left() - 4, fm.height()), _RIGHT_MIDDLE, label)

    def _draw_bars(self, painter: QPainter, plot: QRectF, top: float, fm: QFontMetrics) -> None:
        slot = plot.width() / len(self.bars)
        width = max(1.0, slot * 0.8)
        widest = max(fm.horizontalAdvance(label) for label, _ in self.bars) + 6
        every = max(1, math.ceil(widest / slot))
        default = self.palette().highlight().color()
        for i, (label, value) in enumerate(self.bars):
            x = plot.left() + i * slot + (slot - width) / 2
            height = plot.height() * value / top
            colour = self.colours[i] if i < len(self.colours) else default
            bar = QRectF(x, plot.bottom() - height, width, height)
            painter.fillRect(bar, colour)
            if value and fm.horizontalAdvance(f"{value:,.0f}") < slot:
                self._value_label(painter, bar, f"{value:,.0f}", colour, fm)
            if i % every == 0:
                painter.setPen(self.palette().windowText().color())
                area = QRectF(x + width / 2 - slot * every / 2, plot.bottom() + 2, slot * every, fm.height())
                painter.drawText(area, _CENTER_TOP, label)

    def _value_label(self, painter: QPainter, bar: QRectF, text: str, colour: QColor, fm: QFontMetrics) -> None:
        inside = bar.height() > fm.height() + 2
        painter.setPen(text_on(colour) if inside else self.palette().windowText().color())
        y = bar.top() + 1 if inside else bar.top() - fm.height() - 1
        painter.drawText(QRectF(bar.left() - 20, y, bar.width() + 40, fm.height()), _CENTER_TOP, text)
