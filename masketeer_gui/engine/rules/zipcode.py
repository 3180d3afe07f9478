"""RegexZIP: a ZIP code together with its town ("6020 Innsbruck"), as one span.

Covers
- Austrian codes checked against the shipped list (``dictionaries/zip_at.tsv``): "6020 Innsbruck",
  "A-6020 Innsbruck", "AT-6130 Schwaz", "6060 Hall in Tirol", "6060 Hall", "6380 St. Johann",
  "1210 Wien-Floridsdorf"; the town may be any place or municipality listed for that code
  (compared umlaut- and case-insensitively, "Sankt" = "St.");
- "A-6020"/"AT-6020" with a town missing from the list (flagged "unlisted town");
- German codes checked against ``zip_de.tsv`` ("10115 Berlin", "60311 Frankfurt am Main",
  "04109 Leipzig"), else: "D-80331 München" (any capitalised word after "D-"/"DE-"), a known city
  or typical town ending ("86150 Augsburg"), any capitalised town right after a street address
  ("Hauptstr. 5, 12345 Musterhausen");
- Swiss and Liechtenstein codes checked against ``zip_ch.tsv`` ("8001 Zürich", "CH-4051 Basel",
  "FL-9490 Vaduz"). Austrian and Swiss codes share the 4-digit range: the town decides, Austria
  first ("3100 St. Pölten" is Austrian, "3000 Bern" Swiss); "A-"/"CH-" decide alone;
- "PLZ 6020" / "PLZ: 80331" without a town (the code alone; the word "PLZ" stays);
- abbreviated words of a listed town ("34346 Hann. Münden", "6060 Hall i. T.") and, after a listed
  German town, a river or region the list names only with other towns ("63450 Hanau am Main"); see
  ``town_forms``.

A bare number is never a ZIP code: "1000 mg", "2024", "10000 Schritte", "12345 Einheiten".

Fails on: codes with a misspelt town or a town abbreviated without a dot ("6020 Ibk"), a town before its code
("Innsbruck 6020"), German codes whose town is missing from GeoNames, Italian (South Tyrol) codes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Final

from masketeer_gui.engine.deferred import Deferred
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.address import AddressRule
from masketeer_gui.engine.rules.address_words import NOT_PLACES
from masketeer_gui.engine.rules.resolve import Taken
from masketeer_gui.engine.rules.shape import DIGIT, note_shape
from masketeer_gui.engine.rules.town_forms import abbreviated_town_end, suffix_end, suffix_phrases, towns_by_region
from masketeer_gui.engine.rules.zip_towns import ZipKeys, town_key, zip_keys
from masketeer_gui.engine.rules.zipcode_words import GERMAN_CITIES, NOT_TOWNS, TOWN_ENDINGS
from masketeer_gui.engine.span import Entity, Span

_SP = r"[ \u00a0]"
# Starts with a digit so the regex engine skips letters fast; the look-behind after the first digit
# checks the character before the code ("-" is allowed for "A-6020" and checked in Python).
_ZIP: Final = re.compile(rf"(?P<zip>[0-9](?<![\w.,/+:][0-9])[0-9]{{3,4}})(?!\w|[.,/:\-]\w){_SP}+(?P<town>[^\W\d_]+\.?)")
_PLZ: Final = re.compile(rf"(?<![\w\-])PLZ\.?:?{_SP}*(?P<zip>\d{{4,5}})(?![\w.,/:\-]\w)")
_CC_BEFORE: Final = re.compile(rf"(?<![\w\-])(?P<cc>A|AT|Ö|D|DE|CH|FL|LI){_SP}?-?{_SP}?$")
_AUSTRIA, _GERMANY, _SWISS = ("A", "AT", "Ö"), ("D", "DE"), ("CH", "FL", "LI")
_WORD: Final = re.compile(rf"{_SP}?-?{_SP}?([^\W\d_]+\.?|\([^\W\d_]+\))")
_CHAIN_REST: Final = re.compile(r"(?:-[^\W\d_]+)+")
_DE_CHAIN: Final = re.compile(r"(?:-[A-ZÄÖÜ][^\W\d_]*)*")
_DE_SUFFIX: Final = re.compile(rf"{_SP}(?:am|an der|im|in|ob der|bei){_SP}[A-ZÄÖÜ][^\W\d_]*")
_DE_AFTER_BAD: Final = re.compile(rf"{_SP}[A-ZÄÖÜ][^\W\d_]*(?:-[A-ZÄÖÜ][^\W\d_]*)*")
_Verdict = tuple[int, str, tuple[str, ...]]  # (end, reason, flags) of an accepted match
_FOUR_DIGITS: Final = bytes((DIGIT,)) * 4  # in a note's shape: four ASCII digits in a row, where a code may start


class ZipRule:
    """ZIP code plus town (see the module docstring for what is covered)."""

    name = "RegexZIP"
    entity = Entity.ZIP
    needs_digit = True  # every span holds a digit: skipped on notes without one

    def __init__(
        self,
        zip_towns: Mapping[str, tuple[str, ...]] | Deferred[ZipKeys],
        german: Mapping[str, tuple[str, ...]] | None = None,
        swiss: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        """``zip_towns``: the Austrian list, or every list's keys built already (``ZipKeys``, read from the
        cache when first needed); ``german``/``swiss``: the shipped lists when None."""
        if isinstance(zip_towns, Deferred):
            self._keys = zip_towns
        else:
            self._keys = Deferred.ready(zip_keys(zip_towns, german, swiss))
        self._address = AddressRule()
        self._memo: tuple[str, list[Span]] | None = None
        self._suffixes: frozenset[str] | None = None
        self._regions: dict[str, frozenset[str]] | None = None

    def prepare(self) -> None:
        """Read (or build) the town keys now."""
        self._keys.get()

    @property
    def _towns(self) -> Mapping[str, frozenset[str]]:
        return self._keys.get().austrian

    @property
    def _de_towns(self) -> Mapping[str, frozenset[str]]:
        return self._keys.get().german

    @property
    def _ch_towns(self) -> Mapping[str, frozenset[str]]:
        return self._keys.get().swiss

    @property
    def _max_words(self) -> int:
        return self._keys.get().max_words

    def find(self, text: str) -> list[Span]:
        return self.spans(text)[:]  # a copy: the memo stays as found

    def spans(self, text: str) -> list[Span]:
        """The spans of ``text``; the last note's are remembered, so the village rule reuses them."""
        memo = self._memo
        if memo is not None and memo[0] is text:
            return memo[1]
        spans = self._codes(text)
        if "PLZ" in text:
            taken = Taken()
            for found in spans:
                taken.take(found.start, found.end)
            plz = [s for s in self._after_plz(text) if taken.free(s.start, s.end)]
            spans = sorted(spans + plz, key=lambda s: s.start)
        self._memo = (text, spans)
        return spans

    def _codes(self, text: str) -> list[Span]:
        """What ``_ZIP.finditer`` finds, with its town: a match starts a run of four ASCII digits or more (its
        look-behind refuses a digit before it), so it is tried at those runs alone, found in the note's shape."""
        spans: list[Span] = []
        shape = note_shape(text)
        pos = shape.find(_FOUR_DIGITS)
        while pos >= 0:
            if pos and shape[pos - 1] == DIGIT:  # inside a longer run: no match starts here, nor in the next three
                pos = shape.find(_FOUR_DIGITS, pos + 4)
                continue
            match = _ZIP.match(text, pos)
            if match is None:
                pos = shape.find(_FOUR_DIGITS, pos + 4)
                continue
            found = self._with_town(text, match)
            if found is not None:
                spans.append(found)
            pos = shape.find(_FOUR_DIGITS, match.end())  # the next match starts after this one, as in finditer
        return spans

    def span_at(self, text: str, pos: int) -> Span | None:
        """The ZIP span whose code starts at ``pos`` (a country prefix before it included), or None."""
        match = _ZIP.match(text, pos)
        return self._with_town(text, match) if match is not None else None

    def _with_town(self, text: str, match: re.Match[str]) -> Span | None:
        """The span of a code and its town, with a country prefix ("A-", "D-") if there is one."""
        start, cc = match.start(), None
        prefix = _CC_BEFORE.search(text, max(0, start - 5), start)
        if prefix is not None:
            start, cc = prefix.start(), prefix.group("cc")
        elif start and text[start - 1] == "-":
            return None
        found = self._judge(text, match, cc)
        if found is None:
            return None
        end, reason, flags = found
        ref = f"{match.group('zip')} {town_key(text[match.end('zip') : end])}"
        return Span(start, end, self.entity, self.name, reason, flags, ref)

    def _after_plz(self, text: str) -> Iterator[Span]:
        """Codes right after "PLZ" (the word itself stays): known Austrian or any German code."""
        for match in _PLZ.finditer(text):
            code = match.group("zip")
            if code in self._towns or code in self._ch_towns or (len(code) == 5 and code[:2] != "00"):
                yield Span(
                    match.start("zip"),
                    match.end("zip"),
                    self.entity,
                    self.name,
                    "ZIP code after 'PLZ'",
                    (),
                    code,
                )

    def _judge(self, text: str, match: re.Match[str], cc: str | None) -> _Verdict | None:
        """(end, reason, flags) of an accepted match, or None."""
        code = match.group("zip")
        if len(code) == 4 and cc not in _GERMANY:
            found = None if cc in _SWISS else self._austrian(text, match, code, cc)
            return found if found is not None or cc in _AUSTRIA else self._swiss_code(text, match, code)
        if len(code) == 5 and cc not in _AUSTRIA and cc not in _SWISS and code[:2] != "00":
            return self._german(text, match, code, cc)
        return None

    def _swiss_code(self, text: str, match: re.Match[str], code: str) -> _Verdict | None:
        keys = self._ch_towns.get(code)
        end = None if keys is None else self._listed_town_end(text, match.start("town"), keys)
        return None if end is None else (_chain_end(text, end), "Swiss ZIP code with listed town", ())

    def _austrian(self, text: str, match: re.Match[str], code: str, cc: str | None) -> _Verdict | None:
        keys = self._towns.get(code)
        if keys is None:
            return None
        end = self._listed_town_end(text, match.start("town"), keys)
        if end is not None:
            return _chain_end(text, end), "Austrian ZIP code with listed town", ()
        town = match.group("town")
        if cc is not None and town[0].isupper() and fold(town).rstrip(".") not in NOT_TOWNS:
            end = match.end("town") - town.endswith(".")
            return _chain_end(text, end), "Austrian ZIP code after 'A-'", ("unlisted town",)
        return None

    def _listed_town_end(self, text: str, start: int, keys: frozenset[str]) -> int | None:
        """End of the longest run of words from ``start`` that is a town of the code."""
        ends: list[int] = []
        pos = start
        for _ in range(self._max_words):
            word = _WORD.match(text, pos)
            if word is None:
                break
            pos = word.end()
            ends.append(pos)
        exact = None
        for end in reversed(ends):
            if town_key(text[start:end]) in keys:
                exact = end - 1 if text[end - 1] == "." else end
                break
        if text.find(".", start, pos) < 0:  # no abbreviation in reach: the common case
            return exact
        short = abbreviated_town_end(text, start, keys, self._max_words)
        return short if short is not None and (exact is None or short > exact) else exact

    def _german(self, text: str, match: re.Match[str], code: str, cc: str | None) -> _Verdict | None:
        keys = self._de_towns.get(code)
        listed = None if keys is None else self._listed_town_end(text, match.start("town"), keys)
        if listed is not None:
            river = suffix_end(text, listed, self._suffix_phrases())  # "Offenbach am Main", "Halle (Saale)"
            return _chain_end(text, listed if river is None else river), "German ZIP code with listed town", ()
        town = match.group("town")
        chain = _DE_CHAIN.match(text, match.end("town"))
        end = chain.end() if chain else match.end("town")
        folded = fold(text[match.start("town") : end]).rstrip(".")
        if folded in NOT_TOWNS or not town[0].isupper() or town.isupper() or town.endswith("."):
            return None
        extra = (_DE_AFTER_BAD if folded == "bad" else _DE_SUFFIX).match(text, end)
        if extra and fold(extra.group().split()[-1]) not in NOT_PLACES:  # not "München im Juli"
            end = extra.end()
        if cc is not None:
            return end, "German ZIP code after 'D-'", ()
        if folded in GERMAN_CITIES or folded.endswith(TOWN_ENDINGS):
            return end, "German ZIP code with town", ()
        if self._after_address(text, match.start()):
            return end, "German ZIP code after a street address", ()
        if folded in self._region_towns(code):
            return end, "German ZIP code with a town of its region", ()
        return None

    def _region_towns(self, code: str) -> frozenset[str]:
        """Keys of the German towns listed with a code of the same first digit (built on first use)."""
        if self._regions is None:
            self._regions = towns_by_region(self._de_towns)
        return self._regions.get(code[:1], frozenset())

    def _suffix_phrases(self) -> frozenset[str]:
        """Rivers and regions after "am", "an der" … in the lists' town names (built on first use)."""
        if self._suffixes is None:
            self._suffixes = suffix_phrases((self._de_towns, self._ch_towns, self._towns))
        return self._suffixes

    def _after_address(self, text: str, start: int) -> bool:
        """True if a street address ends right before ``start`` (", " in between allowed)."""
        before = text[max(0, start - 80) : start].rstrip(" ,\u00a0")
        return any(s.end == len(before) for s in self._address.find(before))


def _chain_end(text: str, end: int) -> int:
    """Extend a town that ends inside a hyphen chain ("Innsbruck-Wilten") to the chain's end."""
    rest = _CHAIN_REST.match(text, end)
    return rest.end() if rest else end
