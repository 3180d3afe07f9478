"""The cast of a synthetic corpus: patients with relatives and addresses, authors (HCPs), GPs, sites.

Every person has a ``listed`` flag: whether the hospital database (the ``--names`` file) knows them.
Most do; some do not, as in a real deployment (new staff, relatives, GPs from elsewhere).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from masketeer_gui.engine.span import Entity
from masketeer_gui.synth import vocab
from masketeer_gui.synth.typos import has_umlaut, to_ascii

P_LISTED = {Entity.PAT: 0.80, Entity.HCP: 0.88, Entity.PER: 0.25}
P_RARE = {Entity.PAT: 0.07, Entity.HCP: 0.04, Entity.PER: 0.12}
P_RARE_LISTED = 0.35  # rare names are more often missing from the database
P_COMPOUND = 0.3  # share of compound farm-name surnames (mostly unique, so often in no list)


@dataclass(frozen=True, slots=True)
class Person:
    """Someone a note can name. ``db_first``/``db_last`` are the database spellings (may lack umlauts)."""

    key: str
    role: Entity
    first: str
    last: str
    gender: str  # "f" or "m"
    listed: bool = True
    rare: bool = False
    nickname: str = ""
    profession: str = ""  # HCPs: "doctor", "nurse", "therapist", "gp"
    relation: str = ""  # relatives: "Tochter", "Gatte", …
    db_first: str = ""
    db_last: str = ""


@dataclass(frozen=True, slots=True)
class Patient:
    """A programme patient: the person, their id, relatives, address, phone and care team."""

    person: Person
    patient_id: str
    relatives: tuple[Person, ...]
    street: str
    house: str
    zip_code: str
    town: str
    phone: str
    team: tuple[int, ...]  # indices into Cast.authors
    gp: int  # index into Cast.gps
    activity: float  # how often the patient gets notes (relative)
    body_kg: float  # usual body weight, so a note's weights agree
    enrolled: int  # first day in the programme (date ordinal)
    days: int  # days in the programme


@dataclass(frozen=True, slots=True)
class Site:
    canonical: str
    variants: tuple[str, ...]
    listed: bool


@dataclass(frozen=True, slots=True)
class Cast:
    """Everyone and everything a corpus refers to."""

    patients: tuple[Patient, ...]
    authors: tuple[Person, ...]
    gps: tuple[Person, ...]
    sites: tuple[Site, ...]
    extras: dict[str, str] = field(default_factory=dict)


class NameFactory:
    """Draws names: common Tyrolean ones mostly, rare and foreign ones sometimes."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def first(self, gender: str, rare: bool) -> str:
        rng = self.rng
        if rare:
            return rng.choice(vocab.RARE_FEMALE_FIRST if gender == "f" else vocab.RARE_MALE_FIRST)
        if rng.random() < 0.04:
            return rng.choice(vocab.FEMALE_DOUBLE_FIRST if gender == "f" else vocab.MALE_DOUBLE_FIRST)
        return rng.choice(vocab.FEMALE_FIRST if gender == "f" else vocab.MALE_FIRST)

    def last(self, rare: bool, double: float = 0.03) -> str:
        rng = self.rng
        if rare:
            name = rng.choice(vocab.RARE_SURNAMES)
        elif rng.random() < P_COMPOUND:
            name = rng.choice(vocab.SURNAME_HEADS) + rng.choice(vocab.SURNAME_TAILS)
        else:
            name = rng.choice(vocab.SURNAMES)
        if rng.random() < double:
            other = rng.choice(vocab.SURNAMES)
            if other != name:
                name = f"{name}-{other}"
        return name

    def person(self, key: str, role: Entity, gender: str = "", **extra: str) -> Person:
        rng = self.rng
        gender = gender or rng.choice("fm")
        rare = rng.random() < P_RARE[role]
        first = extra.pop("first", "") or self.first(gender, rare)
        last = extra.pop("last", "") or self.last(rare)
        listed = rng.random() < (P_RARE_LISTED if rare else P_LISTED[role])
        nick = rng.choice(vocab.NICKNAMES[first]) if first in vocab.NICKNAMES and rng.random() < 0.8 else ""
        db_first, db_last = (
            (to_ascii(first), to_ascii(last)) if (has_umlaut(first + last) and rng.random() < 0.3) else (first, last)
        )
        return Person(key, role, first, last, gender, listed, rare, nick, db_first=db_first, db_last=db_last, **extra)
