"""Salutation masker: capitalised words after Herr/Frau/Dr./Mag./Hallo/LG… (paper 2.2.4, the most active rule).

Titles chain ("Fr. Dr. U. Hofer"); the name after a title may be an initial, one to three words,
or lower-case when it is a known name ("frau huber"). An ambiguous abbreviation such as "Fr."
(Frau or Freitag) only takes a word that is not an ordinary German word, so "am Fr. Kontrolle"
stays. An HCP title (Dr., Prim., OA, DGKP…) makes the name an HCP.
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.lexicon import Salutation, SalutationKind, SalutationPosition
from masketeer_gui.engine.maskers.base import (
    DIGRAPH_INITIALS,
    PERSON_VERBS,
    NoteState,
    Vote,
    is_initial_at,
    name_like,
    part_name_like,
    rare_word,
    same_line,
)
from masketeer_gui.engine.maskers.name_slots import (
    UNAMBIGUOUS_COURTESY,  # "die Frau Huber" is Austrian usage, still a name; not "Fr." (also Freitag)
    after_academic_title,
    courtesy_surname,
    lowercase_surname,
    name_not_title,
    names_a_kind_of_person,
    surname_after_first_name,
    surname_before_role,
    unlisted_first_name,
)
from masketeer_gui.engine.maskers.word_memo import WordMemo
from masketeer_gui.engine.span import FIRST_NAME_FLAG, NAME_ENTITIES, Entity

COURTESY_WORDS: Final = frozenset({"frau", "herr", "herrn"})
DEFAULT_ENTITY: Final = {  # when no list knows the name
    SalutationKind.COURTESY: Entity.PAT,  # in these notes "Frau Huber" is most often the patient
    SalutationKind.TITLE: Entity.PER,
    SalutationKind.GREETING: Entity.HCP,  # "Hallo Maria", "LG Sepp": a colleague
    SalutationKind.SIGNOFF: Entity.HCP,
}
# The salutation itself decides, before any list: "Gattin Gisela" is a relative even if a patient is
# called Gisela; "Dr." makes an HCP (paper 2.2.6); "Pat. Huber" is the patient.
DECIDING_KINDS: Final = (
    (SalutationKind.RELATION, Entity.PER),
    (SalutationKind.HCP_TITLE, Entity.HCP),
    (SalutationKind.PATIENT, Entity.PAT),
)


def decided_entity(kinds: list[SalutationKind]) -> Entity | None:
    """The type the salutation chain itself gives its name, or None when the lists decide."""
    for kind, entity in DECIDING_KINDS:
        if kind in kinds:
            return entity
    return None


# Enum members the per-note code reads, as module constants (a member read through its class runs a
# Python-level descriptor on Python 3.11).
_COURTESY: Final = SalutationKind.COURTESY
_HCP_TITLE: Final = SalutationKind.HCP_TITLE
_PATIENT: Final = SalutationKind.PATIENT
_HCP: Final = Entity.HCP
_PAT: Final = Entity.PAT
_PER: Final = Entity.PER
MAX_NAMES: Final = 3
PLURAL_TITLES: Final = frozenset({"dres"})  # "Dres. Huber & Maier": several doctors follow
NAME_JOINERS: Final = frozenset({"&", "/", ","})
ACADEMIC_TITLES: Final = frozenset(
    {
        "dr",
        "ddr",
        "dres",
        "prof",
        "prim",
        "doz",
        "drin",
        "in",
        "med",
        "univ",
        "dent",
        "rer",
        "nat",
        "phil",
        "habil",
        "sc",
    }
)  # "Dr.in" ends in "in"; "Dr. med.", "Dr. rer. nat." end in their faculty
_WORD: Final = re.compile(r"[^\W_]+")

_END: Final = "\x00"


def build_trie(salutations: tuple[Salutation, ...]) -> dict[str, object]:
    """A word trie of all salutation forms; the key "\\x00" holds the kind where a form ends."""
    root: dict[str, object] = {}
    for entry in salutations:
        if entry.position is SalutationPosition.AFTER:
            continue  # degrees after a name ("Huber, MSc") announce no name after them
        words = [w for part in entry.words for w in _WORD.findall(part)]
        if not words:
            continue
        node = root
        for word in words:
            node = node.setdefault(word, {})  # type: ignore[assignment]
        node.setdefault(_END, entry.kind)
    return root


def _plural_title(state: NoteState, first: int, last: int) -> bool:
    """The chain ``first``..``last`` holds a plural title ("Dres."): more names may follow the first (the caller
    asks a one-word chain itself: most chains are one word, "Pat.")."""
    return any(t.folded in PLURAL_TITLES for t in state.tokens[first : last + 1])


class SalutationMasker:
    """Masks the name that follows a salutation or title."""

    name = "Salutation"

    def __init__(self, salutations: tuple[Salutation, ...]) -> None:
        self._trie = build_trie(salutations)
        self._after_forms = {  # one-word degrees and titles written after a name: "Huber, DGKS", "Huber MSc"
            entry.words[0]: entry.kind
            for entry in salutations
            if entry.position is not SalutationPosition.BEFORE and len(entry.words) == 1
        }
        self.first_words = frozenset(self._trie) | frozenset(self._after_forms)  # the words a form starts with
        self._single_forms = {  # one-word forms no longer form goes on from ("Pat.", "LG"): ``_match`` at once
            word: node[_END] for word, node in self._trie.items() if isinstance(node, dict) and list(node) == [_END]
        }
        self._alone_forms = frozenset(self._single_forms) - PLURAL_TITLES  # chains of one word, no more names after
        self._words: WordMemo[bool] = WordMemo()

    def apply(self, state: NoteState) -> None:
        tokens = state.tokens
        trie, after_forms, first_words = self._trie, self._after_forms, self.first_words
        if state.start_words is first_words:  # the engine's one scan found them (``WordMarks``)
            found = state.salutation_starts
        else:
            found = [i for i, t in enumerate(tokens) if t.folded in first_words and t.is_word]
        possible = self._words.table(state.names)  # per token text: may be a name after some salutation
        alone = self._alone_forms
        done = 0
        for i in found:
            folded = tokens[i].folded
            if i < done or folded not in trie:
                continue
            if folded in alone:  # most chains: one word ("Pat.") and after it a word known to be no name
                j = state.next_word(i, allow=".,:")
                if j is None or (tokens[j].folded not in trie and possible.get(tokens[j].text) is False):
                    done = i + 1  # what ``_mask_after`` returns for them, without a vote
                    continue
            done = self._mask_after(state, i, possible)
        for i in found:
            token = tokens[i]
            kind = after_forms.get(token.folded) if token.is_capitalized else None
            if kind is not None:
                self._mask_before(state, i, kind)

    def _mask_before(self, state: NoteState, i: int, kind: SalutationKind) -> None:
        """The name before a degree or title written after it: "E. Ranftlhuber, DGKS", "Anna Wolf MSc"."""
        j = state.prev_word(i, allow=",")
        if j is None or not state.free(j) or state.after_article(j):
            return
        token = state.tokens[j]
        if not surname_before_role(state, j):  # "Ida Kranich, Ärztin": a word after a first name is the surname
            if not name_like(state, j, titled=True):
                return
            if state.names.base_name(token.folded) is None and state.names.is_clear_word(token.folded):
                return  # "Pflege, DGKP": a word, however titled (a rare common word may be a surname: "Arslan")
        entity = _HCP if kind is _HCP_TITLE else state.names.entity(token.folded)
        ref = state.names.base_name(token.folded) or token.folded
        flags = () if state.names.base_name(token.folded) else ("unknown-word",)
        state.vote(j, Vote(self.name, entity, f"before '{state.tokens[i].text}'", flags, ref))

    def _match(self, state: NoteState, i: int) -> tuple[int, SalutationKind] | None:
        """Longest salutation starting at word ``i``: (index of its last word, kind)."""
        tokens = state.tokens
        node: object = self._trie
        best: tuple[int, SalutationKind] | None = None
        j: int | None = i
        while j is not None and isinstance(node, dict):
            node = node.get(tokens[j].folded)
            if not isinstance(node, dict):
                break
            kind = node.get(_END)
            if kind is not None:
                best = (j, kind)
                if len(node) == 1:  # no longer form goes on from here
                    break
            j = state.next_word(j, allow=".-")
        return best

    def _mask_after(self, state: NoteState, i: int, possible: dict[str, bool]) -> int:
        """Mask the names after the salutation chain starting at ``i``; return where to continue."""
        kinds: list[SalutationKind] = []
        last = i - 1
        j: int | None = i
        tokens, trie, single_forms = state.tokens, self._trie, self._single_forms
        while j is not None:
            folded = tokens[j].folded
            kind = single_forms.get(folded)  # most chains are one word that no longer form goes on from
            if kind is not None:
                found = j
            elif folded in trie:  # the first step of ``_match``, here: most chains end at the next word
                match = self._match(state, j)
                if match is None:
                    break
                found, kind = match
            else:
                break
            if kinds and name_not_title(state, j):  # a title spelled as a name ends the chain ("Dr. Ha …")
                break
            last = found
            kinds.append(kind)
            j = state.next_word(last, allow=".,:")
        if not kinds or (kinds[0] is _HCP_TITLE and self._used_as_noun(state, i, last)):
            return i + 1
        if j is None or possible.get(tokens[j].text) is False:
            end = last + 1  # most chains ("Pat. sagt"): the word after them is known to be no name
        else:
            end = self._mask_names(state, j, kinds, i, last, possible)
            if _PATIENT in kinds:
                end = self._surname_comma_first_name(state, j, end)
        if tokens[i].folded in PLURAL_TITLES if i == last else _plural_title(state, i, last):
            end = self._more_names(state, end - 1, kinds, i, last, possible)
        return end

    def _more_names(
        self,
        state: NoteState,
        last: int,
        kinds: list[SalutationKind],
        first: int,
        title: int,
        possible: dict[str, bool],
    ) -> int:
        """After a plural title, the further names joined by "&", "/", "und" or ",": "Dres. Huber & Maier"."""
        tokens = state.tokens
        while last + 2 < len(tokens) and (tokens[last + 1].text in NAME_JOINERS or tokens[last + 1].folded == "und"):
            k = state.next_word(last + 1) if tokens[last + 1].is_word else last + 2
            if k is None or not tokens[k].is_word or not same_line(state, last, k) or not state.free(k):
                break
            if tokens[last + 1].text == "," and not name_like(state, k, titled=True):
                break  # "Dres. Huber, Maier": a name; "Dres. Huber und Maier, Fachärzte": a role
            end = self._mask_names(
                state, k, kinds, first, title, possible
            )  # each name right after the title, as it were
            if end <= k:  # nothing taken
                break
            last = end - 1
        return last + 1

    def _mask_names(
        self,
        state: NoteState,
        j: int | None,
        kinds: list[SalutationKind],
        first: int,
        last: int,
        possible: dict[str, bool],
    ) -> int:
        """Mask up to three names from word ``j`` on, after the salutation chain ``first``..``last``; ``possible``
        remembers per token text whether it may be a name after some salutation (``_possible``)."""
        words: str | None = None  # the chain as written, for the reason (built at the first vote)
        decided: Entity | None = None
        default = _PER
        taken = initials = 0
        first_title_end = last
        while j is not None and taken < MAX_NAMES and state.free(j):
            token = state.tokens[j]
            maybe = possible.get(token.text)  # not ``try``: compiled, each miss would raise a real KeyError
            if maybe is None:
                maybe = possible[token.text] = self._possible(state, j)
            if not maybe:
                break
            flags: tuple[str, ...] = ()
            if is_initial_at(state, j):
                flags = ("initial",)
                initials += 1
            elif not name_like(state, j, titled=True):
                if taken == 0 and (
                    self._lowercase_name(state, j)
                    or lowercase_surname(state, j, state.tokens[first_title_end].folded in ACADEMIC_TITLES)
                ):
                    flags = ("lowercase",)
                elif taken == 0 and self._named_by_verb(state, j, kinds):
                    flags = ("context",)
                elif (taken == 0 and courtesy_surname(state, j)) or (
                    taken == initials and self._after_academic_title(state, j, first_title_end)
                ):
                    flags = ("ambiguous-word",)
                elif taken and self._surname_after_first_name(state, j, last):
                    flags = ("unknown-word",)
                else:
                    break
            if words is None:
                words = " ".join([t.text for t in state.tokens[first : first_title_end + 1] if t.is_word])
                decided = decided_entity(kinds)
                default = DEFAULT_ENTITY.get(kinds[-1], _PER)
            ref = state.names.base_name(token.folded)
            if ref is None and not flags and not token.is_initial:
                ref = state.names.one_typo_from(token.folded)
                flags = ("fuzzy",) if ref else ("unknown-word",)
            ref = ref or token.folded
            entity = decided or state.names.entity(ref, default=default)
            state.vote(j, Vote(self.name, entity, f"after salutation '{words}'", flags, ref))
            taken += 1
            last = j
            j = state.next_word(j, allow=".-") if token.is_initial else state.next_word(j)
        return last + 1

    def _surname_comma_first_name(self, state: NoteState, j: int, end: int) -> int:
        """After a patient label, "<Surname>, <Firstname>" on one line: a listed first name or a rare word after
        the comma proves both names, also a surname that is a German word ("Pat.: Kranich, Dinesh, m"); return
        where to continue."""
        tokens = state.tokens
        k = j + 2
        if end > j + 1 or k >= len(tokens) or tokens[j + 1].text != "," or tokens[j].is_initial:
            return end  # more than one word taken, or no comma right after the first
        token = tokens[k]
        if not (token.is_word and token.is_capitalized and same_line(state, j, k) and state.free(k)):
            return end
        if not (token.folded in state.names.lexicon.first_names or rare_word(state, k)):
            return end
        surname = state.votes[j]
        if surname is None:  # nothing taken: a German word as the surname ("Pat.: Kranich, Dinesh")
            if not (state.free(j) and after_academic_title(state, j)):
                return end
            reason = "patient's surname before a first name"
            surname = Vote(self.name, _PAT, reason, ("ambiguous-word",), tokens[j].folded)
            state.vote(j, surname)
        elif surname.entity not in NAME_ENTITIES:
            return end
        ref = state.names.base_name(token.folded)
        flags = (FIRST_NAME_FLAG,) if ref else ("unknown-word", FIRST_NAME_FLAG)
        state.vote(
            k, Vote(self.name, surname.entity, "first name after a patient's surname", flags, ref or token.folded)
        )
        return k + 1

    @staticmethod
    def _possible(state: NoteState, j: int) -> bool:
        """Word ``j`` may be a name after some salutation (the word alone decides): an initial, name-like, a
        known name in lower case, a word a person verb could make a name, or a rare word."""
        token = state.tokens[j]
        names = state.names
        text, folded = token.text, token.folded
        if (token.is_initial and text.isupper()) or text in DIGRAPH_INITIALS:
            return True
        if name_like(state, j, titled=True) or rare_word(state, j):
            return True
        if text.islower():  # "frau huber", "fr. stein ruft an"; an unlisted one after "dr." (``lowercase_surname``)
            return names.base_name(folded) is not None or lowercase_surname(state, j, academic=True)
        if "-" in folded:  # a double surname with one German part ("Wolter-Brandt"): the slot rules decide
            return part_name_like(names, text)
        return (  # the word-level part of ``_named_by_verb``, which covers ``_after_academic_title`` too
            folded.isalpha()
            and folded not in names.lexicon.drugs
            and not names.is_clinical_word(folded)
            and (folded not in names.title_words or name_not_title(state, j))  # "Dr. Ha …" is no "Dr. HA"
        )

    @staticmethod
    def _used_as_noun(state: NoteState, first: int, last: int) -> bool:
        """A title after an article is a noun: "beim Doktor", "die Schwester", "beim HA, Blutabnahme".

        An abbreviation with its dot stays a title ("beim Dr. Huber"); a short one counts as a noun
        only when punctuation follows it.
        """
        tokens = state.tokens
        token = tokens[first]
        after = tokens[first + 1] if first + 1 < len(tokens) else None
        if first != last or (after is not None and after.text == ".") or token.folded in COURTESY_WORDS:
            return False
        if not state.after_article(first):
            return False
        return len(token.text) >= 5 or after is None or not after.is_word

    @staticmethod
    def _after_academic_title(state: NoteState, j: int, last: int) -> bool:
        """Right after "Dr." or "Prof." (and initials) a plain word is the surname: "Dr. Weinkeller", "Dr. G.
        Weinkeller", "Dr. Storch" (not "Dr. med.", not a drug, clinical term, abbreviation or function word)."""
        if state.tokens[last].folded not in ACADEMIC_TITLES:  # the caller allows only initials in between
            return False
        return after_academic_title(state, j)

    @staticmethod
    def _surname_after_first_name(state: NoteState, j: int, last: int) -> bool:
        """After a titled first name, on the same line, a rare word is the surname: "Dr. Agnes Brettschneider"
        (not "Liebe Nadine Vitalparameter: …", not "Liebe Manuela⏎Dosisänderung")."""
        first = state.tokens[last].folded in state.names.lexicon.first_names or unlisted_first_name(state, last)
        return first and same_line(state, last, j) and (rare_word(state, j) or surname_after_first_name(state, j))

    @staticmethod
    def _named_by_verb(state: NoteState, j: int, kinds: list[SalutationKind]) -> bool:
        """After Herr/Frau, a rare noun or a lower-case surname before a person verb is the name:
        "Hr. Tschaggeny hat angerufen", "fr. stein ruft an"; a frequent noun only after an unambiguous form
        ("Frau Falke ruft an", not "Fr." which is also Freitag); never a title, drug or clinical term."""
        if _COURTESY not in kinds:
            return False
        k = state.next_word(j)
        if k is None or state.tokens[k].folded not in PERSON_VERBS:
            return False
        token = state.tokens[j]
        names = state.names
        folded = token.folded
        if not folded.isalpha() or folded in names.lexicon.drugs or names.is_clinical_word(folded):
            return False
        if token.text.islower():
            return names.base_name(folded) is not None  # "fr. stein ruft an"
        if folded in names.title_words or names_a_kind_of_person(state, folded):
            return False  # "Herr Doktor hat angerufen", "Frau Mama ruft an"
        if folded not in names.lexicon.top_words:
            return True  # "Hr. Tschaggeny hat angerufen": a rare noun form
        before = state.prev_word(j, allow=".")  # "Frau Falke ruft an"
        return before is not None and state.tokens[before].folded in UNAMBIGUOUS_COURTESY

    @staticmethod
    def _lowercase_name(state: NoteState, j: int) -> bool:
        token = state.tokens[j]
        names = state.names
        return token.text.islower() and names.base_name(token.folded) is not None and not names.is_word(token.folded)
