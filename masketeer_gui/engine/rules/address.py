"""RegexAddress: German and Austrian street addresses (street name plus house number).

Covers, always with a house number ("12", "12a", "12 a", "18/3", "12-14"; "Hauptstr.12" without a space) and
optional door parts
(", Stiege 2", "Top 3", "/Top 12", "Tür 4"):
- one word ending in a street word: "Anichstraße 35", "Museumstr. 11a", "Hauptplatz 1", "Rennweg 2";
- hyphen chains: "Maria-Theresien-Straße 18/3", "Dr.-Karl-Renner-Str. 4";
- an adjective and a separate street word: "Südtiroler Platz 2", "Innsbrucker Straße 8", "Alter Markt 3",
  also after a place prefix: "St. Pöltner Straße 27", "Bad Ischler Straße 4";
- a place adjective before a compound: "Floridsdorfer Marktstraße 41/7", "Gmundner Bahnhofstraße 3";
- "Am"/"Im"/"An der"/"Zum"… plus a name: "Am Rain 4", also with a capitalised adjective: "Am Alten Anger 3"
  (only where the number ends the phrase); a capitalised "Im"/"Am" before an adjective and a separate street
  word belongs to the name: "Im Oberen Feld 12";
- northern German street words: "Heidkamp 14", "Mühlenstieg 3", "Lange Reihe 7", "Potsdamer Chaussee 80";
- streets of the Romance-speaking cantons, Italy and France: "Via Cantonale 12", "Rue de la Gare 5",
  (where the number ends the phrase); "<street word> der/des <Name>" ("Platz der Einheit 3") and rarer
  prepositions ("Unter den Eichen 5", "Hinterm Bach 3") where the address ends (line end or ZIP code);
- a few well-known Innsbruck streets without a street word: "Innrain 52".

Validation beside the pattern (``_plausible``): the number is not a measurement or count
("Rundweg 2 km", "auf dem Weg 2 Mal"), the word is not a common compound ("Gehweg", "Parkplatz",
"Friedhof"), an adjective is not a function word ("Der", "Oder"), and "Am …" phrases do not name
a time or a body part ("Am Montag 3", "Am Bein 2").

Village addresses without a street ("Gries 15, 6020 Innsbruck") are found by ``village.py``.

Fails on: village addresses with neither a ZIP code nor a cue ("Gries 15"), most streets
without a street word, lower-case street names other than "-straße/-gasse", house numbers
written as words, and "Am/Im" addresses followed by more text on the same line ("Am Rain 4 wohnt").
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.deferred import DeferredPattern
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.address_words import (
    ADJECTIVES,
    KNOWN_STREETS,
    NOT_ADJECTIVES,
    NOT_PLACES,
    NOT_STREETS,
    ROMANCE_PARTICLES,
    ROMANCE_STREETS,
    SEPARATE_WORDS,
    STREET_WORDS,
)
from masketeer_gui.engine.rules.base import followed_by_unit, span
from masketeer_gui.engine.rules.shape import note_shape
from masketeer_gui.engine.span import Entity, Span

_SP = r"[ \u00a0]"
_CAP = r"[A-ZÄÖÜ][^\W\d_]*"
_CHAIN = rf"(?:{_CAP}\.?-)"
_ALT: Final = "|".join
_SUFFIX = _ALT([*map(re.escape, STREET_WORDS), r"str(?=[ \u00a0]*\d)"])  # "Anichstr 35" too
# "St. Ingberter Straße", "Bad Ischler Straße", "Maria Enzersdorfer Gasse": a place name before the adjective.
_PLACE_PREFIX = rf"(?:(?:St\.|Sankt|Bad|Maria|Hl\.){_SP})"
_COMPOUND = (
    rf"(?:(?:{_ALT(sorted(ADJECTIVES))}|(?P<cadj>{_PLACE_PREFIX}?{_CHAIN}*{_CAP}er)){_SP})?"
    rf"{_CHAIN}*[A-ZÄÖÜ][^\W\d_]*?(?:{_SUFFIX})"
    rf"|[a-zäöü][^\W\d_]*?(?:straße|strasse|str\.|gasse)"
    rf"|{_CHAIN}+(?:{_ALT(re.escape(word.capitalize()) for word in STREET_WORDS)})"
)
_PREPOSITIONS = ("Am", "Im", "An der", "Auf der", "Auf dem", "In der", "Zum", "Zur", "Beim")
# Rarer prepositions of street names: taken only where an address ends (line end, or a ZIP code follows).
_WEAK_PREPOSITIONS = (
    *("An den", "Auf den", "In den", "Unter den", "Unter der", "Hinter der", "Hinter dem", "Vor dem", "Vor der"),
    *("Bei der", "Bei den", "Zu den", "Hinterm", "Unterm", "Überm", "Vorm"),
)
_NAME_PREFIX = rf"(?:(?:{_ALT(_PREPOSITIONS)}){_SP})"  # "Im Neuenheimer Feld": a capitalised "Im" belongs to it
_SEPARATE = rf"{_NAME_PREFIX}?(?P<adj>{_PLACE_PREFIX}?{_CHAIN}*{_CAP}){_SP}(?:{_ALT(map(re.escape, SEPARATE_WORDS))})"
# "Am Rain", "An der Lan", and with a capitalised adjective "Am Alten Anger", "Im Tiefen Grund".
_PREPOSITION = (
    rf"(?P<prep>{_ALT(_PREPOSITIONS)}|(?P<weak>{_ALT(_WEAK_PREPOSITIONS)})){_SP}"
    rf"(?:(?P<padj>{_CAP}(?:er|en|e)){_SP})?(?P<place>{_CHAIN}*{_CAP})"
)
# "Platz der Einheit 3", "Allee der Kosmonauten 12": a street word, "der"/"des" and a name.
_OF_WORDS = ("Platz", "Straße", "Strasse", "Allee", "Weg", "Ring", "Ufer", "Damm", "Markt", "Chaussee", "Promenade")
_OF = rf"(?P<of>(?:{_ALT(_OF_WORDS)}){_SP}(?:der|des){_SP}{_CAP}(?:{_SP}{_CAP})?)"
_PARTICLES = _ALT(re.escape(p) for p in ROMANCE_PARTICLES)
# "Via Cantonale 12", "Rue de la Gare 5", "Chemin des Vignes 3": a particle or two, one to three names.
_ROMANCE = (
    rf"(?P<romance>(?:{_ALT(ROMANCE_STREETS)}){_SP}(?:(?:{_PARTICLES})(?:{_SP}|(?<=')))"
    rf"{{0,2}}{_CAP}(?:{_SP}{_CAP}){{0,2}})"
)
# "12", "12a", "12 a" (a lone letter after a space), "18/3", "12-14"
_NUMBER = rf"\d{{1,4}}(?:[a-zA-Z]|{_SP}[a-h](?![\w.]))?(?!\w)(?:{_SP}?[-/]{_SP}?\d{{1,4}}[a-zA-Z]?(?!\w))*"
_DOOR_WORD = r"(?:Top|Tür|Stiege|Stg\.?|Whg\.?|Wohnung|Haus|Block|St\.)"
_DOOR = rf"(?:{_SP}*[,/]?{_SP}*{_DOOR_WORD}{_SP}*\d{{1,3}}[a-zA-Z]?(?!\w))*"
_ADDRESS: Final = DeferredPattern(  # compiled when a trigger first fires (most notes have no address)
    rf"(?<![\w\-.])(?P<street>{_ALT(KNOWN_STREETS)}|{_ROMANCE}|{_OF}|{_PREPOSITION}|{_SEPARATE}|{_COMPOUND})"
    rf"{_SP}*(?P<num>{_NUMBER}){_DOOR}"
)
# The last three characters of every street name the pattern knows ("aße", "atz", "tr.", " Au").
_ENDINGS: Final = (*STREET_WORDS, *(w.capitalize() for w in STREET_WORDS), "str", *SEPARATE_WORDS, *KNOWN_STREETS)
_TAILS = _ALT(sorted({re.escape(f" {word}"[-3:]).replace(r"\ ", r"\W") for word in _ENDINGS}))
_TO_DIGIT = r"(?=[ \u00a0]*+[0-9])"  # white space, then a digit
_NEXT_OK = r"(?=[ \u00a00-9])"  # what _TO_DIGIT implies of the next character alone
# Where an address can be. The triggers are cheap for the regex engine, which skips fast to a space
# (then checks the next character: most spaces fail there, before a letter; then that the space starts
# its run, that the run ends in a digit, and only then the three letters before it) or to the first
# letter of "Am", "Im", "Zum"…; Python looks at the hits only. Only the first space of a run reads on
# to the digit, so a run of spaces is read once, not once per space (linear time on long runs).
_NUMBER_TRIGGER: Final = re.compile(rf" {_NEXT_OK}(?<![ \u00a0] ){_TO_DIGIT}(?<=(?:{_TAILS}) ){_SP}*[0-9]")
_NBSP_TRIGGER: Final = re.compile(rf"\u00a0{_NEXT_OK}(?<![ \u00a0]\u00a0){_TO_DIGIT}(?<=(?:{_TAILS})\u00a0){_SP}*[0-9]")
_GLUED_TRIGGER: Final = re.compile(r"(?<=[sS]tr\.)[0-9]")
# The gate of ``_NUMBER_TRIGGER`` and ``_NBSP_TRIGGER``, read on the note's shape (``rules.shape``: digits "9",
# no-break spaces " "): a tail, then one space and a digit, or two spaces. Its first two bytes are literal, so the
# regex engine skips fast to the few digits after a space, where the triggers stop at every space. A tail's
# "\W" takes every byte that may stand for a non-word character ("?" stands for any beyond Latin-1), so the
# gate opens wherever a trigger matches (``tests/engine/rules/test_address_rule.py``).
_MAY_BE_NON_WORD = rb"[^" + re.escape(bytes(code for code in range(256) if re.fullmatch(r"\w", chr(code)))) + rb"]"
_TAIL_BYTES = b"|".join(
    sorted({re.escape(f" {word}"[-3:].encode("latin-1")).replace(rb"\ ", _MAY_BE_NON_WORD) for word in _ENDINGS})
)
_LAST_BYTES = rb"[" + re.escape(bytes({f" {word}"[-1].encode("latin-1")[0] for word in _ENDINGS})) + rb"]"
_ONE_SPACE_GATE: Final = re.compile(rb" 9(?<=" + _LAST_BYTES + rb" 9)(?<=(?:" + _TAIL_BYTES + rb") 9)")
_TWO_SPACES_GATE: Final = re.compile(
    rb"  (?<=" + _LAST_BYTES + rb"  )(?<=(?:" + _TAIL_BYTES + rb")  )"
)  # "Hauptstr.12": no space after the abbreviation
_PREPOSITION_TAIL = rf"{_SP}+(?:{_CAP}{_SP}+)?{_CHAIN}*{_CAP}{_SP}+[0-9]"
_STREET_TAIL = rf"{_SP}+(?:[^\W\d_]+(?:'|{_SP}+)){{1,5}}[0-9]"
TRIGGER_WORDS = (
    *((prep, _PREPOSITION_TAIL) for prep in (*_PREPOSITIONS, *_WEAK_PREPOSITIONS)),
    *((street, _STREET_TAIL) for street in (*ROMANCE_STREETS, *_OF_WORDS)),
)


def _by_first_letter(words: tuple[tuple[str, str], ...]) -> str:
    """One alternative per first letter and tail ("A(?:m|n der|uf der…)<tail>"), so the regex engine tries a
    dozen branches at a capital letter, not fifty. The same matches as one branch per word, since no word and
    the white space after it start another word (``tests/engine/rules/test_address_rule.py``)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for word, tail in words:
        groups.setdefault((word[0], tail), []).append(re.escape(word[1:]))
    return _ALT(f"{re.escape(first)}(?:{_ALT(rests)}){tail}" for (first, tail), rests in groups.items())


