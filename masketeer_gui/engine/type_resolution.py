"""One type per person: name-type evidence from every note, aggregated, resolved once, then applied.

The engine types each name in its note (``engine.entities``) and records why, as ``NameEvidence``:
the person the name refers to (``key``), the type the note's own words give it and how strong that
evidence is. A run aggregates the evidence of all its notes into a ``TypeTally`` — a count per
``(key, type, strength)`` and per ``(patient id, patient's name)``, so merging tallies is addition:
associative and commutative, the same whether notes are tallied in one process, in workers, or as a
distributed aggregation over references. ``resolve_types`` turns a tally into a ``TypeResolution``
(each key's strongest, then most frequent, type; each patient id's name), and ``apply_types`` gives
every name span of a note its resolved type. So the same person keeps one type, and one pseudonym,
in every note: a note whose own evidence is weaker takes the type the corpus settled on; only what
the note's words decide outright (a title, a relation word, "Pat.") stays as the note says.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from itertools import compress, repeat
from operator import add, itemgetter
from typing import NamedTuple, TypeVar

from masketeer_gui.engine.span import Entity, Span

K = TypeVar("K")
_SEP = "\x1f"  # between the patient id, the name part and the gender of a lone name's key
_KEY = itemgetter(0)  # a vote's key
_TIE_ORDER = {Entity.PAT: 0, Entity.HCP: 1, Entity.PER: 2}  # equal strength and count: the earlier wins


class Strength(IntEnum):
    """How sure the evidence for a name's type is (stronger evidence wins)."""

    DEFAULT = 0  # a masker's default for a name no list decides ("Frau Huber" is most often the patient)
    LISTED = 1  # a name part in exactly one deployment list
    SIGNATURE = 2  # a name closing a note: the staff member who wrote it, or the relative who wrote a message
    FULL_NAME = 3  # the whole name is a listed entry, or the note's own patient (or a relative sharing the surname)
    CONTEXT = 4  # the words around it decide: an HCP title, a relation word, "Pat."


# read per note (``TypeTally.add``) and per name (``resolved_entity``): an enum member read through its class
# costs a descriptor call (~0.2 us), a module constant a dictionary look-up
_HCP, _PAT, _PER = Entity.HCP, Entity.PAT, Entity.PER
_DEFAULT, _SIGNATURE, _FULL_NAME, _CONTEXT = Strength.DEFAULT, Strength.SIGNATURE, Strength.FULL_NAME, Strength.CONTEXT


class NameEvidence(NamedTuple):
    """Why one name span has its type: the person it refers to, the type, and how sure.

    ``key`` identifies the person across notes: the folded parts of a full name ("huber maria"), an
    initial with a surname ("m. huber"), or, for a lone name part, the part scoped to the note's
    patient id ("P017\\x1fhuber"). ``fallback`` is a wider key for the same name (a lone part across
    all patients) that collects HCP evidence only, since staff recur across patients and relatives do
    not; it decides when it holds stronger evidence than the name's own key. ``parts`` are
    the folded name parts of the whole name, ``gender`` what a salutation or first name says.
    """

    key: str
    entity: Entity
    strength: Strength
    parts: tuple[str, ...] = ()
    gender: str = ""
    fallback: str = ""


@dataclass(frozen=True, slots=True)
class PatientName:
    """Who a patient id's patient is: the folded parts of the name and its gender ('' when unknown)."""

    parts: frozenset[str]
    gender: str = ""

    def __reduce__(self) -> tuple[type[PatientName], tuple[frozenset[str], str]]:
        return PatientName, (self.parts, self.gender)  # rebuilt through the constructor: see ``TypeResolution``


