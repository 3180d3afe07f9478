"""The note being judged: its text with every span painted by the review's ``SpanTextEdit`` in its
entity colour, styled by the evaluator's decision, and a line that explains the current span.

Undecided: wavy underline. TP: a thick bar under it (dashed: the evaluator says the type is
wrong). FP: grey and struck through. Missed (FN, added by the evaluator): dashed underline.
(Extra selections can colour, underline and strike text but not make it bold or italic, so the
TP bar is painted over the viewport like the current span's frame.) The engine's spans come
first in the pane's span list (index = position in the note's frozen spans), the missed after.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QTextCharFormat
from PySide6.QtWidgets import QLabel, QToolTip, QVBoxLayout, QWidget

from masketeer_gui.engine.span import ENTITY_NAMES, Entity, Span
from masketeer_gui.store.rows import MarkLabel, MarkRow
from masketeer_gui.ui.colours import StateCue, cue_colour, entity_colour, entity_text_colour
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.ui.span_text import Placed, SpanTextEdit

MISSED = "Missed"  # the masker name of a stretch the evaluator added as missed
FP_BACKGROUND = "#BBBBBB"
LEGEND = (
    "<small>Undecided: wavy underline · TP: thick bar under it (dashed: type wrong) · FP: grey, "
    "<s>struck through</s> · missed (FN): dashed underline · keys: 1/Y TP, 2/X FP, E type, "
    "M missed, Del clear, T/0 TN, D done, N/Space next undecided</small>"
)
TP_BAR = 3  # pixels


class DecisionTextEdit(SpanTextEdit):
    """A ``SpanTextEdit`` whose span formats show the evaluator's decisions."""

    blind = False  # no masker or reason in the tooltips (a class default: Qt calls in during __init__)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.decisions: dict[tuple[int, int], MarkRow] = {}

    def viewportEvent(self, event: QEvent) -> bool:
        if self.blind and event.type() == QEvent.Type.ToolTip:
            QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def _format(self, span: Span) -> QTextCharFormat:
        fmt = QTextCharFormat()
        mark = self.decisions.get((span.start, span.end))
        if span.masker == MISSED:
            fmt.setBackground(entity_colour(span.entity))
            fmt.setForeground(entity_text_colour(span.entity))
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DashUnderline)
            fmt.setUnderlineColor(cue_colour(StateCue.MANUAL, span.entity))
        elif mark is None:
            fmt.setBackground(entity_colour(span.entity))
            fmt.setForeground(entity_text_colour(span.entity))
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(cue_colour(StateCue.FLAGGED, span.entity))
        elif mark.label is MarkLabel.FP:
            fmt.setBackground(QColor(FP_BACKGROUND))
            fmt.setForeground(QColor("#000000"))
            fmt.setFontStrikeOut(True)
        else:
            fmt.setBackground(entity_colour(span.entity))
            fmt.setForeground(entity_text_colour(span.entity))
        return fmt

    def paintEvent(self, event: QPaintEvent) -> None:
        """The text, the current span's frame, then a bar under every span judged TP."""
        super().paintEvent(event)
        judged = [(s, m) for _a, _b, s in self._placed if (m := self.decisions.get((s.start, s.end))) is not None]
        judged = [(s, m) for s, m in judged if m.label is MarkLabel.TP and s.masker != MISSED]
        if not judged:
            return
        painter = QPainter(self.viewport())
        for span, mark in judged:
            pen = QPen(cue_colour(StateCue.JUDGED, span.entity), TP_BAR)
            wrong = mark.entity is not None and mark.entity != span.entity
            pen.setStyle(Qt.PenStyle.DashLine if wrong else Qt.PenStyle.SolidLine)
            painter.setPen(pen)
            for rect in self._line_rects(span.start, span.end):
                painter.drawLine(rect.left(), rect.bottom() - 1, rect.right(), rect.bottom() - 1)
        painter.end()

    def restyle(self, placed: list[Placed]) -> None:
        """New decisions on the same text: repaint the spans, keep the scroll position and selection."""
        self._placed = list(placed)
        self._paint_spans()
        self.viewport().update()


