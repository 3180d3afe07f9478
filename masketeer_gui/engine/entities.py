"""Entity recognition for names: one type per full name, with the evidence that decided it.

The maskers find name words; ``NameTyper`` then looks at each run of adjacent name spans ("Anna
Gstrein", "Huber Maria", "M. Huber") as one person and decides its type from, strongest first:

1. the words around it: an HCP title ("Dr.", "DGKS" before or after), a relation word ("Gattin",
   "(Sohn)") or "Pat." — but "mein Mann Karl …" in a relative's message names the patient;
2. the note's own patient (``NoteContext.patient_id`` with the lists' ``{"id", "name"}`` entries):
   the patient's name is PAT, a relative sharing the surname (another first name, the other gender) PER;
3. a listed full name (the whole name in one deployment list, in any order), or the addressee of a
   formal letter ("Sehr geehrte Frau …": a colleague);
4. a name part in exactly one deployment list;
5. a name closing a note: the staff member who wrote it (HCP), or, under a message written in the
   first person, the relative who wrote it (PER);
6. the salutation's default ("Frau Huber": the patient) or the masker's type.

The result is a ``NameEvidence`` per name span (``engine.type_resolution``), so a run over many notes
can settle each person's type once; ``type_note`` applies the note's own evidence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from masketeer_gui.engine.lexicon import Lexicon, SalutationKind, SalutationPosition
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import NameIndex, Role, name_parts
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import FIRST_NAME_FLAG, NAME_ENTITIES, Entity, Span, trusted_span
from masketeer_gui.engine.text import Token, tokenize
from masketeer_gui.engine.token_search import first_starting_at
from masketeer_gui.engine.type_resolution import (
    NameEvidence,
    PatientName,
    Strength,
    patient_entity,
)

_JOINERS: Final = frozenset(" .-\t")
_WORD: Final = re.compile(r"[^\W_]+")
_ALIAS_GAP: Final = re.compile(r"[\s,]*[(\"„“»«'‚‘]+")  # between a name and its nickname: ' ("', ' („'
_AFTER_ROLE: Final = re.compile(r"[ \t]*[,(/][ \t]*(?:(?:die|der|seine|ihre|sein|ihr)[ \t]+)?([^\W_]+)")
_LOOKBACK: Final = 64
_CHAIN_WORDS: Final = 6  # words looked at before a name (the longest salutation has five)
_CHAIN_MARKS: Final = frozenset(".,:-")  # what may stand between salutation words and the name
# a note written in the first person by a layperson: "mein Mann", "ich bin", "Papa" (a whole word of the
# lower-cased note; no word boundary first, so the scan jumps to the words' first letters: see ``_first_person``)
_FIRST_PERSON: Final = re.compile(r"(?:ich|mir|mich|mein|meine|meinen|meinem|meiner|meines|bin|papa|mama|oma|opa)\b")
_FAMILY_WORDS: Final = frozenset({"fam", "familie"})
_KIN_TITLES: Final = frozenset({"schwester", "bruder"})  # titles of nurses and monks that also name siblings
_FORMAL_WORDS: Final = frozenset({"geehrte", "geehrter", "sg"})  # "Sehr geehrte …", "Sg. …": a formal letter
# Before a spelled-out title these make it a noun, as in the Salutation masker: "beim Doktor", "die Schwester".
_NOUN_ARTICLES: Final = frozenset("der die das dem den des beim zum zur vom am im ein eine einem einen".split())
_NOUN_TITLE_LENGTH: Final = 5  # "Doktor", "Schwester"; not "Dr", "OA" (abbreviations stay titles after an article)
_POSSESSIVES: Final = frozenset("mein meine meinen meinem meiner unser unsere ihr ihre ihrem sein seine seinem".split())
_SPOUSES: Final = frozenset(
    "mann frau gatte gattin ehemann ehefrau ehegatte ehegattin oma opa omi opi uroma uropa".split()
)  # "ihr Mann Karl", "meine Oma Hedwig": in a relative's message, the patient
# Enum members the per-note code reads, as module constants: reading a member through its class runs a
# Python-level descriptor on Python 3.11 (about ten times a global's cost).
_PAT: Final = Entity.PAT
_HCP: Final = Entity.HCP
_PER: Final = Entity.PER
_COURTESY: Final = SalutationKind.COURTESY
_GREETING: Final = SalutationKind.GREETING
_PATIENT: Final = SalutationKind.PATIENT
_HCP_TITLE: Final = SalutationKind.HCP_TITLE
_RELATION: Final = SalutationKind.RELATION
_DEFAULT: Final = Strength.DEFAULT
_LISTED: Final = Strength.LISTED
_SIGNATURE: Final = Strength.SIGNATURE
_FULL_NAME: Final = Strength.FULL_NAME
_CONTEXT: Final = Strength.CONTEXT
_NO_ROLE: Final = Role.NONE
_ROLE_ENTITY: Final = {Role.PAT: Entity.PAT, Role.HCP: Entity.HCP, Role.PER: Entity.PER}
_SALUTATION_DEFAULT: Final = {  # the type a salutation suggests when nothing stronger decides
    SalutationKind.COURTESY: Entity.PAT,  # in these notes "Frau Huber" is most often the patient
    SalutationKind.GREETING: Entity.HCP,  # "Hallo Maria": a colleague
    SalutationKind.SIGNOFF: Entity.HCP,
}
# The word before a bracket that holds a name, and the titles that may stand in the bracket before it.
_BRACKET_ROLE: Final = re.compile(r"([^\W\d_][\w-]*)[ \t]*\([ \t]*(?:(?:Fr|Hr|Frau|Herr|Herrn|Dr|Sr)\.?[ \t]+)*\Z")
_BRACKET_REACH: Final = 48
_PARENTS: Final = frozenset("vater mutter mama papa oma opa omi opi".split())
# Care services whose staff a bracket names: "Sozialdienst (Fr. …)", "Podologie (Fr. …)", "Stomatherapie (…)".
_SERVICE_HEADS: Final = (
    "therapie", "dienst", "beratung", "logie", "pflege", "management", "ambulanz", "sekretariat", "anmeldung",
    "leitung", "apotheke", "praxis", "station",
)  # fmt: skip
_SIGNATURE_TAIL: Final = 40  # characters a signature line may carry after the name (", DGKS", "(Physio)")


# kinds, gender, possessive, family, formal, kin, listed (a comma inside the chain)
_Chain = tuple[tuple[SalutationKind, ...], str, bool, bool, bool, bool, bool]
_NO_CHAIN: Final[_Chain] = ((), "", False, False, False, False, False)
# What the chain's words alone say: kinds, gender, possessive, family, formal, kin (None: no chain)
_Reading = tuple[tuple[SalutationKind, ...], str, bool, bool, bool, bool] | None
_READING_LIMIT: Final = 100_000  # word sequences remembered before the memo starts over


class _Context(NamedTuple):
    """The salutation chain before a name and the role word after it."""

    kinds: tuple[SalutationKind, ...]
    gender: str
    possessive: bool  # "mein Mann …", "ihr Mann …": a spouse named from the other spouse, i.e. the patient
    after: SalutationKind | None
    family: bool = False  # "Fam. Huber", "Familie Huber": the relatives
    formal: bool = False  # "Sehr geehrte Frau …": a letter's formal address
    kin: bool = False  # "meine Schwester …": a title that is also a kinship word, after a possessive
    # no comma inside the chain: "Tochter Dr. …" is one person, "Enkelin, Dr. …" two (looked for only where it
    # decides, after a relation: elsewhere True)
    joined: bool = True


_new_tuple: Final = tuple.__new__


class NameTyper:
    """Types each run of name spans of a note and records the evidence (pure; built once per engine)."""

    def __init__(self, lexicon: Lexicon, names: NameLists, index: NameIndex) -> None:
        self.index = index
        self._first_names = lexicon.first_names
        self._abbreviations = lexicon.abbreviations
        self._surnames = lexicon.surnames
        self._before: dict[tuple[str, ...], tuple[SalutationKind, str]] = {}  # words nearest first
        self._after: dict[str, SalutationKind] = {}
        for entry in lexicon.salutations:
            words = tuple(w for part in entry.words for w in _WORD.findall(part))  # "dr." -> dr, as tokenized
            if not words:
                continue
            if entry.position is not SalutationPosition.AFTER:
                self._before.setdefault(tuple(reversed(words)), (entry.kind, entry.gender))
            if len(words) == 1 and entry.kind in (SalutationKind.HCP_TITLE, SalutationKind.RELATION):
                self._after.setdefault(words[0], entry.kind)
        sizes: dict[str, set[int]] = {}  # per last word of a form, the lengths of its forms
        for words in self._before:
            sizes.setdefault(words[0], set()).add(len(words))
        self._sizes = {word: tuple(sorted(lengths, reverse=True)) for word, lengths in sizes.items()}
        self._last_words = frozenset(self._sizes)
        self._form_words = frozenset(word for words in self._before for word in words)  # words a chain is made of
        self._readings: dict[tuple[str, ...], _Reading] = {}  # ``_read_chain``'s answers: chains recur
        self._full_names: dict[frozenset[str], Role] = {}
        for role, entries in ((Role.PAT, names.patients), (Role.HCP, names.hcps), (Role.PER, names.persons)):
            for listed in entries:
                parts = frozenset(p for p in name_parts(listed) if p not in index.title_words)
                if len(parts) > 1:
                    self._full_names[parts] = self._full_names.get(parts, Role.NONE) | role
        self._patients = {pid: self._patient_name(entries) for pid, entries in names.patient_names().items()}

    @property
    def known_patients(self) -> dict[str, PatientName]:
        """The patients the lists name by id."""
        return dict(self._patients)

    def _patient_name(self, entries: Sequence[str]) -> PatientName:
        parts = frozenset(p for entry in entries for p in name_parts(entry) if p not in self.index.title_words)
        first = next((p for entry in entries for p in name_parts(entry) if p in self._first_names), "")
        return PatientName(parts, self._gender_of(first))

    def assess(
        self, text: str, spans: Sequence[Span], patient_id: str = "", tokens: Sequence[Token] | None = None
    ) -> list[NameEvidence | None]:
        """Per span (aligned with ``spans``, sorted) the evidence for its type; None for other spans.

        ``tokens`` are the note's tokens when the caller has them (else the text is tokenized here)."""
        evidence: list[NameEvidence | None] = [None] * len(spans)
        runs = _name_runs(text, spans, self._first_names)
        if not runs:
            return evidence
        if tokens is None:
            tokens = tokenize(text, self._abbreviations)
        patient = self._patients.get(patient_id) if patient_id else None
        typed: list[NameEvidence] = []
        previous: tuple[int, NameEvidence] | None = None
        for run in runs:
            item = self._type_run(text, spans, run, patient_id, patient, tokens)
            if previous is not None and len(item.parts) == 1:
                alias = _alias_of(text, spans[run[0]].start, previous)
                if alias is not None and alias.strength > item.strength:  # the nickname is that person's
                    item = NameEvidence(item.key, alias.entity, alias.strength, item.parts, item.gender, item.fallback)
            typed.append(item)
            previous = (spans[run[-1]].end, item)
        if len(typed) > 1:  # one name alone has no full name to link to (most notes)
            typed = _link_lone_surnames(typed, self._first_names)
        for run, item in zip(runs, typed, strict=True):
            for k in run:
                evidence[k] = item
        return evidence

    def _type_run(
        self,
        text: str,
        spans: Sequence[Span],
        run: list[int],
        patient_id: str,
        patient: PatientName | None,
        tokens: Sequence[Token],
    ) -> NameEvidence:
        first = spans[run[0]]
        if len(run) == 1 and "-" not in first.ref and len(first.ref) > 1:  # most names: one word
            parts: tuple[str, ...] = (first.ref,)
            initials: list[str] = []
        else:
            refs = [spans[k].ref or fold(text[spans[k].start : spans[k].end]) for k in run]
            parts = tuple(p for ref in refs for p in ref.split("-") if len(p) > 1)
            initials = [ref for ref in refs if len(ref) == 1]
        start, end = first.start, spans[run[-1]].end
        context = self._context(text, start, end, tokens)
        gender = context.gender or self._name_gender(parts)
        entity, strength = self._decide(text, spans, run, parts, gender, context, patient)
        if patient is not None and strength is _FULL_NAME and entity is _PAT:
            key = f"{patient_id}\x1fthe patient"
        elif context.formal and entity is _HCP and len(parts) == 1 and not initials:
            key = _person_key(parts, initials, "", gender)  # a colleague addressed by letter: staff, any patient's
        else:
            key = _person_key(parts, initials, patient_id, gender)
        fallback = ""
        if patient_id and len(parts) == 1:  # the same lone name across patients (for staff)
            fallback = f"{initials[0]}. {parts[0]}" if initials else f"\x1f{parts[0]}\x1f{gender}"
        # made as the tuple it is (a named tuple's own __new__ is a Python function): one per name of every note
        return _new_tuple(NameEvidence, (key, entity, strength, parts, gender, fallback if fallback != key else ""))

    def _decide(
        self,
        text: str,
        spans: Sequence[Span],
        run: list[int],
        parts: tuple[str, ...],
        gender: str,
        context: _Context,
        patient: PatientName | None,
    ) -> tuple[Entity, Strength]:
        decided = _context_entity(context)
        if decided is not None:
            return decided, _CONTEXT
        by_patient = patient_entity(parts, gender, patient) if patient is not None else None
        if by_patient is not None and not (by_patient is _PER and context.formal):
            return by_patient, _FULL_NAME  # but "Sehr geehrter Herr Huber" is a colleague, not a relative
        role = self._full_names.get(frozenset(parts), _NO_ROLE) if len(parts) > 1 else _NO_ROLE
        if role in _ROLE_ENTITY:
            return _ROLE_ENTITY[role], _FULL_NAME
        if context.formal:  # "Sehr geehrte Frau Huber": a letter to a colleague
            return _HCP, _SIGNATURE
        listed = self._listed_entity(parts)
        if listed is not None:  # "LG Gstrein" with Gstrein on the patient list only: the patient wrote it
            return listed, _LISTED
        if _closes_note(text, spans[run[0]].start, spans[run[-1]].end, context):
            return (_PER if _first_person(text) else _HCP), _SIGNATURE
        if context.possessive:
            return _PAT, _DEFAULT
        if context.kinds:  # the salutation nearest the name suggests the type, as in the Salutation masker
            return _SALUTATION_DEFAULT.get(context.kinds[-1], _PER), _DEFAULT
        named = [spans[k].entity for k in run if spans[k].entity is not _PER]
        return (named[0] if named else _PER), _DEFAULT

    def _listed_entity(self, parts: tuple[str, ...]) -> Entity | None:
        """The type of the name's parts that stand in exactly one list; a surname decides between parts."""
        if len(parts) == 1:  # most names: the one part's list, if it stands in exactly one
            return _ROLE_ENTITY.get(self.index.roles.get(parts[0], _NO_ROLE))
        found: dict[str, Entity] = {}
        for part in parts:
            role = self.index.roles.get(part, _NO_ROLE)
            if role in _ROLE_ENTITY:
                found[part] = _ROLE_ENTITY[role]
        if len(set(found.values())) == 1:
            return next(iter(found.values()))
        surnames = {e for p, e in found.items() if p not in self._first_names}
        return next(iter(surnames)) if len(surnames) == 1 else None

    def _context(self, text: str, start: int, end: int, tokens: Sequence[Token]) -> _Context:
        kinds, gender, possessive, family, formal, kin, listed = self._chain_before(text, start, tokens)
        match = _AFTER_ROLE.match(text, end)
        after = self._after.get(fold(match.group(1))) if match else None
        if after is None and start >= 1 and text[start - 1] == "/" and _hand_signed(text, start):
            after = _HCP_TITLE  # "… geschlafen. /Kathi": the staff member who wrote the entry
        if after is None and text.find("(", max(0, start - _BRACKET_REACH), start) >= 0:
            after = self._bracket_role(text, start)  # "Sozialdienst (Fr. Huber)", "Tochter (Fr. Huber)"
        # made as the tuple it is: a named tuple's own __new__ is a Python function, as costly as the rest here
        return _new_tuple(_Context, (kinds, gender, possessive, after, family, formal, kin, not listed))

    def _bracket_role(self, text: str, start: int) -> SalutationKind | None:
        """The role a name in brackets takes from the word before the bracket: a relation ("Ehemann (Herr
        Huber)": PER), a care-team role or a care service ("Podologie (Fr. Huber)": HCP)."""
        match = _BRACKET_ROLE.search(text, max(0, start - _BRACKET_REACH), start)
        if match is None:
            return None
        word = fold(match.group(1)).rpartition("-")[2]  # "Ex-Freundin" -> "freundin"
        if word in _PARENTS:
            return None  # "Rückmeldung Sohn …: Vater (Josef Huber)": a relative's message names the patient so
        kind = self._after.get(word)
        if kind is None and word.endswith(_SERVICE_HEADS):
            kind = _HCP_TITLE
        return kind

    def _chain_before(self, text: str, start: int, tokens: Sequence[Token]) -> _Chain:
        """The salutation forms right before ``start`` (nearest last), their gender, whether a possessive
        stands before them ("mein Mann"), and whether they name a family ("Fam.")."""
        j = first_starting_at(tokens, start) - 1
        while j >= 0 and tokens[j].text in _CHAIN_MARKS:
            j -= 1
        if j < 0 or tokens[j].folded.rpartition("-")[2] not in self._last_words:
            return _NO_CHAIN
        # The words, folded, nearest first, with only chain punctuation between (as the masker reads), up to the
        # first word no form holds: what comes before it cannot change the reading (``_read_chain`` stops there).
        words: list[str] = []
        form_words = self._form_words
        nearer = start
        listed = ended = False
        while True:
            if j < 0 or len(words) >= _CHAIN_WORDS:
                ended = True
                break
            token = tokens[j]
            if words and "\n" in text[token.end : nearer]:
                ended = True
                break  # a chain on the name's line ends there: "… Hausärztin⏎⏎Patient: Huber" (but "LG⏎Maria")
            nearer = token.start
            j -= 1
            if token.is_word:
                folded = token.folded
                if "-" in folded:
                    parts = folded.split("-")
                    parts.reverse()
                    words += parts
                    if not form_words.issuperset(parts):
                        break
                else:
                    words.append(folded)
                    if folded not in form_words:
                        break
            elif token.text not in _CHAIN_MARKS:
                ended = True
                break
            elif token.text == "," and words:
                listed = True  # a comma inside the chain may list people: "mit Enkelin, DDr. Huber"
        key = tuple(words)
        try:
            reading = self._readings[key]
        except KeyError:
            if len(self._readings) >= _READING_LIMIT:
                self._readings.clear()
            reading = self._readings[key] = self._read_chain(words)
        if reading is None:
            return _NO_CHAIN
        kinds, gender, possessive, family, formal, kin = reading
        if not (listed or ended) and kinds and kinds[0] is _RELATION:  # only here a comma decides (``joined``)
            listed = _comma_before(text, tokens, j, nearer, len(words))
        return kinds, gender, possessive, family, formal, kin, listed

    def _read_chain(self, words: list[str]) -> _Reading:
        """What the folded words before a name (nearest first) say: the salutation forms they end with (nearest
        last), their gender, possessive, family, formal and kin; None when they make no chain."""
        kinds: list[SalutationKind] = []
        gender = ""
        family = formal = False
        used = 0
        while used < len(words):
            for size in self._sizes.get(words[used], ()):
                found = self._before.get(tuple(words[used : used + size])) if used + size <= len(words) else None
                if found is not None:
                    kinds.insert(0, found[0])
                    gender = gender or found[1]
                    family = family or not _FAMILY_WORDS.isdisjoint(words[used : used + size])
                    formal = formal or not _FORMAL_WORDS.isdisjoint(words[used : used + size])
                    used += size
                    break
            else:
                break
        if used == 1 and len(words[0]) >= _NOUN_TITLE_LENGTH and len(words) > 1 and words[1] in _NOUN_ARTICLES:
            return None  # "Termin beim Doktor …": the title is a noun here, the masker took no name after it
        after_possessive = used < len(words) and words[used] in _POSSESSIVES
        possessive = after_possessive and used > 0 and words[used - 1] in _SPOUSES
        kin = after_possessive and used > 0 and words[used - 1] in _KIN_TITLES
        return tuple(kinds), gender, possessive, family, formal, kin

    def _name_gender(self, parts: tuple[str, ...]) -> str:
        """The gender of the name's first name ('' when none is known for sure)."""
        if len(parts) == 1 and parts[0] in self._surnames:
            return ""
        for part in parts:
            gender = self._gender_of(part)
            if gender:
                return gender
        return ""

    def _gender_of(self, part: str) -> str:
        gender = self._first_names.get(part, "")
        return gender if gender in ("f", "m") else ""


