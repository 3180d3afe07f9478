"""Entity colours: nine distinct colour-blind-safe colours, readable text on each, legend complete."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtGui import QColor

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.ui.colours import (
    MIN_CUE_CONTRAST,
    StateCue,
    contrast,
    cue_colour,
    entity_colour,
    entity_text_colour,
    luminance,
    text_on,
)
from masketeer_gui.ui.legend import Legend, legend_html
from masketeer_gui.ui.span_text import SpanTextEdit

pytestmark = pytest.mark.gui

# Machado et al. (2009) deuteranopia and protanopia matrices, severity 1.0, on linear RGB.
_CVD = {
    "deuteranopia": ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969)),
    "protanopia": ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052)),
}


def _linear(c: QColor) -> tuple[float, ...]:
    return tuple(
        (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4) for v in (c.redF(), c.greenF(), c.blueF())
    )


def _simulate(c: QColor, matrix) -> tuple[float, ...]:
    rgb = _linear(c)
    return tuple(max(0.0, min(1.0, sum(m * v for m, v in zip(row, rgb, strict=True)))) for row in matrix)


def test_nine_different_colours():
    colours = {entity_colour(e).name() for e in Entity}
    assert len(colours) == len(Entity) == 9


@pytest.mark.parametrize("entity", list(Entity))
def test_text_on_each_colour_is_readable(entity):
    assert contrast(entity_colour(entity), entity_text_colour(entity)) >= 4.5  # WCAG AA


@pytest.mark.parametrize("kind", sorted(_CVD))
def test_colours_stay_apart_for_colour_blind_readers(kind):
    simulated = {e: _simulate(entity_colour(e), _CVD[kind]) for e in Entity}
    for a, b in itertools.combinations(Entity, 2):
        distance = sum((x - y) ** 2 for x, y in zip(simulated[a], simulated[b], strict=True)) ** 0.5
        lum = abs(luminance(entity_colour(a)) - luminance(entity_colour(b)))
        assert distance > 0.03 or lum > 0.05, (a, b)


@pytest.mark.parametrize(
    ("background", "text"),
    [("#ffffff", "#000000"), ("#000000", "#ffffff"), ("#332288", "#ffffff"), ("#DDCC77", "#000000")],
)
def test_text_colour_by_contrast(background, text):
    assert text_on(QColor(background)).name() == text


def test_legend_names_every_entity(qtbot):
    legend = Legend()
    qtbot.addWidget(legend)
    html = legend_html()
    for entity in Entity:
        assert f"&nbsp;{entity}&nbsp;" in html
    assert "needs review" in html and "accepted" in html and legend.text() == html


@pytest.mark.parametrize("entity", list(Entity))
@pytest.mark.parametrize("cue", list(StateCue))
def test_every_state_cue_stands_out_on_every_entity_colour(cue, entity):
    """Issue 12 B.2: the review underlines reach 3:1 (WCAG non-text contrast) on every span colour."""
    ratio = contrast(cue_colour(cue, entity), entity_colour(entity))
    assert ratio >= MIN_CUE_CONTRAST, f"{cue} on {entity}: {ratio:.2f}:1"


@pytest.mark.parametrize("entity", list(Entity))
@pytest.mark.parametrize(
    ("masker", "flags", "accepted"), [("X", ("unsure",), False), ("Manual", (), False), ("X", (), True)]
)
def test_the_note_view_draws_its_underlines_in_those_colours(qtbot, entity, masker, flags, accepted):
    edit = SpanTextEdit()
    qtbot.addWidget(edit)
    span = Span(0, 5, entity, masker, "", flags)
    edit.show_text("Abcde fg", [(0, 5, span)], frozenset({(0, 5)} if accepted else ()))
    selection = edit.extraSelections()[0]
    underline = QColor(selection.format.underlineColor())
    assert contrast(underline, entity_colour(entity)) >= MIN_CUE_CONTRAST
