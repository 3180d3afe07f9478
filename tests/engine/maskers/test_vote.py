"""``Vote``: a plain (compiled: native) class that compares by its fields, as the named tuple it replaced did.

Run by ``scripts/test_compiled.sh`` against the compiled module as well as interpreted."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.maskers import Vote
from masketeer_gui.engine.span import Entity

VOTE = Vote("NameDictionary", Entity.PAT, "in the shipped name list", ("fuzzy",), "zwirchmayr", 3)


@pytest.mark.parametrize(
    "other",
    [
        Vote("FullName", Entity.PAT, "in the shipped name list", ("fuzzy",), "zwirchmayr", 3),
        Vote("NameDictionary", Entity.HCP, "in the shipped name list", ("fuzzy",), "zwirchmayr", 3),
        Vote("NameDictionary", Entity.PAT, "after 'Frau'", ("fuzzy",), "zwirchmayr", 3),
        Vote("NameDictionary", Entity.PAT, "in the shipped name list", (), "zwirchmayr", 3),
        Vote("NameDictionary", Entity.PAT, "in the shipped name list", ("fuzzy",), "gschwandtl", 3),
        Vote("NameDictionary", Entity.PAT, "in the shipped name list", ("fuzzy",), "zwirchmayr"),
        ("NameDictionary", Entity.PAT, "in the shipped name list", ("fuzzy",), "zwirchmayr", 3),
    ],
)
def test_a_vote_differing_in_any_field_is_not_equal(other: object) -> None:
    assert other != VOTE


def test_votes_with_the_same_fields_are_equal_and_defaults_hold() -> None:
    assert Vote("NameDictionary", Entity.PAT, "in the shipped name list", ("fuzzy",), "zwirchmayr", 3) == VOTE
    short = Vote("Regex", Entity.ADD, "inside a regex match")
    assert (short.flags, short.ref, short.last) == ((), "", -1)
    assert short  # a vote is true: votes are taken from a note's list with ``compress(votes, votes)``
    assert repr(short) == "Vote('Regex', <Entity.ADD: 'ADD'>, 'inside a regex match', (), '', -1)"
