"""Text layer: markup blanking, tokens with character offsets, sentence boundaries.

The original note is never changed. Markup (HTML/XML tags, character entities) is blanked
to spaces in a same-length working copy, so every offset found in the copy is an offset into
the original. Tokens are words (hyphen and apostrophe chains kept whole: "Müller-Huber", "O'Brien") and single
punctuation characters; a sentence ends at . ! ? unless the dot closes an abbreviation,
an initial or an ordinal number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final, Protocol, cast

from masketeer_gui.engine.native import mypyc_attr
from masketeer_gui.engine.normalize import fold

_ATTRIBUTE = r"""\s+[A-Za-z_:][\w:.-]*(?:\s*=\s*(?:"[^"<>@]*"|'[^'<>@]*'|[^\s"'<>@=]+))?"""
_MARKUP: Final = re.compile(
    rf"<!--.{{0,2000}}?-->|</?[A-Za-z][A-Za-z0-9]{{0,20}}(?:{_ATTRIBUTE}){{0,20}}\s*/?>"
    r"|&(?:[A-Za-z]{2,8}|#[0-9]{1,6}|#x[0-9A-Fa-f]{1,6});",
    re.DOTALL,
)  # real tags only: "<b>", "<br/>", '<p class="x">' — not "<maria.huber@gmx.at>" nor "Hb <Norm, … >2"
_LETTER = r"[^\W\d_]"
_WORD_CHAR = r"[\w\u0300-\u036f]"
_JOINER = "[-‐‑'’]"
WORD_PATTERN = rf"{_WORD_CHAR}+(?:{_JOINER}{_WORD_CHAR}+)*"  # a word token: hyphen and apostrophe chains whole
WORD: Final = re.compile(WORD_PATTERN)
_SENTENCE_END: Final = frozenset(".!?")


@mypyc_attr(acyclic=True)  # compiled, tokens are not tracked by the cyclic GC (their fields are str, int, bool)
class Token:
    """A word or punctuation mark at ``text[start:end]`` of the original note.

    A plain slotted class: notes have thousands of tokens per second to build, and its fields are
    read far more often still (a slot read is cheaper than a named tuple's, and compiled it is a
    C struct field). ``is_capitalized``: a word starting with an upper-case letter (German names
    and nouns do). Tokens compare equal by their fields; they are not hashable (nothing keys on them): defining
    ``__eq__`` alone makes it so, interpreted and compiled, and costs no per-token field as ``__hash__ = None`` did
    compiled.
    """

    __slots__ = ("end", "folded", "is_capitalized", "is_word", "sentence", "start", "text")

    def __init__(
        self,
        text: str,
        start: int,
        end: int,
        is_word: bool,
        folded: str,
        sentence: int = 0,
        is_capitalized: bool = False,
    ) -> None:
        self.text = text
        self.start = start
        self.end = end
        self.is_word = is_word
        self.folded = folded
        self.sentence = sentence
        self.is_capitalized = is_capitalized

    def _fields(self) -> tuple[str, int, int, bool, str, int, bool]:
        return (self.text, self.start, self.end, self.is_word, self.folded, self.sentence, self.is_capitalized)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Token) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"Token{self._fields()!r}"

    @property
    def is_initial(self) -> bool:
        """A single letter, as in "Dr. U. Hofer"."""
        return self.is_word and len(self.text) == 1 and self.text.isalpha()


def blank_markup(text: str) -> str:
    """``text`` with every tag and character entity replaced by spaces of the same length."""
    if "<" not in text and "&" not in text:
        return text
    return _MARKUP.sub(lambda m: " " * (m.end() - m.start()), text)


def markup_regions(text: str) -> list[tuple[int, int]]:
    """Offsets of the tags and entities that ``blank_markup`` removes."""
    return [m.span() for m in _MARKUP.finditer(text)]


def tokenize(text: str, abbreviations: Iterable[str] = frozenset()) -> list[Token]:
    """Tokens of ``text`` (markup already blanked) with offsets and sentence numbers.

    ``abbreviations`` are folded forms without the final dot; a dot after one of them
    (or after an initial or a number) does not end the sentence. Hot path: ``str.split`` at single spaces
    and line breaks gives each piece of the text (a token never crosses white space), so a piece starts
    one character after the last one ends (no search), and all that this piece alone decides (per token its
    text, offsets within the piece, folded form, kind, capital, sentence role) comes from a memo of the
    distinct pieces, offsets then by addition.
    """
    abbrevs = abbreviations if type(abbreviations) is frozenset else frozenset(abbreviations)
    return _tokens(text, _memo_for(abbrevs, None), abbrevs, [])


class TokenMarker(Protocol):
    """Marks a token by what the token alone decides: bits 0 to ``MARK_BITS - 1`` of the answer.

    It must answer the same for the same token every time: ``tokenize_marked`` asks once per distinct token
    and remembers the answer with the token's kind (per marker object, so the marker must be hashable).
    """

    def __call__(self, text: str, folded: str, is_word: bool, is_capitalized: bool) -> int: ...


