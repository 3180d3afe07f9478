"""What every masker sees and writes: the note's tokens and one vote slot per token."""

from __future__ import annotations

import re
from itertools import compress
from typing import Final, Protocol, cast

from masketeer_gui.engine.maskers.word_memo import WordMemo
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.native import mypyc_attr
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import NAME_ENTITIES, Entity
from masketeer_gui.engine.text import MARK_BITS, Token
from masketeer_gui.engine.word_forms import is_mixed_case_acronym

# Verbs that follow a person as subject or object: "Huber meldet sich", "bitte Huber anrufen".
PERSON_VERBS: Final = frozenset(
    "meldet ruft rief bittet fuehlt klagt berichtet erzaehlt moechte wuenscht will sagt meint telefoniert "
    "angerufen hat war ist is kommt bringt schickt fragt anrufen informieren informiert weitergeleitet "
    "verstaendigt zurueckrufen".split()
)
OPENERS: Final = frozenset(':"„“»«(')  # after these a capitalised word starts a sentence of its own
INDEFINITES: Final = frozenset("ein eine einen einem einer eines kein keine keinen keinem keiner".split())
# Prepositions that take things as often as people: "Rücksprache mit Koch" but "geht mit Schirm".
OBJECT_CUES: Final = frozenset(["mit", "bei", "von", "fuer", "an", "ohne"])
CONJUNCTIONS: Final = frozenset(["und", "oder", "sowie", "bzw"])
_HYPHEN: Final = re.compile(r"[-‐‑]")
ARTICLES: Final = frozenset(
    [
        "der",
        "die",
        "das",
        "dem",
        "den",
        "des",
        "ein",
        "eine",
        "einen",
        "einem",
        "einer",
        "eines",
        "kein",
        "keine",
        "keinen",
        "im",
        "beim",
        "zum",
        "zur",
        "vom",
        "am",
        "ans",
        "ins",
        "aufs",
        "mein",
        "meine",
        "meinem",
        "meinen",
        "ihr",
        "ihre",
        "ihrem",
        "ihren",
        "sein",
        "seine",
        "seinem",
        "seinen",
        "unser",
        "unsere",
        "diese",
        "dieser",
        "diesem",
        "diesen",
        "jeder",
        "jede",
        "jedem",
        "zu",
    ]
)


@mypyc_attr(acyclic=True)  # compiled, votes are not tracked by the cyclic GC (their fields are str, int, tuples of str)
class Vote:
    """A masker's positive vote for one token (or, with ``last``, a run of tokens up to ``last``).

    A plain slotted class, never changed once made: maskers make one per masked word. Made faster than a named
    tuple (whose ``__new__`` is interpreted, even in the compiled build) or a frozen dataclass (one
    ``object.__setattr__`` per field); compiled, a native class made and read as a C struct. Votes compare equal
    by their fields; they are not hashable (nothing keys on them)."""

    __slots__ = ("entity", "flags", "last", "masker", "reason", "ref")

    def __init__(
        self, masker: str, entity: Entity, reason: str, flags: tuple[str, ...] = (), ref: str = "", last: int = -1
    ) -> None:
        self.masker = masker
        self.entity = entity
        self.reason = reason
        self.flags = flags
        self.ref = ref
        self.last = last  # index of the last token covered, for multi-token spans (sites); -1: this token only

    def _fields(self) -> tuple[str, Entity, str, tuple[str, ...], str, int]:
        return (self.masker, self.entity, self.reason, self.flags, self.ref, self.last)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vote) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"Vote{self._fields()!r}"


# Read per vote: a module copy that is Final is a C static once compiled (an imported name, not Final here, is a
# look-up in this module's globals dict each time).
_NAME_ENTITIES: Final = NAME_ENTITIES
_LISTED: Final = 1  # ``WordMarks``: a listed word, a word a salutation starts with
_STARTS: Final = 2
# A token's mark, as ``WordMarks`` marks it for ``text.tokenize_marked``: these are the bits 0, 1 and 2 of the
# mark, so the tokenizer's lists of marked tokens are ``NoteState``'s capitalised, listed and salutation starts.
MARK_CAPITALIZED: Final = 1
MARK_LISTED: Final = 2
MARK_STARTS: Final = 4
_FILTER_BITS: Final = 3  # the bits from 3 on: one per ``WordFilter``
MAX_FILTERS: Final = MARK_BITS - _FILTER_BITS