@dataclass
class TypeTally:
    """Counts of typed evidence per key and of patient names per patient id; ``+`` merges two tallies."""

    votes: Counter[tuple[str, Entity, Strength]] = field(default_factory=Counter)
    patients: Counter[tuple[str, tuple[str, ...], str]] = field(default_factory=Counter)

    def add(self, evidence: Iterable[NameEvidence | None], patient_id: str = "") -> None:
        """Count one note's evidence; names the note proves to be its patient name the patient id.

        Per worker note: counts go through ``dict.get`` (a missing key costs ``Counter.__missing__``, a Python
        call) and the enum members are module constants (read through their class they cost a descriptor)."""
        votes = self.votes
        previous: NameEvidence | None = None
        for item in evidence:
            if item is None or item is previous:  # the spans of one name share their evidence: one vote
                continue
            previous = item
            key = (item.key, item.entity, item.strength)
            votes[key] = votes.get(key, 0) + 1
            if item.fallback and item.entity is _HCP:  # staff recur across patients; relatives do not
                key = (item.fallback, item.entity, item.strength)
                votes[key] = votes.get(key, 0) + 1
            if patient_id and item.entity is _PAT and item.strength >= _FULL_NAME and len(item.parts) > 1:
                self.patients[(patient_id, tuple(sorted(item.parts)), item.gender)] += 1

    def merge(self, other: TypeTally) -> None:
        """Add ``other``'s counts to this tally (order does not matter).

        Per chunk in the parent: a loop of ``dict.get`` (``Counter.update`` runs the same loop, interpreted even
        in the compiled build)."""
        _add_counts(self.votes, other.votes)
        _add_counts(self.patients, other.patients)

    def __add__(self, other: TypeTally) -> TypeTally:
        out = TypeTally(Counter(self.votes), Counter(self.patients))
        out.merge(other)
        return out


def _add_counts(counts: dict[K, int], more: dict[K, int]) -> None:
    for key, count in more.items():
        counts[key] = counts.get(key, 0) + count


@dataclass(frozen=True)
class TypeResolution:
    """Each key's resolved type with the strength that decided it, and each patient id's patient."""

    types: dict[str, tuple[Entity, Strength]] = field(default_factory=dict)
    patients: dict[str, PatientName] = field(default_factory=dict)
    patient_parts: frozenset[str] = frozenset()  # every part of every patient's name

    def __reduce__(
        self,
    ) -> tuple[type[TypeResolution], tuple[dict[str, tuple[Entity, Strength]], dict[str, PatientName], frozenset[str]]]:
        """Pickled (Spark broadcasts it) and copied through the constructor: compiled (``scripts/build_compiled.sh``),
        a frozen dataclass cannot be rebuilt field by field."""
        return TypeResolution, (self.types, self.patients, self.patient_parts)


def resolve_types(tally: TypeTally, known_patients: dict[str, PatientName] | None = None) -> TypeResolution:
    """Per key the strongest type (ties: the most frequent, then PAT, HCP, PER); per patient id the name
    most often proven to be its patient, unless ``known_patients`` (from the lists) names it."""
    votes: Mapping[tuple[str, Entity, Strength], int] = tally.votes
    links = _gender_links(set(map(_KEY, votes)))
    if links:
        votes = _linked_votes(votes, links)
    types: dict[str, tuple[Entity, Strength]] = {}
    counts: dict[str, int] = {}
    for (key, entity, strength), count in votes.items():
        known = types.get(key)
        if known is None or _outranks(entity, strength, count, known, counts[key]):
            types[key] = (entity, strength)
            counts[key] = count
    types.update({key: types[person] for key, person in links.items()})
    patients: dict[str, PatientName] = {}
    ranked: dict[str, tuple[int, tuple[str, ...], str]] = {}
    for (patient_id, parts, gender), count in tally.patients.items():
        candidate = (count, parts, gender)
        if patient_id not in ranked or candidate > ranked[patient_id]:
            ranked[patient_id] = candidate
    for patient_id, (_, parts, gender) in ranked.items():
        patients[patient_id] = PatientName(frozenset(parts), gender)
    patients.update(known_patients or {})
    every_part = frozenset(part for patient in patients.values() for part in patient.parts)
    return TypeResolution(types, patients, every_part)


def _outranks(entity: Entity, strength: Strength, count: int, known: tuple[Entity, Strength], known_count: int) -> bool:
    """Whether a type with this strength and count beats the one known so far (stronger, then more
    frequent, then PAT before HCP before PER): a total order, so the order of the votes never matters."""
    if strength != known[1]:
        return strength > known[1]
    if count != known_count:
        return count > known_count
    return _tie(entity) < _tie(known[0])


def _tie(entity: Entity) -> tuple[int, str]:
    return (_TIE_ORDER.get(entity, 3), entity.value)


def _linked_votes(
    votes: Mapping[tuple[str, Entity, Strength], int], links: Mapping[str, str]
) -> dict[tuple[str, Entity, Strength], int]:
    """``votes`` with each linked key's votes counted under the key it links to (the few found at C speed)."""
    out = dict(votes)
    for vote in list(compress(out, map(links.__contains__, map(_KEY, out)))):
        count = out.pop(vote)
        linked = (links[vote[0]], vote[1], vote[2])
        out[linked] = out.get(linked, 0) + count
    return out