def _comma_before(text: str, tokens: Sequence[Token], j: int, nearer: int, counted: int) -> bool:
    """A comma further back in the chain's window (``NameTyper._chain_before``'s walk, from token ``j`` on, with
    ``counted`` words read): "Besuch, Tochter Dr. Huber" lists two people."""
    while j >= 0 and counted < _CHAIN_WORDS:
        token = tokens[j]
        if "\n" in text[token.end : nearer]:
            return False
        nearer = token.start
        if token.is_word:
            counted += token.folded.count("-") + 1
        elif token.text == ",":
            return True
        elif token.text not in _CHAIN_MARKS:
            return False
        j -= 1
    return False


def _hand_signed(text: str, start: int) -> bool:
    """The name right after a slash that follows a space or opens the line: a hand-sign ("/Kathi", "/R. Gasser")."""
    return start >= 1 and text[start - 1] == "/" and (start < 2 or text[start - 2].isspace())


def _context_entity(context: _Context) -> Entity | None:
    """The type the words around a name decide outright, if any; the words before it first."""
    kinds = context.kinds
    if context.kin:  # "meine Schwester Sabine": the writer's sister, not a nurse
        return _PER
    if kinds and kinds[0] is _RELATION and context.joined and not context.possessive:
        return _PER  # "Tochter Dr. Ulrike …": the relation comes first, the title is hers
    if _HCP_TITLE in kinds:
        return _HCP
    if (_RELATION in kinds and not context.possessive) or context.family:
        return _PER
    if _PATIENT in kinds:
        return _PAT
    if context.after is _HCP_TITLE:
        return _HCP
    if context.after is _RELATION:
        return _PER
    return None


