"""Text layer: markup blanking keeps offsets, tokens point into the original, sentence ends."""

from __future__ import annotations

import copy
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine import text as text_module
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.text import WORD_PATTERN, Token, blank_markup, markup_regions, sentence_spans, tokenize

ABBREVIATIONS = frozenset({"dr", "fr", "hr", "pat", "bzgl", "sr", "prim", "mag", "st", "z.b"})


def words(text: str) -> list[str]:
    return [t.text for t in tokenize(blank_markup(text), ABBREVIATIONS) if t.is_word]


def sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in sentence_spans(text, ABBREVIATIONS)]


# --- markup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<b>Huber</b> kommt", "   Huber     kommt"),
        ("Huber &amp; Hofer", "Huber       Hofer"),
        ("a&#123;b&#x1F600;c", "a" + " " * 6 + "b" + " " * 9 + "c"),
        ("<br/>Zeile<br />", "     Zeile      "),
        ('<span class="x">Hofer</span>', "                Hofer       "),
        ("<!-- Notiz -->Huber", "              Huber"),
        ("keine Markup hier", "keine Markup hier"),
    ],
)
def test_blank_markup_replaces_tags_by_spaces(text: str, expected: str) -> None:
    assert blank_markup(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "RR 120/80, Puls < 60 und > 50",  # comparison signs with spaces
        "Kalium <3,5 mmol/l, Natrium >145",  # comparison before a number
        "Tom & Jerry",  # lone ampersand
        "&nbsp",  # entity without its semicolon
        "<3 Huber",  # heart
        "x <= y",
    ],
)
def test_blank_markup_leaves_comparisons_and_text(text: str) -> None:
    assert blank_markup(text) == text


def test_blank_markup_keeps_less_than_before_a_word() -> None:
    text = "Hb <Norm, Fr. Huber informiert, Kontrolle >2 Wo."
    assert "Huber" in blank_markup(text)


def test_markup_regions_match_blanked_stretches() -> None:
    text = "<p>Frau <i>Huber</i> &uuml;ber</p>"
    regions = markup_regions(text)
    assert [text[a:b] for a, b in regions] == ["<p>", "<i>", "</i>", "&uuml;", "</p>"]
    blanked = blank_markup(text)
    for a, b in regions:
        assert blanked[a:b] == " " * (b - a)


# --- tokens -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Frau Müller-Huber kommt.", ["Frau", "Müller-Huber", "kommt"]),
        ("Huber‐Egger", ["Huber‐Egger"]),  # U+2010 keeps the chain
        ("Fr. Dr. U. Hofer", ["Fr", "Dr", "U", "Hofer"]),
        ("am 3. Mai", ["am", "3", "Mai"]),
        ("e\u0301cole Huber", ["e\u0301cole", "Huber"]),  # combining mark stays in the word
        ("😀 Huber", ["Huber"]),
        ("שלום Huber", ["שלום", "Huber"]),
        ("- Huber -", ["Huber"]),
        ("<b>Huber</b>", ["Huber"]),
        ("", []),
    ],
)
def test_word_tokens(text: str, expected: list[str]) -> None:
    assert words(text) == expected


def test_token_fields() -> None:
    tokens = tokenize("Fr. MÜLLER, U. kam", ABBREVIATIONS)
    assert [(t.text, t.is_word) for t in tokens] == [
        ("Fr", True),
        (".", False),
        ("MÜLLER", True),
        (",", False),
        ("U", True),
        (".", False),
        ("kam", True),
    ]
    muller = tokens[2]
    assert muller.folded == "mueller" and muller.is_capitalized and not muller.is_initial
    assert tokens[4].is_initial and not tokens[6].is_capitalized
    assert tokens[1].folded == "." and not tokens[1].is_capitalized


