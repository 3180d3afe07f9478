"""What every regular-expression rule shares: the ``Rule`` interface and the "is this a measurement?" check.

Rules run on the note with markup blanked to spaces (same length), before tokenization, so a
phone number or a URL is seen whole. Each rule yields its own non-overlapping spans; the pipeline
merges the rules with ``find_rule_spans`` (resolve.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, Protocol

from masketeer_gui.engine.span import Entity, Span


def word_set(block: str) -> frozenset[str]:
    """The white-space separated words of ``block`` (word lists are kept as text blocks)."""
    return frozenset(block.split())


# Words that turn a number into a measurement, a count or a time (never a house number or a phone).
UNIT_WORDS: Final = word_set(
    """
    km m cm mm meter metern min minute minuten std stunde stunden h sek sec tag tage tagen woche wochen
    monat monate monaten jahr jahre jahren uhr mal x stueck stk tbl tabl tablette tabletten kps
    kapsel kapseln hub huebe hueben trpf tropfen amp ampulle ampullen pkg pkt punkte schritte schritt
    stockwerke stufen etagen kg g mg µg ug mcg ng ml l dl mmol mmhg bpm spm ie iu einheiten prozent
    kcal kalorien liter euro eur grad lagen paar bis % ‰ °
    """
)
_NEXT_WORD: Final = re.compile(r"[ \t\u00a0]*([%‰°]|[^\W\d_]+\.?)")
_DECIMAL_AFTER: Final = re.compile(r"[.,]\d")


class Rule(Protocol):
    """A pattern rule: finds one entity type in a note.

    A rule may also set ``needs_digit = True`` when every span it finds holds a digit (phone numbers,
    addresses, ZIP codes): ``find_rule_spans`` then skips it on a note without any digit.
    """

    name: str  # masker name in the output ("RegexPhone")
    entity: Entity

    def find(self, text: str) -> Iterable[Span]:
        """Spans of ``text`` (markup blanked), in order, not overlapping each other."""
        ...


def followed_by_unit(text: str, end: int) -> bool:
    """True if the number ending at ``end`` is a measurement: "2 km", "3 Mal", "2,5", "80 %"."""
    if _DECIMAL_AFTER.match(text, end):
        return True
    match = _NEXT_WORD.match(text, end)
    if match is None:
        return False
    word = match.group(1).rstrip(".").lower()
    return word in UNIT_WORDS


def span(rule: Rule, start: int, end: int, reason: str, ref: str) -> Span:
    """A span of ``rule`` with its masker name and entity filled in."""
    return Span(start, end, rule.entity, rule.name, reason, (), ref)  # positional: no keyword dict per call
