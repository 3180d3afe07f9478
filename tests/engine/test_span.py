"""``trusted_span``: the engine's cheap constructor makes the very span ``Span(...)`` makes."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.span import Entity, Span, trusted_span

WORDS = st.text(max_size=8)


@given(
    st.integers(0, 10_000),
    st.integers(1, 50),
    st.sampled_from(list(Entity)),
    WORDS,
    WORDS,
    st.lists(WORDS, max_size=3).map(tuple),
    WORDS,
)
def test_trusted_span_is_the_span_the_constructor_makes(
    start: int, length: int, entity: Entity, masker: str, reason: str, flags: tuple[str, ...], ref: str
) -> None:
    made = trusted_span(start, start + length, entity, masker, reason, flags, ref)
    expected = Span(start, start + length, entity, masker, reason, flags, ref)
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert dataclasses.astuple(made) == (start, start + length, entity, masker, reason, flags, ref)
    assert pickle.loads(pickle.dumps(made)) == expected


def test_trusted_span_is_frozen() -> None:
    span = trusted_span(0, 4, Entity.PAT, "Salutation", "", (), "huber")
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.start = 1  # type: ignore[misc]
