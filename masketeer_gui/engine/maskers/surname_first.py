"""SurnameFirst masker: "<Surname> <Firstname>" entries of lists, minutes and handovers (beyond the paper).

Ward lists, team minutes and handovers name people surname first, one entry a line: "2. Moser
Leopold – Ödeme besser", "Falke Irmgard: Gewicht stabil", "- Lenz Dora 03.–07.06.", "(Krebs
Waltraud, 1939)". The first name proves the entry even when the surname is an ordinary noun
("Krebs", "Falke"), which no other masker would take alone. Taken: the first two words of an entry
(start of a line, after a list number or bullet, after "(" or ":") when the second is a first name
of the shipped or deployment lists and the first is a name or name-like (no known word that is no
name, no title, no clinical word). A plain, short noun as surname counts only when the first name
is no common word and ':' or a dash follows; a first name that is also a common word ("Rosa")
counts only before ':' or a dash.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.maskers.base import NoteState, Vote, name_like, rare_word, same_line
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.text import Token

BULLETS: Final = frozenset("-–—•*·>")
SEPARATORS: Final = frozenset(":–—-,;(/")
STRONG_SEPARATORS: Final = frozenset(":–—-")
# Nouns that head entries of their own ("Haus Elisabeth –" is a care home, "Bitte Anna:" a request).
# Labels of a bed or room that open a ward-list entry of a patient: "Bett 5 Huber Anna, 79:", "Zi. 12 Huber Anna".
BED_LABELS: Final = frozenset({"bett", "zi", "zimmer", "koje", "box", "platz"})
# Labels a patient's name follows surname first, also with a comma: "Name: Huber, Anna", "Pat.: Huber, Anna".
NAME_LABELS: Final = frozenset({"name", "pat", "patient", "patientin", "bewohner", "bewohnerin", "klient", "klientin"})
HEAD_NOUNS: Final = frozenset(
    "haus heim station zimmer bett wohnbereich abteilung team gruppe bitte danke termin visite besuch info "
    "frage antwort thema betreff notiz hinweis auftrag dienst schicht urlaub vertretung".split()
)


class SurnameFirstMasker:
    """Masks "<Surname> <Firstname>" at the start of list entries."""

    name = "SurnameFirst"

    def apply(self, state: NoteState) -> None:
        tokens = state.tokens
        for k in state.listed_positions():  # cheapest test first: a first name (or a listed name), capitalised
            i = surname_before(tokens, k) if tokens[k].is_capitalized else None
            if i is None:
                continue
            if self._entry_start(state, i) and tokens[k].sentence == tokens[i].sentence and self._pair(state, i, k):
                self._vote(state, i, k)

    @staticmethod
    def _entry_start(state: NoteState, i: int) -> bool:
        """Word ``i`` opens an entry: first on its line (after a number or bullet) or after "("."""
        tokens, text = state.tokens, state.text
        j = i - 1
        if j >= 0 and tokens[j].text in "(:":  # "(Moser Leopold, 1939)", "Betreff: Moser Leopold – …"
            return True
        if _after_label(state, i):  # "Pat. Moser, Leopold"
            return True
        if (bed := _bed_label_before(state, i)) is not None:  # "Bett 5 Huber Anna, 79:"
            j = bed
        elif j >= 0 and tokens[j].text in BULLETS:
            j -= 1
        elif j >= 1 and tokens[j].text in ".)" and tokens[j - 1].text.isdigit():
            j -= 2
        if j < 0:
            return True
        start = tokens[j + 1].start
        return "\n" in text[tokens[j].end : start]

    def _pair(self, state: NoteState, i: int, k: int) -> bool:
        names = state.names
        surname, first = state.tokens[i], state.tokens[k]
        if k == i + 2 and not (_after_label(state, i) and self._after(state, k) is not None):
            return False  # "Huber, Anna" only after "Name:", "Pat." and before a separator or the line end
        if first.folded not in names.lexicon.first_names and not self._listed_reversed(state, i, k):
            return False
        if surname.folded in names.title_words or "-" in first.folded:
            return False
        if names.is_listed(surname.folded) and (first.folded in names.roles or self._after(state, k) is not None):
            return True  # a deployment surname before a first name: the lists have proven it
        if names.is_clinical_word(surname.folded) or surname.folded in names.lexicon.abbreviations:
            return False
        after = self._after(state, k)
        if names.base_name(surname.folded) is None and self._ends_in_word(state, surname.folded):
            return False  # "Herzstolpern Sonja, …": a compound word, not an unknown surname
        if names.base_name(surname.folded) is None and not (name_like(state, i) or rare_word(state, i)):
            # a plain noun ("Falke", "Krebs") only before a clear separator, proven by a clear first name
            folded = surname.folded
            plain = (
                folded in names.lexicon.nouns and folded not in HEAD_NOUNS and folded not in names.lexicon.site_words
            )
            plain = plain and not names.is_compound_word(folded)
            if not plain or names.is_common_name_word(first.folded):
                return False  # "Karenzvertretung Renate 17.05." is a role, not a surname
            return after in STRONG_SEPARATORS
        if names.is_common_name_word(first.folded) and not names.is_listed(first.folded):
            return after in STRONG_SEPARATORS
        return True

    @staticmethod
    def _ends_in_word(state: NoteState, folded: str) -> bool:
        """A known word followed by another of five letters or more ("herz" + "stolpern")."""
        lex = state.names.lexicon
        return any(
            folded[k:] in lex.common_words and (folded[:k] in lex.common_words or folded[:k] in lex.nouns)
            for k in range(3, len(folded) - 4)
        )

    @staticmethod
    def _listed_reversed(state: NoteState, i: int, k: int) -> bool:
        """Both words are parts of one deployment name ("Johann Kern" listed, "Kern Johann" written)."""
        names = state.names
        return names.is_listed(state.tokens[i].folded) and names.is_listed(state.tokens[k].folded)

    @staticmethod
    def _after(state: NoteState, k: int) -> str | None:
        """What follows the pair: a separator, "#" for a number or lower-case word, "\\n" for a line end."""
        tokens = state.tokens
        if k + 1 >= len(tokens) or "\n" in state.text[tokens[k].end : tokens[k + 1].start]:
            return "\n"
        nxt = tokens[k + 1]
        if nxt.text in SEPARATORS:
            return nxt.text
        if nxt.is_word and (nxt.text[0].isdigit() or nxt.text.islower()):
            return "#"
        return None

    def _vote(self, state: NoteState, i: int, k: int) -> None:
        names = state.names
        patient = _bed_label_before(state, i) is not None or _after_label(state, i)  # a bed holds a patient
        default = Entity.PAT if patient else Entity.PER
        for j in (i, k):
            if not state.free(j):
                continue
            folded = state.tokens[j].folded
            ref = names.base_name(folded) or folded
            entity = names.entity(ref, default=default)
            reason = "surname-first list entry"
            state.vote(j, Vote(self.name, entity, reason, () if names.base_name(folded) else ("unknown-word",), ref))


def surname_before(tokens: list[Token], k: int) -> int | None:
    """The capitalised word a surname-first pair starts at before first name ``k``: the word right before it
    ("Huber Anna"), or the word before a comma written close to it ("Name: Huber, Anna", checked in _pair)."""
    i = k - 1
    if i >= 0 and tokens[i].is_capitalized:
        return i
    if i >= 1 and tokens[i].text == "," and tokens[i].start == tokens[i - 1].end and tokens[i - 1].is_capitalized:
        return i - 1
    return None


def _after_label(state: NoteState, i: int) -> bool:
    """Word ``i`` follows a label of the patient's name: "Name:", "Pat.:", "Patient:", "Bewohnerin:"."""
    j = state.prev_word(i, allow=".:")
    return j is not None and state.tokens[j].folded in NAME_LABELS and same_line(state, j, i)


def _bed_label_before(state: NoteState, i: int) -> int | None:
    """Index of the token before a bed or room label that precedes word ``i`` ("Bett 5 ", "Zi. 12 "), or None."""
    tokens = state.tokens
    j = i - 1
    if j < 1 or not tokens[j].text.isdigit():
        return None
    j -= 1
    if tokens[j].text == "." and j >= 1:
        j -= 1
    return j - 1 if tokens[j].folded in BED_LABELS else None
