"""The per-word helpers of the site forms agree with their slower definitions: the order typo test with the
``regex`` fuzzy pattern it replaced, the key list with ``word_keys``, the stem's shortcut with its loop."""

from __future__ import annotations

import random
import string

import pytest
import regex

from masketeer_gui.engine.maskers import site_forms
from masketeer_gui.engine.maskers.site_forms import SPLITS, SYNONYMS, key_list, order_typo, stem, word_keys

ORDERS = site_forms._ONE_WORD_ORDERS
FUZZY = regex.compile(rf"(?:{'|'.join(ORDERS)}){{e<=1}}", regex.BESTMATCH)
LETTERS = "abcdefghijklmnopqrstuvwxyzäöüß"


def _edits(word: str) -> set[str]:
    """Every word one letter substituted, added or dropped, or two neighbours swapped, from ``word``."""
    out = {word[:i] + word[i + 1 :] for i in range(len(word))}
    out |= {word[:i] + c + word[i:] for i in range(len(word) + 1) for c in LETTERS}
    out |= {word[:i] + c + word[i + 1 :] for i in range(len(word)) for c in LETTERS}
    out |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return out


def _words() -> list[str]:
    rng = random.Random(7)
    words = set(ORDERS)
    for order in ORDERS:
        near = _edits(order)
        words |= near
        words |= {rng.choice(sorted(_edits(w))) for w in rng.sample(sorted(near), 40)}  # two edits away
    words |= {"".join(rng.choices(string.ascii_lowercase, k=rng.randint(6, 14))) for _ in range(300)}
    return sorted(words)


def test_order_typo_agrees_with_the_fuzzy_pattern() -> None:
    words = _words()
    assert sum(order_typo(w) for w in words) > 1000  # the test sees both answers often
    for word in words:
        assert order_typo(word) == (FUZZY.fullmatch(word) is not None), word


@pytest.mark.parametrize("order", ORDERS)
def test_a_swap_of_two_letters_is_no_order_typo(order: str) -> None:
    swapped = order[1] + order[0] + order[2:]
    if swapped != order:
        assert not order_typo(swapped)


@pytest.mark.parametrize(
    "folded",
    ["klinikum", "uniklinikum", "landeskrankenhaus", "lkh-univ", "alpen-eisen", "a--b", "x‐y‑z", "sankt", "", "-"],
)
def test_key_list_is_word_keys(folded: str) -> None:
    assert key_list(folded) == list(word_keys(folded))


def test_key_list_applies_synonyms_and_splits() -> None:
    for word in (*SYNONYMS, *SPLITS):
        assert key_list(word) == list(word_keys(word))


@pytest.mark.parametrize(
    "word", ["schwestern", "brueder", "klinikum", "spitals", "heime", "barmherzigen", "abcd", "abcde", "hauses"]
)
def test_stem_drops_one_ending(word: str) -> None:
    expected = word
    if len(word) > 4:
        for ending in site_forms._ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= 4:
                expected = word[: -len(ending)]
                break
    assert stem(word) == expected
