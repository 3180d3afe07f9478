"""Site shapes of German and Swiss hospital letters that the head-before-town walk of ``medical_site`` misses.

Found at a head (``SiteShapes.at``):
- a head before a place the ZIP lists do not hold as a plain town: a Land or canton ("Universitätsklinikum
  Nordrhein-Westfalen", "Kantonsspital Thurgau"), a town with its district ("Klinikum Kassel-Nord",
  "Stadtspital Winterthur Veltheim"), a town that is also a noun where the phrase ends ("Klinikum Hof"), or
  unknown capitalised words that end the line or the phrase ("Rehazentrum Wolfsgrund, 1234 Au");
- specialty centres and practices: "MVZ Nephrologie Trier", "Zentrum für Orthopädie Wels",
  "Dialysezentrum Passau", "Gefäßpraxis am Marktplatz", "Urologie am Rathausplatz, 12345 Musterstadt",
  "Hausarztpraxis Lindenplatz";
- a head before a religious order ("Krankenhaus Barmherzige Schwestern Linz") and an acronym before a
  strong head at the end of a phrase ("im TUM Klinikum\\n");
- a hospital named after a saint in one word ("Vinzentiushospital", "Elisabethenspital").

Also a head named after a place with "am" ("Klinik am Lindenbühl"), and a person's name between the head and
its town ("Universitätsklinikum <First> <Last> <Town>").

Widened (``SiteShapes.widen``) to the left by an operator brand ("Helios Klinikum Hildesheim"), by
adjectives ("Evangelisches Krankenhaus …", "Ev. Krankenhaus …", "Neurologisches Therapiezentrum …",
"Grazer Privatklinik …"), by a saint's name in the genitive ("Josefs Hospital …"), by "X- und" ("Herz- und
Gefäßzentrum …"),
by "St."/"Sankt" ("St. Marien-Hospital"), by a centre of the site ("Brustzentrum am Klinikum Passau");
to the right by "Haus am <Place>" ("Seniorenzentrum Haus am Mühlbach").

Every walk stays on one line and takes a bounded number of words.

Fails on: sites named by a common noun alone ("Inselspital"), lower-case brands, acronyms outside a
strong head ("Notfall KSW"), care homes named by a noun ("Haus Morgensonne").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Final

from masketeer_gui.engine.maskers.base import NoteState, same_line
from masketeer_gui.engine.maskers.site_forms import FUNCTION_WORDS, GENERIC_PARTS, HEAD_SUFFIXES
from masketeer_gui.engine.maskers.site_vocabulary import (
    COMPASS,
    LANDMARKS,
    OPERATORS,
    OWNER_NOUNS,
    REGIONS,
    SPECIALTY_STEMS,
    TOPONYM_ENDINGS,
)
from masketeer_gui.engine.rules.address_words import NOT_ADJECTIVES, NOT_PLACES
from masketeer_gui.engine.text import Token

_Hit = tuple[int, int, str]
MAX_UNKNOWN_WORDS: Final = 3  # "Rehazentrum Wolfsgrund Süd", "Universitätsklinikum Carl Gustav Carus <Town>"
MAX_SPECIALTY_WORDS: Final = 4  # "Zentrum für Kinder- und Jugendpsychiatrie", "MVZ Innere Medizin und Kardiologie"
MAX_LEFT: Final = 3  # "Helios Evangelisches Klinikum"
CENTRE: Final = "zentrum"
STRONG_HEADS: Final = frozenset({"klinikum", "klinik", "kliniken", "spital", "krankenhaus", "hospital", "uniklinikum"})
_PRACTICE_LINKS: Final = frozenset({"am", "an", "im", "beim", "zum", "zur"})
_SAINTS: Final = frozenset({"st", "sankt", "hl"})
_PHRASE_END: Final = frozenset(',;:()·–—|/."“”')
_LINKS_IN_SPECIALTY: Final = frozenset({"und", "fuer", "&"})
# Adjectives that belong to a site name: "Evangelisches", "Städtischen", "Neurologische", "Regionales".
_ADJECTIVE: Final = re.compile(r"[a-z]{3,}(?:isch|sch|lich|ig|al|ell|iv|ar)(?:e|en|em|er|es)")
_ACRONYM: Final = re.compile(r"[A-ZÄÖÜ]{2,5}")
_GENITIVE: Final = ("en", "s", "n", "e", "")
# Abbreviated adjectives of site names, written with a dot: "Ev. Krankenhaus", "Kath. Klinikum", "Städt.".
_ADJECTIVE_ABBREVIATIONS: Final = frozenset({"ev", "evang", "kath", "staedt", "allg", "dt", "ev-luth", "oeff"})


_FIELD_WORDS: Final = frozenset({"innere", "medizin", "allgemeine"})


def medical_centre(folded: str) -> bool:
    """A "-zentrum" compound of a medical field: "Nierenzentrum", "KfH-Dialysezentrum", "Sozialzentrum"."""
    if not folded.endswith(CENTRE) or len(folded) <= len(CENTRE):
        return False
    stem = folded[: -len(CENTRE)]
    return stem.startswith("sozial") or any(s in stem for s in SPECIALTY_STEMS)


def specialty(folded: str) -> bool:
    """A medical field as a word: "Radiologie", "Innere", "Labor", "Kinder-" (hyphen parts too)."""
    return folded.startswith(SPECIALTY_STEMS) or folded in _FIELD_WORDS  # a tuple: one C call


class SiteShapes:
    """The shapes above, for one ``MedicalSiteMasker`` (it lends its town and order look-ups)."""

    def __init__(
        self,
        heads: AbstractSet[str],
        town_keys: frozenset[str],
        town_end: Callable[[NoteState, int | None], int | None],
        order_end: Callable[[NoteState, int], int | None],
    ) -> None:
        self._heads = heads
        self._town_keys = town_keys  # every town of the AT/DE/CH lists, folded keys ("bad ischl")
        self._town_end = town_end
        self._order_end = order_end

    # --- where a shape may start ------------------------------------------------------------------

    def starts(self, token: Token) -> bool:
        """A shape may start at ``token`` (one cheap test per distinct token text)."""
        folded = token.folded
        if not token.is_capitalized:
            return False
        return (
            folded in ("mvz", "zentrum")
            or medical_centre(folded)
            or folded.endswith("praxis")
            or (folded.endswith(HEAD_SUFFIXES) and _saint_prefix(folded) is not None)
            or (len(folded) >= 6 and specialty(folded))
        )

    def field_only(self, token: Token) -> bool:
        """At ``token`` only a field named after a landmark can start ("Kardiologie am Rathausplatz"): a medical
        field that is no head, no practice and no one-word hospital (``at`` tries ``field_at`` alone)."""
        folded = token.folded
        return (
            token.is_capitalized
            and len(folded) >= 6
            and specialty(folded)
            and not folded.endswith("praxis")
            and not folded.endswith(HEAD_SUFFIXES)
            and not self.is_head(token)
        )

    def is_head(self, token: Token) -> bool:
        """A site word: a listed head, a compound head, "MVZ", "Zentrum", a medical centre, a practice."""
        folded = token.folded
        return token.is_capitalized and (
            folded in self._heads
            or folded.endswith(HEAD_SUFFIXES)
            or folded in ("mvz", "zentrum")
            or medical_centre(folded)
            or folded.endswith("praxis")
        )

    # --- shapes at a head -------------------------------------------------------------------------

    def at(self, state: NoteState, i: int) -> _Hit | None:
        """The longest shape starting at token ``i`` (a head, a practice, a specialty, a saint's hospital)."""
        token = state.tokens[i]
        if not token.is_capitalized:
            return None
        folded = token.folded
        found: list[_Hit | None] = []
        practice = folded.endswith("praxis")
        if practice:
            found.append(self._practice(state, i))
        elif len(folded) >= 6 and specialty(folded) and not self.is_head(token):
            found.append(self.field_at(state, i))
        if self.is_head(token):
            found.append(self._after_head(state, i, practice))
        if folded.endswith(HEAD_SUFFIXES) and _saint_name(state, folded):
            found.append(self._saint_hospital(state, i))
        hits = [hit for hit in found if hit is not None]
        return max(hits, key=lambda hit: hit[1] - hit[0]) if hits else None

    def _after_head(self, state: NoteState, i: int, practice: bool) -> _Hit | None:
        """Head ``i`` and what follows it: an order, "für <Fach> <Town>", "<Fach> <Town>", a place."""
        folded = state.tokens[i].folded
        j = _next_on_line(state, i)
        if j is None:
            return self._acronym_before(state, i)
        after = state.tokens[j].folded
        order = self._order_end(state, j) if state.tokens[j].is_capitalized else None
        if order is not None:
            place = self.place_end(state, order, strict=True)
            return (i, place if place is not None else order, "site word before a religious order")
        if after in ("der", "des") and folded in STRONG_HEADS:  # "Klinikum der Universität München"
            owner = _next_on_line(state, j)
            if owner is None or state.tokens[owner].folded not in OWNER_NOUNS:
                return None
            place = self.place_end(state, owner, strict=True)
            return None if place is None else (i, place, "site word, owner and place")
        if after == "fuer" or folded == "mvz":
            fields = self._specialty_end(state, j if after == "fuer" else i)
            if fields is None and after == "fuer":
                return None
            place = self.place_end(state, i if fields is None else fields, strict=after == "fuer")
            return None if place is None else (i, place, "specialty centre before a place")
        if practice or folded == "zentrum":  # "im Zentrum Passau" is the town's centre
            return None
        place = self.place_end(state, i, strict=folded not in self._heads and not medical_centre(folded))
        if place is not None:
            return (i, place, f"site word '{state.tokens[i].text}' before a place name")
        if after in _PRACTICE_LINKS and folded in self._heads:  # "Klinik am Rosengarten", "Reha am See"
            named = self._landmark(state, j, any_word=True)
            if named is not None:
                return (i, named, "site named after a place")
        return self._acronym_before(state, i)

    def _specialty_end(self, state: NoteState, i: int) -> int | None:
        """Last token of the fields after token ``i`` ("für Kinder- und Jugendmedizin", "Innere Medizin")."""
        last = None
        k = _next_on_line(state, i, allow="-&")
        for _ in range(MAX_SPECIALTY_WORDS):
            if k is None:
                break
            token = state.tokens[k]
            if token.folded in _LINKS_IN_SPECIALTY and last is not None:
                k = _next_on_line(state, k, allow="-&")
                continue
            if not (token.is_capitalized and (specialty(token.folded) or _ADJECTIVE.fullmatch(token.folded))):
                break
            last = k
            k = _next_on_line(state, k, allow="-&")
        return last

    def _acronym_before(self, state: NoteState, i: int) -> _Hit | None:
        """ "im TUM Klinikum": an acronym (no clinical short form) before a strong head that ends the phrase."""
        if state.tokens[i].folded not in STRONG_HEADS or not _phrase_ends(state, i):
            return None
        p = state.prev_word(i)
        if p is None or not same_line(state, p, i):
            return None
        return (p, i, "acronym before a site word") if self._acronym(state, p) else None

    def _practice(self, state: NoteState, i: int) -> _Hit | None:
        """ "Praxis am Stadtplatz", "Hausarztpraxis Lindenplatz": a practice named after a place."""
        j = _next_on_line(state, i)
        if j is None:
            return None
        token = state.tokens[j]
        if token.is_capitalized and token.folded.endswith(LANDMARKS) and _phrase_ends(state, j):
            return (i, j, "practice named after a place")
        if token.folded not in _PRACTICE_LINKS:
            return None
        place = self._landmark(state, j, any_word=True)
        return None if place is None else (i, place, "practice named after a place")

    def field_at(self, state: NoteState, i: int) -> _Hit | None:
        """ "Urologie am Marktplatz": a field named after a landmark, where the phrase ends."""
        j = _next_on_line(state, i)
        if j is None or state.tokens[j].folded not in _PRACTICE_LINKS:
            return None
        place = self._landmark(state, j, any_word=False)
        return None if place is None else (i, place, "specialty practice named after a place")

    def _landmark(self, state: NoteState, link: int, any_word: bool) -> int | None:
        """The place after "am"/"an der" (token ``link``) where the phrase ends; a landmark unless ``any_word``."""
        k = _next_on_line(state, link)
        if k is not None and state.tokens[k].folded in ("der", "dem"):
            k = _next_on_line(state, k)
        if k is None:
            return None
        token = state.tokens[k]
        folded = token.folded
        if not token.is_capitalized or not folded.isalpha() or folded in NOT_PLACES or token.text.isupper():
            return None
        if not _phrase_ends(state, k):
            return None
        if folded.endswith(LANDMARKS):
            return k
        return k if any_word and folded not in state.names.lexicon.nouns else None

    def _saint_hospital(self, state: NoteState, i: int) -> _Hit | None:
        place = self.place_end(state, i, strict=True)
        return (i, place if place is not None else i, "hospital named after a saint")

    # --- the place after a head -------------------------------------------------------------------

    def place_end(self, state: NoteState, i: int, strict: bool) -> int | None:
        """Last token of the place right after token ``i``: a listed town (and district), a Land, a town
        chain, a town that is a noun where the phrase ends; unless ``strict``, also unknown words that
        end the phrase."""
        j = _next_on_line(state, i)
        if j is None or not state.tokens[j].is_capitalized:
            return None
        town = self._town_at(state, j)
        return town if town is not None else self._unknown_words(state, j, strict)

    def _town_at(self, state: NoteState, j: int) -> int | None:
        """Last token of a town (with its district), Land or town chain starting at token ``j``."""
        if not state.tokens[j].is_capitalized:
            return None
        last = self._town_end(state, j)
        if last is not None and not _same_line_span(state, j, last):
            last = None
        token = state.tokens[j]
        folded = token.folded
        if last is None and (folded in REGIONS or self._town_chain(folded)):
            last = j
        if last is None and (folded in self._town_keys or folded in COMPASS) and _phrase_ends(state, j):
            last = j  # a town that is also a noun ("Hof", "Essen") or a part of town ("Nord"), where the phrase ends
        return None if last is None else self._district(state, last)

    def _town_chain(self, folded: str) -> bool:
        """A hyphen chain that starts with a town: "Kassel-Nord", "Werra-Meißner", "Stuttgart-Vaihingen"."""
        first, dash, rest = folded.partition("-")
        return bool(dash) and bool(rest) and first in self._town_keys

    def _district(self, state: NoteState, last: int) -> int:
        """A town, and one unknown word or part of town after it where the phrase ends ("Winterthur Veltheim",
        "Passau Süd")."""
        k = _next_on_line(state, last)
        if k is None or not _phrase_ends(state, k):
            return last
        token = state.tokens[k]
        known = token.is_capitalized and token.folded in COMPASS
        return k if known or self._unknown(state, k) else last

    def _unknown_words(self, state: NoteState, j: int, strict: bool) -> int | None:
        """Up to three capitalised words no list knows, before a town ("Kliniken Marienau Bad Sulza") or,
        unless ``strict``, where the phrase ends and the last looks like a place ("Rehazentrum Wolfsgrund")."""
        k: int | None = j
        for _ in range(MAX_UNKNOWN_WORDS):
            if k is None:
                return None
            acronym = self._acronym(state, k)  # "Uniklinik RWTH Aachen": only before a town
            if not acronym and not self._unknown(state, k):
                return None
            if _phrase_ends(state, k):
                return None if strict or acronym or not self._place_like(state, k) else k
            k = _next_on_line(state, k)
            town = None if k is None else self._town_at(state, k)
            if town is not None:
                return town
        return None

    @staticmethod
    def _acronym(state: NoteState, k: int) -> bool:
        """An acronym of capitals that is no clinical short form ("RWTH", not "MRT")."""
        token = state.tokens[k]
        folded = token.folded
        if _ACRONYM.fullmatch(token.text) is None or specialty(folded):
            return False
        lex = state.names.lexicon
        return folded not in lex.abbreviations and folded not in lex.medical_terms

    def _unknown(self, state: NoteState, k: int) -> bool:
        """A capitalised word (or chain) that is no noun, clinical word, drug, short form or function word."""
        token = state.tokens[k]
        if not token.is_capitalized or token.text.isupper() or not token.folded.replace("-", "").isalpha():
            return False
        names = state.names
        lex = names.lexicon
        for part in token.folded.split("-"):
            if part in lex.nouns or part in lex.drugs or part in lex.abbreviations or part in FUNCTION_WORDS:
                return False
            if part in self._heads or part in names.title_words or names.is_clinical_word(part):
                return False
        return True

    @staticmethod
    def _place_like(state: NoteState, k: int) -> bool:
        """An unknown word that may name a place alone: no compound of nouns unless it ends like a place
        ("Rosenhügel", "Wolfsgrund"; not "Fahrtendienst")."""
        names = state.names
        return all(
            part.endswith(TOPONYM_ENDINGS) or names.lexicon.is_name(part) or not names.is_compound_word(part)
            for part in state.tokens[k].folded.split("-")
        )

    # --- widening a found site --------------------------------------------------------------------

    def widen(self, state: NoteState, hit: _Hit, floor: int) -> _Hit:
        """``hit`` with an operator brand, adjectives or "St." before it and "Haus am <Place>" after it."""
        first, last, reason = hit
        for _ in range(MAX_LEFT):
            p = state.prev_word(first, allow=".-")
            if p is None and first >= 2 and state.tokens[first - 1].text == ".":  # "Städt." ended the sentence
                p = first - 2 if state.tokens[first - 2].folded in _ADJECTIVE_ABBREVIATIONS else None
            if p is None or p < floor or not same_line(state, p, first):
                break
            token = state.tokens[p]
            folded = token.folded
            if not token.is_capitalized:
                break
            if folded in OPERATORS:
                first = p
                break
            if folded in _SAINTS or self._site_adjective(state, p) or _genitive_saint(state, p):
                first = p
                continue
            break
        first = _and_compound(state, first, floor)  # "Herz- und Gefäßzentrum"
        return (self._centre_at(state, first, floor), self._house_at(state, last), reason)

    def _centre_at(self, state: NoteState, first: int, floor: int) -> int:
        """ "Brustzentrum am Klinikum Passau", "Herzzentrum an der Uniklinik Köln": a centre of the site."""
        p = state.prev_word(first)
        if p is None or p < floor or not same_line(state, p, first):
            return first
        link = state.tokens[p].folded
        if link == "der":
            p = state.prev_word(p)
            if p is None or state.tokens[p].folded != "an":
                return first
        elif link not in ("am", "im"):
            return first
        centre = state.prev_word(p)
        if centre is None or centre < floor or not state.tokens[centre].is_capitalized:
            return first
        folded = state.tokens[centre].folded
        return centre if medical_centre(folded) or folded.endswith("praxis") else first

    def _site_adjective(self, state: NoteState, p: int) -> bool:
        """ "Evangelisches", "Städtische", "Ev.", "Luzerner" (of a listed town), not "Der", "Dieser", "Huber"."""
        token = state.tokens[p]
        folded = token.folded
        if folded in _ADJECTIVE_ABBREVIATIONS:
            return p + 1 < len(state.tokens) and state.tokens[p + 1].text == "."
        if token.text.isupper() or folded in NOT_ADJECTIVES or folded in FUNCTION_WORDS:
            return False
        if (
            folded.endswith("er")
            and any(  # a demonym is a noun too ("Luzerner"): the town decides
                stem in self._town_keys
                for stem in (folded[:-2], folded[:-2] + "en", folded[:-2] + "e", folded[:-3] + "en", folded[:-3])
            )
        ):
            return not state.names.is_name(folded)
        lex = state.names.lexicon
        return _ADJECTIVE.fullmatch(folded) is not None and folded not in lex.nouns and not state.names.is_name(folded)

    def _house_at(self, state: NoteState, last: int) -> int:
        """ "… Haus am Mühlbach": a care home's house name after the site."""
        k = last if state.tokens[last].folded == "haus" else _next_on_line(state, last)
        if k is None or state.tokens[k].folded != "haus":
            return last
        link = _next_on_line(state, k)
        if link is None or state.tokens[link].folded not in _PRACTICE_LINKS:
            return last
        place = self._landmark(state, link, any_word=True)
        return place if place is not None else last


def _genitive_saint(state: NoteState, p: int) -> bool:
    """ "Marien Hospital", "Josefs Klinik": a first name in the genitive (not a name as written)."""
    token = state.tokens[p]
    folded = token.folded
    lex = state.names.lexicon
    if token.text.isupper() or folded in lex.first_names or folded in lex.surnames or folded in lex.nouns:
        return False
    return any(
        folded.endswith(ending) and folded[: -len(ending)] in lex.first_names and len(folded) - len(ending) >= 4
        for ending in ("en", "s", "n")
    )


def _and_compound(state: NoteState, first: int, floor: int) -> int:
    """The start of "Herz- und Gefäßzentrum", "Kinder- und Jugendklinik" whose second part starts at ``first``."""
    tokens = state.tokens
    k = first - 1
    if k < 2 or tokens[k].folded != "und" or tokens[k - 1].text != "-":
        return first
    word = k - 2
    if word < floor or not tokens[word].is_capitalized or tokens[word].end != tokens[k - 1].start:
        return first
    return word if same_line(state, word, first) else first


def _saint_name(state: NoteState, folded: str) -> bool:
    """The first part of a one-word hospital is a first name, maybe in the genitive ("Josefs", "Marien")."""
    prefix = _saint_prefix(folded)
    if prefix is None:
        return False
    lex = state.names.lexicon
    for ending in _GENITIVE:
        base = prefix[: len(prefix) - len(ending)] if ending else prefix
        if prefix.endswith(ending) and len(base) >= 4 and base in lex.first_names and base not in lex.nouns:
            return True
    return False


def _saint_prefix(folded: str) -> str | None:
    """The first part of "Katharinenhospital", "Josefskrankenhaus" if it is not a generic word."""
    for suffix in HEAD_SUFFIXES:
        if folded.endswith(suffix) and len(folded) > len(suffix) + 3:
            prefix = folded[: -len(suffix)]
            return None if prefix in GENERIC_PARTS or "-" in prefix else prefix
    return None


def _next_on_line(state: NoteState, i: int, allow: str = "") -> int | None:
    j = state.next_word(i, allow=allow)
    return j if j is not None and same_line(state, i, j) else None


def _same_line_span(state: NoteState, a: int, b: int) -> bool:
    return a == b or same_line(state, a, b)


def _phrase_ends(state: NoteState, k: int) -> bool:
    """After token ``k`` comes the end of the note, a line break, or a punctuation mark of a phrase end."""
    tokens = state.tokens
    if k + 1 >= len(tokens):
        return True
    nxt = tokens[k + 1]
    if state.text and state.text.find("\n", tokens[k].end, nxt.start) >= 0:
        return True
    return not nxt.is_word and nxt.text in _PHRASE_END
