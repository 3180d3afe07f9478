"""Entity colours: nine distinct colour-blind-safe colours, readable text on each, legend complete; every
state cue stands out on every span colour (and the current span's frame on the page too) under a light and a
dark palette."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import QApplication

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store.rows import MarkLabel, MarkRow
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
from masketeer_gui.ui.evaluation.judge_pane import FP_BACKGROUND, DecisionTextEdit
from masketeer_gui.ui.legend import Legend, legend_html
from masketeer_gui.ui.reading import dark_palette
from masketeer_gui.ui.span_text import SpanTextEdit

pytestmark = pytest.mark.gui
NOW = datetime(2026, 1, 1, tzinfo=UTC)

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


TEXT, START, END = "Bitte Frau Huber anrufen.", 11, 16  # the span: "Huber"


def _shown(qtbot, edit: SpanTextEdit, theme: str, span: Span) -> SpanTextEdit:
    """``edit`` under the ``theme`` palette, showing ``TEXT`` with ``span`` current."""
    qtbot.addWidget(edit)
    edit.setPalette(dark_palette() if theme == "dark" else QApplication.style().standardPalette())
    edit.resize(400, 200)
    edit.show()
    qtbot.waitExposed(edit)
    edit.show_text(TEXT, [(START, END, span)], frozenset())
    edit.set_current(0)
    return edit


def _assert_frame_stands_out(edit: SpanTextEdit, background: QColor) -> None:
    """Left of the span one and three pixels out, and above it one and two pixels out, sit the frame's
    inner ring (on the span's colour) and its outer ring (on the page)."""
    cursor = QTextCursor(edit.document())
    cursor.setPosition(START)
    first = edit.cursorRect(cursor)  # the span's paint starts at its first caret position
    cursor.setPosition(END)
    left, top, right, bottom = first.left(), first.top(), edit.cursorRect(cursor).left(), first.bottom()
    pixel = edit.viewport().grab().toImage().pixelColor
    assert pixel(left, top) == background  # the span is where we look
    mid_x, mid_y = (left + right) // 2, (top + bottom) // 2
    page = edit.palette().base().color()
    for inner in (pixel(left - 1, mid_y), pixel(mid_x, top - 1)):
        assert contrast(inner, background) >= MIN_CUE_CONTRAST, f"{inner.name()} on {background.name()}"
    for outer in (pixel(left - 3, mid_y), pixel(mid_x, top - 2)):
        assert contrast(outer, page) >= MIN_CUE_CONTRAST, f"{outer.name()} on the page {page.name()}"


@pytest.mark.parametrize("entity", list(Entity))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_current_span_frame_stands_out_on_every_span_colour_and_the_page(qtbot, theme, entity):
    """The underlines sit on the span's own colour (the same under either palette); the current span's
    frame sits between the span and the page, so it must stand out on both, under a light and a dark palette."""
    edit = _shown(qtbot, SpanTextEdit(), theme, Span(START, END, entity, "X"))
    _assert_frame_stands_out(edit, entity_colour(entity))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_frame_stands_out_on_a_span_judged_fp_too(qtbot, theme):
    """The Evaluation tab paints a span judged FP grey: the frame's inner ring follows the span's paint."""
    edit = DecisionTextEdit()
    edit.decisions = {(START, END): MarkRow(1, 1, 1, 1, START, END, MarkLabel.FP, None, "X", "eva", NOW, "")}
    _assert_frame_stands_out(_shown(qtbot, edit, theme, Span(START, END, Entity.HCP, "X")), QColor(FP_BACKGROUND))
