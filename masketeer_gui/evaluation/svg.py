"""Inline SVG bar charts for the HTML report: horizontal bars, optional 95% CI whiskers, no scripts.

One chart row per label with one bar per series (e.g. sensitivity and precision of each entity
type); a missing value draws "n/a". Everything is escaped; sizes are in CSS pixels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from masketeer_gui.vocabulary import ENTITY_HEX

# The GUI's entity colours (Paul Tol's "muted" scheme), keyed by type code.
ENTITY_COLOURS = {str(entity): hex_colour for entity, hex_colour in ENTITY_HEX.items()}
SERIES_COLOURS = ("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377")

LABEL_W, VALUE_W, BAR_H, GAP, TOP = 130, 64, 14, 10, 34


@dataclass(frozen=True, slots=True)
class Point:
    """One bar: its value and, if known, its confidence interval."""

    value: float | None
    low: float | None = None
    high: float | None = None
    colour: str = ""


@dataclass(frozen=True, slots=True)
class ChartRow:
    label: str
    points: tuple[Point, ...]


def bar_chart(
    rows: Sequence[ChartRow],
    series: Sequence[str],
    *,
    title: str,
    maximum: float = 1.0,
    width: int = 640,
    fmt: Callable[[float], str] = lambda v: f"{v:.3f}",
) -> str:
    """An SVG chart; ``series`` names the bars of each row (shown as a legend when there are two or more)."""
    plot_w = width - LABEL_W - VALUE_W
    per_row = len(series) * BAR_H + GAP
    height = TOP + len(rows) * per_row + 22
    scale = plot_w / maximum if maximum > 0 else 0.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{escape(title)}" class="chart">',
        f'<text x="0" y="14" class="chart-title">{escape(title)}</text>',
    ]
    parts += _legend(series, width)
    parts += _grid(maximum, scale, height)
    for r, row in enumerate(rows):
        y0 = TOP + r * per_row
        parts.append(
            f'<text x="{LABEL_W - 8}" y="{y0 + len(series) * BAR_H / 2 + 4}" class="label">{escape(row.label)}</text>'
        )
        for s, point in enumerate(row.points):
            parts += _bar(point, y0 + s * BAR_H, scale, plot_w, SERIES_COLOURS[s % len(SERIES_COLOURS)], fmt)
    parts.append("</svg>")
    return "".join(parts)


def _legend(series: Sequence[str], width: int) -> list[str]:
    if len(series) < 2:
        return []
    out, x = [], LABEL_W
    for s, name in enumerate(series):
        colour = SERIES_COLOURS[s % len(SERIES_COLOURS)]
        out.append(f'<rect x="{x}" y="20" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{x + 14}" y="29" class="legend">{escape(name)}</text>')
        x += 24 + 7 * len(name)
    return out


def _grid(maximum: float, scale: float, height: int) -> list[str]:
    out = []
    for tick in _ticks(maximum):
        x = LABEL_W + tick * scale
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{height - 18}" class="grid"/>')
        text = f"{tick:g}" if maximum > 1.0 else f"{tick:.2f}"
        out.append(f'<text x="{x:.1f}" y="{height - 6}" class="tick">{text}</text>')
    return out


def _ticks(maximum: float) -> list[float]:
    if maximum <= 1.0:
        return [0.0, 0.25, 0.5, 0.75, 1.0]
    step = 10 ** math.floor(math.log10(maximum))
    step = step / 2 if maximum / step < 3 else step
    return [i * step for i in range(int(maximum // step) + 1)]


def _bar(point: Point, y: float, scale: float, plot_w: int, colour: str, fmt: Callable[[float], str]) -> list[str]:
    if point.value is None:
        return [f'<text x="{LABEL_W + 4}" y="{y + BAR_H - 3}" class="na">n/a</text>']
    w = max(point.value * scale, 1.0)
    out = [f'<rect x="{LABEL_W}" y="{y + 1}" width="{w:.1f}" height="{BAR_H - 3}" fill="{point.colour or colour}"/>']
    if point.low is not None and point.high is not None:
        lo, hi, mid = LABEL_W + point.low * scale, LABEL_W + point.high * scale, y + BAR_H / 2
        out.append(f'<line x1="{lo:.1f}" y1="{mid:.1f}" x2="{hi:.1f}" y2="{mid:.1f}" class="ci"/>')
        out += [f'<line x1="{x:.1f}" y1="{y + 3}" x2="{x:.1f}" y2="{y + BAR_H - 3}" class="ci"/>' for x in (lo, hi)]
    out.append(f'<text x="{LABEL_W + plot_w + 6}" y="{y + BAR_H - 3}" class="value">{escape(fmt(point.value))}</text>')
    return out