_PREPOSITION_TRIGGER: Final = re.compile(_by_first_letter(TRIGGER_WORDS))
_LOOK_BACK: Final = 80  # characters before a house number that may hold its street name
_LOOK_AHEAD: Final = 40  # characters after it that may hold "/3, Stiege 2, Top 14"
_PHRASE_END: Final = re.compile(r"[ \t\u00a0]*(?:$|[\r\n,;:)(]|\.(?!\d)|-{1,2}[ \t])")
# Where an address surely ends: the line or the note ends, or a ZIP code follows ("…3, 14467 Potsdam").
_ADDRESS_END: Final = re.compile(r"[ \t\u00a0]*(?:$|\r?\n|[,·|–][ \t\u00a0]*(?:[A-Z]{1,2}-)?\d{4,5}(?!\d))")
_STREET_ABBREV: Final = re.compile(r"str\.?(?= |$)")
_GLUED_NUMBER: Final = re.compile(r"\.(?=\d)")
_LETTER_APART: Final = re.compile(r"(\d) ([a-h])(?=$| )")


def normalise(address: str) -> str:
    """The reference form: folded, "str." spelled out, no spaces around "/" and "-" nor before a house
    number's letter ("Hauptstr.12 a" = "Hauptstraße 12a")."""
    folded = " ".join(_GLUED_NUMBER.sub(". ", fold(address)).replace("/", " / ").replace("-", " - ").split())
    folded = _STREET_ABBREV.sub("strasse ", folded.replace("str. ", "str "))
    folded = _LETTER_APART.sub(r"\1\2", folded)
    return " ".join(folded.replace(" / ", "/").replace(" - ", "-").split())


