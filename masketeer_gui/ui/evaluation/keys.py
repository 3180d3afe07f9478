"""The evaluator's keys: one table, and an event filter that routes them while the note or list has focus.

The review tab's single-letter shortcuts (N, S, M, T, D…) are window-wide. So that the same
letters mean the evaluator's actions here, without two shortcuts fighting over one key, the
evaluator's keys are not registered as shortcuts at all: ``KeyRouter`` claims them for the
widgets it watches (it accepts the ``ShortcutOverride`` event, which keeps the window's shortcuts
out) and calls the handler on the key press. Menus and tooltips show the same keys.
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
    ("type", "Judge the t&ype…", ("E",), "Say which type the span really is (1–9); a TP with a judged type"),
    ("missed", "Add &missed span…", ("M", "Ins"), "The selected words are PHI the engine missed (FN); 1–9 picks the type"),
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


def key_hint(name: str) -> str:
    return shortcut_text(KEYS[name])


class KeyRouter(QObject):
    """Watches widgets (``watch``) and calls ``handler(name)`` for the keys of ``EVAL_KEYS``."""

    def __init__(self, handler: Callable[[str], None], parent: Any = None) -> None:
        super().__init__(parent)
        self._handler = handler
        self._table = [(QKeySequence(k), name) for name, _t, keys, _tip in EVAL_KEYS for k in keys]
        self.enabled = True

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
        if not self.enabled or kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(event, QKeyEvent):
            return False
        name = self.name_for(event)
        if name is None:
            return False
        event.accept()
        if kind == QEvent.Type.KeyPress:
            self._handler(name)
        return True
