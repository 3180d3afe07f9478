"""Statistics: histogram binning, the tables and the painted bar charts."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.ui.bar_chart import BarChart, nice_scale
from masketeer_gui.ui.project_api import ProjectStats
from masketeer_gui.ui.stats_view import StatsView, histogram_bars

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(
    ("value", "top", "step"),
    [(0, 1, 0.25), (3, 3, 1), (7, 8, 2), (13, 15, 5), (235, 250, 50), (308, 400, 100), (547, 600, 200)],
)
def test_nice_axis_scale(value, top, step):
    assert nice_scale(value) == (top, step)


def test_small_histogram_keeps_one_bar_per_value():
    assert histogram_bars({0: 5, 1: 3, 3: 1}) == [("0", 5), ("1", 3), ("2", 0), ("3", 1)]


def test_long_tail_is_binned_and_capped():
    hist = {v: 10 for v in range(200)} | {5000: 1}
    bars = histogram_bars(hist, max_bins=20)
    assert len(bars) <= 20
    assert sum(n for _, n in bars) == sum(hist.values())
    assert bars[0] == ("0–10", 110) and bars[-1] == (">198", 11)  # 199 and 5000: the last 1 %


def test_empty_histogram():
    assert histogram_bars({}) == []


STATS = ProjectStats(
    notes=600,
    notes_with_phi=350,
    analyzed=600,
    per_entity={Entity.HCP: 200, Entity.PAT: 150, Entity.PER: 60, Entity.SIT: 30, Entity.PHO: 3},
    per_masker={"Salutation": 280, "NameDictionary": 110, "MedicalSite": 30, "RegexPhone": 3, "Manual": 20},
    tokens_hist={5: 100, 20: 300, 80: 150, 400: 50},
    spans_hist={0: 250, 1: 200, 2: 100, 5: 50},
)


def test_tables_and_charts_show_the_numbers(qtbot):
    view = StatsView()
    qtbot.addWidget(view)
    view.resize(1200, 700)
    view.show()
    qtbot.waitExposed(view)
    view.show_stats(STATS)
    assert view.entity_table.rowCount() == 9
    assert view.entity_table.item(0, 0).text() == "Healthcare professional (HCP)"
    assert view.entity_table.item(0, 1).text() == "200" and view.entity_table.item(0, 2).text() == "45.15%"
    assert view.masker_table.item(0, 0).text() == "Salutation"
    assert "600" in view.summary.text() and "58.3%" in view.summary.text() and "median 1" in view.summary.text()
    assert [label for label, _ in view.entity_chart.bars][:2] == ["HCP", "PAT"]
    image = view.grab().toImage()
    assert not image.isNull()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert "#332288" in colours  # the HCP bar was painted in its entity colour


def test_summary_before_any_run(qtbot):
    view = StatsView()
    qtbot.addWidget(view)
    view.show_stats(ProjectStats(notes=10))
    assert "none analyzed yet" in view.summary.text()


def test_chart_paints_without_data(qtbot):
    chart = BarChart("Empty")
    qtbot.addWidget(chart)
    chart.resize(300, 200)
    assert not chart.grab().isNull()
