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

from masketeer_gui.engine.normalize import fold

_ATTRIBUTE = r"""\s+[A-Za-z_:][\w:.-]*(?:\s*=\s*(?:"[^"<>@]*"|'[^'<>@]*'|[^\s"'<>@=]+))?"""
_MARKUP = re.compile(
    rf"<!--.{{0,2000}}?-->|</?[A-Za-z][A-Za-z0-9]{{0,20}}(?:{_ATTRIBUTE}){{0,20}}\s*/?>"
    r"|&(?:[A-Za-z]{2,8}|#[0-9]{1,6}|#x[0-9A-Fa-f]{1,6});",
    re.DOTALL,
)  # real tags only: "<b>", "<br/>", '<p class="x">' — not "<maria.huber@gmx.at>" nor "Hb <Norm, … >2"
_LETTER = r"[^\W\d_]"
_WORD_CHAR = r"[\w\u0300-\u036f]"
WORD_PATTERN = rf"{_WORD_CHAR}+(?:[-‐‑'’]{_WORD_CHAR}+)*"  # a word token: hyphen and apostrophe chains whole
WORD = re.compile(WORD_PATTERN)
_TOKEN_PARTS = re.compile(rf"({WORD_PATTERN})|([^\s\w])")  # (word, punctuation)
_SENTENCE_END = frozenset(".!?")


class Token:
    """A word or punctuation mark at ``text[start:end]`` of the original note.

    A plain slotted class: notes have thousands of tokens per second to build, and its fields are
    read far more often still (a slot read is cheaper than a named tuple's, and compiled it is a
    C struct field). ``is_capitalized``: a word starting with an upper-case letter (German names
    and nouns do). Tokens compare equal by their fields; they are not hashable (nothing keys on them).
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

    __hash__ = None  # type: ignore[assignment]

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
    (or after an initial or a number) does not end the sentence. Hot path: ``findall`` plus
    ``str.find`` for offsets is a third faster than building a match object per token.
    """
    abbrevs = abbreviations if isinstance(abbreviations, (set, frozenset)) else frozenset(abbreviations)
    tokens: list[Token] = []
    append = tokens.append
    find = text.find
    sentence = pos = 0
    previous: Token | None = None
    for word, punct in _TOKEN_PARTS.findall(text):
        if word:
            start = find(word, pos)
            pos = start + len(word)
            token = Token(word, start, pos, True, fold(word), sentence, word[0].isupper())
        else:
            start = find(punct, pos)
            pos = start + 1
            token = Token(punct, start, pos, False, punct, sentence, False)
            if punct in _SENTENCE_END and not _dot_continues(punct, previous, abbrevs):
                sentence += 1
        append(token)
        previous = token
    return tokens


def _dot_continues(mark: str, previous: Token | None, abbreviations: frozenset[str] | set[str]) -> bool:
    """True if this full stop belongs to an abbreviation, an initial or an ordinal number."""
    if mark != "." or previous is None or not previous.is_word:
        return False
    if previous.is_initial or previous.text.isdigit():
        return True
    return previous.folded in abbreviations


def sentence_spans(text: str, abbreviations: Iterable[str] = frozenset()) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence: from its first token to its last."""
    spans: list[tuple[int, int]] = []
    for token in tokenize(blank_markup(text), abbreviations):
        if spans and len(spans) > token.sentence:
            spans[token.sentence] = (spans[token.sentence][0], token.end)
        else:
            spans.append((token.start, token.end))
    return spans
