"""RegexPhone: Austrian and German phone and fax numbers.

Covers
- international: "+43 664 1234567", "0043 664 1234567", "+43 (0) 512 504-23456", "+49 89 1234567";
- national: "0512 504-23456", "0512/504-23456", "(0512) 504-23456", "0664 123 45 67", "089 1234567",
  and with dots after an area code of three or more digits: "0664.1234567", "0664.123.45.67";
- extensions "-23456", "DW 123", "Durchwahl 12";
- any number right after "Tel.", "Telefon", "Telefax", "Fon", "Fax", "Mobil", "Mob.", "Natel",
  "Handy", "DW", "Durchwahl", even in-house ones without a leading 0 ("Tel.: 504-81234", "DW 123"),
  and in dictated groupings ("Tel. 03842 22 3 19"). The keyword is not masked;
- dictated groupings without a keyword after an area code, nine digits or more ("04242 24 6 33"), and
  a last group starting with 0 ("0800 220 018").

Validation beside the pattern (``_check``): 7-15 digits (after a keyword: 3-15), not a date
("01-03-2024", "02/2024"), not a time range ("0800-1200"), not a measurement ("Mobil 2000
Schritte", but "Tel. 0316 123456 Tbl. …" stays a phone), not after PZN/Charge/SVNR or a device
serial number ("SN 0316-4471-22", "Gerät-Nr.", "S/N"), not after "<Noun> Nr." unless the noun names a
phone ("Rekorder Nr. 07-3314-882" is no phone, "Fax-Nr. 0732 7676-42" is). A candidate that runs into
a following number is shortened group by group until it validates.

Fails on: numbers without a leading 0 or + and without a keyword ("504 23456"); one-digit groups
without a keyword in numbers of fewer than nine digits ("0463 5 1 20"); dotted numbers
with a short area code ("01.4000.123", left out because of dates); a phone number followed by a
space and another number without leading 0 ("0664 1234567 12") takes that number in if the whole
has at most 15 digits and no unit follows. National numbers are assumed Austrian for the
reference, so "089 1234567" and "+49 89 1234567" get different pseudonyms.
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.base import followed_by_unit, span
from masketeer_gui.engine.span import Entity, Span

_SP = r"[ \u00a0]"
# At most six groups; one-digit groups ("04242 24 6 33") are checked in ``_check``; a last group may start
# with 0 ("0800 220 018") where no further digits follow, so "0664 1234567 0512 123456" stays two numbers.
_GROUPS = rf"(?:{_SP}?[/-]{_SP}?\d{{2,8}}|{_SP}(?!0\d\d)\d{{1,8}}|{_SP}0\d\d(?!\d|{_SP}?\d)|-\d{{1,6}}){{0,6}}"
# After a keyword a group may be one digit: "Tel. 03842 22 3 19" is how people dictate numbers.
_KEYWORD_GROUPS = rf"(?:{_SP}?[/-]{_SP}?\d{{1,8}}|{_SP}(?!0\d\d)\d{{1,8}}|-\d{{1,6}}){{0,6}}"
_EXT = rf"(?:{_SP}?,?{_SP}?(?:DW|Dw\.?|Durchwahl|Klappe|Kl\.){_SP}?:?{_SP}?\d{{1,6}})?"
_END: Final = r"(?![\w\-/]|[.,]\d)"
# A number without keyword starts with "+", "0" or "("; the look-behind after that first character
# checks the character before the number (no digit, letter, "+", "/", ".", "," or "-"; no "14:").
_START = r"(?<![\w+/.,\-].)(?<!\d:.)"
_AFTER_CC = rf"[1-9]\d{{0,2}}(?:{_SP}?\(0\))?(?:{_SP}?[/-]?{_SP}?\d{{1,14}})"
_BARE = (
    rf"\+{_START}{_AFTER_CC}{_GROUPS}{_EXT}{_END}",
    rf"0{_START}(?:0{_AFTER_CC}|[1-9]\d{{0,13}}){_GROUPS}{_EXT}{_END}",
    rf"\({_START}0[1-9]\d{{0,4}}\){_GROUPS}{_EXT}{_END}",
    # dots only after an area code of three or more digits, so "01.03.2024" is never a candidate
    rf"0{_START}[1-9]\d{{2,4}}(?:\.\d{{2,8}}){{1,4}}{_EXT}{_END}",
)
KEYWORDS = (
    r"Tel(?:efon(?:nummer)?|efax)?",
    "Fon",
    "Natel",  # Swiss for a mobile phone
    "Mob",
    "TelNr",
    "Fax(?:nummer)?",
    "Mobil(?:nummer|telefon)?",
    "Handy(?:nummer|nr)?",
    "Rufnummer",
    "Durchwahl",
    "Nebenstelle",
    "DW",
)
_KEYWORD_TAIL = (
    rf"\b\.?(?:{_SP}?-?{_SP}?Nr\.?)?{_SP}*(?::{_SP}*)?"  # one way through spaces: linear time
    rf"(?:\+|00)?(?:\(\d{{1,5}}\)|\d{{1,14}})(?:{_SP}?\(0\))?{_KEYWORD_GROUPS}{_EXT}{_END}"
)
# One alternation whose branches all start with a literal, so the regex engine skips to the few
# characters that can start a candidate ("T", "F", "M", "H", "R", "D", "N", "+", "0", "(").
_CANDIDATE: Final = re.compile("|".join([*(kw + _KEYWORD_TAIL for kw in KEYWORDS), *_BARE]))
_KEYWORD: Final = re.compile("|".join(KEYWORDS))
_NUMBER_START: Final = re.compile(r"[+(\d]")
_SHORT_KEYWORDS: Final = frozenset({"DW", "Durchwahl", "Nebenstelle"})
_DATE: Final = re.compile(r"(?:0?[1-9]|[12]\d|3[01])[-/. ](?:0?[1-9]|1[0-2])[-/. ](?:19|20)?\d\d")
_MONTH_YEAR: Final = re.compile(r"(?:^|[-/ ])(?:0?[1-9]|1[0-2])/(?:19|20)\d\d(?=$|[-/ ])")
_TIME_RANGE: Final = re.compile(r"[0-2]\d[0-5]\d ?- ?[0-2]\d[0-5]\d")
# Words before a number that make it an identifier (drug, batch, insurance, account, device serial).
_ID_BEFORE: Final = re.compile(
    r"(?:PZN|Ch\.?-?B|Charge|LOT|Lot|SVNR|SV-?Nr|VSNR|IBAN|Kto|Konto|SN|S/N|REF"
    r"|(?i:seri(?:en|al)-?(?:nummer|nr|no)|ser\.-?nr|ger(?:ä|ae)te?-?(?:nummer|nr))"
    r"|(?i:inv(?:entar)?\.?-?(?:nummer|nr)|art(?:ikel)?\.?-?(?:nummer|nr)))"
    r"\.?[\s.:-]*$"
)
# "Rekorder Nr. 07-3314-882", "Fall-Nr.: 0815-22": "Nr." after a capitalised word that names no phone.
_NR_BEFORE: Final = re.compile(r"(?<![\w.])(?P<word>[A-ZÄÖÜ][\w]*)(?:\.?-|\.?[ \u00a0])?(?:Nr|No)\.?:?[ \u00a0]*$")
PHONE_WORDS: Final = frozenset(
    """
    tel telefon telefax fax ruf rueckruf handy mobil natel kontakt notruf hotline service zentrale festnetz
    buero praxis ordination station ambulanz apotheke hausarzt sekretariat
    """.split()
)
_ONE_DIGIT_GROUP: Final = re.compile(r"[ \u00a0]\d(?!\d)")  # "24 6 33", not the "-0" of "504-0" nor "+43 1"
_AREA_CODE: Final = re.compile(r"0[1-9]\d{1,3}(?!\d)")
MIN_DIGITS_WITH_ONE_DIGIT_GROUPS: Final = 9  # "04242 24 6 33": dictated, but long enough to be a number
_MOBILE: Final = re.compile(r"0(?:6[5-9]|1[5-7])")
_NOT_DIGIT: Final = re.compile(r"[^0-9]+")


def _digits(number: str) -> str:
    """The dialled digits: everything numeric except the "(0)" of "+43 (0) 512"."""
    return _NOT_DIGIT.sub("", number.replace("(0)", ""))


def normalise(number: str) -> str:
    """The reference form: digits only, "+43"/"0043" written as the national "0"."""
    digits = _digits(number)
    if number.startswith(("+43", "0043")):
        return "0" + digits[2 if number[0] == "+" else 4 :]
    if number.startswith(("+", "00")):
        return "+" + (digits if number[0] == "+" else digits[2:])
    return digits


def _kind(number: str, ref: str) -> str:
    """A reviewer's label: "mobile +43", "landline national", "international +49", "in-house"."""
    if ref.startswith("+"):
        return f"international {ref[:3]}"
    if not ref.startswith("0"):
        return "in-house"
    where = "+43" if number.startswith(("+", "00")) else "national"
    return f"{'mobile' if _MOBILE.match(ref) else 'landline'} {where}"


