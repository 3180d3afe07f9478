"""The evaluator's keys: one table, and an event filter that routes them while the note or list has focus.

The review tab's single-letter shortcuts (N, S, M, T, D…) are window-wide. So that the same
letters mean the evaluator's actions here, without two shortcuts fighting over one key, the
evaluator's keys are not registered as shortcuts at all: ``KeyRouter`` claims every plain key
(no Ctrl/Alt, no function key) for the widgets it watches by accepting its ``ShortcutOverride``
event, which keeps the window's one-key shortcuts out, and calls the handler on the key press of
an evaluator key; other keys (arrows, Shift+arrows) stay the widget's. Ctrl+Z, F1… still work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence

from masketeer_gui.ui.actions import shortcut_text

# (name, menu text, keys, tip)
EVAL_KEYS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("tp", "&TP: it is PHI", ("1", "Y"), "The current span masks PHI (true positive); moves on"),
    ("fp", "&FP: no PHI", ("2", "X"), "The current span masks no PHI (false positive); moves on"),
    ("judge_type", "Judge the t&ype…", ("E",), "Say which type the span really is (1–9); a TP with a judged type"),
    (
        "missed",
        "Add &missed span…",
        ("M", "Ins"),
        "The selected words are PHI the engine missed (FN); 1–9 picks the type",
    ),
    ("tn", "Nothing to mask (T&N)", ("T", "0"), "A note without spans that needs none (true negative); closes it"),
    ("clear", "&Clear decision", ("Del", "Backspace"), "Forget the decision on the current span or missed stretch"),
    ("done", "Note &done", ("D",), "Close the note as done (every span judged); again: reopen it"),
    ("next_undecided", "&Next undecided", ("N", "Space"), "The next undecided span, or the next note not done"),
    ("next_note", "Next note", ("J",), "The next note of the sample"),
    ("prev_note", "Previous note", ("K",), "The previous note of the sample"),
    ("next_span", "Next span", ("S",), "The next span of this note"),
    ("prev_span", "Previous span", ("Shift+S",), "The previous span of this note"),
)
KEYS = {name: keys for name, _text, keys, _tip in EVAL_KEYS}


def shortcuts_html() -> str:
    """The evaluator's keys for the Help dialog (F1 on the Evaluation tab)."""
    rows = "".join(
        f"<tr><td>{text.replace('&', '').rstrip('…')}</td><td><b>{shortcut_text(keys)}</b></td></tr>"
        for _name, text, keys, _tip in EVAL_KEYS
    )
    extra = "<tr><td>Undo / redo a mark</td><td><b>Ctrl+Z, Ctrl+Shift+Z</b></td></tr>"
    return (
        f"<p><b>Evaluation keys</b> (the note or its list has the focus)</p><table cellspacing=4>{rows}{extra}</table>"
    )


def key_hint(name: str) -> str:
    return shortcut_text(KEYS[name])


class KeyRouter(QObject):
    """Watches widgets (``watch``) and calls ``handler(name)`` for the keys of ``EVAL_KEYS``."""

    def __init__(self, handler: Callable[[str], None], parent: Any = None) -> None:
        super().__init__(parent)
        self._handler = handler
        self._table = [(QKeySequence(k), name) for name, _t, keys, _tip in EVAL_KEYS for k in keys]

    def watch(self, *widgets: QObject) -> None:
        for widget in widgets:
            widget.installEventFilter(self)

    def name_for(self, event: QKeyEvent) -> str | None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        pressed = QKeySequence(event.key() | modifiers.value)
        for sequence, name in self._table:
            if sequence.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch:
                return name
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) or not isinstance(event, QKeyEvent):
            return False
        name = self.name_for(event)
        if kind == QEvent.Type.ShortcutOverride:
            if name is None and not _plain(event):
                return False
            event.accept()  # the window's one-key shortcuts (the review's) stay out of this view
            return True
        if name is None:
            return False  # the widget's own key (arrows, selection…)
        event.accept()
        self._handler(name)
        return True


def _plain(event: QKeyEvent) -> bool:
    """A key without Ctrl/Alt/Meta that is no function key: the kind the review binds window-wide."""
    if event.modifiers() & (CONTROL | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier):
        return False
    return not (Qt.Key.Key_F1 <= event.key() <= Qt.Key.Key_F35 or event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Tab))


CONTROL = Qt.KeyboardModifier.ControlModifier
