"""Places after a title where a known German word is still the surname (for the Salutation masker).

Surnames are often ordinary words or compounds of them ("Kiefer", "Taube", "Bauernfeind", "Hoffmeister"),
and a word list of German also holds many surnames ("Brandt", "Lahm"). Where the title chain leaves no
doubt that a name stands, such a word is taken:

* right after "Dr." or "Prof." (and initials): any capitalised word but a title, an abbreviation, a drug,
  a clinical word or a function word ("Dr. Storch in der Endoskopie", "Dr. Ha Phuong Trinh");
* after a titled first name on the same line, a word that closes the name: a separator, the line's or the
  note's end follows ("Dr. med. Bettina Kiesewetter⏎", "Herr Thomas Lahm, 47 J.", "Prof. Dr. Ida Storch)");
* before a role written after the name, a word after a first name ("Ida Kranich, Ärztin");
* right after an unambiguous "Frau"/"Herr" (not "Fr.", also Freitag): a noun that names no kind of person
  ("Frau Hoffmeister stellte sich vor", "Mutter Frau Kiefer informiert"; not "Frau Doktor", "Herr Ober").

The word classes are closed and written here: function words, kinship and person nouns, closing marks.
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.lexicon import Salutation, SalutationKind
from masketeer_gui.engine.maskers.base import ARTICLES, NoteState, rare_word, same_line
from masketeer_gui.engine.names import SURNAME_ENDINGS
from masketeer_gui.engine.word_forms import is_agent_noun

FUNCTION_WORDS: Final = ARTICLES | frozenset(
    "und oder aber in im an am auf aus bei mit nach von vor zu zur zum fuer ueber unter wegen ist hat war "
    "wird wurde sind bitte danke bzw".split()
)
# Nouns that name a kind of person after "Frau"/"Herr" ("Frau Mama", "Herr Ober"), beside the title words.
PERSON_NOUNS: Final = frozenset(
    "mama papa mami papi oma opa omi opi ober direktor direktorin chef chefin vorstand vorsitzende vorsitzender "
    "buergermeister buergermeisterin minister ministerin kommissar kommissarin nachbar kunde kundin gast "
    "patient patientin bewohner bewohnerin klient klientin angehoerige angehoeriger".split()
)
CLOSING_MARKS: Final = frozenset(",;()/·|–—")
UNAMBIGUOUS_COURTESY: Final = frozenset({"frau", "herr", "herrn", "hr", "hrn"})
_HYPHEN: Final = re.compile(r"[-‐‑]")


def _plain_word(state: NoteState, j: int) -> bool:
    """A capitalised word (or a hyphen chain of them) that is no title, abbreviation, drug or clinical word."""
    token = state.tokens[j]
    names = state.names
    lex = names.lexicon
    parts = [p for p in _HYPHEN.split(token.text) if p]
    if (
        not parts
        or not all(p[0].isupper() and p.isalpha() for p in parts)
        or (token.text.isupper() and len(parts[0]) > 1)
    ):
        return False  # not an acronym ("Frau RR Kontrolle", "Dr. EKG")
    folded = token.folded
    if folded in names.title_words and not (token.text[1:].islower() and folded in _acronym_titles(lex.salutations)):
        return False  # a title, but "Ha" is no "HA" (Hausarzt): "Dr. Ha Phuong Trinh"
    if folded in lex.abbreviations or folded in FUNCTION_WORDS:
        return False
    return not (folded in lex.drugs or names.is_clinical_word(folded, agents=False) or folded in names.whitelist)


def _acronym_titles(salutations: tuple[Salutation, ...]) -> frozenset[str]:
    """Titles written only as capital acronyms ("HA", "OA", "RS"): the same letters in mixed case are a name.

    Memoised by the tuple's identity (a lexicon's salutations never change): hashing the whole tuple on every
    call, as ``lru_cache`` does, cost more than the masker itself.
    """
    cached = _ACRONYM_TITLES.get(id(salutations))
    if cached is not None and cached[0] is salutations:
        return cached[1]
    titles = _build_acronym_titles(salutations)
    if len(_ACRONYM_TITLES) >= 4:
        _ACRONYM_TITLES.clear()
    _ACRONYM_TITLES[id(salutations)] = (salutations, titles)
    return titles


_ACRONYM_TITLES: Final[dict[int, tuple[tuple[Salutation, ...], frozenset[str]]]] = {}


def _build_acronym_titles(salutations: tuple[Salutation, ...]) -> frozenset[str]:
    single = [
        s for s in salutations if len(s.words) == 1 and s.kind in (SalutationKind.HCP_TITLE, SalutationKind.TITLE)
    ]
    spelled = {s.words[0] for s in single if not s.form.isupper()}
    return frozenset(s.words[0] for s in single if s.form.isupper()) - spelled


def name_not_title(state: NoteState, j: int) -> bool:
    """Word ``j`` spells an acronym title in mixed case after another title: a name ("Dr. Ha …", not "Dr. HA")."""
    token = state.tokens[j]
    text = token.text
    return len(text) > 1 and text[1:].islower() and token.folded in _acronym_titles(state.names.lexicon.salutations)


def after_academic_title(state: NoteState, j: int) -> bool:
    """Word ``j`` stands right after "Dr."/"Prof." (or their initials): a plain word there is the surname."""
    return _plain_word(state, j)


def closes_name(state: NoteState, j: int) -> bool:
    """Word ``j`` ends the name: a closing mark, a dash, the end of its line or of the note follows."""
    tokens = state.tokens
    k = j + 1
    if k >= len(tokens) or not same_line(state, j, k):
        return True
    return tokens[k].text in CLOSING_MARKS or (tokens[k].text == "-" and tokens[k].start > tokens[j].end)


def surname_after_first_name(state: NoteState, j: int) -> bool:
    """After a titled first name, a plain word that closes the name is the surname ("… Bettina Kiesewetter⏎")."""
    return _plain_word(state, j) and closes_name(state, j)


def lowercase_surname(state: NoteState, j: int, academic: bool) -> bool:
    """A surname written in lower case after a title in a message: no German word, and shaped like a surname
    ("fr. hausleitner") or right after "dr." ("dr. grasböck")."""
    token = state.tokens[j]
    folded = token.folded
    if not (token.text.islower() and folded.isalpha() and len(folded) > 2):
        return False
    names = state.names
    if names.looks_like_word(folded) and not folded.endswith(SURNAME_ENDINGS):
        return False
    if names.is_word(folded) or folded in names.title_words or folded in FUNCTION_WORDS:
        return False
    return academic or folded.endswith(SURNAME_ENDINGS)


def unlisted_first_name(state: NoteState, i: int) -> bool:
    """Word ``i`` may be a first name no list holds ("Dr. med. Quirin …"): a rare word that is no surname."""
    return state.names.base_name(state.tokens[i].folded) is None and rare_word(state, i)


def surname_before_role(state: NoteState, j: int) -> bool:
    """Before a role written after a name ("…, Ärztin"), a plain word right after a first name on its line is
    the surname: "Ida Kranich, Assistenzärztin"."""
    h = state.prev_word(j)
    if h is None or not same_line(state, h, j) or not _plain_word(state, j):
        return False
    before = state.tokens[h]
    return before.is_capitalized and before.folded in state.names.lexicon.first_names


def first_name_of_line(state: NoteState, j: int, i: int) -> bool:
    """A rare word opening the line of a proven surname that closes the name is its first name: "Ece Arslan,
    Ärztin" (a first name no list holds); not "Befund Huber" (a noun)."""
    opens_line = j == 0 or not same_line(state, j - 1, j)
    return opens_line and closes_name(state, i) and rare_word(state, j)