def _plausible(text: str, match: re.Match[str]) -> bool:
    """The checks beside the pattern (see the module docstring)."""
    if followed_by_unit(text, match.end("num")):
        return False
    street = match.group("street")
    if fold(street) in NOT_STREETS:
        return False
    if match.group("cadj") is not None and fold(match.group("cadj").split()[-1]) in NOT_ADJECTIVES:
        return False
    if match.group("adj") is not None:
        adjective = match.group("adj").split()[-1]
        return fold(adjective) not in NOT_ADJECTIVES and (adjective.endswith("er") or adjective in ADJECTIVES)
    number_ok = len(match.group("num")) <= 5 and match.group("num")[0] != "0"
    at_end = _PHRASE_END.match(text, match.end()) is not None
    if match.group("prep") is not None:
        adjective = match.group("padj")
        if adjective is not None and fold(adjective) in NOT_ADJECTIVES:
            return False
        if match.group("weak") is not None:
            at_end = _ADDRESS_END.match(text, match.end()) is not None
        return number_ok and at_end and fold(match.group("place")) not in NOT_PLACES
    if match.group("romance") is not None:
        return number_ok and at_end
    if match.group("of") is not None:
        return number_ok and _ADDRESS_END.match(text, match.end()) is not None
    return True


class AddressRule:
    """Street addresses (see the module docstring for what is covered)."""

    name = "RegexAddress"
    entity = Entity.ADD
    needs_digit = True  # every span holds a digit: skipped on notes without one

    def find(self, text: str) -> list[Span]:
        spans: list[Span] = []
        done = 0
        for trigger in self._triggers(text):
            number = trigger.end() - 1
            if number < done:
                continue
            match = self._match_around(text, _words_back(text, trigger.start(), done), number)
            if match is None:
                continue
            reason = "street address pattern"
            if match.group("street") in KNOWN_STREETS:
                reason += " (known street)"
            spans.append(span(self, match.start(), match.end(), reason, normalise(match.group())))
            done = match.end()
        return spans

    @staticmethod
    def _triggers(text: str) -> list[re.Match[str]]:
        """Places that may hold an address, in text order. A pattern is searched once first: most notes hold no
        match, and a search that finds none costs less than collecting none (an iterator and a list)."""
        after_tail = may_hold_number_trigger(text)
        found = list(_NUMBER_TRIGGER.finditer(text)) if after_tail else []
        more = list(_PREPOSITION_TRIGGER.finditer(text)) if _PREPOSITION_TRIGGER.search(text) is not None else []
        if "tr." in text:
            more += _GLUED_TRIGGER.finditer(text)
        if after_tail and "\u00a0" in text:
            more += _NBSP_TRIGGER.finditer(text)
        if more:
            found = sorted(found + more, key=lambda match: match.end())
        return found

    @staticmethod
    def _match_around(text: str, start: int, number: int) -> re.Match[str] | None:
        """The plausible address whose house number starts at ``number``, searched from ``start``."""
        end = min(len(text), number + _LOOK_AHEAD)
        while (match := _ADDRESS.search(text, start, end)) is not None and match.start("num") <= number:
            if match.start("num") == number and _plausible(text, match):
                return match
            start = match.start() + 1
        return None


def may_hold_number_trigger(text: str) -> bool:
    """The gate of ``_NUMBER_TRIGGER`` and ``_NBSP_TRIGGER`` opens in the shape of ``text``: true wherever one
    of them matches."""
    shape = note_shape(text)
    return _ONE_SPACE_GATE.search(shape) is not None or _TWO_SPACES_GATE.search(shape) is not None


def _words_back(text: str, pos: int, floor: int) -> int:
    """Where to look for the street of a number near ``pos``: three words back, not before ``floor``."""
    floor = max(floor, pos - _LOOK_BACK)
    for _ in range(4):
        pos = text.rfind(" ", floor, pos - 1) if pos > floor else -1
        if pos < floor:
            return floor
    return pos + 1