def _check(text: str, start: int, end: int, min_digits: int, keyword: bool = False) -> str | None:
    """The reference of the number ``text[start:end]``, or None if it is not a phone number.

    After a keyword, a dialled number (leading "0" or "+", six digits or more) stays a phone even
    when a unit follows: in "Tel. 0316 123456 Tbl. Concor" the unit belongs to the next phrase.
    """
    number = text[start:end]
    digits = _digits(number)
    if not (min_digits <= len(digits) <= 15 + 6):
        return None
    core = number.split("D", 1)[0].split("K", 1)[0].rstrip(" ,\u00a0")  # without the extension
    core_digits = digits if core == number else _digits(core)
    if len(core_digits) > 15 or _DATE.fullmatch(core) or _TIME_RANGE.fullmatch(core):
        return None
    last_group = _NOT_DIGIT.split(core)[-1]
    dialled = keyword and len(core_digits) >= 6 and number[0] in "0+(" and len(last_group) >= 3
    if _MONTH_YEAR.search(core) or (not dialled and followed_by_unit(text, end)):
        return None
    if _ID_BEFORE.search(text, max(0, start - 16), start):
        return None
    if not keyword and not _bare_number_ok(text, start, core, core_digits):
        return None
    return normalise(number)


def _bare_number_ok(text: str, start: int, core: str, core_digits: str) -> bool:
    """A number without a keyword: one-digit groups only after an area code and with nine digits or
    more ("0699 1 907 22 18"); not after "<Noun> Nr." (a recorder's or a case's number)."""
    national = core[:1] == "0" and core[1:2] != "0"
    if (
        national
        and _ONE_DIGIT_GROUP.search(core) is not None
        and (len(core_digits) < MIN_DIGITS_WITH_ONE_DIGIT_GROUPS or _AREA_CODE.match(core) is None)
    ):
        return False
    nr = _NR_BEFORE.search(text, max(0, start - 32), start)
    return nr is None or fold(nr.group("word")) in PHONE_WORDS