class WordFilter(Protocol):
    """A masker's test of one token that the token (and the name lists) alone decide: may the masker act there?
    Its answer must not change during the engine's run (masks are remembered per distinct token)."""

    def may_act(self, token: Token, names: NameIndex) -> bool: ...


class WordMarks:
    """What one scan of a note looks up per token (built once per engine): the words that may be a first name
    or a deployment name (``NoteState.listed_positions``) and the words a salutation starts with
    (``NoteState.salutation_starts``), in one table, so each token costs one look-up instead of one per scan.

    Called on a token, the marks that token gets (``MARK_*``): as a ``text.TokenMarker`` the tokenizer asks
    once per distinct token, and finds the positions of all of them while it makes the tokens. With ``filters``
    (maskers' ``WordFilter``), the tokens where each may act are marked too (``NoteState.filtered``)."""

    __slots__ = ("filters", "names", "starts", "table")

    def __init__(
        self, names: NameIndex, starts: frozenset[str] = frozenset(), filters: tuple[WordFilter, ...] = ()
    ) -> None:
        if len(filters) > MAX_FILTERS:
            raise ValueError(f"at most {MAX_FILTERS} word filters, not {len(filters)}")
        self.names = names
        self.starts = starts
        self.filters = filters
        table = dict.fromkeys(names.first_or_listed, _LISTED)
        for word in starts:
            table[word] = table.get(word, 0) | _STARTS
        self.table = table

    def __call__(self, text: str, folded: str, is_word: bool, is_capitalized: bool) -> int:
        mark = self.table.get(folded, 0)
        found = MARK_CAPITALIZED if is_capitalized else 0
        if mark & _LISTED:
            found |= MARK_LISTED
        if mark & _STARTS and is_word:
            found |= MARK_STARTS
        if self.filters:
            token = Token(text, 0, len(text), is_word, folded, 0, is_capitalized)
            for bit, word_filter in enumerate(self.filters, _FILTER_BITS):
                if word_filter.may_act(token, self.names):
                    found |= 1 << bit
        return found


def cast_votes(votes: list[Vote | None]) -> list[Vote]:
    """The votes cast, in token order (``compress`` skips the many empty slots in C; a vote is always true)."""
    return cast(list[Vote], list(compress(votes, votes)))


