"""A medical site is written on one line: a letterhead's next line is its address, not part of its name.

Tokens of one sentence run across line breaks (a letterhead has no full stops), so the site masker's
walk to the right could take "Rehaklinik Bergdorf\\nSeeweg 2" as one name and then lose the whole site
to the overlapping address. ``clip_to_line`` cuts a site back to the line of the token it was found at.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from masketeer_gui.engine.maskers.base import NoteState, same_line

_Hit = tuple[int, int, str]


def clip_to_line(state: NoteState, hit: _Hit, anchor: int, generic: AbstractSet[str]) -> _Hit | None:
    """``hit`` (first, last, reason) cut to the line of token ``anchor``; None if only a bare head is left.

    ``generic``: folded head words that are no site alone ("Klinik", "Spital"); a site clipped down to
    one of them is dropped.
    """
    first, last, reason = hit
    if not state.text or state.text.find("\n", state.tokens[first].end, state.tokens[last].start) < 0:
        return hit  # the common case: one slice search, no token walk
    new_first, new_last = anchor, anchor
    while new_first > first and same_line(state, new_first - 1, new_first):
        new_first -= 1
    while new_last < last and same_line(state, new_last, new_last + 1):
        new_last += 1
    words = [k for k in range(new_first, new_last + 1) if state.tokens[k].is_word]
    if not words or (len(words) == 1 and state.tokens[words[0]].folded in generic):
        return None
    while not state.tokens[new_last].is_word:  # no trailing punctuation ("Klinik Bergdorf -")
        new_last -= 1
    while not state.tokens[new_first].is_word:
        new_first += 1
    return (new_first, new_last, reason)
