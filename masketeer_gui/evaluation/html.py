"""Small HTML builders for the report: escaped cells, tables, number formats like the paper's Table 8."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from masketeer_gui.evaluation.metrics import Estimate

NA = "n/a"


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def percent(e: Estimate) -> tuple[str, str]:
    """Value and interval in percent, two decimals (the paper's accuracy)."""
    if e.value is None or e.ci_low is None or e.ci_high is None:
        return NA, ""
    return f"{e.value:.2%}", f"[{e.ci_low * 100:.2f}–{e.ci_high * 100:.2f}%]"


def proportion(e: Estimate) -> tuple[str, str]:
    """Value and interval as proportions, three decimals (the paper's other metrics)."""
    if e.value is None or e.ci_low is None or e.ci_high is None:
        return NA, ""
    return f"{e.value:.3f}", f"[{e.ci_low:.3f}–{e.ci_high:.3f}]"


def with_ci(e: Estimate, as_percent: bool = False) -> str:
    """One cell: the value and, smaller, its interval."""
    value, ci = percent(e) if as_percent else proportion(e)
    return f'{esc(value)} <span class="ci">{esc(ci)}</span>' if ci else f'<span class="na">{esc(value)}</span>'


def number(value: float | None, digits: int = 3) -> str:
    return NA if value is None else f"{value:.{digits}f}"


def share(part: int, whole: int) -> str:
    return f"{part / whole:.2%}" if whole else NA


def table(
    head: Sequence[str], rows: Iterable[Sequence[str]], *, numeric_from: int = 1, caption: str = "", cls: str = ""
) -> str:
    """A table whose cells are already HTML; columns from ``numeric_from`` on are right-aligned."""
    cap = f"<caption>{caption}</caption>" if caption else ""
    th = "".join(f"<th{_num(i, numeric_from)}>{esc(h)}</th>" for i, h in enumerate(head))
    body = "".join(
        "<tr>" + "".join(f"<td{_num(i, numeric_from)}>{cell}</td>" for i, cell in enumerate(row)) + "</tr>"
        for row in rows
    )
    klass = f' class="{cls}"' if cls else ""
    return f"<table{klass}>{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _num(index: int, numeric_from: int) -> str:
    return ' class="num"' if index >= numeric_from else ""


def key_values(items: Mapping[str, Any]) -> str:
    """A two-column table of settings; nested mappings are flattened as ``a.b``."""
    rows = [(f"<code>{esc(k)}</code>", esc(v)) for k, v in _flatten(items)]
    return table(("Setting", "Value"), rows, numeric_from=9, cls="settings")


def _flatten(items: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in items.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            out += _flatten(value, name + ".")
        elif isinstance(value, list | tuple):
            out.append((name, ", ".join(str(v) for v in value) or "—"))
        else:
            out.append((name, "—" if value is None or value == "" else value))
    return out


def snippet(text: str, start: int, end: int, context: int = 30) -> str:
    """The stretch with a little context, the stretch itself highlighted (only with ``--include-text``)."""
    before = text[max(0, start - context) : start]
    after = text[end : end + context]
    return f"…{esc(before)}<mark>{esc(text[start:end])}</mark>{esc(after)}…".replace("\n", " ")


def section(anchor: str, title: str, body: str) -> str:
    """A report section with its heading (the navigation links to ``anchor``)."""
    return f'<section id="{esc(anchor)}"><h2>{esc(title)}</h2>{body}</section>'
