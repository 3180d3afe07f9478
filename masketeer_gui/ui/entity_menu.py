"""A popup to choose an entity type with one key (1-9), for "add missed span" and "change type"."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QMenu

from masketeer_gui.engine.span import ENTITY_NAMES, Entity
from masketeer_gui.ui.colours import entity_colour


def entity_icon(entity: Entity) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(entity_colour(entity))
    return QIcon(pixmap)


class EntityMenu(QMenu):
    """Entity types numbered 1-9; ``chosen(Entity)`` when one is picked."""

    chosen = Signal(object)

    def __init__(self, title: str, parent: Any = None, current: Entity | None = None) -> None:
        super().__init__(title, parent)
        self.setObjectName("entityMenu")
        self.addSection(title)
        for number, entity in enumerate(Entity, start=1):
            action = self.addAction(entity_icon(entity), f"&{number}  {entity} — {ENTITY_NAMES[entity]}")
            action.setData(str(entity))
            action.setCheckable(True)
            action.setChecked(entity == current)
        self.triggered.connect(self._on_triggered)

    def action_for(self, entity: Entity) -> Any:
        return next(a for a in self.actions() if a.data() == str(entity))

    def _on_triggered(self, action: Any) -> None:
        if action.data():
            self.chosen.emit(Entity(action.data()))
