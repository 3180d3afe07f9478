"""RegexAddress for addresses without a street word: a village (or farm, or hamlet) and a house number.

Rural addresses name no street: "Oberndorf 19, 8330 Feldbach", "Hinterberg 7\\n5600 St. Johann",
"St. Anton 12, A-6580 St. Anton". Alone, "<Word> <number>" is no address ("Zimmer 12", "Seite 3"),
so the form is taken only where something proves it:
- a ZIP code with a listed town follows (same line after ",", "·", "|" or "–", or the next line, as in
  letterheads);
- an address cue comes before it: "wh.", "wohnhaft (in)", "Adresse:", "Anschrift:", "Wohnadresse:".

Place names are matched with Unicode letter classes (``regex``'s ``\\p{Lu}\\p{Ll}``), so any script works
("Łódź 4", "Čepin 12"). Guards: the word is no room, unit, count or time word ("Zimmer 12, 6020",
"Seite 2, 6020", "Mai 2024"), the number is a house number (1-4 digits, no leading 0, not a year).

Fails on: villages of two separate words without "St."/"Bad"/"Maria" ("Hohe Wand 3"), and village
addresses with neither a ZIP code after them nor a cue before them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from masketeer_gui.engine.deferred import DeferredPattern
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.address import normalise
from masketeer_gui.engine.rules.address_words import NOT_PLACES
from masketeer_gui.engine.rules.base import UNIT_WORDS, followed_by_unit, span, word_set
from masketeer_gui.engine.rules.zipcode import ZipRule
from masketeer_gui.engine.span import Entity, Span

_SP = r"[ \u00a0]"
_NUMBER = r"[1-9]\d{0,3}[a-z]?(?:/\d{1,3}[a-z]?)?"
_CUE: Final = re.compile(
    rf"(?:wh\.|[Ww]ohnhaft(?:{_SP}in)?|(?:Wohn)?[Aa]dresse:|Anschrift:){_SP}+"
    rf"(?=\S+(?:{_SP}\S+)?{_SP}+[1-9])"
)
# The place before the number: one capitalised word or hyphen chain, maybe after "St."/"Bad"/"Maria".
_PLACE_PREFIX = r"(?:St\.|Sankt|Bad|Maria|Hl\.)[ \u00a0]"
_PLACE_WORD = rf"(?:{_PLACE_PREFIX})?\p{{Lu}}\p{{Ll}}+(?:-\p{{L}}\p{{Ll}}+)*"
# Right before a ZIP span: place, house number, then "," or a line break (letterheads).
_BEFORE_ZIP: Final = DeferredPattern(  # ``regex`` patterns: the module is imported when a note first needs one
    rf"(?P<place>{_PLACE_WORD}){_SP}+(?P<num>{_NUMBER})(?:{_SP}*[,·|–]{_SP}*|{_SP}*\r?\n[ \t\u00a0]*)$",
    "VERSION1",
    module="regex",
)
_PLACE_AFTER_CUE: Final = DeferredPattern(
    rf"(?P<place>{_PLACE_WORD}){_SP}+(?P<num>{_NUMBER})(?![\w/]|[.,]\d)", "VERSION1", module="regex"
)
_LOOK_BACK: Final = 40
_YEAR: Final = re.compile(r"(?:19|20)\d\d")

# Capitalised words before a number that are rooms, parts of a document, counts or times, not villages.
NOT_VILLAGES: Final = word_set(
    """
    zimmer zi station stock top tuer stiege haus bett nr nummer tel telefon fax raum ebene block trakt
    bauteil gruppe kw woche jahrgang baujahr jg geb tag seite punkt abteilung bereich wohnbereich ambulanz
    kabine box pos position stufe grad level version teil code kapitel anlage beilage tabelle abbildung
    termin visite dosis gewicht puls frequenz kontrolle runde zyklus lauf klasse etage ordination praxis
    """
)


def _is_village(word: str) -> bool:
    """The last word of a place candidate is no room, unit, count or time word."""
    folded = fold(word.rstrip("."))
    return folded not in NOT_VILLAGES and folded not in NOT_PLACES and folded not in UNIT_WORDS


def _house_number(number: str) -> bool:
    """1-4 digits (plus a letter or "/door"), not a year."""
    digits = number.split("/", 1)[0].rstrip("abcdefghijklmnopqrstuvwxyz")
    return not _YEAR.fullmatch(digits)


class VillageAddressRule:
    """Village + house number before a listed ZIP code or after an address cue (see the module docstring)."""

    name = "RegexAddress"
    entity = Entity.ADD
    needs_digit = True  # every span holds a digit: skipped on notes without one

    def __init__(self, zip_rule: ZipRule) -> None:
        self._zip = zip_rule

    def find(self, text: str) -> list[Span]:
        if not self._zip.spans(text) and not _has_cue(text):
            return []  # most notes: neither a ZIP code to end an address nor a cue to start one
        found = [*self._before_zip(text), *self._after_cue(text)]
        found.sort(key=lambda s: (s.start, -s.end))
        spans: list[Span] = []
        done = 0
        for candidate in found:
            if candidate.start >= done:
                spans.append(candidate)
                done = candidate.end
        return spans

    def _before_zip(self, text: str) -> Iterator[Span]:
        """Village addresses ending right before a ZIP span (the ZIP rule's spans of this note, reused)."""
        for found in self._zip.spans(text):
            if found.start == 0 or found.end - found.start < 6:  # "PLZ 6020" spans hold the code only
                continue
            match = _BEFORE_ZIP.search(text, max(0, found.start - _LOOK_BACK), found.start)
            if match is None or not _house_number(match.group("num")):
                continue
            start, end = match.start(), match.end("num")
            if not _starts_phrase(text, start) or not _is_village(match.group("place").split()[-1]):
                continue
            yield span(self, start, end, "village and house number before a ZIP code", _ref(text, start, end))

    def _after_cue(self, text: str) -> Iterator[Span]:
        if not _has_cue(text):
            return
        for cue in _CUE.finditer(text):
            if cue.start() and (text[cue.start() - 1].isalnum() or text[cue.start() - 1] in "._"):
                continue
            match = _PLACE_AFTER_CUE.match(text, cue.end())
            if match is None or not _house_number(match.group("num")):
                continue
            if not _is_village(match.group("place").split()[-1]) or followed_by_unit(text, match.end()):
                continue
            start, end = match.start(), match.end()
            yield span(self, start, end, "village and house number after an address cue", _ref(text, start, end))


def _has_cue(text: str) -> bool:
    """A quick test before the cue regex runs: the core of some cue is in the note (the cues with ":" looked for
    only where the fast one-character search finds one)."""
    return "wh." in text or "ohnhaft" in text or (":" in text and ("dresse:" in text or "nschrift:" in text))


def _starts_phrase(text: str, pos: int) -> bool:
    """The place starts the text, a line, or follows ", ", "; ", ": ", "· ", "| ", "– " or "(": a phrase of its own."""
    before = text[max(0, pos - 2) : pos]
    return pos == 0 or before[-1] in "\n(\t" or before in (", ", "; ", ": ", "· ", "| ", "– ")


def _ref(text: str, start: int, end: int) -> str:
    return normalise(text[start:end])
