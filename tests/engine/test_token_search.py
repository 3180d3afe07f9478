"""``token_search``: the compiled loop and the interpreted ``bisect`` find the same token for every offset.

Run by ``scripts/test_compiled.sh`` against the compiled module as well as interpreted; the loops are tested
directly too, since interpreted the public functions are ``bisect`` itself. Invented notes only."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine import token_search
from masketeer_gui.engine.text import Token, tokenize

NOTES = ["", "Frau", "Frau Irmlind Gschwandtl kam / OA Zwirbel, Tel. 0512 998877.", "  a  b  c  "]


def _starting_at(tokens: Sequence[Token], position: int) -> int:
    return bisect_left(tokens, position, key=lambda token: token.start)


def _ending_after(tokens: Sequence[Token], position: int) -> int:
    return bisect_right(tokens, position, key=lambda token: token.end)


@pytest.mark.parametrize("note", NOTES)
def test_every_offset_finds_the_token_bisect_finds(note: str) -> None:
    tokens = tokenize(note)
    for position in range(-1, len(note) + 2):
        expected = (_starting_at(tokens, position), _ending_after(tokens, position))
        for found in (
            (token_search.first_starting_at(tokens, position), token_search.first_ending_after(tokens, position)),
            (token_search._first_starting_at(tokens, position), token_search._first_ending_after(tokens, position)),
            (
                token_search.first_starting_at(tuple(tokens), position),
                token_search.first_ending_after(tuple(tokens), position),
            ),
        ):
            assert found == expected, (note, position)


@given(lengths=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), max_size=30), position=st.integers(-2, 200))
def test_any_tokens_and_offset(lengths: list[tuple[int, int]], position: int) -> None:
    """Tokens in order, with gaps and without: the loops agree with ``bisect`` at the edges and between."""
    tokens, end = [], 0
    for gap, length in lengths:
        start = end + gap
        end = start + length
        tokens.append(Token("x" * length, start, end, True, "x" * length))
    assert token_search._first_starting_at(tokens, position) == _starting_at(tokens, position)
    assert token_search._first_ending_after(tokens, position) == _ending_after(tokens, position)
    assert token_search.first_starting_at(tokens, position) == _starting_at(tokens, position)
    assert token_search.first_ending_after(tokens, position) == _ending_after(tokens, position)
