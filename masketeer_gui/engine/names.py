"""Name knowledge for one run: shipped lists plus deployment lists, roles, and one-typo look-up.

``NameIndex`` answers the questions the maskers ask of a single folded word: is it a name,
from which list (patient, HCP, person), is it also an ordinary German word, and which listed
name is it one typo away from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import IntFlag
from typing import Final, cast

from masketeer_gui.engine import lexicon_packed
from masketeer_gui.engine.deferred import Deferred
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.word_forms import has_medical_ending, has_word_suffix, is_agent_noun, ocr_variant_of

_WORD: Final = re.compile(r"[^\W_]+")
_NO_WORDS: Final[frozenset[str]] = frozenset()
PARTICLES: Final = frozenset(
    {"von", "van", "de", "der", "den", "zu", "di", "da", "del", "la", "le", "dos", "du", "ten", "ter"}
)
DIALECT_WORDS: Final = frozenset({"mia", "mir", "ned", "heit", "guat", "dahoam", "koa", "hot", "des", "oana", "bissl"})
DRUG_SUFFIXES: Final = (
    "pril",
    "sartan",
    "olol",
    "dipin",
    "statin",
    "semid",
    "tiazid",
    "thiazid",
    "parin",
    "xaban",
    "gatran",
    "gliflozin",
    "gliptin",
    "formin",
    "prazol",
    "cillin",
    "mycin",
    "floxacin",
    "oxin",
    "amid",
    "kalium",
    "vastatin",
    "sacubitril",
    "triptan",
    "zepam",
    "azepam",
    "xetin",
    "tinib",
    "umab",
    "afil",
    "lukast",
    "olon",
    "ason",
    "idin",
    "arol",
)
SURNAME_ENDINGS: Final = (
    "steiner",
    "brunner",
    "berger",
    "bichler",
    "hofer",
    "huber",
    "moser",
    "lechner",
    "leitner",
    "mayr",
    "maier",
    "thaler",
    "taler",
    "egger",
    "rainer",
    "wieser",
    "gruber",
    "stetter",
    "staetter",
    "kofler",
    "pichler",
    "auer",
    "ecker",
    "lehner",
    "schwaiger",
    "reiter",
    "mair",
    "meier",
    "stadler",
    "winkler",
    "haider",
    "wimmer",
    "ler",
)
CACHE_LIMIT: Final = 200_000  # remembered one-typo answers (words recur across a corpus)
FUZZY_MIN_LENGTH: Final = 5  # shipped names: only longer words are matched with a typo
FUZZY_MIN_LENGTH_LISTED: Final = 4  # deployment names are few and certain: a typo in "Hubr" counts


class Role(IntFlag):
    """Which deployment list a name part comes from."""

    NONE = 0
    PAT = 1
    HCP = 2
    PER = 4


def _role_type(role: Role) -> Entity | None:
    """The type a combination of lists gives a name part (None: no list names it)."""
    if Role.PAT in role and Role.HCP in role:
        return Entity.PER
    if Role.HCP in role:
        return Entity.HCP
    if Role.PAT in role:
        return Entity.PAT
    if Role.PER in role:
        return Entity.PER
    return None


# Per combination of lists (by value: reading flag members costs Python calls), the type it gives.
_ROLE_TYPES: Final[dict[int, Entity]] = {
    int(role): entity for role in map(Role, range(1, 8)) if (entity := _role_type(role)) is not None
}
_HCP: Final = Entity.HCP


def name_parts(full_name: str) -> list[str]:
    """Folded parts of a listed name worth matching on their own ("Maria Huber-Egger" -> maria, huber, egger)."""
    parts: list[str] = []
    for word in full_name.replace("-", " ").replace(",", " ").split():
        folded = fold(word.strip(".'’"))
        if len(folded) > 1 and folded not in PARTICLES and folded.replace("'", "").isalpha():
            parts.append(folded)
    return parts


@dataclass(frozen=True, slots=True)
class ShippedTables:
    """``NameIndex``'s look-up tables of the shipped lists alone (built once per lexicon, cached beside it
    by ``engine.lexicon_indices``, read when a note first needs them); the deployment lists' part is added
    per engine and never cached."""

    word_typos: Deferred[Mapping[str, tuple[str, ...]]]  # one-deletion variant -> frequent nouns, drugs, titles
    name_typos: Deferred[Mapping[str, tuple[str, ...]]]  # one-deletion variant -> shipped names
    longest: int  # the longest word or shipped name

    def load(self) -> None:
        """Read (or build) every table now."""
        self.word_typos.get()
        self.name_typos.get()


def shipped_tables(lexicon: Lexicon) -> ShippedTables:
    """Build the tables of the shipped lists (about 0.5 s for the shipped lexicon)."""
    title_words, shipped = _title_words(lexicon), _shipped_names(lexicon)
    return ShippedTables(
        word_typos=Deferred.ready(_word_typo_index(lexicon, title_words, shipped)),
        name_typos=Deferred.ready(_deletion_index(_fuzzy_targets((), shipped))),
        longest=_longest_shipped(lexicon, title_words, shipped),
    )


class NameIndex:
    """Shipped and deployment names, folded, with roles and a deletion index for one-typo matches.

    ``tables``: the shipped lists' part built already (``engine.lexicon_indices``); without them each
    is built from the lexicon when first needed.
    """

    def __init__(self, lexicon: Lexicon, names: NameLists, tables: ShippedTables | None = None) -> None:
        self.lexicon = lexicon
        self.roles: dict[str, Role] = {}
        self.title_words = _title_words(lexicon)
        not_names = self.title_words | lexicon.abbreviations  # "Dr. Ulrike Zangerl" lists Ulrike and Zangerl
        for role, entries in ((Role.PAT, names.patients), (Role.HCP, names.hcps), (Role.PER, names.persons)):
            for entry in entries:
                for part in name_parts(entry):
                    if part not in not_names:
                        self.roles[part] = self.roles.get(part, Role.NONE) | role
        # the words a first name may be: a listed first name or a deployment name's part (one set, for the
        # maskers' scans that look for a first name; "Moser Leopold", "steffi: …")
        self.first_or_listed = frozenset(lexicon.first_names) | frozenset(self.roles)
        self.shipped = _shipped_names(lexicon)
        self.whitelist = lexicon.whitelist
        self._tables = tables
        self._deletes: Mapping[str, tuple[str, ...]] | None = None
        self._word_deletes: Mapping[str, tuple[str, ...]] | None = None
        self._typo_cache: dict[tuple[str, bool], str | None] = {}
        self._base_cache: dict[str, str | None] = {}
        self._word_cache: dict[str, bool] = {}  # ``looks_like_word``'s answers
        self._word_typo_cache: dict[str, bool] = {}  # ``typo_of_word``'s answers (asked by both of the above)
        self._longest: int | None = None

    def prepare(self) -> NameIndex:
        """Build the look-up indices now (a batch parent does, so forked workers inherit them, not rebuild them)."""
        if self._tables is not None:
            self._tables.load()
        self._deletion_index()
        self._typo_index()
        self._longest_word()
        return self

    def is_listed(self, folded: str) -> bool:
        """In a deployment list (patients, HCPs, persons)."""
        return folded in self.roles

    def is_name(self, folded: str) -> bool:
        """In any name list, shipped or deployment, and not a shipped whitelist word."""
        return folded in self.roles or (folded in self.shipped and folded not in self.whitelist)

    def is_word(self, folded: str) -> bool:
        """A known German word (noun or frequent word)."""
        return self.lexicon.is_word(folded)

    def is_ambiguous(self, folded: str) -> bool:
        """A name that is also a German noun ("Koch", "Bauer", "Fuchs"): context must decide."""
        return folded in self.lexicon.nouns

    def is_common_name_word(self, folded: str) -> bool:
        """A name that is also a frequent non-noun word ("Frank", "Lang", dialect "Mia")."""
        return folded in self.lexicon.ambiguous_names or folded in DIALECT_WORDS

    def is_town(self, folded: str) -> bool:
        """A town from the ZIP list (and not a listed name): "Wörgl" is a place, not a typo of "Jörgl"."""
        return folded in self.lexicon.towns and folded not in self.roles

    def is_clear_word(self, folded: str) -> bool:
        """Surely a word even where a name is expected ("Frau ___"): a noun, a very frequent word, a drug,
        or a compound of a known word and a noun of five letters or more ("Vorsorgevollmacht")."""
        lex = self.lexicon
        if folded in lex.nouns or folded in lex.top_words or folded in lex.drugs or folded in DIALECT_WORDS:
            return True
        if folded in lex.abbreviations:  # "Temp.", "Tbl.", "Gew."
            return True
        return folded.endswith(DRUG_SUFFIXES) or self.is_clinical_word(folded) or self.is_compound_word(folded)

    def is_clinical_word(self, folded: str, agents: bool = True) -> bool:
        """A drug of the drug dictionary, a listed clinical term or role noun ("ordi", "einsender"), or a word
        shaped like a diagnosis or procedure ("thrombose"); with ``agents``, also an agent noun by its shape
        (where a name certainly stands, "Sperrer" is a surname, not one who "sperrt")."""
        lex = self.lexicon
        if folded in lex.drug_names or folded in lex.medical_terms or has_medical_ending(folded):
            return True
        if has_word_suffix(folded):  # "Instruktion", "Muskuloskelettale": nouns and adjectives by their ending
            return True
        return agents and is_agent_noun(folded, lex.is_word)

    def _plain_word(self, folded: str) -> bool:
        lex = self.lexicon
        return folded in lex.nouns or folded in lex.top_words

    def is_compound_word(self, folded: str) -> bool:
        """A known word plus a known noun of five letters or more ("Vorsorgevollmacht"); names rarely are."""
        lex = self.lexicon
        return any(
            folded[k:] in lex.nouns
            and (_known_head(lex, folded[:k]) or (folded[k - 1] == "s" and _known_head(lex, folded[: k - 1])))
            for k in range(max(3, len(folded) - self._longest_word()), len(folded) - 4)
        )

    def looks_like_word(self, folded: str) -> bool:
        """A known German word, a compound ending in a known noun ("Beinödeme"), or a drug name ("-pril")
        (cached: the typo and suffix tests cost tens of microseconds a word)."""
        try:
            return self._word_cache[folded]
        except KeyError:
            if len(self._word_cache) > CACHE_LIMIT:
                self._word_cache.clear()
            answer = self._word_cache[folded] = self._looks_like_word(folded)
            return answer

    def _looks_like_word(self, folded: str) -> bool:
        if self.lexicon.is_word(folded) or folded in DIALECT_WORDS or folded.endswith(DRUG_SUFFIXES):
            return True
        if self.is_clinical_word(folded) or ocr_variant_of(folded, self._plain_word) is not None:
            return True  # "Thrombose", "Einsender"; "lhre" scanned for "Ihre"
        if folded in self.lexicon.abbreviations:
            return True
        # a compound ending in a noun (not with a surname's ending), else a typo of a word: the compound first, as
        # the typo look-up costs more (the answer is the same in either order)
        nouns, top = self.lexicon.nouns, self.lexicon.top_words
        if not folded.endswith(SURNAME_ENDINGS):  # a loop, not ``any`` of a generator: asked of every new word
            for k in range(max(3, len(folded) - self._longest_word()), len(folded) - 3):
                suffix = folded[k:]
                if suffix in nouns and (len(suffix) >= 5 or suffix in top):
                    return True
        return len(folded) >= 5 and self.typo_of_word(folded)

    def base_name(self, folded: str) -> str | None:
        """The name itself, also for a genitive ("Hubers" -> "huber"); None if not a name (cached)."""
        try:
            return self._base_cache[folded]
        except KeyError:
            if len(self._base_cache) > CACHE_LIMIT:
                self._base_cache.clear()
            base = self._base_cache[folded] = self._base_name(folded)
            return base

    def _base_name(self, folded: str) -> str | None:
        if self.is_name(folded):
            return folded
        if "-" in folded:
            parts = folded.split("-")
            return folded if all(self.is_name(p) for p in parts if p) else None
        if "'" in folded:  # "Huber's" -> "huber"
            stem, _, ending = folded.partition("'")
            return stem if ending == "s" and self.is_name(stem) else None
        if len(folded) > 3 and folded[-1] == "s" and self.is_name(folded[:-1]) and not self.is_word(folded):
            return folded[:-1]
        return None

    def entity(self, folded: str, hcp_title: bool = False, default: Entity = Entity.PER) -> Entity:
        """Entity for a name part: an HCP title decides; else HCP/PAT lists beat the general list.

        A name in both the HCP and the patient list is PER (paper 2.2.6); ``default`` is for unlisted names.
        """
        if hcp_title:
            return _HCP
        roles = self.roles
        role = roles.get(folded, 0)
        if not role and "-" in folded:  # a double name takes the type of its listed part
            role = next((roles[p] for p in folded.split("-") if p in roles), 0)
        return _ROLE_TYPES.get(role, default)

    def one_typo_from(self, folded: str, listed_only: bool = False) -> str | None:
        """The name exactly one edit (Damerau-Levenshtein) from ``folded``; None if it is a typo of a word.

        ``listed_only``: only deployment names count (a bare capitalised word with no context).
        """
        key = (folded, listed_only)
        if key not in self._typo_cache:
            if len(self._typo_cache) > CACHE_LIMIT:
                self._typo_cache.clear()
            self._typo_cache[key] = self._one_typo_from(folded, listed_only)
        return self._typo_cache[key]

    def _one_typo_from(self, folded: str, listed_only: bool) -> str | None:
        if len(folded) < FUZZY_MIN_LENGTH_LISTED or not folded.isalpha() or self.is_town(folded):
            return None
        if len(folded) > self._longest_word() + 1:  # no name one edit away: spare the deletions of a long word
            return None
        if listed_only:
            return self._one_typo_from_listed(folded)
        candidates = self._typo_candidates(folded, self.shipped)
        best = sorted(c for c in candidates if within_one_edit(c, folded))
        listed = [c for c in best if c in self.roles]
        short = len(folded) < FUZZY_MIN_LENGTH
        pool = listed or ([] if short else [c for c in best if c not in self.whitelist])
        if not pool or self.typo_of_word(folded):  # the costlier guard only when a name is in reach
            return None
        return pool[0]

    def _one_typo_from_listed(self, folded: str) -> str | None:
        """``_one_typo_from`` with ``listed_only``: the one pass it needs (asked of every new capitalised word that
        is no known word: the tokenizer's marks ask it of thousands)."""
        roles = self.roles
        best = [c for c in self._typo_candidates(folded, _NO_WORDS) if c in roles and within_one_edit(c, folded)]
        if not best or self.typo_of_word(folded):  # the costlier guard only when a name is in reach
            return None
        return min(best)

    def _typo_candidates(self, folded: str, shipped: AbstractSet[str]) -> set[str]:
        """The listed names (and names of ``shipped``) one deletion from ``folded``, or whose deletions meet its own
        or it: a superset of those one edit away (``within_one_edit`` decides), without ``folded`` itself."""
        deletes = self._deletion_index()
        roles = self.roles
        candidates: set[str] = set(deletes.get(folded, ()))
        for k in range(len(folded)):  # each deletion variant as made (a double letter's twice: no set made first)
            variant = folded[:k] + folded[k + 1 :]
            if variant in roles or variant in shipped:
                candidates.add(variant)
            candidates.update(deletes.get(variant, ()))
        candidates.discard(folded)
        return candidates

    def typo_of_word(self, folded: str) -> bool:
        """``folded`` is one edit from a frequent German noun, a drug or a title ("Trmin", "Gattni"): no name
        (cached: ``looks_like_word`` and ``one_typo_from`` ask it of the same words)."""
        cache = self._word_typo_cache
        known = cache.get(folded)
        if known is None:
            if len(cache) > CACHE_LIMIT:
                cache.clear()
            known = cache[folded] = self._typo_of_word(folded)
        return known

    def _typo_of_word(self, folded: str) -> bool:
        if len(folded) < 4 or len(folded) > self._longest_word() + 1:  # nothing one edit away
            return False
        get = self._typo_index().get  # the words each deletion variant comes from, checked as found: no set made
        for candidate in get(folded, ()):
            if within_one_edit(candidate, folded):
                return True
        for k in range(len(folded)):
            for candidate in get(folded[:k] + folded[k + 1 :], ()):
                if within_one_edit(candidate, folded):
                    return True
        return False

    def _typo_index(self) -> Mapping[str, tuple[str, ...]]:
        if self._word_deletes is None:
            tables = self._tables
            self._word_deletes = (
                tables.word_typos.get()
                if tables is not None
                else _word_typo_index(self.lexicon, self.title_words, self.shipped)
            )
        return self._word_deletes

    def _longest_word(self) -> int:
        """The longest word or name any look-up here can find: a longer word is searched letter by letter no more."""
        if self._longest is None:
            tables = self._tables
            shipped = (
                tables.longest if tables is not None else _longest_shipped(self.lexicon, self.title_words, self.shipped)
            )
            self._longest = max(shipped, max(map(len, self.roles), default=0))
        return self._longest

    def _deletion_index(self) -> Mapping[str, tuple[str, ...]]:
        if self._deletes is None:
            tables = self._tables
            if tables is None:
                self._deletes = _deletion_index(_fuzzy_targets(self.roles, self.shipped))
            else:  # the shipped names' part is built; add the deployment names not among them
                listed = _deletion_index(_fuzzy_targets((n for n in self.roles if n not in self.shipped), ()))
                self._deletes = _merged(tables.name_typos.get(), listed)
        return self._deletes


def _title_words(lexicon: Lexicon) -> frozenset[str]:
    """The words of the salutations ("dr", "med", "frau")."""
    return frozenset(part for s in lexicon.salutations for w in s.words for part in _WORD.findall(w))


def _shipped_names(lexicon: Lexicon) -> frozenset[str]:
    return frozenset(lexicon.first_names) | lexicon.surnames


def _word_typo_index(
    lexicon: Lexicon, title_words: frozenset[str], shipped: frozenset[str]
) -> dict[str, tuple[str, ...]]:
    """Deletion index of the words a typo may come from: frequent nouns, drugs and titles (no names)."""
    targets = {w for w in lexicon.top_words if w in lexicon.nouns} | lexicon.drugs | title_words
    index = _deletion_index(w for w in targets if len(w) >= 4 and w not in shipped)
    for word in targets:
        if len(word) >= 3 and word not in shipped:
            index.setdefault(word, ())
            index[word] = (*index[word], word)
    return index


def _longest_shipped(lexicon: Lexicon, title_words: frozenset[str], shipped: frozenset[str]) -> int:
    words = (lexicon.nouns, lexicon.top_words, lexicon.drugs, title_words, shipped)
    return max((len(word) for group in words for word in group), default=0)


def _merged(base: Mapping[str, tuple[str, ...]], extra: Mapping[str, tuple[str, ...]]) -> Mapping[str, tuple[str, ...]]:
    """``base`` with ``extra``'s words added (``base`` itself, shared by every engine, is left as it is; a packed
    table of the cache stays packed: ``lexicon_packed.merged``)."""
    return cast("Mapping[str, tuple[str, ...]]", lexicon_packed.merged(base, extra))


def _known_head(lexicon: Lexicon, head: str) -> bool:
    """The first part of a compound is a known word ("medikation" in "Medikationsliste")."""
    return head in lexicon.common_words or head in lexicon.nouns


def _deletion_index(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Map every one-deletion variant of ``words`` to the words it comes from (SymSpell style)."""
    index: dict[str, list[str]] = {}
    for word in words:
        for variant in _deletions(word):
            index.setdefault(variant, []).append(word)
    return {key: tuple(value) for key, value in index.items()}


def _fuzzy_targets(listed: Iterable[str], shipped: Iterable[str]) -> set[str]:
    return {n for n in (*listed, *shipped) if len(n) >= FUZZY_MIN_LENGTH_LISTED - 1 and n.isalpha()}


def within_one_edit(a: str, b: str, *, swaps: bool = True) -> bool:
    """Damerau-Levenshtein distance at most 1: equal, or one letter substituted, added, dropped, or two
    neighbours swapped (``swaps=False``: Levenshtein, a swap is two edits). (The few candidates a look-up yields
    need no C library: no import at start-up.)"""
    if a == b:
        return True
    if len(a) > len(b):
        a, b = b, a
    size = len(a)
    if len(b) - size > 1:
        return False
    i = 0
    while i < size and a[i] == b[i]:
        i += 1
    if size < len(b):  # one letter more in b, at i
        return a[i:] == b[i + 1 :]
    if a[i + 1 :] == b[i + 1 :]:  # substituted at i
        return True
    return swaps and i + 1 < size and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}
