"""The lists the residual-risk score reads: rare conditions, professions, towns with city status.

``dictionaries/rare_conditions.txt`` and ``dictionaries/professions.txt`` (project, MIT) and
``dictionaries/cities_at.txt`` (Faker de_AT, MIT; written by ``scripts/build_surrogate_pools.py``).
A town of the ZIP list that is not a city counts as a small town. Conditions are matched as
sequences of folded tokens (the tokenizer keeps hyphen chains whole: "marfan-syndrom").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from masketeer_gui.engine.lexicon_files import read_phrases
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.text import tokenize
from masketeer_gui.package_data import reading_data

FILES = ("rare_conditions.txt", "professions.txt", "cities_at.txt")


@dataclass(frozen=True)
class RiskData:
    """Folded look-up sets for the risk score."""

    conditions: dict[str, tuple[tuple[str, ...], ...]]  # first folded token -> token sequences, longest first
    professions: frozenset[str]
    cities: frozenset[str]  # folded single words of towns with city status ("innsbruck", "hall")

    @classmethod
    def of(cls, conditions: list[str], professions: list[str], cities: list[str]) -> RiskData:
        table: dict[str, list[tuple[str, ...]]] = {}
        for phrase in conditions:
            words = tuple(t.folded for t in tokenize(phrase) if t.is_word)
            if words:
                table.setdefault(words[0], []).append(words)
        ordered = {k: tuple(sorted(v, key=len, reverse=True)) for k, v in table.items()}
        city_words = {fold(w) for city in cities for w in city.replace("-", " ").split() if len(w) > 2}
        return cls(ordered, frozenset(fold(p) for p in professions), frozenset(city_words))

    @classmethod
    def load(cls, directory: Path) -> RiskData:
        with reading_data():
            lists = [read_phrases(directory / name) if (directory / name).is_file() else [] for name in FILES]
        return cls.of(*lists)


@lru_cache(maxsize=2)
def load_risk_data(directory: Path | None = None) -> RiskData:
    """The shipped lists (or those of ``directory``), read once per process."""
    from masketeer_gui.engine.lexicon_loader import default_dictionary_dir

    return RiskData.load(directory or default_dictionary_dir())