MARK_BITS: Final = 6  # a marker's answer is below 1 << MARK_BITS


def tokenize_marked(
    text: str, abbreviations: Iterable[str], marker: TokenMarker
) -> tuple[list[Token], list[list[int]]]:
    """``tokenize`` and, per bit of ``marker``'s answers, the indices of the tokens it marked with that bit.

    What a scan of the tokens that looks each one up would find, found while the tokens are made: the answer
    is remembered per distinct token, so a token costs one test (most are not marked)."""
    abbrevs = abbreviations if type(abbreviations) is frozenset else frozenset(abbreviations)
    marked: list[list[int]] = [[] for _ in range(MARK_BITS)]
    return _tokens(text, _memo_for(abbrevs, marker), abbrevs, marked), marked


def _tokens(text: str, memo: _Memo, abbrevs: frozenset[str], marked: list[list[int]]) -> list[Token]:
    """The tokens of ``text`` under ``memo``; each marked one's index into ``marked``, per bit of its mark.

    Measured and dropped (speed pass 4): lending the Token objects of earlier notes again, per remembered piece,
    once reference counts showed nothing held them (commit b76b9c7). It ran 4 % fewer instructions in the
    engine, but 5-8 % more CPU time: lent tokens lie all over the heap, new ones come from the allocator's
    freshly freed, cached blocks. Reusing the last note's tokens only (a pool) was no faster than making them.
    """
    chunks = memo.chunks
    tokens: list[Token] = []
    append = tokens.append
    made, plain, bits = _MADE, _PLAIN_NEW, _BIT_INDICES
    sentence = pos = 0
    dot_continues = False  # the token before lets a following "." continue the sentence
    # The pieces between single spaces and line breaks, in one split (a line break read as a space: the same pieces
    # and offsets as splitting at line breaks first, without a loop over the lines).
    for piece in text.replace("\n", " ").split(" "):  # pieces hold any other white space (or none: "")
        kinds = chunks.get(piece)
        if kinds is None:
            kinds = _piece_kinds(memo, piece, abbrevs)
        for part, start, end, folded, is_word, is_capitalized, ender, continues, mark in kinds:
            if mark:  # before the token is added: its index is the number of tokens so far
                for bit in bits[mark]:
                    marked[bit].append(len(tokens))
            if plain:  # interpreted: filling the slots directly is a fifth faster than a call to __init__
                token = made()
                token.text = part
                token.start = pos + start
                token.end = pos + end
                token.is_word = is_word
                token.folded = folded
                token.sentence = sentence
                token.is_capitalized = is_capitalized
                append(token)
            else:  # compiled: the constructor is a C function, and ``tokens.append`` a direct list append
                tokens.append(Token(part, pos + start, pos + end, is_word, folded, sentence, is_capitalized))
            if ender and (ender == _BANG or not dot_continues):
                sentence += 1
            dot_continues = continues
        pos += len(piece) + 1
    return tokens


# What a token decides: (token text, its start and end in its piece, folded, is_word, is_capitalized, ender,
# dot_continues_after, mark). ``ender``: 0, _DOT for ".", _BANG for "!" and "?". ``dot_continues_after``: an
# initial, a number or an abbreviation, after which "." does not end the sentence. ``mark``: the memo's
# marker's answer (0 without a marker).
_Kind = tuple[str, int, int, str, bool, bool, int, bool, int]
_DOT: Final = 1
_BANG: Final = 2
# Pieces remembered per abbreviation set (about 9 MB; the 35,579 benchmark notes have 31,376 distinct
# pieces of 40 characters or fewer): the first ones seen, which are the frequent ones; later new pieces
# are worked out each time.
_KIND_LIMIT = 1 << 15  # not Final: a test lowers it
_PIECE_LIMIT: Final = 40  # longer tokens or pieces (long words, long runs of white space) are not remembered


class _Memo:
    """What the tokens and the pieces of text decide, under one abbreviation set and one marker (or none)."""

    __slots__ = ("chunks", "marker", "pieces")

    def __init__(self, marker: TokenMarker | None = None) -> None:
        self.marker = marker
        self.pieces: dict[str, _Kind] = {}  # token text -> its kind (offsets within the token: 0, len)
        self.chunks: dict[str, tuple[_Kind, ...]] = {}  # piece between spaces -> its tokens' kinds


_KINDS: dict[tuple[frozenset[str], TokenMarker | None], _Memo] = {}  # not Final: a test replaces it
_PLAIN_NEW: Final = Token.__new__ is object.__new__  # a Token can be made without __init__ (not once mypyc compiled it)


def _reduce_made(token: Token) -> tuple[type[Token], tuple[str, int, int, bool, str, int, bool]]:
    return Token, token._fields()  # pickled and copied as the Token it is


