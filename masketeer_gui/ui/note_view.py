"""The note view: the original text with coloured spans, the pseudonymized text beside it, and why.

The two panes share one "current span"; clicking a span in either pane, or stepping with
Tab / Shift+Tab, moves it, and the panel underneath explains it (masker, reason, flags).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from masketeer_gui.engine.span import ENTITY_NAMES, Span
from masketeer_gui.store.textsearch import word_hits
from masketeer_gui.store.wordindex import words_of
from masketeer_gui.ui.colours import entity_colour, entity_text_colour
from masketeer_gui.ui.project_api import NoteDetail
from masketeer_gui.ui.span_list import SpanList
from masketeer_gui.ui.span_text import Placed, SpanTextEdit
from masketeer_gui.vocabulary import counted

# the replacement of each span of a note (surrogates instead of the stored tags), or None: tags
Replacements = Callable[[NoteDetail], Sequence[str]]


def pseudonymized(detail: NoteDetail, replacements: Sequence[str] | None = None) -> tuple[str, list[Placed]]:
    """The note with every span replaced by its tag (or ``replacements``), and where each one sits."""
    parts: list[str] = []
    placed: list[Placed] = []
    position = length = 0
    for span, tag in zip(detail.spans, replacements or detail.pseudonyms, strict=True):
        gap = detail.text[position : span.start]
        parts += (gap, tag)
        length += len(gap)
        placed.append((length, length + len(tag), span))
        length += len(tag)
        position = span.end
    parts.append(detail.text[position:])
    return "".join(parts), placed


def span_index_from(spans: Sequence[Span], offset: int) -> int:
    """The span covering ``offset``, else the first one after it (a rejected span's successor), else -1."""
    for i, span in enumerate(spans):
        if span.end > offset:
            return i
    return -1


class NoteView(QWidget):
    """Shows one ``NoteDetail``; ``currentSpanChanged(span or None)`` when the current span moves."""

    currentSpanChanged = Signal(object)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.detail: NoteDetail | None = None
        self.replacements: Replacements | None = None
        self._shown: Sequence[str] = ()
        self._current = -1
        self._search_words: set[str] = set()
        self.header = QLabel("No note selected")
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.original = SpanTextEdit()
        self.original.setObjectName("originalText")
        self.pseudo = SpanTextEdit()
        self.pseudo.setObjectName("pseudonymizedText")
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setTextFormat(Qt.TextFormat.RichText)
        self.explain.setMinimumHeight(48)
        self.explain.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.risk = QLabel()
        self.risk.setObjectName("riskLine")
        self.risk.setWordWrap(True)
        self.risk.setTextFormat(Qt.TextFormat.RichText)
        self.risk.hide()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.original)
        self.splitter.addWidget(self.pseudo)
        self.span_list = SpanList()
        self.splitter.addWidget(self.span_list)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.explain)
        layout.addWidget(self.risk)
        self.original.spanClicked.connect(self.set_current)
        self.pseudo.spanClicked.connect(self.set_current)
        self.span_list.spanClicked.connect(self.set_current)
        self._explain_current()

    def set_side_by_side(self, on: bool) -> None:
        """Show or hide the pseudonymized pane."""
        self.pseudo.setVisible(on)

    def set_search(self, query: str) -> None:
        """Frame the words of ``query`` in the original text of this and every later note ('' : none)."""
        self._search_words = words_of(query) if query else set()
        self._show_hits()

    def _show_hits(self) -> None:
        text = self.detail.text if self.detail is not None else ""
        self.original.set_hits(word_hits(text, self._search_words) if self._search_words and text else ())

    def set_span_list_visible(self, on: bool) -> None:
        """Show or hide the span list beside the note."""
        self.span_list.setVisible(on)

    def set_replacements(self, replacements: Replacements | None) -> None:
        """Show ``replacements`` (e.g. surrogates) in the pseudonymized pane instead of the tags."""
        self.replacements = replacements
        if self.detail is not None:
            span = self.current_span()
            self.set_note(self.detail, span.start if span else None)

    def set_risk(self, html: str) -> None:
        """The note's residual re-identification risk line (rich text; '' hides it)."""
        self.risk.setText(html)
        self.risk.setVisible(bool(html))

    def set_note(self, detail: NoteDetail | None, keep_offset: int | None = None) -> None:
        """Show ``detail``; ``keep_offset`` re-selects the span at that offset (after an edit)."""
        self.detail = detail
        self._current = -1
        if detail is None:
            self.header.setText("No note selected")
            self.original.show_text("", [], frozenset())
            self.pseudo.show_text("", [], frozenset())
            self._shown = ()
            self.span_list.show_spans(None)
        else:
            self.span_list.show_spans(detail)
            self.header.setText(self._header_text(detail))
            self.original.show_text(detail.text, [(s.start, s.end, s) for s in detail.spans], detail.accepted)
            self._shown = self.replacements(detail) if self.replacements is not None else detail.pseudonyms
            text, placed = pseudonymized(detail, self._shown)
            self.pseudo.show_text(text, placed, detail.accepted)
            if keep_offset is not None:
                self._current = span_index_from(detail.spans, keep_offset)
                self._sync()
        self._show_hits()
        self._explain_current()
        self.currentSpanChanged.emit(self.current_span())

    @staticmethod
    def _header_text(detail: NoteDetail) -> str:
        patient = f" · patient {detail.patient_id}" if detail.patient_id else ""
        spans = counted(len(detail.spans), "span") if detail.analyzed else "not analyzed yet"
        size = f"{len(detail.text)} characters"
        return f"Note {detail.external_id}{patient} · {size} · {spans} · {detail.review.value}"

    def current_span(self) -> Span | None:
        if self.detail is None or not 0 <= self._current < len(self.detail.spans):
            return None
        return self.detail.spans[self._current]

    def set_current(self, index: int) -> None:
        if self.detail is None:
            return
        self._current = index if 0 <= index < len(self.detail.spans) else -1
        self._sync()
        self._explain_current()
        self.currentSpanChanged.emit(self.current_span())

    def step(self, delta: int) -> None:
        """Move to the next (+1) or previous (-1) span, wrapping."""
        if self.detail is None or not self.detail.spans:
            return
        count = len(self.detail.spans)
        start = self._current if self._current >= 0 else (-1 if delta > 0 else count)
        self.set_current((start + delta) % count)

    def selection(self) -> tuple[int, int] | None:
        """The text selected in the original pane (code points), or None."""
        return self.original.selection()

    def _sync(self) -> None:
        self.original.set_current(self._current)
        self.pseudo.set_current(self._current)
        self.span_list.set_current(self._current)

    def _explain_current(self) -> None:
        span = self.current_span()
        if span is None:
            self.explain.setText(
                "<i>Click a highlighted span (or press S / Shift+S) to see why it was masked. "
                "Select text and press M to mask a missed name.</i>"
            )
            return
        self.explain.setText(self._explain_html(span))

    def _explain_html(self, span: Span) -> str:
        assert self.detail is not None
        bg, fg = entity_colour(span.entity).name(), entity_text_colour(span.entity).name()
        chip = f'<span style="background:{bg}; color:{fg}">&nbsp;{span.entity}&nbsp;</span>'
        surface = escape(self.detail.text[span.start : span.end])
        name = escape(ENTITY_NAMES[span.entity])
        lines = [f"{chip} <b>{name}</b> “{surface}” — masked by <b>{span.masker}</b>"]
        if span.reason:
            lines.append(f"Why: {escape(span.reason)}")
        if span.flags:
            lines.append(f"<b>Needs review:</b> {escape(', '.join(span.flags))}")
        decided = "accepted" if (span.start, span.end) in self.detail.accepted else "not yet accepted"
        tag = self.detail.pseudonyms[self._current]
        shown = self._shown[self._current] if self._current < len(self._shown) else tag
        replaced = f"Surrogate “{escape(shown)}” (tag {escape(tag)})" if shown != tag else f"Pseudonym {escape(tag)}"
        lines.append(f"{replaced} · characters {span.start}–{span.end} · {decided}")
        return "<br>".join(lines)
