"""One note shape and one span shape from store to screen (issue 12 A.3).

A note reaches the review and evaluation tabs as the store's ``NoteDetail``, each span as the engine's
``Span``; the GUI keeps no shape of its own for either: no class under ``masketeer_gui/ui`` wraps a
note or a span and re-exposes its fields, or copies them into one of its own.
"""

from __future__ import annotations

import ast
import dataclasses
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

import masketeer_gui.store.rows as rows
from masketeer_gui.engine.span import Span
from masketeer_gui.store.rows import NoteDetail
from masketeer_gui.ui import store_adapter
from masketeer_gui.ui.evaluation.judge_pane import JudgePane
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.ui.note_view import NoteView
from masketeer_gui.ui.project_api import ProjectApi
from masketeer_gui.ui.span_list import SpanList

pytestmark = pytest.mark.gui

UI = Path(store_adapter.__file__).parent
NOTE_FIELDS = {f.name for f in dataclasses.fields(NoteDetail)} | {"analyzed"}
SPAN_FIELDS = {f.name for f in dataclasses.fields(Span)}
NOTE_LIKE = 3  # a class with this many of a note's fields is a second shape of a note
SPAN_LIKE = 5  # offsets and type are everywhere (marks, corrections); a copy of a span has its masker and reason too


def _classes() -> Iterator[tuple[str, ast.ClassDef]]:
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                yield f"{path.relative_to(UI.parent)}:{node.name}", node


def _properties(cls: ast.ClassDef) -> set[str]:
    return {
        node.name
        for node in cls.body
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list)
    }


def _attributes(cls: ast.ClassDef) -> set[str]:
    """What the class declares (annotated fields), offers as properties, or sets on ``self``."""
    names = {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    names |= _properties(cls)
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _on_self(node):
            names.add(node.attr)
    return names


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id == "self"


def test_the_scan_sees_the_gui_classes() -> None:
    names = {name for name, _cls in _classes()}
    assert {"ui/note_view.py:NoteView", "ui/evaluation/judge_pane.py:JudgePane"} <= names


@pytest.mark.parametrize(("name", "cls"), list(_classes()), ids=lambda value: value if isinstance(value, str) else "")
def test_no_gui_class_is_a_second_shape_of_a_note_or_a_span(name: str, cls: ast.ClassDef) -> None:
    re_exposed = _properties(cls) & (NOTE_FIELDS | SPAN_FIELDS)
    assert not re_exposed, f"{name} re-exposes {sorted(re_exposed)}: use the store's NoteDetail or the Span itself"
    attributes = _attributes(cls)
    assert len(attributes & NOTE_FIELDS) < NOTE_LIKE, f"{name} copies a note's {sorted(attributes & NOTE_FIELDS)}"
    assert len(attributes & SPAN_FIELDS) < SPAN_LIKE, f"{name} copies a span's {sorted(attributes & SPAN_FIELDS)}"


def test_the_store_hands_out_spans_not_rows_that_mirror_them() -> None:
    assert typing.get_type_hints(NoteDetail)["spans"] == tuple[Span, ...]
    mirrors = [
        name
        for name, value in vars(rows).items()
        if dataclasses.is_dataclass(value) and value is not Span and set(dir(value)) >= SPAN_FIELDS
    ]
    assert mirrors == []


@pytest.mark.parametrize(
    ("owner", "method", "argument", "expected"),
    [
        (ProjectApi, "note", "return", NoteDetail),
        (ProjectApi, "note_chunks", "return", Iterator[list[NoteDetail]]),
        (NoteView, "set_note", "detail", NoteDetail | None),
        (SpanList, "show_spans", "note", NoteDetail | None),
        (NoteView, "current_span", "return", Span | None),
        (SampleState, "spans", "return", tuple[Span, ...]),
        (JudgePane, "current_span", "return", Span | None),
    ],
)
def test_review_and_evaluation_tabs_take_the_store_note_and_the_span(
    owner: type, method: str, argument: str, expected: object
) -> None:
    assert typing.get_type_hints(getattr(owner, method))[argument] == expected