def _person_key(parts: tuple[str, ...], initials: list[str], patient_id: str, gender: str) -> str:
    """Who a name refers to across notes: a full name, an initial with a surname, or a lone part per
    patient and gender ("Herr Huber" and "Frau Dr. Huber" in one patient's notes are two people)."""
    if len(parts) > 1:
        return " ".join(sorted(parts))
    if not parts:
        return "\x1f" + " ".join(initials)
    if initials:
        return f"{initials[0]}. {parts[0]}"
    return f"{patient_id}\x1f{parts[0]}\x1f{gender}"


def _link_lone_surnames(typed: list[NameEvidence], first_names: Mapping[str, str]) -> list[NameEvidence]:
    """A lone surname ("Frau Huber") refers to the one full name of the note that holds it and fits its
    gender ("Maria Huber") and takes that person's type when it is surer — but no surer than a
    signature, so the note's patient still decides between namesakes. First names and signatures are
    left alone: a first name is shared by too many people, and a signer is the writer. A relative
    introduced by a relation word ("Sohn Paul Huber") is no such person: the family shares the surname,
    and the bare "Hr. Huber" beside him is most often the one the note is about."""
    full = [item for item in typed if len(item.parts) > 1]
    if not full:
        return typed
    out: list[NameEvidence] = []
    for item in typed:
        lone = len(item.parts) == 1 and item.parts[0] not in first_names
        if lone and item.strength < _SIGNATURE:
            match = {
                other.key: other
                for other in full
                if item.parts[0] in other.parts and not (item.gender and other.gender and item.gender != other.gender)
            }
            person = next(iter(match.values())) if len(match) == 1 else None
            surer = person is not None and min(person.strength, _SIGNATURE) > item.strength
            if person is not None and surer and not _named_relative(person):
                gender = item.gender or person.gender
                strength = min(person.strength, _SIGNATURE)
                item = item._replace(entity=person.entity, strength=strength, gender=gender)
        out.append(item)
    return out