class NoteState:
    """Tokens of one note, the votes cast so far, and neighbour helpers the maskers share.

    ``marks``: the engine's ``WordMarks`` for ``names``; with them one scan finds the capitalised tokens, the
    listed ones and the salutation starts (without them each is a scan of its own, on first use). ``marked``: what
    ``text.tokenize_marked`` found with ``marks`` as the marker while it made ``tokens`` (the indices per mark
    bit): then there is no scan at all, and with the marks' ``filters`` the tokens where each may act are known
    too (``filtered``)."""

    def __init__(
        self,
        tokens: list[Token],
        names: NameIndex,
        text: str = "",
        marks: WordMarks | None = None,
        marked: list[list[int]] | None = None,
    ) -> None:
        self.tokens = tokens
        self.names = names
        self.text = text  # the (markup-blanked) note, for line breaks; may be empty in tests
        self.votes: list[Vote | None] = [None] * len(tokens)
        self.reserved: set[int] = set()  # tokens name maskers must leave (e.g. the town after "LKH")
        self.settled_names: set[int] = set()  # names whose neighbours FullName need not look at again
        self.start_words: frozenset[str] | None = None  # the words ``salutation_starts`` were found by
        self.salutation_starts: list[int] = []  # indices of the words among ``start_words``
        self._listed: list[int] | None = None  # ``listed_positions``, found on first use
        self._named: list[int] = []  # tokens voted as names through ``vote``, in voting order
        self._filtered: dict[WordFilter, list[int]] = {}  # per filter of the marks, the tokens it lets through
        if marks is None or marks.names is not names:
            self.capitalized = [i for i, t in enumerate(tokens) if t.is_capitalized]  # most maskers look only here
            return
        self.start_words = marks.starts
        if marked is not None:
            self.capitalized, self._listed, self.salutation_starts = marked[0], marked[1], marked[2]
            for bit, word_filter in enumerate(marks.filters, _FILTER_BITS):
                self._filtered[word_filter] = marked[bit]
            return
        capitalized: list[int] = []
        listed: list[int] = []
        starts: list[int] = []
        table = marks.table  # ``table.get``, not a bound ``get``: compiled, a dict's get is a direct C call
        for i, token in enumerate(tokens):  # one pass, one look-up per token, for three scans
            if token.is_capitalized:
                capitalized.append(i)
            mark = table.get(token.folded)
            if mark:
                if mark & _LISTED:
                    listed.append(i)
                if mark & _STARTS and token.is_word:
                    starts.append(i)
        self.capitalized = capitalized
        self._listed = listed
        self.salutation_starts = starts

    def filtered(self, word_filter: WordFilter) -> list[int] | None:
        """Indices of the tokens where ``word_filter`` may act, when the tokenizer marked them (else None: the
        masker scans for itself)."""
        return self._filtered.get(word_filter)

    def listed_positions(self) -> list[int]:
        """Indices of the tokens that may be a first name or a deployment name (``NameIndex.first_or_listed``),
        in any case: one scan of the note that the maskers looking for such words share."""
        found = self._listed
        if found is None:
            listed = self.names.first_or_listed
            found = self._listed = [i for i, t in enumerate(self.tokens) if t.folded in listed]
        return found

    def name_votes(self) -> list[int]:
        """Indices of the tokens voted as names so far, in token order.

        Kept as the votes are cast, not found by a scan of every token: names are voted only through ``vote``
        (the rule and site votes written directly are no names) and a vote is never taken back."""
        return sorted(self._named)

    def free(self, i: int) -> bool:
        """Token ``i`` is a word nobody has voted for yet."""
        return self.votes[i] is None and self.tokens[i].is_word and i not in self.reserved

    def vote(self, i: int, vote: Vote) -> None:
        if self.votes[i] is None:
            self.votes[i] = vote
            if vote.entity in _NAME_ENTITIES:
                self._named.append(i)

    def is_name_vote(self, i: int) -> bool:
        vote = self.votes[i]
        return vote is not None and vote.entity in _NAME_ENTITIES

    def next_word(self, i: int, allow: str = "") -> int | None:
        """Index of the word right after token ``i`` in the same sentence, only white space (or ``allow``) between."""
        tokens = self.tokens
        last = len(tokens) - 1
        j = i + 1
        if j > last:
            return None
        token = tokens[j]
        while not token.is_word and token.text in allow:
            if j == last:
                return None
            j += 1
            token = tokens[j]
        return j if token.is_word and token.sentence == tokens[i].sentence else None

    def prev_word(self, i: int, allow: str = "") -> int | None:
        """Index of the word right before token ``i`` in the same sentence."""
        if i <= 0:
            return None
        tokens = self.tokens
        j = i - 1
        token = tokens[j]
        while not token.is_word and token.text in allow:
            if j == 0:
                return None
            j -= 1
            token = tokens[j]
        return j if token.is_word and token.sentence == tokens[i].sentence else None

    def after_article(self, i: int) -> bool:
        """Token ``i`` follows an article or determiner ("der Koch", "beim Bauer", "im 2. Zimmer")."""
        j = self.prev_word(i)
        if j is None and i >= 2 and self.tokens[i - 1].text == "." and self.tokens[i - 2].text.isdigit():
            j = self.prev_word(i - 2)  # an ordinal between: "im 2. Zimmer", "zum 3. Mal"
        return j is not None and self.tokens[j].folded in ARTICLES

    def after_quantity(self, i: int) -> bool:
        """Token ``i`` is counted: a number or an indefinite article right before it ("1 Krügel", "ein Krügel")."""
        if i == 0:
            return False
        before, token = self.tokens[i - 1], self.tokens[i]
        if not before.is_word or before.sentence != token.sentence:
            return False
        if before.text.isdigit() and i >= 3 and self.tokens[i - 2].text == ":" and self.tokens[i - 3].text.isdigit():
            return False  # a clock time, no count: "07:30 Poldi beim Frühstück" (but "Kompromiss: 1 Krügel")
        return before.folded in INDEFINITES or (before.text.isdigit() and before.end < token.start)

    def sentence_initial(self, i: int) -> bool:
        """Token ``i`` is the first word of its sentence (where every word is capitalised)."""
        j = i - 1
        while j >= 0 and not self.tokens[j].is_word:
            if self.tokens[j].sentence != self.tokens[i].sentence or self.tokens[j].text in OPENERS:
                return True
            j -= 1
        return j < 0 or self.tokens[j].sentence != self.tokens[i].sentence


