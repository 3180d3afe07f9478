"""Build the cast of a corpus (patients, relatives, authors, GPs, sites) and its deployment name lists."""

from __future__ import annotations

from datetime import date
from random import Random
from typing import Any

from masketeer_gui.engine.span import Entity
from masketeer_gui.synth import vocab
from masketeer_gui.synth.population import Cast, NameFactory, Patient, Person, Site

PAPER_NOTES, PAPER_PATIENTS, PAPER_AUTHORS = 35_579, 1022, 203
_FEMALE_RELATIONS = (
    "Tochter",
    "Gattin",
    "Ehefrau",
    "Lebensgefährtin",
    "Schwester",
    "Nachbarin",
    "Schwiegertochter",
    "Enkelin",
    "Nichte",
    "Heimhilfe",
    "Erwachsenenvertreterin",
)
_MALE_RELATIONS = (
    "Sohn",
    "Gatte",
    "Ehemann",
    "Lebensgefährte",
    "Bruder",
    "Nachbar",
    "Schwiegersohn",
    "Enkel",
    "Neffe",
    "Erwachsenenvertreter",
)
_SPOUSES = {"f": "Gattin", "m": "Gatte"}
FIRST_DAY, LAST_DAY = date(2016, 4, 1).toordinal(), date(2022, 11, 30).toordinal()
_PROFESSIONS = (("nurse", 0.58), ("doctor", 0.36), ("therapist", 0.06))


def cast_size(n_notes: int) -> tuple[int, int]:
    """Patients and authors for a corpus of ``n_notes``: the paper's 1022 and 203, scaled down."""
    share = min(1.0, n_notes / PAPER_NOTES)
    return max(20, round(PAPER_PATIENTS * share)), max(12, round(PAPER_AUTHORS * share))


def build_cast(rng: Random, n_patients: int, n_authors: int) -> Cast:
    """A reproducible cast: the same ``rng`` state gives the same people."""
    names = NameFactory(rng)
    authors = tuple(_author(names, i) for i in range(n_authors))
    gps = tuple(names.person(f"G{i:04d}", Entity.HCP, profession="gp") for i in range(max(8, n_patients // 4)))
    sites = tuple(Site(c, v, rng.random() < 0.9) for c, v in vocab.MEDICAL_SITES)
    nurses = [i for i, a in enumerate(authors) if a.profession != "doctor"] or [0]
    doctors = [i for i, a in enumerate(authors) if a.profession == "doctor"] or [0]
    patients = tuple(_patient(names, i, nurses, doctors, len(gps)) for i in range(n_patients))
    return Cast(patients, authors, gps, sites)


def _author(names: NameFactory, index: int) -> Person:
    roll, profession = names.rng.random(), "therapist"
    for name, share in _PROFESSIONS:
        if roll < share:
            profession = name
            break
        roll -= share
    gender = "f" if names.rng.random() < (0.8 if profession == "nurse" else 0.5) else "m"
    return names.person(f"A{index:03d}", Entity.HCP, gender, profession=profession)


def _patient(names: NameFactory, index: int, nurses: list[int], doctors: list[int], n_gps: int) -> Patient:
    rng = names.rng
    person = names.person(f"P{index + 1:04d}", Entity.PAT)
    relatives = tuple(_relative(names, person, index, k) for k in range(rng.choice((1, 1, 2, 2, 2, 3, 4))))
    zip_code, town = rng.choice(vocab.ZIP_TOWNS)
    team = (
        *rng.sample(nurses, min(2, len(nurses))),
        *rng.sample(doctors, min(rng.choice((1, 2)), len(doctors))),
    )
    house = str(rng.randint(1, 60)) + rng.choice(("", "", "", "a", "b", "/2", "/5"))
    days = rng.randint(60, 720)
    enrolled = rng.randint(FIRST_DAY, LAST_DAY - 30)
    return Patient(
        person,
        f"P{index + 1:04d}",
        relatives,
        rng.choice(vocab.STREETS),
        house,
        zip_code,
        town,
        _mobile(rng),
        team,
        rng.randrange(n_gps),
        rng.lognormvariate(0, 0.8),
        rng.uniform(55, 120),
        enrolled,
        min(days, LAST_DAY - enrolled),
    )


def _relative(names: NameFactory, patient: Person, index: int, k: int) -> Person:
    rng = names.rng
    key = f"R{index + 1:04d}{k}"
    if k == 0 and rng.random() < 0.7:
        gender = "m" if patient.gender == "f" else "f"
        last = patient.last if rng.random() < 0.85 else ""
        return names.person(key, Entity.PER, gender, last=last, relation=_SPOUSES[gender])
    gender = rng.choice("fm")
    relation = rng.choice(_FEMALE_RELATIONS if gender == "f" else _MALE_RELATIONS)
    last = ""
    if relation in ("Tochter", "Sohn", "Enkelin", "Enkel", "Schwester", "Bruder") and rng.random() < 0.6:
        last = patient.last if relation != "Tochter" or rng.random() < 0.5 else f"{names.last(False, 0)}-{patient.last}"
    return names.person(key, Entity.PER, gender, last=last, relation=relation)


def _mobile(rng: Random) -> str:
    return rng.choice(vocab.MOBILE_PREFIXES) + str(rng.randint(1_000_000, 9_999_999))


def deployment_lists(cast: Cast, rng: Random) -> dict[str, Any]:
    """The ``--names`` JSON a hospital database would give: listed people (some as surname only) and sites."""

    def entry(p: Person) -> str:
        return p.db_last if rng.random() < 0.05 else f"{p.db_first} {p.db_last}"

    relatives = [r for p in cast.patients for r in p.relatives]
    return {
        "patients": [entry(p.person) for p in cast.patients if p.person.listed],
        "hcps": [entry(h) for h in (*cast.authors, *cast.gps) if h.listed],
        "persons": [entry(r) for r in relatives if r.listed],
        "medical_sites": [s.canonical for s in cast.sites if s.listed],
    }