def _named_relative(item: NameEvidence) -> bool:
    return item.entity is _PER and item.strength >= _CONTEXT


def _alias_of(text: str, start: int, previous: tuple[int, NameEvidence] | None) -> NameEvidence | None:
    """The person a lone name in quotes or brackets right after a name is a nickname of
    ("Josef Huber („Sepp“)", "Maria Huber (Mitzi)"); None if it is no such alias."""
    if previous is None:
        return None
    end, person = previous
    gap = text[end:start]
    return person if len(gap) <= 4 and _ALIAS_GAP.fullmatch(gap) else None


def _closes_note(text: str, start: int, end: int, context: _Context) -> bool:
    """The name signs the note: it ends its line (but for a role, ", DGKS") near the end of the note,
    after nothing but a sign-off or a short phrase ("Gruß aus Weiz,")."""
    if _COURTESY in context.kinds or _GREETING in context.kinds:
        return False  # "Frau Huber" is spoken of, "Sehr geehrte Frau Huber," opens a letter
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    tail = text[end:line_end].strip()
    if len(tail) > _SIGNATURE_TAIL or (tail and tail[0] not in ",(/-"):
        return False
    rest = text[line_end:].strip()
    if len(rest) > _SIGNATURE_TAIL or "\n" in rest:  # at most one short line below (", Station 3")
        return False
    line_start = text.rfind("\n", 0, start) + 1
    head = text[line_start:start].strip()
    words_before = len(context.kinds) + 1  # a name (and its title) alone signs nothing (counted no further)
    if len(text[:start].split(None, words_before)) <= words_before:
        return False
    return not head or bool(context.kinds) or (len(head.split()) <= 4 and head.endswith(","))