class PhoneRule:
    """Phone and fax numbers (see the module docstring for what is covered)."""

    name = "RegexPhone"
    entity = Entity.PHO
    needs_digit = True  # every span holds a digit: skipped on notes without one

    def find(self, text: str) -> list[Span]:
        spans: list[Span] = []
        pos = 0
        while (match := _CANDIDATE.search(text, pos)) is not None:
            found = self._accept(text, match)
            if found is None:
                pos = match.start() + 1
                continue
            spans.append(found)
            pos = found.end
        return spans

    def _accept(self, text: str, match: re.Match[str]) -> Span | None:
        """The phone span of a candidate (shortened if needed), or None."""
        start = match.start()
        keyword = _KEYWORD.match(text, start)
        if keyword is not None and start and (text[start - 1].isalnum() or text[start - 1] in "-_"):
            return None
        min_digits = 7 if keyword is None else 3 if keyword.group() in _SHORT_KEYWORDS else 4
        fitted = _shorten(text, match, min_digits, keyword is not None)
        if fitted is None:
            return None
        num_start, end, ref = fitted
        kind = _kind(text[num_start:end], ref)
        reason = (
            f"phone number pattern ({kind})" if keyword is None else f"phone number after '{keyword.group()}' ({kind})"
        )
        return span(self, num_start, end, reason, ref)


def _shorten(text: str, match: re.Match[str], min_digits: int, keyword: bool) -> tuple[int, int, str] | None:
    """Drop trailing space-separated groups until the number validates: (start, end, ref) or None."""
    number = _NUMBER_START.search(text, match.start(), match.end())
    if number is None:
        return None
    num_start, end = number.start(), match.end()
    while True:
        ref = _check(text, num_start, end, min_digits, keyword)
        if ref is not None:
            return num_start, end, ref
        cut = max(text.rfind(" ", num_start, end), text.rfind("\u00a0", num_start, end))
        shorter = _CANDIDATE.match(text, match.start(), cut) if cut > num_start else None
        if shorter is None:
            return None
        end = shorter.end()