def _gender_links(keys: set[str]) -> dict[str, str]:
    """Per lone-name key that no gender scopes ("P1\x1fhuber\x1f": nothing in its note said "Herr" or
    "Frau") the key of the same name with a gender, when exactly one gender of it occurs in the run:
    that is the person it refers to, so both keys count as one. (A run's ~10^4 keys are looked up in
    bulk, at C speed: only the few that link are handled one by one.)"""
    unscoped = [key for key in keys if key[-1:] == _SEP and key.count(_SEP) == 2]  # (faster than endswith)
    links = {key[:-1]: key for key in keys.intersection(map(add, unscoped, repeat("f")))}
    for key in keys.intersection(map(add, unscoped, repeat("m"))):
        if links.pop(key[:-1], None) is None:  # a name with both genders in the run: nothing says which
            links[key[:-1]] = key
    return links


def resolved_entity(
    evidence: NameEvidence | tuple[str, Entity, Strength, tuple[str, ...], str, str],
    resolution: TypeResolution,
    patient_id: str = "",
) -> Entity:
    """The type one name gets: its own when its words decide, else the patient's or the corpus's.

    ``evidence``: a ``NameEvidence`` or the plain tuple of its fields (as ``engine.retype`` keeps it).
    """
    key, own, strength, parts, gender, fallback = evidence
    if strength >= _CONTEXT:
        return own
    patient = resolution.patients.get(patient_id) if patient_id else None
    if patient is not None and strength < _FULL_NAME:
        by_patient = patient_entity(parts, gender, patient)
        if by_patient is not None and not (by_patient is _PER and _staff_signature(own, strength)):
            return by_patient
    entity = own
    decided = resolution.types.get(key)
    if decided is not None and decided[1] >= strength:
        entity, strength = decided
    wider = resolution.types.get(fallback) if fallback else None
    if wider is not None and (wider[1] > strength or _signs_as_staff_elsewhere(entity, strength, wider)):
        entity, strength = wider
    unfiled = not patient_id and strength is _DEFAULT and entity is _PER
    if unfiled and _patient_surname(parts, gender, resolution):
        entity = _PAT  # "Pat. mit Sturz (Huber)" in a team note filed under no patient: the run's patient
    return entity


def _staff_signature(entity: Entity, strength: Strength) -> bool:
    """A staff member's signature or a letter's formal addressee: the patient's surname on the other
    gender only guesses a relative, and yields to it."""
    return entity is _HCP and strength is _SIGNATURE


def _signs_as_staff_elsewhere(entity: Entity, strength: Strength, wider: tuple[Entity, Strength]) -> bool:
    """A signer this note takes for a relative (it is written in the first person) whose name signs
    notes as staff as surely elsewhere: staff recur across patients, relatives do not."""
    return strength is _SIGNATURE and entity is _PER and wider == (_HCP, _SIGNATURE)


def _patient_surname(parts: Sequence[str], gender: str, resolution: TypeResolution) -> bool:
    """A lone name with no gender (so no known first name) that is part of a patient's name in the run."""
    return len(parts) == 1 and not gender and parts[0] in resolution.patient_parts


def patient_entity(parts: Sequence[str], gender: str, patient: PatientName) -> Entity | None:
    """PAT for the note's patient ("Huber", "Maria Huber"), PER for a relative who shares the surname
    (another first name, or the other gender); None for a name that is not the patient's."""
    if not parts or patient.parts.isdisjoint(parts):
        return None
    if not patient.parts.issuperset(parts):
        return _PER if len(parts) > 1 else None
    if gender and patient.gender and gender != patient.gender:
        return _PER
    return _PAT


def apply_types(
    spans: Sequence[Span],
    evidence: Sequence[NameEvidence | None],
    resolution: TypeResolution,
    patient_id: str = "",
) -> list[Span]:
    """``spans`` with each name span (one with evidence) given its resolved type."""
    out = list(spans)
    for index, (span, item) in enumerate(zip(spans, evidence, strict=True)):
        if item is None:
            continue
        entity = resolved_entity(item, resolution, patient_id)
        if entity is not span.entity:
            out[index] = replace(span, entity=entity)
    return out