def test_digit_is_not_an_initial() -> None:
    assert not Token("3", 0, 1, True, "3").is_initial


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80))
def test_token_offsets_point_into_the_original(text: str) -> None:
    blanked = blank_markup(text)
    assert len(blanked) == len(text)
    previous_end = 0
    for token in tokenize(blanked, ABBREVIATIONS):
        assert 0 <= previous_end <= token.start < token.end <= len(text)
        assert text[token.start : token.end] == token.text
        previous_end = token.end


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["<b>", "</b>", "&amp;", "<br/>", '<a href="x">', "&#39;"]),
            st.text(alphabet="Frau Huber kommt.,- ", max_size=8),
        ),
        max_size=10,
    )
)
def test_blanking_keeps_offsets_of_every_word(parts: list[str]) -> None:
    text = "".join(parts)
    for token in tokenize(blank_markup(text)):
        assert text[token.start : token.end] == token.text


# --- sentences --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Pat. kommt am 3. Mai. Dann gut.", ["Pat. kommt am 3. Mai.", "Dann gut."]),
        ("Dr. U. Hofer kommt. Fr. Huber nicht!", ["Dr. U. Hofer kommt.", "Fr. Huber nicht!"]),
        ("z.B. heute? Ja.", ["z.B. heute?", "Ja."]),
        ("bzgl. Termin. Neu", ["bzgl. Termin.", "Neu"]),
        ("Kontrolle am 12.3.2024 um 10 Uhr.", ["Kontrolle am 12.3.2024 um 10 Uhr."]),
        ("St. Johann ist weit. Prim. Hofer", ["St. Johann ist weit.", "Prim. Hofer"]),
        ("Wirklich? Ja! Gut", ["Wirklich?", "Ja!", "Gut"]),
        ("3. Huber", ["3. Huber"]),
        ("", []),
    ],
)
def test_sentence_spans(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_without_abbreviations_a_dot_after_a_word_ends_the_sentence() -> None:
    assert [t.sentence for t in tokenize("Pat. kommt") if t.is_word] == [0, 1]


def test_abbreviations_accept_any_iterable() -> None:
    assert [t.sentence for t in tokenize("Pat. kommt", ["pat"]) if t.is_word] == [0, 0]


def test_ordinal_keeps_the_name_in_its_sentence() -> None:
    tokens = [t for t in tokenize("am 3. Mai Frau Huber", ABBREVIATIONS) if t.is_word]
    assert {t.sentence for t in tokens} == {0}


def test_tokens_compare_by_their_fields() -> None:
    assert Token("Huber", 4, 9, True, "huber", 1, True) == Token("Huber", 4, 9, True, "huber", 1, True)
    assert Token("Huber", 4, 9, True, "huber", 1, True) != Token("Huber", 4, 9, True, "huber", 2, True)
    assert repr(Token(".", 3, 4, False, ".")) == "Token('.', 3, 4, False, '.', 0, False)"


def test_tokens_are_not_hashable() -> None:
    """Equal by fields, so not hashable: interpreted and compiled (where ``__eq__`` alone makes it so too)."""
    with pytest.raises(TypeError, match="unhashable"):
        hash(Token("Huber", 4, 9, True, "huber", 1, True))


# --- the tokenizer against the plain algorithm ---------------------------------------------------

_PLAIN_TOKEN = re.compile(rf"({WORD_PATTERN})|([^\s\w])")


def plain_tokens(text: str, abbreviations: frozenset[str]) -> list[tuple[str, int, int, bool, str, int, bool]]:
    """What ``tokenize`` must give, worked out the slow, obvious way: a match per token."""
    out: list[tuple[str, int, int, bool, str, int, bool]] = []
    sentence = 0
    for match in _PLAIN_TOKEN.finditer(text):
        word, mark = match.groups()
        if word:
            out.append((word, match.start(), match.end(), True, fold(word), sentence, word[0].isupper()))
            continue
        before = out[-1] if out else None
        continues = (
            mark == "."
            and before is not None
            and before[3]
            and ((len(before[0]) == 1 and before[0].isalpha()) or before[0].isdigit() or before[4] in abbreviations)
        )
        out.append((mark, match.start(), match.end(), False, mark, sentence, False))
        if mark in ".!?" and not continues:
            sentence += 1
    return out


def fields(tokens: list[Token]) -> list[tuple[str, int, int, bool, str, int, bool]]:
    return [(t.text, t.start, t.end, t.is_word, t.folded, t.sentence, t.is_capitalized) for t in tokens]


_WORDS = ["Dr", "Pat", "U", "3", "12", "Huber", "Müller-Lüdenscheidt", "O'Brien", "ß", "x" * 45, "\u0301e", "_", "٣"]
_MARKS_AND_SPACE = [".", "!", "?", ",", "-", "’", "(", "\u00a0", " ", "  ", "\n", "\t", " " * 50, "\u2028"]
_PIECES = st.sampled_from([*_WORDS, *_MARKS_AND_SPACE])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=30), st.sampled_from([frozenset(), frozenset({"dr", "pat"})]))
def test_tokens_are_those_of_the_plain_algorithm(pieces: list[str], abbreviations: frozenset[str]) -> None:
    text = "".join(pieces)
    assert fields(tokenize(text, abbreviations)) == plain_tokens(text, abbreviations)
    assert fields(tokenize(text, abbreviations)) == plain_tokens(text, abbreviations)  # with the memo warm


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
def test_tokens_of_any_text_are_those_of_the_plain_algorithm(text: str) -> None:
    assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)


