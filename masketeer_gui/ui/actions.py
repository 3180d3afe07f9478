"""QAction construction from one table: every action shows its shortcuts in the menu and in its tooltip."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class ActionSpec:
    """One row of the action table: what menus, toolbar, F1 help and the context menu all build from.

    ``menu`` is the menu title it goes in ("" for none), ``enabled_when`` a check run whenever the
    workspace changes (None: always enabled), ``toolbar``/``context``: shown there too (``submenu``: in
    that submenu of the context menu).
    """

    name: str
    text: str
    handler: Callable[..., Any]
    keys: tuple[str, ...] = ()
    tip: str = ""
    menu: str = ""
    short: str = ""
    enabled_when: Callable[[], bool] | None = None
    toolbar: bool = False
    context: bool = False
    checkable: bool = False
    separator_after: bool = False
    submenu: str = ""  # in the context menu: inside this submenu


class ActionTable:
    """The window's actions made from ``ActionSpec`` rows, by name; keeps enabled states current."""

    def __init__(self, parent: Any, specs: Sequence[ActionSpec]) -> None:
        self.specs = list(specs)
        self.actions: dict[str, QAction] = {}
        for spec in self.specs:
            action = make_action(
                parent, spec.text, spec.handler, spec.keys, spec.tip, spec.checkable, f"act_{spec.name}"
            )
            if spec.short:
                action.setIconText(spec.short)
            self.actions[spec.name] = action

    def __getitem__(self, name: str) -> QAction:
        return self.actions[name]

    def in_menu(self, title: str) -> list[QAction | None]:
        """The actions of menu ``title`` in table order; None where a separator goes."""
        items: list[QAction | None] = []
        for spec in self.specs:
            if spec.menu == title:
                items.append(self.actions[spec.name])
                if spec.separator_after:
                    items.append(None)
        return items

    def flagged(self, attribute: str) -> list[QAction]:
        """The actions whose spec has ``attribute`` ("toolbar", "context") set."""
        return [self.actions[s.name] for s in self.specs if getattr(s, attribute)]

    def update_enabled(self) -> None:
        for spec in self.specs:
            if spec.enabled_when is not None:
                self.actions[spec.name].setEnabled(bool(spec.enabled_when()))

    def shortcuts_html(self) -> str:
        """A table of every action with shortcuts, for the Help dialog (F1)."""
        rows = []
        for spec in self.specs:
            if spec.keys:
                text = spec.text.replace("&", "").rstrip(".…")
                rows.append(f"<tr><td>{text}</td><td><b>{shortcut_text(spec.keys)}</b></td></tr>")
        return "<table cellspacing=4>" + "".join(rows) + "</table>"
