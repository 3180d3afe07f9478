"""MedicalSite masker: medical sites in the forms people write them, one span each.

- Listed sites (shipped list and the deployment's ``medical_sites``) in their common variants:
  short and long forms, inflection, without a generic prefix, acronyms ("KUK", "PEK Steyr"),
  "Standort" parts (see ``site_forms``). A listed site also matches across the dot of an
  abbreviation ("Univ. Klinikum Erlangen").
- A site head before a place: "LKH Hall", "KH Zams", "Pflegeheim Telfs", compound heads
  ("Vinzenzkrankenhaus Lahr", "Rathausapotheke Husum", "Kreisklinik Neumarkt in der Oberpfalz"), multi-word towns
  from the ZIP list, "... Standort Süd"; words before the head that belong to it ("Univ.-Klinikum",
  "Wohn- und Pflegeheim"); short forms "xK"/"xKH" before a listed town ("PEK Steyr", "BKH Reutte").
- Forms that need no place: named hyphen compounds ("Severin-Apotheke", "Hanusch-Krankenhaus"),
  pharmacies "Apotheke zum Hl. Wolfgang", "Apotheke zur goldenen Krone", care homes "Haus St. Klara",
  order hospitals "bei den Elisabethinen", "der Barmherzigen Brüder Regensburg" (one typo allowed in
  one-word order names).

Because a town inside a site name is no person, ``claim`` reserves site words before the name
maskers run; the votes themselves are cast in the ensemble's order.

Fails on: sites named only by a common noun ("Apotheke zum Löwen"), unlisted acronyms without a
town ("KUK" alone, unless listed), care homes named without "St./Hl." ("Haus Elisabeth").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Final

from masketeer_gui.engine.deferred import Deferred
from masketeer_gui.engine.maskers.base import NoteState, Vote, name_like
from masketeer_gui.engine.maskers.site_forms import (
    ACRONYM_HEAD,
    FUNCTION_WORDS,
    GENERIC_PARTS,
    HEAD_SUFFIXES,
    LEFT_MODIFIERS,
    NOT_ACRONYM_HEADS,
    ORDER_STARTS,
    ORDERS,
    PHARMACY_LINKS,
    SAINT_WORDS,
    STANDORT,
    WORD,
    initials_ok,
    key_list,
    one_key,
    order_typo,
    phrase_keys,
    stem,
    variants,
    word_keys,
)
from masketeer_gui.engine.maskers.site_lines import clip_to_line
from masketeer_gui.engine.maskers.site_shapes import SiteShapes
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.zip_towns import german_zip_keys, swiss_zip_keys
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.text import Token

_END: Final = "\x00"
MAX_PLACE_WORDS: Final = 2  # "St." and "Bad" do not count: "BKH St. Johann in Tirol"
MAX_LEFT_WORDS: Final = 3  # "Allgemeines Öffentliches Univ.-Klinikum"
MAX_TOWN_WORDS: Final = 6  # "Neustadt an der Weinstraße", "Frankfurt an der Oder"
CONNECTORS: Final = frozenset({"st", "sankt", "bad", "hl", "haus"})  # "Seniorenheim Haus Sonnental"
_BEFORE_BARE_ACRONYM: Final = frozenset(
    {"im", "ins", "am", "ans", "vom", "zum", "beim", "dem", "der", "den", "das", "nach", "aus"}
    | {"notfall", "station", "ambulanz", "poliklinik", "zna", "intensivstation"}  # "Notfall KSA", a unit of it
)
_ARTICLES_BEFORE_ORDER: Final = frozenset({"der", "des"})
_ABSTRACT_ENDINGS: Final = ("ung", "heit", "keit", "ion", "nahme", "schaft")  # "Apotheke zur Abholung"
_CACHE_LIMIT: Final = 200_000  # token texts remembered by ``_candidates`` before the memo starts over
_Hit = tuple[int, int, str]
_Trie = dict[str, object]


# The keys of the folded token texts seen so far (the same words come back in every note). Plain dicts read by
# the callers (``_KEYS.get(folded) or _keys(folded)``), not ``lru_cache``: compiled, a dict look-up is a direct
# C call where the cache wrapper is a generic call.
_KEYS: Final[dict[str, tuple[str, ...]]] = {}
_KEYS_PLAIN: Final[dict[str, tuple[str, ...]]] = {}


def _keys(folded: str) -> tuple[str, ...]:
    """The stemmed keys of one folded token, remembered in ``_KEYS``."""
    keys = _KEYS.get(folded)
    if keys is None:
        if len(_KEYS) >= _CACHE_LIMIT:
            _KEYS.clear()
        keys = _KEYS[folded] = tuple([stem(key) for key in key_list(folded)])
    return keys


def _keys_plain(folded: str) -> tuple[str, ...]:
    """The keys of one folded token without stemming (towns are compared as written), remembered."""
    keys = _KEYS_PLAIN.get(folded)
    if keys is None:
        if len(_KEYS_PLAIN) >= _CACHE_LIMIT:
            _KEYS_PLAIN.clear()
        keys = _KEYS_PLAIN[folded] = tuple(key_list(folded))
    return keys


def _insert(trie: _Trie, keys: list[str], value: str) -> None:
    node = trie
    for key in keys:
        node = node.setdefault(stem(key), {})  # type: ignore[assignment]
    node.setdefault(_END, value)


def _town_key(words: Iterable[str]) -> str:
    return " ".join(k for w in words for k in word_keys(w))


@dataclass(frozen=True, slots=True)
class SiteTowns:
    """The town keys a site name may end with (built once per lexicon, cached beside it by
    ``engine.lexicon_indices``): the ZIP list's towns, the German and Swiss towns not among them,
    and the first key of each."""

    listed: frozenset[str]
    foreign: frozenset[str]
    starts: frozenset[str]


def site_towns(
    towns: AbstractSet[str], foreign_tables: Iterable[Mapping[str, frozenset[str]]] | None = None
) -> SiteTowns:
    """``towns``: the ZIP list's folded towns; ``foreign_tables``: German and Swiss ZIP code -> town keys
    (the shipped lists when None)."""
    tables = (german_zip_keys(), swiss_zip_keys()) if foreign_tables is None else foreign_tables
    listed = frozenset(_town_key(WORD.findall(town)) for town in towns)
    # German and Swiss towns ("Kantonsspital Aarau", "Klinikum Fulda"); one-word ones that are
    # German nouns and function words ("Essen", "Hof", "Alle") do not count alone.
    foreign = frozenset({key for table in tables for keys in table.values() for key in keys} - listed)
    starts = frozenset(key.split(" ", 1)[0] for key in listed | foreign)
    return SiteTowns(listed, foreign, starts)


class MedicalSiteMasker:
    """Masks medical sites as one span each.

    ``town_keys``: the towns' keys built already (``SiteTowns``, read from the cache when a site head
    first needs them); else built from ``towns`` and the shipped German and Swiss lists.
    """

    name = "MedicalSite"

    def __init__(
        self,
        sites: Iterable[str],
        site_words: AbstractSet[str],
        towns: AbstractSet[str],
        town_keys: Deferred[SiteTowns] | None = None,
    ) -> None:
        self._trie: _Trie = {}
        self._single: dict[str, str] = {}  # one-word names and full acronyms: folded -> "listed"/"acronym"
        for site in sites:
            keys = phrase_keys(site)
            if not keys:
                continue
            for variant, acronym in variants(keys):
                if acronym and not initials_ok(variant):
                    continue
                kind = "acronym" if acronym else "listed"
                if len(variant) == 1:
                    self._single.setdefault(variant[0], kind)
                else:
                    _insert(self._trie, variant, kind)
        self._orders: _Trie = {}
        for order in ORDERS:
            _insert(self._orders, phrase_keys(order), "order")
        self._order_prefixes = frozenset(key[:3] for key in self._orders) | ORDER_STARTS
        self._never: set[str] = set()  # token texts where no site can start (memo of ``_starts``)
        self._may: set[str] = set()  # token texts where one may
        self._fields: set[str] = set()  # of those, the texts where only a field's shape may (``_field_only``)
        self._heads = site_words
        self._towns = towns
        self._town_tables = town_keys if town_keys is not None else Deferred.ready(site_towns(towns))
        self._shape_finder: SiteShapes | None = None

    def prepare(self) -> None:
        """Read (or build) the town keys now, and the shapes that look them up."""
        self._town_tables.get()
        _ = self._shapes

    @property
    def _shapes(self) -> SiteShapes:
        """The letter shapes of ``site_shapes`` (built on first use: they need every town key)."""
        if self._shape_finder is None:
            towns = self._town_keys | self._foreign_towns
            self._shape_finder = SiteShapes(self._heads, towns, self._town_end, self._order_end)
        return self._shape_finder

    @property
    def _town_keys(self) -> frozenset[str]:
        return self._town_tables.get().listed

    @property
    def _foreign_towns(self) -> frozenset[str]:
        return self._town_tables.get().foreign

    @property
    def _town_starts(self) -> frozenset[str]:
        return self._town_tables.get().starts

    def find(self, state: NoteState) -> list[_Hit]:
        """(first, last, reason) of each site in the note, longest match first."""
        found: list[_Hit] = []
        done = 0
        for i in self._candidates(state):
            if i < done:
                continue
            hit = self._site_at(state, i, done)
            if hit is not None:
                found.append(hit)
                done = hit[1] + 1
        return found

    def _site_at(self, state: NoteState, i: int, floor: int) -> _Hit | None:
        """The site at token ``i``: the walk of ``_at`` or a shape of ``site_shapes``, on one line, widened."""
        if state.tokens[i].text in self._fields:  # most candidates: "Kardiologie", with no "am <Place>" after it
            field = self._shapes.field_at(state, i)
            return None if field is None else self._shapes.widen(state, field, floor)
        hit = self._at(state, i)
        if hit is not None:
            hit = clip_to_line(state, hit, i, self._heads)
        shape = self._shapes.at(state, i)
        if shape is not None and (hit is None or shape[1] - shape[0] > hit[1] - hit[0]):
            hit = shape
        return None if hit is None else self._shapes.widen(state, hit, floor)

    def _candidates(self, state: NoteState) -> list[int]:
        """Tokens where a site may start: marked as the note was tokenized (``WordMarks`` with this masker), else
        found by a scan (hot path: one set look-up per token, by its text)."""
        found = state.filtered(self)
        if found is not None:
            return found
        never, may_act, names = self._never, self.may_act, state.names
        return [i for i, t in enumerate(state.tokens) if t.text not in never and may_act(t, names)]

    def may_act(self, token: Token, names: NameIndex) -> bool:
        """A site may start at ``token`` (its text decides: remembered per text; ``WordFilter``)."""
        never, may = self._never, self._may
        if len(never) + len(may) > _CACHE_LIMIT:
            never.clear()
            may.clear()
            self._fields.clear()  # only a shortcut of ``_site_at``: a field not in it is walked in full
        text = token.text
        if text in may:
            return True
        if text not in never and token.is_word and self._starts(token):
            may.add(text)
            if self._field_only(token):
                self._fields.add(text)
            return True
        never.add(text)
        return False

    def _starts(self, token: Token) -> bool:
        """A site may start at ``token`` (the word alone decides, see ``_at``): a listed site or acronym
        begins with it, an order's name may, or it is a site head."""
        folded = token.folded
        key = one_key(folded)
        if key is None:
            keys = _KEYS.get(folded) or _keys(folded)
            if not keys:
                return False
            listed = self._begins_listed(keys)
        else:  # most words: one key (``key_list``), looked up at the trie's top (``_begins_listed``), not remembered
            listed = isinstance(self._trie.get(stem(key)), dict)
        if listed or folded in self._single:
            return True
        if not token.is_capitalized:
            return False
        return (
            (folded[:3] in self._order_prefixes and self._may_start_order(folded))
            or self._head_like(token)
            or self._shapes.starts(token)
        )

    def _field_only(self, token: Token) -> bool:
        """Only a field's shape may start at ``token`` (``SiteShapes.field_only``): no listed site, order or head
        does, so ``_at`` finds nothing there."""
        folded = token.folded
        return (
            self._shapes.field_only(token)
            and (_KEYS.get(folded) or _keys(folded))[0] not in self._trie
            and folded not in self._single
            and folded[:3] not in self._order_prefixes
            and not self._head_like(token)
        )

    def _begins_listed(self, keys: tuple[str, ...]) -> bool:
        """The keys of one word lead into the trie of listed sites (``_listed`` walks on from there)."""
        node: object = self._trie
        for key in keys:
            node = node.get(key) if isinstance(node, dict) else None
        return isinstance(node, dict)

    def _may_start_order(self, folded: str) -> bool:
        """The first word of an order's name, or a one-word order with a typo (as ``_order_end`` reads it)."""
        if isinstance(self._orders.get(stem(folded)), dict):
            return True
        return len(folded) >= 8 and folded[:3] in ORDER_STARTS and order_typo(folded)

    def _head_like(self, token: Token) -> bool:
        folded = token.folded
        return (
            folded in self._heads
            or folded.endswith(HEAD_SUFFIXES)
            or folded == "haus"
            or (token.text[-1] in "KH" and ACRONYM_HEAD.fullmatch(token.text) is not None)
        )

    def _at(self, state: NoteState, i: int) -> _Hit | None:
        """The site starting at (or reaching back from) token ``i``, if any."""
        token = state.tokens[i]
        folded = token.folded
        hits = []
        if (_KEYS.get(folded) or _keys(folded))[0] in self._trie or folded in self._single:
            listed = self._listed(state, i)
            if listed is not None and listed[1] > i:
                # a listed name of two words or more is the site, longer only by a listed town
                # ("Klinikum Frankfurt an der Oder"), never by a capitalised word after it
                town = self._head_place(state, i, towns_only=True) if self._head_like(token) else None
                return town if town is not None and town[1] > listed[1] else listed
            hits.append(listed)
        if token.is_capitalized:
            if folded[:3] in self._order_prefixes:
                hits.append(self._order(state, i))
            if self._head_like(token):
                hits.append(self._head_place(state, i))
        found = [hit for hit in hits if hit is not None]
        return max(found, key=lambda hit: hit[1] - hit[0]) if found else None

    def claim(self, state: NoteState) -> list[_Hit]:
        """Reserve the words of every site so the name maskers leave them; return the sites."""
        sites = self.find(state)
        for first, last, _ in sites:
            state.reserved.update(range(first, last + 1))
        return sites

    def apply(self, state: NoteState, sites: list[_Hit] | None = None) -> None:
        for first, last, reason in sites if sites is not None else self.find(state):
            words = [state.tokens[k] for k in range(first, last + 1) if state.tokens[k].is_word]
            if any(state.votes[k] is not None for k in range(first, last + 1)):
                continue
            vote = Vote(self.name, Entity.SIT, reason, (), " ".join(t.folded for t in words), last)
            for k in range(first, last + 1):
                state.votes[k] = vote

    # --- listed sites and their variants -------------------------------------------------------

    def _listed(self, state: NoteState, i: int) -> _Hit | None:
        best: _Hit | None = None
        single = self._single.get(state.tokens[i].folded)
        if single is not None and self._acronym_ok(state, i, single, alone=True):
            best = (i, i, _listed_reason(single))
        node: object = self._trie
        j: int | None = i
        while j is not None and isinstance(node, dict):
            for key in _keys(state.tokens[j].folded):
                node = node.get(key) if isinstance(node, dict) else None
            if not isinstance(node, dict):
                break
            kind = node.get(_END)  # only tries of two keys or more hold an end
            if isinstance(kind, str) and self._acronym_ok(state, i, kind, alone=False):
                best = (i, j, _listed_reason(kind))
            j = _next_word(state, j)
        return best

    @staticmethod
    def _acronym_ok(state: NoteState, i: int, kind: str, alone: bool) -> bool:
        """An acronym variant counts in capitals only; alone, in brackets or after "im", "ins", "vom"…"""
        if kind != "acronym":
            return True
        text = state.tokens[i].text
        if not text.isupper():
            return False
        if not alone:
            return True
        before = state.tokens[i - 1].text if i > 0 else ""
        after = state.tokens[i + 1].text if i + 1 < len(state.tokens) else ""
        prev = state.prev_word(i)
        return (before == "(" and after == ")") or (
            prev is not None and state.tokens[prev].folded in _BEFORE_BARE_ACRONYM
        )

    # --- order hospitals ------------------------------------------------------------------------

    def _order(self, state: NoteState, i: int) -> _Hit | None:
        last = self._order_end(state, i)
        if last is None:
            return None
        place = self._place_end(state, last)
        last = place if place is not None else last
        first = i
        article = state.prev_word(i)
        if article is not None and state.tokens[article].folded in _ARTICLES_BEFORE_ORDER:
            head = state.prev_word(article)
            if head is not None and self._is_head(state, head):
                first = head
        return (first, last, "religious order that runs hospitals")

    def _order_end(self, state: NoteState, i: int) -> int | None:
        """Last token of an order name starting at ``i`` ("Elisabethinen", "Barmherzigen Brüder")."""
        folded = state.tokens[i].folded
        node: object = self._orders
        j: int | None = i
        last = None
        while j is not None and isinstance(node, dict):
            node = node.get(stem(state.tokens[j].folded))
            if not isinstance(node, dict):
                break
            if _END in node:
                last = j
            j = state.next_word(j)
        if last is None and len(folded) >= 8 and folded[:3] in ORDER_STARTS and order_typo(folded):
            last = i
        return last

    # --- a head before a place ------------------------------------------------------------------

    def _is_head(self, state: NoteState, i: int) -> bool:
        token = state.tokens[i]
        return token.is_capitalized and (token.folded in self._heads or token.folded.endswith(HEAD_SUFFIXES))

    def _head_place(self, state: NoteState, i: int, towns_only: bool = False) -> _Hit | None:
        token = state.tokens[i]
        folded = token.folded
        if folded == "haus":
            return self._care_home(state, i)
        if ACRONYM_HEAD.fullmatch(token.text) and token.text not in NOT_ACRONYM_HEADS and folded not in self._heads:
            last = self._town_end(state, state.next_word(i))
            return None if last is None else (i, last, f"short form '{token.text}' before a listed town")
        if not self._is_head(state, i):
            return None
        first = self._left_edge(state, i)
        named = _named_compound(token.text)
        last = self._pharmacy_name(state, i) if folded.endswith("apotheke") else None
        if last is None:
            last = i if named else None
        compound = towns_only or (folded not in self._heads and last is None)
        place = self._place_end(state, last if last is not None else i, towns_only=compound)
        if place is not None:
            last = place
        if last is None:
            return None
        last = self._standort(state, last)
        what = "named site" if named or last == i else f"site word '{token.text}' before a place name"
        return (first, last, what)

    def _care_home(self, state: NoteState, i: int) -> _Hit | None:
        """ "Haus St. Klara", "Haus Hl. Elisabeth": a care home named after a saint."""
        saint = state.next_word(i)
        if saint is None or state.tokens[saint].folded not in SAINT_WORDS:
            return None
        name = _next_word(state, saint)
        if name is None or not state.tokens[name].is_capitalized:
            return None
        return (i, name, "care home named after a saint")

    def _pharmacy_name(self, state: NoteState, i: int) -> int | None:
        """Last token of "Apotheke zum Hl. Wolfgang" / "zur goldenen Krone" / "am Anger-Eck" after token ``i``."""
        link = state.next_word(i)
        if link is None or state.tokens[link].folded not in PHARMACY_LINKS:
            return None
        j = state.next_word(link)
        if j is None:
            return None
        if state.tokens[j].folded in SAINT_WORDS:
            name = _next_word(state, j)
            return name if name is not None and state.tokens[name].is_capitalized else None
        if state.tokens[j].folded.endswith("en") and not state.tokens[j].text.isupper():  # "zur goldenen Krone"
            name = state.next_word(j)
            return name if name is not None and state.tokens[name].is_capitalized else None
        return j if name_like(state, j) and not state.tokens[j].folded.endswith(_ABSTRACT_ENDINGS) else None

    def _left_edge(self, state: NoteState, i: int) -> int:
        """First token of the site whose head is ``i``: "Univ.-Klinikum", "Wohn- und Pflegeheim"."""
        first = i
        prev = state.prev_word(first, allow=".-")
        for _ in range(MAX_LEFT_WORDS):  # bounded: "LKH LKH LKH …" stays linear
            if prev is None or state.tokens[prev].folded not in LEFT_MODIFIERS or not state.tokens[prev].is_capitalized:
                break
            first = prev
            prev = state.prev_word(first, allow=".-")
        if prev is not None and state.tokens[prev].folded == "und" and prev >= 2:
            before = state.tokens[prev - 1]
            if before.text == "-" and state.tokens[prev - 2].is_capitalized:  # "Wohn- und Pflegeheim"
                first = prev - 2
        return first

    def _place_end(self, state: NoteState, i: int, towns_only: bool = False) -> int | None:
        """Last token of the place right after token ``i``: a listed town or name-like words.

        ``towns_only``: a listed town only (after compound heads such as "Tagesklinik", where the
        next capitalised word is too often a heading or a noun).
        """
        j = state.next_word(i)
        if j is None:
            return None
        town = self._town_end(state, j)
        if towns_only:
            return town
        last = None
        taken = 0
        while j is not None and taken < MAX_PLACE_WORDS and self._place_word(state, j):
            last = j
            taken += state.tokens[j].folded not in CONNECTORS
            j = state.next_word(j, allow=".")
        if last is not None and state.tokens[last].folded in CONNECTORS:
            last = None
        return max(town, last) if town is not None and last is not None else town if last is None else last

    def _town_end(self, state: NoteState, j: int | None) -> int | None:
        """Last token of the longest town of the ZIP list starting at token ``j``."""
        if j is None or not state.tokens[j].is_capitalized:
            return None
        folded = state.tokens[j].folded
        first = _KEYS_PLAIN.get(folded) or _keys_plain(folded)
        if not first or first[0] not in self._town_starts:
            return None
        words: list[str] = []
        ends: list[int] = []
        k: int | None = j
        while k is not None and len(words) < MAX_TOWN_WORDS:
            words.append(state.tokens[k].folded)
            ends.append(k)
            k = state.next_word(k, allow=".")
        for n in range(len(words), 0, -1):
            if not state.tokens[ends[n - 1]].is_capitalized:
                continue
            key = _town_key(words[:n])
            if key in self._town_keys:
                return ends[n - 1]
            if key in self._foreign_towns and (
                n > 1 or (key not in FUNCTION_WORDS and key not in state.names.lexicon.nouns)
            ):
                return ends[n - 1]
        return None

    def _standort(self, state: NoteState, last: int) -> int:
        """Extend a site by "Standort <place>" ("LKH Nord Standort Seestadt")."""
        j = state.next_word(last)
        if j is not None and state.tokens[j].folded == STANDORT:
            place = self._place_end(state, j)
            if place is not None:
                return place
        return last

    def _place_word(self, state: NoteState, j: int) -> bool:
        token = state.tokens[j]
        if not token.is_capitalized:
            return False
        if token.folded in CONNECTORS:  # "BKH St. Johann", "Klinik Bad Häring"
            return True
        return token.folded in self._towns or name_like(state, j, titled=True)


def _named_compound(text: str) -> bool:
    """A hyphen compound whose first part names the site: "Severin-Apotheke", not "Reha-Klinik"."""
    first, dash, rest = text.partition("-")
    return (
        bool(dash) and first[:1].isupper() and fold(first) not in GENERIC_PARTS and fold(rest).endswith(HEAD_SUFFIXES)
    )


def _next_word(state: NoteState, j: int) -> int | None:
    """The next word inside a site name: across "-", and across the dot of an abbreviation ("Univ. Klinikum")."""
    nxt = state.next_word(j, allow=".-")
    if nxt is not None:
        return nxt
    k = j + 1
    tokens = state.tokens
    if (
        k + 1 < len(tokens)
        and tokens[k].text == "."
        and tokens[k + 1].is_word
        and tokens[k].end == tokens[k + 1].start - 1
    ):
        return k + 1
    return None


def _listed_reason(kind: str) -> str:
    return "acronym of a listed medical site" if kind == "acronym" else "in the medical site list"