def courtesy_surname(state: NoteState, j: int) -> bool:
    """Right after an unambiguous "Frau"/"Herr", a noun that names no kind of person is the surname."""
    before = state.prev_word(j, allow=".")
    if before is None or not _plain_word(state, j):
        return False
    courtesy = state.tokens[before].folded
    bracketed = courtesy == "fr" and j + 1 < len(state.tokens) and state.tokens[j + 1].text == ")"
    bracketed = bracketed and state.tokens[j].folded not in state.names.lexicon.top_words  # "(Fr. Vormittag)"
    if courtesy not in UNAMBIGUOUS_COURTESY and not bracketed:  # "(Fr. Böckenförde)" is no Friday
        return False
    return not names_a_kind_of_person(state, state.tokens[j].folded)


def names_a_kind_of_person(state: NoteState, folded: str) -> bool:
    """A noun for a kind of person, no surname after "Frau"/"Herr": "Mama", "Ober", "Heimleiterin", a job."""
    names = state.names
    if folded in PERSON_NOUNS or folded in names.lexicon.professions:
        return True
    return is_agent_noun(folded, names.is_word) or _role_feminine(state, folded)


def _role_feminine(state: NoteState, folded: str) -> bool:
    """A feminine person noun ("Heimleiterin", "Nachbarin"): a known noun plus "-in"."""
    lex = state.names.lexicon
    return folded.endswith("in") and len(folded) > 6 and (folded[:-2] in lex.nouns or folded[:-2] + "e" in lex.nouns)