def noun_reading(state: NoteState, i: int) -> bool:
    """The context reads a name that is also a noun as the noun: "im 2. Zimmer", "oft Nebel", "selber Falke",
    "geht mit Schirm", "mit Zange und Schraubenzieher". A person verb or a name right after it keeps the name.
    """
    tokens = state.tokens
    k = state.next_word(i)
    if k is not None and (tokens[k].folded in PERSON_VERBS or state.is_name_vote(k)):
        return False
    if state.after_article(i) or state.after_quantity(i):
        return True
    if _beside_plain_noun(state, i, k):
        return True
    j = state.prev_word(i)
    if j is None or tokens[j].is_capitalized:
        return False
    before = tokens[j].folded
    if before in OBJECT_CUES:  # a noun before the cue asks for a person: "Rücksprache mit", "Befund an"
        h = state.prev_word(j)
        return h is None or not (tokens[h].is_capitalized and tokens[h].folded in state.names.lexicon.nouns)
    return before not in CONJUNCTIONS and before not in _PERSON_CUES


_PERSON_CUES: Final = frozenset(["laut", "lt", "bitte", "durch", "via", "zu", "an", "fuer", "mit", "bei", "von"])


def _beside_plain_noun(state: NoteState, i: int, k: int | None) -> bool:
    """Coordinated with an ordinary noun: "Zange und Schraubenzieher", "Ofen oder Nebel"."""
    tokens = state.tokens
    after = state.next_word(k) if k is not None and tokens[k].folded in CONJUNCTIONS else None
    j = state.prev_word(i)
    before = state.prev_word(j) if j is not None and tokens[j].folded in CONJUNCTIONS else None
    return any(o is not None and _plain_noun(state, o) for o in (after, before))


def _plain_noun(state: NoteState, i: int) -> bool:
    token = state.tokens[i]
    names = state.names
    return (
        token.is_capitalized
        and not state.is_name_vote(i)
        and names.base_name(token.folded) is None
        and names.is_word(token.folded)
    )


def brand_after_article(state: NoteState, i: int) -> bool:
    """A shop or brand named like a person, after an article: "kauft beim Kastner ein"."""
    return state.tokens[i].folded in state.names.lexicon.brands and state.after_article(i)


class Masker(Protocol):
    """One rule of the ensemble: casts votes for tokens nobody has claimed yet."""

    name: str

    def apply(self, state: NoteState) -> None: ...


def name_like(state: NoteState, i: int, titled: bool = False) -> bool:
    """A capitalised word that could be a name: a listed name, or no known German word.

    Not: acronyms (RR, EKG), words with digits, salutation words, towns, compounds of known
    nouns ("Beinödeme"), drug names, shipped whitelist words (eponyms). Right after a title
    (``titled``) only real German words are excluded: "Frau Wilson", "Frau Lindenberg".
    """
    return token_name_like(state.names, state.tokens[i], titled)


def token_name_like(names: NameIndex, token: Token, titled: bool = False) -> bool:
    """``name_like`` of ``token`` wherever it stands (the word alone decides: asked once per word and run)."""
    if not token.is_capitalized:
        return False
    memo = _NAME_LIKE[titled].table(names)
    text = token.text
    answer = memo.get(text)  # not ``try``: compiled, each miss would raise a real KeyError
    if answer is None:
        answer = memo[text] = word_name_like(names, text, token.folded, titled)
    return answer


_NAME_LIKE: Final[tuple[WordMemo[bool], WordMemo[bool]]] = (
    WordMemo(),
    WordMemo(),
)  # name_like's answers, by ``titled``