def test_the_memo_of_pieces_is_bounded_and_tokens_stay_right_when_it_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "_KIND_LIMIT", 3)
    monkeypatch.setattr(text_module, "_KINDS", {})
    text = "Dr. Huber sagt: Pat. Maier kommt am 3. Mai wieder! Gut?"
    assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)
    assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)
    assert [(len(memo.pieces), len(memo.chunks)) for memo in text_module._KINDS.values()] == [(3, 3)]


def test_each_abbreviation_set_has_its_own_memo() -> None:
    assert [t.sentence for t in tokenize("Pat. kommt", frozenset({"pat"})) if t.is_word] == [0, 0]
    assert [t.sentence for t in tokenize("Pat. kommt", frozenset()) if t.is_word] == [0, 1]
    assert [t.sentence for t in tokenize("Pat. kommt", frozenset({"pat"})) if t.is_word] == [0, 0]


def test_a_chunk_remembered_in_one_place_gives_the_right_tokens_in_another() -> None:
    """The memo of chunks keeps offsets within the chunk and sentence roles only: the same chunk ("Huber."
    after an initial, after a word, at the start, after a long run of space) gives each place its tokens."""
    texts = ["U. Huber. Huber. kommt", "Huber. U. Huber.", " " * 45 + "Huber. U.  Huber.", "Pat. Huber. Pat."]
    for text in texts * 2:
        assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)


def test_long_chunks_are_not_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "_KINDS", {})
    long_chunk = "Müller-Lüdenscheidt-Oberhuber-Schwarzenegger,"
    text = f"Frau {long_chunk} kommt."
    assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)
    (memo,) = text_module._KINDS.values()
    assert sorted(memo.chunks) == ["Frau", "kommt."]
    assert all(len(chunk) <= text_module._PIECE_LIMIT for chunk in memo.chunks)
    assert long_chunk not in memo.chunks


@pytest.mark.parametrize(
    "text",
    [
        "Dr.\x1cHuber\x1f kommt\x85morgen",  # separators str.isspace and the regular expressions' \s both know
        "Frau\u2028Quellmann\u3000und\u2000Herr\u00a0Zander.\u000b\u000cGut",
        "U.\u200bHuber\ufeff sagt",  # zero-width space and BOM are no white space: they are marks
        "\t\n  Pat.   \n",
        "Ende.\r\nNeu  Ende.\r\nNeu\t(3x/Wo.)\u00a0gut.\n\n",  # pieces between spaces that hold other white space
        " Pat.\n Pat. \nPat.\r\n",  # the same chunk at a line's start and end, after and before a space
        "Hu\u00adber,\x07gut\u0301 Ende.",  # not printable, yet no white space: a soft hyphen, a bell, an accent
        "\n\nHuber\n \n",  # line breaks and spaces around and between
    ],
)
def test_any_white_space_separates_chunks_as_it_separates_tokens(text: str) -> None:
    assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)


