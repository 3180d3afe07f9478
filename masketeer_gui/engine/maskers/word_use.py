"""Forms in which a name-like word is used as a thing, not a person (guards of the bare-name maskers).

Clinical letters are full of surnames that name no one: eponyms of operations, instruments, tests and
signs ("Sigmaresektion nach Hartmann", "Nadelhalter nach Mayo", "Trömner und Hoffmann negativ", "Ott
30/32 cm", "Hartmann-Stumpf", "Stadium IIB (Ann-Arbor)"), manufacturers after a drug ("Pantoprazol
Heumann 40 mg"), brands in brackets after a medicine ("Pille (Yasmin)"), makers in an inventory
line ("12x B. Braun"), truncated compounds ("Mund-, Kiefer- und Gesichtschirurgie") and numbered
nouns ("Zahn 44", "Zimmer 12"). Each test reads only the next few tokens around the candidate, so a
masker asks it once per candidate word (no scan of the note). A name proven by its neighbours (a title,
a first name, an initial right before it) is never judged here: "Dr. Hartmann", "Eva Weber negativ".
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.maskers.base import NoteState, is_initial_at
from masketeer_gui.engine.names import DRUG_SUFFIXES
from masketeer_gui.engine.normalize import fold

# Findings that follow the name of a sign or test in an examination line: "Lasègue negativ".
FINDING_WORDS: Final = frozenset(
    "negativ positiv neg pos bds beidseits bilateral lateralisiert ausloesbar seitengleich pathologisch "
    "regelrecht abgeschwaecht gesteigert erloschen".split()
)
# Units after a measured value: "Schober 10/14 cm", "Tinetti 18 Punkte".
UNITS: Final = frozenset("cm mm m kg g grad s sek sec min punkte pkt pte %".split())
_MEASURE_REACH: Final = 4  # tokens after the number a unit may stand ("30 / 31 cm")
# Clinical head nouns of eponymous compounds ("Hartmann-Stumpf", "Romberg-Stehversuch", "Kocher-Klemme"):
# a hyphenated word ending in one (or in a compound of one) is a sign, test, operation or instrument.
EPONYM_HEADS: Final = (
    "stumpf",
    "zeichen",
    "test",
    "versuch",
    "syndrom",
    "krankheit",
    "operation",
    "op",
    "reflex",
    "phaenomen",
    "score",
    "skala",
    "klassifikation",
    "stadium",
    "fraktur",
    "naht",
    "schnitt",
    "klemme",
    "katheter",
    "sonde",
    "nadel",
    "haken",
    "zange",
    "methode",
    "technik",
    "lagerung",
    "handgriff",
    "manoever",
    "index",
    "kriterien",
    "regel",
    "formel",
    "faerbung",
    "probe",
    "tasche",
    "lappen",
    "zyste",
    "drain",
    "tubus",
    "schiene",
    "plastik",
    "prothese",
    "draht",
    "spatel",
    "schere",
    "sperrer",
    "retraktor",
    "loeffel",
)
_HEAD_SET: Final = frozenset(EPONYM_HEADS)
_COMPOUND_HEADS: Final = tuple(head for head in EPONYM_HEADS if len(head) >= 5)
# Medicine nouns a brand follows in brackets: "Pille (Yasmin)", "Blutverdünner (Xarelto)".
MEDICINE_NOUNS: Final = frozenset(
    "pille antibabypille minipille tablette tabletten tbl kapsel kapseln salbe creme gel spray tropfen pflaster "
    "zaepfchen supp inhalator pen injektion spritze infusion saft sirup hormonspirale spirale verhuetung "
    "insulin antibiotikum antikoagulans blutverduenner schmerzmittel praeparat medikament wundauflage "
    "verband".split()
)
# Words a job noun follows: "arbeitet als Maler", "von Beruf Tischler", "gelernter Koch".
JOB_CUES: Final = frozenset(
    "als beruf gelernter gelernte ehemaliger ehemalige ehem pensionierter pensionierte pens".split()
)
_STAGE: Final = re.compile(r"(?:[IV]{1,4}[A-Ea-e]?|[0-4][A-Ea-e])")  # "IIB", "IV", "2a" (roman or digit grades)
_COUNT: Final = re.compile(r"\d+[x×]")  # "24x", "2×"
_HYPHEN: Final = re.compile(r"[-‐‑]")


def used_as_thing(state: NoteState, i: int) -> bool:
    """Word ``i`` names a test, sign, operation, instrument, product or numbered thing, not a person."""
    if _named_beside(state, i):
        return False
    token = state.tokens[i]
    if "-" in token.text and (_eponymous_compound(state, token.text) or _noun_compound(state, token.text)):
        return True
    return (
        _capitals_alone(state, i)
        or _occupation(state, i)
        or _eponym_after_nach(state, i)
        or _finding_after(state, i)
        or _measured(state, i)
        or _classification_in_brackets(state, i)
        or _maker_after_drug(state, i)
        or _brand_in_brackets(state, i)
        or _counted(state, i)
        or _truncated_compound(state, i)
        or numbered_noun(state, i)
    )


def numbered_noun(state: NoteState, i: int) -> bool:
    """A name that is also a noun, right before a number: "Zahn 44", "Zimmer 12", "Stock 3"."""
    tokens = state.tokens
    k = i + 1
    if k >= len(tokens) or not state.names.is_ambiguous(tokens[i].folded):
        return False
    nxt = tokens[k]
    return nxt.is_word and nxt.text[0].isdigit() and nxt.start > tokens[i].end and _same_line(state, i, k)


def _named_beside(state: NoteState, i: int) -> bool:
    """A title, first name, initial or proven name stands right before word ``i``: then it is a person."""
    j = state.prev_word(i, allow=".")
    if j is None:
        return False
    if state.is_name_vote(j) or is_initial_at(state, j):
        return not _counted_initial(state, j)
    before = state.tokens[j]
    return before.is_capitalized and (before.folded in state.names.title_words and before.folded != "nach")


def _same_line(state: NoteState, i: int, j: int) -> bool:
    text = state.text
    return not text or "\n" not in text[state.tokens[i].end : state.tokens[j].start]


def _eponymous_compound(state: NoteState, text: str) -> bool:
    """ "Hartmann-Stumpf", "Unterberger-Tretversuch": the last part is a clinical head noun or a compound of one."""
    parts = [p for p in _HYPHEN.split(text) if p]
    if len(parts) < 2:
        return False
    last = fold(parts[-1])
    if state.names.is_listed(last):
        return False
    if last in _HEAD_SET:
        return True
    return last.endswith(_COMPOUND_HEADS) and state.names.base_name(last) is None  # "Tretversuch", not "Häring"


def _noun_compound(state: NoteState, text: str) -> bool:
    """ "Quadrizeps-Kraft", "Achilles-Stumpf": a noun that is also a surname, after parts that are no names."""
    parts = [fold(p) for p in _HYPHEN.split(text) if p]
    names = state.names
    if len(parts) < 2 or not names.is_ambiguous(parts[-1]) or any(names.is_listed(p) for p in parts):
        return False
    return all(names.base_name(p) is None for p in parts[:-1])


def _capitals_alone(state: NoteState, i: int) -> bool:
    """A first name in capitals with no name beside it is a device or product ("MitraClip und PASCAL",
    "Beatmung über CARINA"); a surname in capitals stays a name ("HUBER kommt"), and so does a first name
    with a name beside it ("HUBER, Maria", "MARIA HUBER")."""
    token = state.tokens[i]
    if not (len(token.text) > 3 and token.text.isupper()):
        return False
    names = state.names
    surname = token.folded in names.lexicon.surnames or names.is_listed(token.folded)
    if surname and token.folded not in names.lexicon.first_names:
        return False
    k = state.next_word(i, allow=",")
    return k is None or not (state.is_name_vote(k) or names.base_name(state.tokens[k].folded) is not None)


def _occupation(state: NoteState, i: int) -> bool:
    """A job noun after "als", "Beruf:" or in brackets after another job: "Als Maurer", "Bauarbeiter (Maurer)"."""
    tokens = state.tokens
    lex = state.names.lexicon
    if tokens[i].folded not in lex.professions:
        return False
    if i >= 2 and tokens[i - 1].text == "(" and tokens[i - 2].folded in lex.professions:
        return True
    j = state.prev_word(i, allow=":")
    return j is not None and tokens[j].folded in JOB_CUES


def _eponym_after_nach(state: NoteState, i: int) -> bool:
    """ "Sigmaresektion nach Hartmann", "Nadelhalter nach Mayo", "Wurzelersatz-OP nach Yacoub": a method."""
    tokens = state.tokens
    j = state.prev_word(i)
    if j is None or tokens[j].folded != "nach":
        return False
    h = state.prev_word(j)
    if h is None or not tokens[h].is_capitalized or state.is_name_vote(h):
        return False
    k = state.next_word(i)
    if k is not None and tokens[k].is_capitalized:
        return False  # "Übergabe nach Maria Lichtenfeld": a full name is a person
    return tokens[h].folded not in state.names.title_words


def _finding_after(state: NoteState, i: int) -> bool:
    """ "Trömner und Hoffmann negativ", "Weber lateralisiert": the name of a sign before its finding."""
    k = state.next_word(i, allow=".")
    return k is not None and state.tokens[k].folded in FINDING_WORDS


def _measured(state: NoteState, i: int) -> bool:
    """ "Ott 30/32 cm", "Tinetti 18 Punkte": a named measurement before its value and unit."""
    tokens = state.tokens
    k = i + 1
    if k >= len(tokens) or not tokens[k].is_word or not tokens[k].text[0].isdigit():
        return False
    for m in range(k + 1, min(len(tokens), k + 1 + _MEASURE_REACH)):
        token = tokens[m]
        if token.folded in UNITS or token.text == "%":
            return _same_line(state, i, m)
        if token.is_word and not token.text[0].isdigit():
            return False
    return False


def _classification_in_brackets(state: NoteState, i: int) -> bool:
    """ "Stadium IIB (Ann-Arbor)", "Grad 2a (Los-Angeles)": a staging system named after a place or person."""
    tokens = state.tokens
    if i < 2 or tokens[i - 1].text != "(":
        return False
    stage = tokens[i - 2]
    return stage.is_word and _STAGE.fullmatch(stage.text) is not None


def _is_drug(state: NoteState, folded: str) -> bool:
    lex = state.names.lexicon
    if folded in lex.drugs or folded in lex.drug_names:
        return True
    if "-" in folded:  # "L-Thyroxin", "ASS-ratiopharm"
        return any(part in lex.drugs or part in lex.drug_names for part in folded.split("-") if len(part) > 2)
    return len(folded) >= 6 and folded.endswith(DRUG_SUFFIXES) and state.names.base_name(folded) is None


def _maker_after_drug(state: NoteState, i: int) -> bool:
    """ "Pantoprazol Heumann 40 mg", "L-Thyroxin Henning 75 µg": the maker right after a drug on its line."""
    tokens = state.tokens
    j = i - 1
    if j < 0 or not tokens[j].is_word or not _same_line(state, j, i):
        return False
    return _is_drug(state, tokens[j].folded) and state.names.base_name(tokens[j].folded) is None


def _brand_in_brackets(state: NoteState, i: int) -> bool:
    """ "Pille (Yasmin)", "Blutverdünner (Xarelto)": a brand named in brackets after a medicine."""
    tokens = state.tokens
    if i < 2 or tokens[i - 1].text != "(" or not tokens[i - 2].is_word:
        return False
    before = tokens[i - 2].folded
    return before in MEDICINE_NOUNS or _is_drug(state, before)


def _counted_initial(state: NoteState, j: int) -> bool:
    """The initial ``j`` follows a count: "24x B. Braun" is a maker, not a person."""
    tokens = state.tokens
    return j >= 1 and tokens[j - 1].is_word and _COUNT.fullmatch(tokens[j - 1].text) is not None


def _counted(state: NoteState, i: int) -> bool:
    """An inventory count before the word ("24x Perfusor", "24x B. Braun")."""
    tokens = state.tokens
    j = i - 1
    if j >= 2 and tokens[j].text == "." and is_initial_at(state, j - 1):
        j -= 2
    return j >= 0 and tokens[j].is_word and _COUNT.fullmatch(tokens[j].text) is not None


def _truncated_compound(state: NoteState, i: int) -> bool:
    """ "Mund-, Kiefer- und Gesichtschirurgie": a word cut by a hyphen that a later compound completes."""
    tokens = state.tokens
    k = i + 1
    if k >= len(tokens) or tokens[k].text not in "-‐‑" or tokens[k].start != tokens[i].end:
        return False
    return k + 1 >= len(tokens) or tokens[k + 1].start > tokens[k].end or not tokens[k + 1].is_word
