"""Entity colours: Paul Tol's colour-blind-safe "muted" scheme, one colour per entity type.

The nine colours stay distinguishable for the common colour-vision deficiencies and work as
highlight backgrounds on light and dark palettes alike; the text drawn on them is black or
white, whichever contrasts more (WCAG relative luminance), so every label stays readable.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtGui import QColor

from masketeer_gui.engine.span import Entity
from masketeer_gui.vocabulary import ENTITY_HEX

# The wavy "needs review" underline: a dark or a light wine, whichever stands out more on the span's
# colour (one colour cannot reach 3:1 on both indigo and cyan). FLAG_HEX is the one for the page.
FLAG_HEX = "#5C0029"
FLAG_LIGHT_HEX = "#FFD6E8"
MIN_CUE_CONTRAST = 3.0  # WCAG 2.1 SC 1.4.11, non-text contrast


class StateCue(StrEnum):
    """What an underline on a span says (the style tells them apart, the colour makes them visible)."""

    FLAGGED = "flagged"  # wavy: the engine asks for review (evaluator: not judged yet)
    ACCEPTED = "accepted"  # solid: a reviewer accepted it
    MANUAL = "manual"  # dashed: added by hand
    JUDGED = "judged"  # the evaluator's TP bar


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""
    r, g, b = _channel(colour.red()), _channel(colour.green()), _channel(colour.blue())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio between two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: QColor) -> QColor:
    """Black or white, whichever is more readable on ``background``."""
    black, white = QColor("#000000"), QColor("#FFFFFF")
    return black if contrast(background, black) >= contrast(background, white) else white


def entity_colour(entity: Entity | str) -> QColor:
    """The highlight colour of an entity type."""
    return QColor(ENTITY_HEX[Entity(entity)])


def entity_text_colour(entity: Entity | str) -> QColor:
    """The text colour to draw on ``entity_colour(entity)``."""
    return text_on(entity_colour(entity))


def flag_colour(entity: Entity | str | None = None) -> QColor:
    """The "needs review" colour on ``entity``'s colour (None: on the page)."""
    if entity is None:
        return QColor(FLAG_HEX)
    background = entity_colour(entity)
    dark, light = QColor(FLAG_HEX), QColor(FLAG_LIGHT_HEX)
    return dark if contrast(background, dark) >= contrast(background, light) else light


def cue_colour(cue: StateCue, entity: Entity | str) -> QColor:
    """The colour of ``cue`` drawn on a span of ``entity``: at least 3:1 against its colour."""
    return flag_colour(entity) if cue is StateCue.FLAGGED else entity_text_colour(entity)
