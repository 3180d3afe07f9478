"""The forms in which people write medical sites: word keys, listed-site variants, acronyms, site vocabulary.

A listed site ("Krankenhaus der Barmherzigen Brüder Regensburg") is matched in its common variants:
- word by word on *keys*: folded, hyphen parts apart, short forms and long forms alike ("LKH" =
  "Landeskrankenhaus", "Univ." = "Universitäts-", "St." = "Sankt", "Hl." = "Heiligen"), inflection
  endings dropped in names of two or more words ("der Barmherzigen Brüder" = "Barmherzige Brüder");
  a one-word name matches exactly;
- without a generic prefix ("Barmherzige Brüder Regensburg", "Univ.-Klinikum Lienz" for "LKH-Univ. Klinikum Lienz");
- the part before "Standort" and the head with the part after it ("LKH Nord", "LKH Seestadt" for
  "LKH Nord Standort Seestadt");
- acronyms of the words before the town ("AEK Seestadt" for "Alpen-Eisen Klinikum Seestadt") and of
  the whole name ("ABK" for "Abendrot Berg Klinikum"), in capitals only.

The vocabulary below names classes of words (site heads, religious orders that run hospitals,
saints' prefixes), not particular sites.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from masketeer_gui.engine.names import within_one_edit
from masketeer_gui.engine.normalize import fold

WORD: Final = re.compile(r"\w+(?:[-‐‑]\w+)*")
_HYPHEN: Final = re.compile(r"[-‐‑]+")

# Short and long forms that people use for the same word of a site name (folded).
SYNONYMS: Final = {
    "landeskrankenhaus": "lkh",
    "bezirkskrankenhaus": "bkh",
    "krankenhaus": "kh",
    "allgemeines": "a",
    "univ": "uni",
    "universitaets": "uni",
    "universitaet": "uni",
    "sankt": "st",
    "heiligen": "hl",
    "heilige": "hl",
    "heiliger": "hl",
    "hlg": "hl",
    "unfallkrankenhaus": "ukh",
}
# Compounds written one way or the other: "Uniklinikum" = "Univ.-Klinikum" = "Universitätsklinikum".
SPLITS: Final = {
    "uniklinikum": ("uni", "klinikum"),
    "universitaetsklinikum": ("uni", "klinikum"),
    "uniklinik": ("uni", "klinik"),
    "universitaetsklinik": ("uni", "klinik"),
    "uk": ("uni", "klinikum"),
    "universitaetsspital": ("uni", "spital"),  # "USB" for "Universitätsspital Basel"
    "unispital": ("uni", "spital"),
    "kantonsspital": ("kanton", "spital"),  # "KSA" for "Kantonsspital Aarau"
}
_ENDINGS: Final = ("ern", "en", "er", "es", "em", "e", "n", "s")
_MIN_STEM: Final = 4
_ENDING_LETTERS: Final = frozenset(ending[-1] for ending in _ENDINGS)

# Words that start a site name but say nothing about which site: dropped to make a variant.
GENERIC_HEADS: Final = frozenset({"kh", "lkh", "bkh", "klinikum", "klinik", "spital", "ordensklinikum", "a"})
LINKS: Final = frozenset({"der", "des", "zum", "zur", "am", "im", "in", "an", "und", "bei", "ob", "vor"})
STANDORT: Final = "standort"

# Religious orders whose hospitals are named after them: a site on their own ("bei den Ordensleuten").
ORDERS: Final = (
    "Elisabethinen",
    "Barmherzige Brüder",
    "Barmherzige Schwestern",
    "Kreuzschwestern",
    "Vinzentinerinnen",
    "Franziskanerinnen",
    "Marienschwestern",
    "Diakonissen",
    "Salvatorianerinnen",
    "Borromäerinnen",
    "Ursulinen",
    "Johanniter",
    "Malteser",
    "Alexianer",
)
# One-word orders with one typo allowed (``order_typo``, on the folded word).
_ONE_WORD_ORDERS: Final = sorted(fold(o) for o in ORDERS if " " not in o)
ORDER_STARTS: Final = frozenset(o[:3] for o in _ONE_WORD_ORDERS)


def order_typo(folded: str) -> bool:
    """``folded`` is a one-word order with at most one letter substituted, added or dropped: what the ``regex``
    pattern ``(?:<orders>){e<=1}`` fullmatches (a swap of two letters is two edits), compared in plain Python
    (``tests/engine/maskers/test_site_forms.py`` checks the two agree)."""
    return any(within_one_edit(folded, order, swaps=False) for order in _ONE_WORD_ORDERS)


# Endings of compound heads: "Josefskrankenhaus", "Kreisseniorenheim", "Stern-Apotheke".
HEAD_SUFFIXES: Final = (
    "klinik",
    "klinikum",
    "kliniken",
    "hospital",
    "krankenhaus",
    "spital",
    "pflegeheim",
    "seniorenheim",
    "altenheim",
    "seniorenzentrum",
    "pflegezentrum",
    "pflegewohnhaus",
    "seniorenwohnhaus",
    "apotheke",
    "sanatorium",
    "hospiz",
    "rehazentrum",
    "reha-zentrum",
    "kurzentrum",
)
# First parts of hyphenated heads that are generic ("Reha-Klinik", "Tages-Klinik"), not a name.
GENERIC_PARTS: Final = frozenset(
    """
    reha tages kinder privat akut fach spezial uni universitaets landes bezirks stadt kur herz schmerz
    unfall frauen augen zahn haut hno notfall intensiv kranken online versand internet alten senioren
    pflege wohn krankenhaus klinik
    """.split()
)
# Words after "Apotheke zum/zur/am" that make a pharmacy's name even when they are German words.
SAINT_WORDS: Final = frozenset({"hl", "st", "heiligen", "heilige", "hlg", "sankt"})
PHARMACY_LINKS: Final = frozenset({"zum", "zur", "am", "an", "im"})
# Words before a head that belong to the site: "Univ.-Klinikum", "Allgemeines Krankenhaus", "Wohn- und".
LEFT_MODIFIERS: Final = frozenset(
    {"univ", "uni", "universitaets", "lkh", "kh", "a", "oe", "allgemeines", "oeffentliches", "staedtisches"}
)
# Short forms that are a site when a listed town follows: "xK", "xxK", "xKH" ("PEK Steyr").
ACRONYM_HEAD: Final = re.compile(r"[A-ZÄÖÜ]{1,3}KH?")
NOT_ACRONYM_HEADS: Final = frozenset({"OK", "KK", "SK", "CK", "TK", "DK", "MK"})


# German function words (a closed class) that GeoNames also lists as towns ("Alle", "Einig", "Gering"):
# after a head they start the next phrase ("auf Reha Alle Werte im Zielbereich").
FUNCTION_WORDS: Final = frozenset(
    """
    alle aller alles allen auch bei beide beiden binnen breit da dann dass dem den der des die doch ein eine
    einer eines einig einige einigen einiger enger enges feucht gering geringe gleich gleichen immer kein
    keine mehr mit nach nicht noch nur oder ohne schon sehr so sonst um und viel viele vom von vor weil
    wenn wie wieder zu zum zur contra fully brechen
    """.split()
)


def stem(word: str) -> str:
    """``word`` without one inflection ending, if at least four letters remain."""
    if len(word) <= _MIN_STEM or word[-1] not in _ENDING_LETTERS:  # most words: no ending to try
        return word
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
            return word[: -len(ending)]
    return word


def word_keys(folded: str) -> Iterator[str]:
    """The keys of one folded token: its hyphen parts, short forms for long ones, compounds split."""
    for part in _HYPHEN.split(folded):
        if not part:
            continue
        part = SYNONYMS.get(part, part)
        yield from SPLITS.get(part, (part,))


def key_list(folded: str) -> list[str]:
    """``word_keys(folded)`` as a list, made without a generator for a word without a hyphen (most tokens)."""
    key = one_key(folded)
    if key is not None:
        return [key]
    if _hyphened(folded) or not folded:
        return list(word_keys(folded))
    return list(SPLITS[SYNONYMS.get(folded, folded)])


def one_key(folded: str) -> str | None:
    """The one key of a word without a hyphen or a compound split (most words; unstemmed), else None."""
    if _hyphened(folded) or not folded:
        return None
    part = SYNONYMS.get(folded, folded)
    return None if part in SPLITS else part


def _hyphened(folded: str) -> bool:
    return "-" in folded or "‐" in folded or "‑" in folded


def phrase_keys(phrase: str) -> list[str]:
    """The keys of a written site name, word by word."""
    return [key for word in WORD.findall(phrase) for key in word_keys(fold(word))]


def variants(keys: list[str]) -> Iterator[tuple[list[str], bool]]:
    """(keys, acronym) of the variants of one listed site (see the module docstring)."""
    yield keys, False
    if len(keys) >= 3 and keys[0] in GENERIC_HEADS:
        rest = keys[2:] if keys[1] in LINKS else keys[1:]
        if len(rest) >= 2:
            yield rest, False
    if STANDORT in keys[1:-1]:
        k = keys.index(STANDORT)
        yield keys[:k], False
        yield [keys[0], *keys[k + 1 :]], False
    content = [k for k in keys if k not in LINKS and len(k) > 1 and k != STANDORT]
    if len(content) >= 3 and keys[0] not in GENERIC_HEADS:
        yield ["".join(k[0] for k in content)], True
        yield ["".join(k[0] for k in content[:-1]), content[-1]], True


def initials_ok(keys: list[str]) -> bool:
    """An acronym variant is kept if its letters are three or more."""
    return len(keys[0]) >= 3
