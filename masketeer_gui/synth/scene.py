"""The state one note is written in: who it is about, who writes, and what the deployment lists know."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TypeVar

from masketeer_gui.engine.normalize import fold
from masketeer_gui.synth.population import Cast, Patient, Person

T = TypeVar("T")


@dataclass(slots=True)
class Scene:
    """One note's context. ``listed`` holds the folded words of the ``--names`` lists."""

    rng: Random
    cast: Cast
    patient: Patient
    author: Person
    listed: frozenset[str]
    used: set[str] = field(default_factory=set)

    def pick(self, options: Sequence[T]) -> T:
        return options[int(self.rng.random() * len(options))]

    def fresh(self, options: Sequence[str]) -> str:
        """A template not yet used in this note, if three tries find one."""
        choice = self.pick(options)
        for _ in range(3):
            if choice not in self.used:
                break
            choice = self.pick(options)
        self.used.add(choice)
        return choice

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def colleague(self, doctor: bool) -> Person:
        """A team member of the patient (not the author), or any author of that profession."""
        authors = self.cast.authors
        team = [authors[i] for i in self.patient.team if authors[i] is not self.author]
        wanted = [p for p in team if (p.profession == "doctor") == doctor]
        if wanted and self.rng.random() < 0.8:
            return self.pick(wanted)
        pool = [p for p in authors if (p.profession == "doctor") == doctor and p is not self.author]
        return self.pick(pool or list(authors))

    def gp(self) -> Person:
        return self.cast.gps[self.patient.gp]

    def relative(self) -> Person:
        return self.pick(self.patient.relatives)


def listed_words(lists: dict[str, list[str]]) -> frozenset[str]:
    """Folded words (and hyphen parts) of every entry of the deployment name lists."""
    words: set[str] = set()
    for key in ("patients", "hcps", "persons"):
        for entry in lists.get(key, []):
            for word in entry.split():
                words.add(fold(word))
                words.update(fold(part) for part in word.split("-"))
    return frozenset(words)


def weighted(pairs: Iterable[tuple[T, float]]) -> tuple[T, ...]:
    """Expand ``(value, weight)`` pairs into a tuple for uniform picking (weights rounded to integers)."""
    return tuple(value for value, weight in pairs for _ in range(max(1, round(weight))))