def _first_person(text: str) -> bool:
    """The note is written in the first person: one of ``_FIRST_PERSON``'s words stands as a whole word in it."""
    lowered = text.lower()
    for match in _FIRST_PERSON.finditer(lowered):
        k = match.start()  # a word boundary before it, as ``re`` sees one: no letter, digit or "_" there
        if k == 0 or not (lowered[k - 1].isalnum() or lowered[k - 1] == "_"):
            return True
    return False


def _name_runs(text: str, spans: Sequence[Span], first_names: Mapping[str, str] | None = None) -> list[list[int]]:
    """Indices of the runs of adjacent name spans ("Anna" "Gstrein"), in text order; with ``first_names``, a
    surname and the first name after its comma are one run too ("Gstrein, Anna")."""
    runs: list[list[int]] = []
    run: list[int] = []
    for k, span in enumerate(spans):
        if span.entity not in NAME_ENTITIES:
            if run:
                runs.append(run)
            run = []
            continue
        if run and _adjacent(text, spans[run[-1]], span):
            run.append(k)
            continue
        if first_names and len(run) == 1 and _surname_comma_first(text, spans[run[0]], span, first_names):
            run.append(k)
            continue
        if run:
            runs.append(run)
        run = [k]
    if run:
        runs.append(run)
    return runs