def word_name_like(names: NameIndex, text: str, folded: str, titled: bool) -> bool:
    """``name_like`` of a capitalised word ``text`` (folded ``folded``), worked out."""
    if "-" in folded:
        return _hyphenated_name_like(names, text, titled)
    return _word_name_like(names, folded, text, titled)


def _hyphenated_name_like(names: NameIndex, text: str, titled: bool) -> bool:
    parts = [p for p in _HYPHEN.split(text) if p]
    return len(parts) > 1 and all(p[0].isupper() and _word_name_like(names, fold(p), p, titled) for p in parts)


def part_name_like(names: NameIndex, text: str) -> bool:
    """A hyphen chain of capitalised words, one of which could be a name after a title: "Wolter-Brandt",
    "El-Sayed" (a double surname whose other part is a German word); not "Covid-Ambulanz" (all words)."""
    parts = [p for p in _HYPHEN.split(text) if p]
    if len(parts) < 2 or not all(p[0].isupper() and p.isalpha() for p in parts):
        return False
    return any(_word_name_like(names, fold(p), p, True) for p in parts)


def _word_name_like(names: NameIndex, folded: str, text: str, titled: bool) -> bool:
    if names.is_listed(folded):
        return True
    if folded in names.title_words or not folded.replace("'", "").isalpha() or is_mixed_case_acronym(text):
        return False
    if text.isupper() and len(text) > 1:
        return names.base_name(folded) is not None
    if folded in names.whitelist:  # an eponym may still be a surname after a title ("Frau Wilson"); a drug not
        lex = names.lexicon
        return titled and folded not in lex.nouns and folded not in lex.drugs and not names.is_clinical_word(folded)
    if names.base_name(folded) is not None:
        return True
    if titled:
        return not names.is_clear_word(folded)
    return not names.is_town(folded) and not names.looks_like_word(folded)


DIGRAPH_INITIALS: Final = frozenset({"Ch", "Chr", "Th", "Ph"})  # "Ch. Wimmer" (Christine), "Th. Egger" (Thomas)


def rare_word(state: NoteState, i: int) -> bool:
    """A capitalised word no list calls a word worth keeping: no acronym, noun, frequent word, drug, clinical
    word, whitelisted eponym, title, abbreviation, town, nor a compound ending in a noun. Where a name is
    expected ("K. Nowak", "Katharina Nowak") such a word is the name, although a large word list ("nowak")
    may know it."""
    return rare_token(state.names, state.tokens[i])


def rare_token(names: NameIndex, token: Token) -> bool:
    """``rare_word`` of ``token`` (the word alone decides)."""
    lex = names.lexicon
    folded = token.folded
    if not (token.is_capitalized and folded.isalpha()) or (token.text.isupper() and len(folded) > 1):
        return False
    if folded in lex.nouns or folded in lex.top_words or folded in lex.drugs or folded in lex.abbreviations:
        return False
    if folded in names.whitelist or folded in names.title_words:  # "M. Parkinson" is Morbus Parkinson
        return False
    if names.is_town(folded) or names.is_clinical_word(folded):
        return False
    # a compound only when it ends in a surname ("Brett|schneider"), not in a noun ("Vital|parameter")
    return not names.is_compound_word(folded) or any(folded[k:] in lex.surnames for k in range(3, len(folded) - 3))


def same_line(state: NoteState, i: int, j: int) -> bool:
    """No line break between tokens ``i`` and ``j`` (``i`` < ``j``)."""
    return "\n" not in state.text[state.tokens[i].end : state.tokens[j].start]


def is_initial_at(state: NoteState, i: int) -> bool:
    """An upper-case initial with its dot ("U." in "Dr. U. Hofer", "Ch.", "E.-M."), not a unit ("°C.")."""
    tokens = state.tokens
    if i + 1 >= len(tokens) or tokens[i + 1].text != ".":
        return False
    token = tokens[i]
    single = token.is_initial and token.text.isupper()
    if not (single or token.text in DIGRAPH_INITIALS):
        return False
    if i == 0 or tokens[i - 1].end < token.start or tokens[i - 1].text == "(":
        return True
    return single and i >= 2 and tokens[i - 1].text == "-" and tokens[i - 2].text == "."  # "E.-M."