# Interpreted, the tokenizer makes its tokens as this subclass without ``__init__``: ``_MADE()`` is a plain type
# call, a third cheaper than ``object.__new__(Token)`` (whose wrapper checks its arguments); its slots are
# Token's, then filled one by one. It is a Token in all but ``type()``: equal, printed, pickled as one.
_MADE: Final = cast(
    "Callable[[], Token]",
    type("Token", (Token,), {"__slots__": (), "__init__": object.__init__, "__reduce__": _reduce_made})
    if _PLAIN_NEW
    else Token,
)
# A token within a chunk (a run of non-white-space characters): every character of a chunk starts a token.
_CHUNK_TOKEN: Final = re.compile(rf"{_WORD_CHAR}++(?:{_JOINER}{_WORD_CHAR}++)*+|[^\s\w]")  # WORD, possessive


# Per mark, the bits it holds (``tokenize_marked`` appends a marked token's index once per bit).
_BIT_INDICES: Final = tuple(tuple(bit for bit in range(MARK_BITS) if mark >> bit & 1) for mark in range(1 << MARK_BITS))


def _memo_for(abbreviations: frozenset[str], marker: TokenMarker | None) -> _Memo:
    """The memo of tokens and pieces under one abbreviation set and marker (a few are kept)."""
    key = (abbreviations, marker)
    memo = _KINDS.get(key)
    if memo is None:
        if len(_KINDS) >= 4:
            _KINDS.clear()
        memo = _KINDS[key] = _Memo(marker)
    return memo


def _piece_kinds(memo: _Memo, piece: str, abbreviations: frozenset[str]) -> tuple[_Kind, ...]:
    """What a piece not seen before decides: its tokens' kinds in order, offsets within the piece.

    A chunk (a piece without other white space) is worked out token by token and remembered unless it is
    long or the memo full. A piece that holds other white space (a line break, a tab, a no-break space) is
    put together from its chunks' kinds and not remembered itself: such pieces rarely come back, and their
    chunks do. The chunks are found one after the other, so a run of white space is read once.
    """
    # Printable, a piece holds no white space (the spaces it was split at are the only printable one): one chunk.
    chunks = [piece] if piece.isprintable() else piece.split()
    if len(chunks) == 1 and len(chunks[0]) == len(piece):
        tokens = memo.pieces
        kinds: list[_Kind] = []
        pos = 0
        for part in _CHUNK_TOKEN.findall(piece):
            kind = tokens.get(part) or _kind(memo, part, abbreviations)
            if pos:
                text, _, width, folded, is_word, is_capitalized, ender, continues, mark = kind
                kind = (text, pos, pos + width, folded, is_word, is_capitalized, ender, continues, mark)
            kinds.append(kind)
            pos = kind[2]
        found = tuple(kinds)
    else:
        remembered = memo.chunks
        shifted: list[_Kind] = []
        pos = 0
        find = piece.find
        for chunk in chunks:
            pos = find(chunk, pos)
            for text, start, end, folded, is_word, is_capitalized, ender, continues, mark in remembered.get(
                chunk
            ) or _piece_kinds(memo, chunk, abbreviations):
                shifted.append((text, pos + start, pos + end, folded, is_word, is_capitalized, ender, continues, mark))
            pos += len(chunk)
        if chunks:
            return tuple(shifted)
        found = ()  # white space only
    if len(piece) <= _PIECE_LIMIT and len(memo.chunks) < _KIND_LIMIT:
        memo.chunks[piece] = found
    return found


def _kind(memo: _Memo, part: str, abbreviations: frozenset[str]) -> _Kind:
    """What a token not seen before decides, remembered in the memo unless it is long or the memo full."""
    width = len(part)
    kind: _Kind
    if WORD.fullmatch(part) is None:  # a punctuation mark: one character
        ender = _DOT if part == "." else _BANG if part in _SENTENCE_END else 0
        mark = _mark(memo.marker, part, part, False, False)
        kind = (part, 0, width, part, False, False, ender, False, mark)
    else:
        folded = fold(part)
        initial = len(part) == 1 and part.isalpha()
        continues = initial or part.isdigit() or folded in abbreviations
        capitalized = part[0].isupper()
        mark = _mark(memo.marker, part, folded, True, capitalized)
        kind = (part, 0, width, folded, True, capitalized, 0, continues, mark)
    kinds = memo.pieces
    if width <= _PIECE_LIMIT and len(kinds) < _KIND_LIMIT:
        kinds[part] = kind
    return kind


def _mark(marker: TokenMarker | None, text: str, folded: str, is_word: bool, is_capitalized: bool) -> int:
    """The marker's answer for a token (0 without a marker), checked: it must fit in ``MARK_BITS`` bits."""
    if marker is None:
        return 0
    mark = marker(text, folded, is_word, is_capitalized)
    if not 0 <= mark < 1 << MARK_BITS:
        raise ValueError(f"a token marker answered {mark}, not a mark of {MARK_BITS} bits")
    return mark


def sentence_spans(text: str, abbreviations: Iterable[str] = frozenset()) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence: from its first token to its last."""
    spans: list[tuple[int, int]] = []
    for token in tokenize(blank_markup(text), abbreviations):
        if spans and len(spans) > token.sentence:
            spans[token.sentence] = (spans[token.sentence][0], token.end)
        else:
            spans.append((token.start, token.end))
    return spans
