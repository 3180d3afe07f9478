"""A read-only text pane that paints spans in their entity colours and explains them on hover.

Spans arrive as ``(start, end, Span)`` in the pane's own code-point offsets (the original text
or the pseudonymized one). Colours come from ExtraSelections, so the document itself stays
plain text; the current span gets a two-tone frame painted over the viewport.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import QFont, QHelpEvent, QPainter, QPaintEvent, QPen, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip

from masketeer_gui.engine.span import Span
from masketeer_gui.ui.colours import StateCue, cue_colour, entity_colour, entity_text_colour, text_on
from masketeer_gui.ui.text_offsets import OffsetMap, display_text

Placed = tuple[int, int, Span]


class SpanTextEdit(QPlainTextEdit):
    """Plain text with coloured spans; ``spanClicked(index)`` when the cursor enters a span."""

    spanClicked = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setFont(QFont("DejaVu Sans", 11))
        self._placed: list[Placed] = []
        self._offsets = OffsetMap(())
        self._current = -1
        self._accepted: frozenset[tuple[int, int]] = frozenset()
        self._hits: list[tuple[int, int]] = []  # search hits, framed with a dashed line
        self.cursorPositionChanged.connect(self._on_cursor)

    def show_text(self, text: str, placed: Sequence[Placed], accepted: frozenset[tuple[int, int]]) -> None:
        """Show ``text`` with ``placed`` spans; ``accepted`` holds original offsets of accepted spans."""
        self._placed = list(placed)
        self._accepted = accepted
        self._current = -1
        self._offsets = OffsetMap.of(text)
        self.blockSignals(True)
        self.setPlainText(display_text(text))
        self.blockSignals(False)
        self._paint_spans()

    def set_hits(self, hits: Sequence[tuple[int, int]]) -> None:
        """Frame ``hits`` (code-point ranges of a search) with a dashed line; () clears them."""
        self._hits = list(hits)
        self.viewport().update()

    def hits(self) -> list[tuple[int, int]]:
        return list(self._hits)

    def placed(self) -> list[Placed]:
        return list(self._placed)

    def qt_range(self, start: int, end: int) -> tuple[int, int]:
        return self._offsets.to_qt(start), self._offsets.to_qt(end)

    def selection(self) -> tuple[int, int] | None:
        """The selected stretch in code-point offsets, or None."""
        cursor = self.textCursor()
        if not cursor.hasSelection():
            return None
        return self._offsets.from_qt(cursor.selectionStart()), self._offsets.from_qt(cursor.selectionEnd())

    def select_range(self, start: int, end: int) -> None:
        """Select ``[start, end)`` (code points) and scroll it into view."""
        qs, qe = self.qt_range(start, end)
        cursor = self.textCursor()
        cursor.setPosition(qs)
        cursor.setPosition(qe, QTextCursor.MoveMode.KeepAnchor)
        self.blockSignals(True)
        self.setTextCursor(cursor)
        self.blockSignals(False)
        self.ensureCursorVisible()

    def set_current(self, index: int) -> None:
        """Frame span ``index`` (-1: none) and move the caret to its start."""
        self._current = index if 0 <= index < len(self._placed) else -1
        if self._current >= 0:
            start, _, _ = self._placed[self._current]
            cursor = self.textCursor()
            cursor.setPosition(self._offsets.to_qt(start))
            self.blockSignals(True)
            self.setTextCursor(cursor)
            self.blockSignals(False)
            self.ensureCursorVisible()
        self.viewport().update()

    def index_at(self, offset: int) -> int:
        """Index of the span covering code-point ``offset`` (or starting right there), else -1."""
        for i, (start, end, _) in enumerate(self._placed):
            if start <= offset < end:
                return i
        return -1

    def _paint_spans(self) -> None:
        selections = []
        for start, end, span in self._placed:
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.document())
            qs, qe = self.qt_range(start, end)
            cursor.setPosition(qs)
            cursor.setPosition(qe, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selection.format = self._format(span)
            selections.append(selection)
        self.setExtraSelections(selections)

    def _format(self, span: Span) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(entity_colour(span.entity))
        fmt.setForeground(entity_text_colour(span.entity))
        # Extra selections cannot change the font (no bold or italic), so the review state is an
        # underline: solid = accepted, dashed = added by hand, wavy = the engine asks for review.
        if (span.start, span.end) in self._accepted:
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
            fmt.setUnderlineColor(cue_colour(StateCue.ACCEPTED, span.entity))
        elif span.masker == "Manual":
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DashUnderline)
            fmt.setUnderlineColor(cue_colour(StateCue.MANUAL, span.entity))
        elif span.flags:
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(cue_colour(StateCue.FLAGGED, span.entity))
        return fmt

    def _on_cursor(self) -> None:
        cursor = self.textCursor()
        if cursor.hasSelection():
            return
        index = self.index_at(self._offsets.from_qt(cursor.position()))
        if index >= 0 and index != self._current:
            self._current = index
            self.viewport().update()
            self.spanClicked.emit(index)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            offset = self._offsets.from_qt(self.cursorForPosition(event.pos()).position())
            index = self.index_at(offset)
            if index >= 0:
                QToolTip.showText(event.globalPos(), self._placed[index][2].explain(), self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._current < 0 and not self._hits:
            return
        painter = QPainter(self.viewport())
        if self._hits:
            painter.setPen(QPen(self.palette().highlight().color(), 2, Qt.PenStyle.DashLine))
            for start, end in self._hits:
                for rect in self._line_rects(start, end):
                    painter.drawRect(rect.adjusted(-3, -2, 3, 2))
        if self._current >= 0:
            self._frame_current(painter)
        painter.end()

    def _frame_current(self, painter: QPainter) -> None:
        """Frame the current span twice: a thin ring hugging it in the colour its text has (3:1 and more on
        the span's colour), and round that one in the page's text colour (3:1 and more on the page), so
        the frame stands out on every span colour under a light and a dark palette alike."""
        start, end, span = self._placed[self._current]
        inner = QPen(text_on(self._format(span).background().color()), 1)
        outer = QPen(self.palette().text().color(), 2)
        for rect in self._line_rects(start, end):
            painter.setPen(outer)
            painter.drawRect(rect.adjusted(-2, -2, 1, 2))
            painter.setPen(inner)
            painter.drawRect(rect.adjusted(-1, -1, -1, 0))

    def _line_rects(self, start: int, end: int) -> list[QRect]:
        """One rectangle per visual line the span covers (a wrapped span gets two)."""
        qs, qe = self.qt_range(start, end)
        cursor = QTextCursor(self.document())
        metrics, document = self.fontMetrics(), self.document()
        lines: dict[int, QRect] = {}
        for position in range(qs, qe):
            cursor.setPosition(position)
            rect = self.cursorRect(cursor)  # the caret before the character: its left edge
            right = rect.left() + metrics.horizontalAdvance(document.characterAt(position))
            line = lines.setdefault(rect.top(), QRect(rect.left(), rect.top(), 1, rect.height()))
            line.setRight(max(line.right(), right))
        return list(lines.values())