# --- marks found while tokenizing ----------------------------------------------------------------

_NAMES = frozenset({"huber", "maier", "dr"})


class _Marker:
    """Marks capitalised tokens (bit 0), listed words (bit 1) and punctuation (bit 2); counts its calls."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, text: str, folded: str, is_word: bool, is_capitalized: bool) -> int:
        self.asked.append(text)
        return int(is_capitalized) | (2 if folded in _NAMES else 0) | (0 if is_word else 4)


def scanned_marks(tokens: list[Token]) -> list[list[int]]:
    """What ``tokenize_marked`` must find, the slow way: one scan per bit of ``_Marker``'s marks."""
    return [
        [i for i, t in enumerate(tokens) if t.is_capitalized],
        [i for i, t in enumerate(tokens) if t.folded in _NAMES],
        [i for i, t in enumerate(tokens) if not t.is_word],
        *([] for _ in range(text_module.MARK_BITS - 3)),  # bits no token gets
    ]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*_WORDS, *_MARKS_AND_SPACE, "Huber", "huber", "MAIER"]), max_size=30))
def test_marked_tokens_are_the_tokens_and_the_marks_those_of_a_scan(pieces: list[str]) -> None:
    text = "".join(pieces)
    marker = _Marker()
    for _ in range(2):  # the memo cold, then warm
        tokens, marked = text_module.tokenize_marked(text, ABBREVIATIONS, marker)
        assert fields(tokens) == plain_tokens(text, ABBREVIATIONS)
        assert marked == scanned_marks(tokens)


def test_a_marker_is_asked_once_per_distinct_token_and_its_marks_are_its_own() -> None:
    marker, other = _Marker(), _Marker()
    text = "Dr. Huber und Dr. Maier, huber."
    text_module.tokenize_marked(text, ABBREVIATIONS, marker)
    text_module.tokenize_marked(text + " Dr.", ABBREVIATIONS, marker)
    assert sorted(marker.asked) == sorted(set(marker.asked)) == [",", ".", "Dr", "Huber", "Maier", "huber", "und"]
    _, marked = text_module.tokenize_marked(text, ABBREVIATIONS, other)  # another marker: asked anew
    assert len(other.asked) == 7
    assert marked[1] == [0, 2, 4, 6, 8]  # Dr Huber Dr Maier huber
    assert fields(tokenize(text, ABBREVIATIONS)) == plain_tokens(text, ABBREVIATIONS)  # no marker: as before


def test_a_marker_that_answers_more_bits_than_kept_is_refused() -> None:
    def greedy(text: str, folded: str, is_word: bool, is_capitalized: bool) -> int:
        return 1 << text_module.MARK_BITS

    with pytest.raises(ValueError, match="token marker"):
        text_module.tokenize_marked("Huber", ABBREVIATIONS, greedy)


def test_the_tokenizers_tokens_are_tokens_in_all_but_type() -> None:
    """Interpreted, the tokenizer makes its tokens as a subclass without ``__init__`` (cheaper to call): they are
    Tokens, equal to one made by hand, unhashable, printed as one, and pickled and copied as one."""
    made = tokenize("Dr. Huber", ABBREVIATIONS)[2]
    by_hand = Token("Huber", 4, 9, True, "huber", 0, True)
    assert isinstance(made, Token)
    assert made == by_hand and by_hand == made
    assert repr(made) == repr(by_hand)
    with pytest.raises(TypeError, match="unhashable"):
        hash(made)
    if not text_module._PLAIN_NEW:
        return  # compiled: the tokens are Tokens themselves (a native class, which pickles as mypyc lets it)
    for copied in (pickle.loads(pickle.dumps(made)), copy.copy(made), copy.deepcopy(made)):
        assert type(copied) is Token
        assert copied == by_hand