def _surname_comma_first(text: str, left: Span, right: Span, first_names: Mapping[str, str]) -> bool:
    """ "Gstrein, Anna": a lone surname, a comma, and a first name (not "Anna, Maria": two first names)."""
    gap = text[left.end : right.start]
    if not gap.startswith(",") or gap[1:].strip(" ") or len(gap) > 2:
        return False
    if FIRST_NAME_FLAG in right.flags:  # a first name no list holds, proven by its place ("Pat.: Kranich, Dinesh")
        return True
    return right.ref in first_names and left.ref not in first_names


def _adjacent(text: str, left: Span, right: Span) -> bool:
    gap = text[left.end : right.start]
    return len(gap) <= 3 and all(c in _JOINERS for c in gap)


def type_note(
    typer: NameTyper, text: str, spans: list[Span], patient_id: str = "", tokens: Sequence[Token] | None = None
) -> tuple[list[Span], list[NameEvidence | None]]:
    """``spans`` with each name given the type its note's own evidence settles, and that evidence.

    Within one note the strongest evidence for a person wins (the first of equals); a run over many
    notes settles the same way with counts (``type_resolution.resolve_types``)."""
    evidence = typer.assess(text, spans, patient_id, tokens)
    best: dict[str, NameEvidence] = {}
    for item in evidence:
        if item is not None and (item.key not in best or item.strength > best[item.key].strength):
            best[item.key] = item
    if not best:
        return spans, evidence
    out = spans
    for index, item in enumerate(evidence):
        if item is None:
            continue
        entity = item.entity if item.strength >= _CONTEXT else best[item.key].entity
        if entity is not spans[index].entity:
            if out is spans:
                out = list(spans)
            span = spans[index]  # built directly: dataclasses.replace costs more than the rest of the typing
            out[index] = trusted_span(span.start, span.end, entity, span.masker, span.reason, span.flags, span.ref)
    return out, evidence
