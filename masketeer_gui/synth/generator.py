"""Generate a synthetic HerzMobil-like corpus with gold spans and deployment name lists.

``generate(n, seed)`` is deterministic: the same arguments give the same notes, gold and lists
(string seeds go through SHA-512 in ``random.Random``, so no hash randomisation leaks in).
Note lengths follow the paper's profile (median ~21 tokens, mean ~35, long tail to ~600).
"""

from __future__ import annotations

import math
from bisect import bisect
from dataclasses import dataclass
from datetime import date
from itertools import accumulate
from random import Random
from typing import Any

from masketeer_gui.synth.builder import assemble
from masketeer_gui.synth.cast import build_cast, cast_size, deployment_lists
from masketeer_gui.synth.compose import compose
from masketeer_gui.synth.gold import GoldNote
from masketeer_gui.synth.scene import Scene, listed_words

LENGTH_MEDIAN, LENGTH_SIGMA, MAX_TOKENS = 20.0, 1.03, 600
P_TEAM_AUTHOR = 0.85


@dataclass(frozen=True)
class SynthCorpus:
    """Notes in the docs/CONTRACT.md corpus format, their gold, and the ``--names`` lists."""

    notes: list[dict[str, Any]]
    gold: list[GoldNote]
    names: dict[str, Any]


def note_length(rng: Random) -> int:
    """A target length in tokens: log-normal, at least 1, at most ``MAX_TOKENS``."""
    while True:
        value = round(rng.lognormvariate(math.log(LENGTH_MEDIAN), LENGTH_SIGMA))
        if value <= MAX_TOKENS:
            return max(1, value)


def generate(n: int, seed: int, patients: int | None = None, authors: int | None = None) -> SynthCorpus:
    """``n`` notes about ``patients`` patients by ``authors`` authors (default: the paper's, scaled)."""
    default_patients, default_authors = cast_size(n)
    cast_rng = Random(f"masketeer-synth-cast:{seed}")
    cast = build_cast(cast_rng, patients or default_patients, authors or default_authors)
    names = deployment_lists(cast, cast_rng)
    listed = listed_words(names)
    rng = Random(f"masketeer-synth-notes:{seed}")
    cumulative = list(accumulate(p.activity for p in cast.patients))
    drafts = []
    for i in range(n):
        drawn = min(bisect(cumulative, rng.random() * cumulative[-1]), len(cast.patients) - 1)
        patient = cast.patients[i if i < len(cast.patients) else drawn]  # every patient gets a note
        team_pick = rng.random() < P_TEAM_AUTHOR
        author = cast.authors[rng.choice(patient.team)] if team_pick else rng.choice(cast.authors)
        text, spans, traps = assemble(compose(Scene(rng, cast, patient, author, listed), note_length(rng)))
        day = patient.enrolled + rng.randrange(patient.days + 1)
        drafts.append((day, i, text, spans, traps, patient.patient_id, author.key))
    drafts.sort(key=lambda d: (d[0], d[1]))
    notes, gold = [], []
    for number, (day, _, text, spans, traps, patient_id, author_key) in enumerate(drafts, start=1):
        note_id = f"N{number:06d}"
        notes.append(
            {
                "id": note_id,
                "text": text,
                "patient_id": patient_id,
                "author": author_key,
                "date": date.fromordinal(day).isoformat(),
            }
        )
        gold.append(GoldNote(note_id, tuple(spans), tuple(traps)))
    return SynthCorpus(notes, gold, names)
