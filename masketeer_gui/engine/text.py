"""Text layer: markup blanking, tokens with character offsets, sentence boundaries.

The original note is never changed. Markup (HTML/XML tags, character entities) is blanked
to spaces in a same-length working copy, so every offset found in the copy is an offset into
the original. Tokens are words (hyphen and apostrophe chains kept whole: "Müller-Huber", "O'Brien") and single
punctuation characters; a sentence ends at . ! ? unless the dot closes an abbreviation,
an initial or an ordinal number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

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
    (or after an initial or a number) does not end the sentence. Hot path: ``str.split`` at line breaks and
    then at single spaces gives each piece of the text (a token never crosses white space), so a piece starts
    one character after the last one ends (no search), and all that this piece alone decides (per token its
    text, offsets within the piece, folded form, kind, capital, sentence role) comes from a memo of the
    distinct pieces, offsets then by addition.
    """
    abbrevs = abbreviations if type(abbreviations) is frozenset else frozenset(abbreviations)
    memo = _memo_for(abbrevs)
    chunks = memo.chunks
    tokens: list[Token] = []
    append = tokens.append
    new, plain = _new, _PLAIN_NEW
    sentence = pos = 0
    dot_continues = False  # the token before lets a following "." continue the sentence
    for line in text.split("\n"):  # a line's pieces: between single spaces; a line ends one character early
        for piece in line.split(" "):  # pieces hold any other white space (or none: "")
            kinds = chunks.get(piece)
            if kinds is None:
                kinds = _piece_kinds(memo, piece, abbrevs)
            for part, start, end, folded, is_word, is_capitalized, ender, continues in kinds:
                if plain:  # interpreted: filling the slots directly is a fifth faster than a call to __init__
                    token = new(Token)
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
# dot_continues_after). ``ender``: 0, _DOT for ".", _BANG for "!" and "?". ``dot_continues_after``: an
# initial, a number or an abbreviation, after which "." does not end the sentence.
_Kind = tuple[str, int, int, str, bool, bool, int, bool]
_DOT: Final = 1
_BANG: Final = 2
# Pieces remembered per abbreviation set (about 9 MB; the 35,579 benchmark notes have 31,376 distinct
# pieces of 40 characters or fewer): the first ones seen, which are the frequent ones; later new pieces
# are worked out each time.
_KIND_LIMIT = 1 << 15  # not Final: a test lowers it
_PIECE_LIMIT: Final = 40  # longer tokens or pieces (long words, long runs of white space) are not remembered


class _Memo:
    """What the tokens and the pieces of text decide, under one abbreviation set."""

    __slots__ = ("chunks", "pieces")

    def __init__(self) -> None:
        self.pieces: dict[str, _Kind] = {}  # token text -> its kind (offsets within the token: 0, len)
        self.chunks: dict[str, tuple[_Kind, ...]] = {}  # piece between spaces -> its tokens' kinds


_KINDS: dict[frozenset[str], _Memo] = {}  # not Final: a test replaces it
_new: Final = object.__new__
_PLAIN_NEW: Final = Token.__new__ is object.__new__  # a Token can be made without __init__ (not once mypyc compiled it)
# A token within a chunk (a run of non-white-space characters): every character of a chunk starts a token.
_CHUNK_TOKEN: Final = re.compile(rf"{_WORD_CHAR}++(?:{_JOINER}{_WORD_CHAR}++)*+|[^\s\w]")  # WORD, possessive


def _memo_for(abbreviations: frozenset[str]) -> _Memo:
    """The memo of tokens and pieces under one abbreviation set (a few sets are kept)."""
    memo = _KINDS.get(abbreviations)
    if memo is None:
        if len(_KINDS) >= 4:
            _KINDS.clear()
        memo = _KINDS[abbreviations] = _Memo()
    return memo


def _piece_kinds(memo: _Memo, piece: str, abbreviations: frozenset[str]) -> tuple[_Kind, ...]:
    """What a piece not seen before decides: its tokens' kinds in order, offsets within the piece.

    A chunk (a piece without other white space) is worked out token by token and remembered unless it is
    long or the memo full. A piece that holds other white space (a line break, a tab, a no-break space) is
    put together from its chunks' kinds and not remembered itself: such pieces rarely come back, and their
    chunks do. The chunks are found one after the other, so a run of white space is read once.
    """
    chunks = piece.split()
    if len(chunks) == 1 and len(chunks[0]) == len(piece):
        tokens = memo.pieces
        kinds: list[_Kind] = []
        pos = 0
        for part in _CHUNK_TOKEN.findall(piece):
            kind = tokens.get(part) or _kind(tokens, part, abbreviations)
            if pos:
                text, _, width, folded, is_word, is_capitalized, ender, continues = kind
                kind = (text, pos, pos + width, folded, is_word, is_capitalized, ender, continues)
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
            for text, start, end, folded, is_word, is_capitalized, ender, continues in remembered.get(
                chunk
            ) or _piece_kinds(memo, chunk, abbreviations):
                shifted.append((text, pos + start, pos + end, folded, is_word, is_capitalized, ender, continues))
            pos += len(chunk)
        if chunks:
            return tuple(shifted)
        found = ()  # white space only
    if len(piece) <= _PIECE_LIMIT and len(memo.chunks) < _KIND_LIMIT:
        memo.chunks[piece] = found
    return found


def _kind(kinds: dict[str, _Kind], part: str, abbreviations: frozenset[str]) -> _Kind:
    """What a token not seen before decides, remembered in ``kinds`` unless it is long or the memo full."""
    width = len(part)
    kind: _Kind
    if WORD.fullmatch(part) is None:  # a punctuation mark: one character
        ender = _DOT if part == "." else _BANG if part in _SENTENCE_END else 0
        kind = (part, 0, width, part, False, False, ender, False)
    else:
        folded = fold(part)
        initial = len(part) == 1 and part.isalpha()
        continues = initial or part.isdigit() or folded in abbreviations
        kind = (part, 0, width, folded, True, part[0].isupper(), 0, continues)
    if width <= _PIECE_LIMIT and len(kinds) < _KIND_LIMIT:
        kinds[part] = kind
    return kind


def sentence_spans(text: str, abbreviations: Iterable[str] = frozenset()) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence: from its first token to its last."""
    spans: list[tuple[int, int]] = []
    for token in tokenize(blank_markup(text), abbreviations):
        if spans and len(spans) > token.sentence:
            spans[token.sentence] = (spans[token.sentence][0], token.end)
        else:
            spans.append((token.start, token.end))
    return spans
