"""The legend: each entity type's colour chip and name, and what bold, italic and wavy mean."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from masketeer_gui.engine.span import ENTITY_NAMES, Entity
from masketeer_gui.ui.colours import FLAG_HEX, entity_colour, entity_text_colour


def chip(entity: Entity) -> str:
    """An HTML colour chip with the entity code, as the note view paints it."""
    bg, fg = entity_colour(entity).name(), entity_text_colour(entity).name()
    return f'<span style="background:{bg}; color:{fg}">&nbsp;{entity}&nbsp;</span>'


def legend_html() -> str:
    items = [f"{chip(e)}&nbsp;{ENTITY_NAMES[e]}" for e in Entity]
    marks = [
        f'<span style="text-decoration: underline; color:{FLAG_HEX}; background:#ffffff">&nbsp;wavy&nbsp;</span>'
        "&nbsp;= needs review",  # on white: readable under a dark palette too
        '<span style="text-decoration: underline">solid</span>&nbsp;= accepted',
        "dashed&nbsp;= added by hand",
    ]
    return " &nbsp; ".join(items + marks)


class Legend(QLabel):
    """A wrapping one-paragraph legend under the note view."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setText(legend_html())
        self.setToolTip("Colours: Paul Tol's colour-blind-safe 'muted' scheme")
