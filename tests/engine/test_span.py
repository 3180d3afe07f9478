"""``Span``: its hand-written dataclass methods behave as the generated ones did (so that the compiled build can
compile them), and ``trusted_span``, the engine's cheap constructor, makes the very span ``Span(...)`` makes."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine import span as span_module
from masketeer_gui.engine.span import Entity, Span, trusted_span

WORDS = st.text(max_size=8)
SpanFields = tuple[int, int, Entity, str, str, tuple[str, ...], str]


def _fields(
    start: int, length: int, entity: Entity, masker: str, reason: str, flags: list[str], ref: str
) -> SpanFields:
    return (start, start + length, entity, masker, reason, tuple(flags), ref)


FIELDS = st.builds(
    _fields, st.integers(0, 10_000), st.integers(1, 50), st.sampled_from(list(Entity)), WORDS, WORDS,
    st.lists(WORDS, max_size=3), WORDS,
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Generated:
    """What ``Span`` was: a frozen dataclass whose methods the decorator writes (the reference)."""

    start: int
    end: int
    entity: Entity
    masker: str
    reason: str = ""
    flags: tuple[str, ...] = ()
    ref: str = ""


@given(FIELDS)
def test_trusted_span_is_the_span_the_constructor_makes(fields: SpanFields) -> None:
    made = trusted_span(*fields)
    expected = Span(*fields)
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert dataclasses.astuple(made) == fields
    assert pickle.loads(pickle.dumps(made)) == expected


def test_trusted_span_is_frozen() -> None:
    span = trusted_span(0, 4, Entity.PAT, "Salutation", "", (), "huber")
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.start = 1  # type: ignore[misc]


@given(FIELDS)
def test_the_written_methods_are_the_generated_ones(fields: SpanFields) -> None:
    start, end, entity, masker, reason, flags, ref = fields
    span, reference = Span(*fields), Generated(*fields)
    assert repr(span) == repr(reference).replace("Generated(", "Span(", 1)
    assert hash(span) == hash(reference)
    assert span == Span(*fields)
    assert span != Span(start, end + 1, entity, masker, reason, flags, ref)
    assert span != reference and span != fields  # another class is never equal, as a dataclass's is not
    assert span == mock.ANY  # ... unless it says so itself (``__eq__`` returns NotImplemented, not False)
    assert dataclasses.astuple(span) == dataclasses.astuple(reference)
    assert Span.__match_args__ == Generated.__match_args__


def test_the_entity_may_be_given_as_its_string() -> None:
    span = Span(2, 9, "HCP", "Salutation")  # callers (files, the store) do this
    assert span.entity is Entity.HCP
    assert span == Span(2, 9, Entity.HCP, "Salutation", "", (), "")
    with pytest.raises(ValueError, match="XYZ"):
        Span(2, 9, "XYZ", "Salutation")


@pytest.mark.parametrize(("start", "end"), [(-1, 3), (4, 4), (5, 2)])
def test_invalid_offsets_are_refused(start: int, end: int) -> None:
    with pytest.raises(ValueError, match="invalid span offsets"):
        Span(start, end, Entity.PAT, "Salutation")


def test_a_span_pickles_copies_and_is_replaced_as_a_dataclass() -> None:
    span = Span(3, 8, Entity.PAT, "Salutation", "after 'Frau'", ("fuzzy",), "huber")
    for copied in (pickle.loads(pickle.dumps(span)), copy.copy(span), copy.deepcopy(span)):
        assert copied == span and type(copied) is Span
    changed = dataclasses.replace(span, entity=Entity.HCP)
    assert changed == Span(3, 8, Entity.HCP, "Salutation", "after 'Frau'", ("fuzzy",), "huber")
    assert [field.name for field in dataclasses.fields(Span)] == list(Span.__match_args__)


def test_a_span_is_frozen() -> None:
    span = Span(0, 4, Entity.PAT, "Salutation")
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.entity = Entity.HCP  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del span.ref


def test_compiled_says_which_build_is_imported() -> None:
    """``trusted_span`` takes the native constructor when compiled, the slot setters when not."""
    assert span_module.COMPILED is span_module.__file__.endswith(".so")