class JudgePane(QWidget):
    """Header, text and explanation of one sample note; ``currentChanged(index)`` when the span moves."""

    currentChanged = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.note_id: int | None = None
        self.text = ""
        self.spans: tuple[Span, ...] = ()
        self.missed: list[MarkRow] = []
        self._current = -1
        self.blind = False
        self.header = QLabel("Draw or choose a sample to start.")
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.view = DecisionTextEdit()
        self.view.setObjectName("evaluationText")
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setTextFormat(Qt.TextFormat.RichText)
        self.explain.setMinimumHeight(52)
        self.explain.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.legend = QLabel(LEGEND)
        self.legend.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.explain)
        layout.addWidget(self.legend)
        self.view.spanClicked.connect(self.set_current)

    def show_note(self, note_id: int | None, text: str, state: SampleState | None) -> None:
        """Show ``note_id`` (None: nothing) with ``state``'s decisions; the first undecided span is current."""
        self.note_id, self.text = note_id, text
        self.spans = state.spans(note_id) if state is not None and note_id is not None else ()
        self._current = -1
        self.refresh(state, keep=False)
        if state is not None and note_id is not None:
            undecided = state.undecided(note_id)
            self.set_current(undecided[0] if undecided else -1)

    def refresh(self, state: SampleState | None, keep: bool = True) -> None:
        """Repaint after a mark changed, keeping the current span."""
        current = self._current if keep else -1
        note_id = self.note_id
        self.missed = state.missed(note_id) if state is not None and note_id is not None else []
        held = state.marks.get(note_id, {}) if state is not None and note_id is not None else {}
        self.view.decisions = {(k[1], k[2]): m for k, m in held.items() if k[0] == "span"}
        placed: list[Placed] = [(s.start, s.end, s) for s in self.spans]
        placed += [(m.start or 0, m.end or 0, _missed_span(m)) for m in self.missed]
        if keep:
            self.view.restyle(placed)
        else:
            self.view.show_text(self.text, placed, frozenset())
        self.header.setText(_header(state, note_id, len(self.text)) if state and note_id is not None else "No note")
        self._current = current if 0 <= current < len(placed) else -1
        self.view.set_current(self._current)
        self._explain()

    # --- the current span ------------------------------------------------------------------------
    def current_index(self) -> int:
        return self._current

    def current_span(self) -> Span | None:
        return self.spans[self._current] if 0 <= self._current < len(self.spans) else None

    def current_missed(self) -> MarkRow | None:
        i = self._current - len(self.spans)
        return self.missed[i] if 0 <= i < len(self.missed) else None

    def set_current(self, index: int) -> None:
        self._current = index if 0 <= index < len(self.spans) + len(self.missed) else -1
        self.view.set_current(self._current)
        self._explain()
        self.currentChanged.emit(self._current)

    def step(self, delta: int) -> None:
        """The next (+1) or previous (-1) engine span, wrapping."""
        count = len(self.spans)
        if count:
            start = self._current if 0 <= self._current < count else (-1 if delta > 0 else count)
            self.set_current((start + delta) % count)

    def selection(self) -> tuple[int, int] | None:
        return self.view.selection()

    def _explain(self) -> None:
        span, missed = self.current_span(), self.current_missed()
        if span is not None:
            self.explain.setText(self._span_html(span))
        elif missed is not None and missed.entity is not None:
            surface = escape(self.text[missed.start or 0 : missed.end or 0])
            self.explain.setText(f"{_chip(missed.entity)} “{surface}” — added as <b>missed</b> (FN). Del removes it.")
        else:
            self.explain.setText(
                "<i>N or Space: the next undecided span. Select missed words and press M to add them (FN); "
                "T or 0: nothing to mask in a note without spans (TN).</i>"
            )

    def set_blind(self, on: bool) -> None:
        """Blind judging: the masker and its reason stay hidden (here and in the tooltips)."""
        self.blind = self.view.blind = on
        self._explain()

    def _span_html(self, span: Span) -> str:
        surface = escape(self.text[span.start : span.end])
        line = f"{_chip(span.entity)} <b>{ENTITY_NAMES[span.entity]}</b> “{surface}”"
        if self.blind:
            line += " — <i>blind: masker and reason hidden</i>"
        else:
            line += f" — masked by <b>{span.masker}</b>"
        if span.reason and not self.blind:
            line += f"<br>Why: {escape(span.reason)}"
        mark = self.view.decisions.get((span.start, span.end))
        return f"{line}<br>{_decision_text(mark, span.entity)}"


def _chip(entity: Entity) -> str:
    bg, fg = entity_colour(entity).name(), entity_text_colour(entity).name()
    return f'<span style="background:{bg}; color:{fg}">&nbsp;{entity}&nbsp;</span>'


def _decision_text(mark: MarkRow | None, predicted: Entity) -> str:
    if mark is None:
        return "<b>Undecided</b>: 1 or Y if it is PHI (TP), 2 or X if not (FP); E to judge its type."
    if mark.label is MarkLabel.FP:
        return "Your decision: <b>FP</b> (no PHI here)."
    if mark.entity is None:
        return "Your decision: <b>TP</b> (type not judged: E)."
    verdict = "type right" if mark.entity == predicted else f"type wrong: it is {mark.entity}"
    return f"Your decision: <b>TP</b>, {verdict}."


def _missed_span(mark: MarkRow) -> Span:
    return Span(mark.start or 0, mark.end or 0, mark.entity or Entity.PER, MISSED)


def _header(state: SampleState, note_id: int, length: int) -> str:
    note = state.note(note_id)
    judged, total = state.progress(note_id)
    parts = [
        f"Note {note.external_id}",
        f"stratum {note.stratum}",
        f"{length} characters",
        f"{judged} of {total} spans judged",
        f"{len(state.missed(note_id))} missed added",
    ]
    if state.true_negative(note_id) is not None:
        parts.append("TN")
    parts.append(str(state.status(note_id)))
    return " · ".join(parts)
