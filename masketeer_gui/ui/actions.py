"""QAction construction: every action shows its shortcuts in the menu and in its tooltip."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence


def shortcut_text(keys: Sequence[str]) -> str:
    """Human form of ``keys`` as the platform writes them ("Ctrl+Z", "Del")."""
    return ", ".join(QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in keys)


def make_action(
    parent: Any,
    text: str,
    slot: Callable[..., Any] | None = None,
    keys: Sequence[str] = (),
    tip: str = "",
    checkable: bool = False,
    name: str = "",
) -> QAction:
    """An action on ``parent`` (the window), with shortcuts active anywhere in the window."""
    action = QAction(text, parent)
    if keys:
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    plain = text.replace("&", "").rstrip(".…")
    action.setToolTip(f"{tip or plain} ({shortcut_text(keys)})" if keys else (tip or plain))
    action.setStatusTip(tip or plain)
    action.setCheckable(checkable)
    if name:
        action.setObjectName(name)
    if slot is not None:
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
    parent.addAction(action)
    return action
