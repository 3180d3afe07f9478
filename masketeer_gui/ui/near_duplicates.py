"""Near-duplicate hints for curated terms (typos, spelling variants) with rapidfuzz."""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz, process

from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.ui.project_api import TermRow

CUTOFF = 80.0


def similar_terms(
    term: str, rows: Sequence[TermRow], limit: int = 5, exclude: int | None = None
) -> list[tuple[TermRow, float]]:
    """Entries whose folded text is at least ``CUTOFF`` % similar to ``term`` (best first)."""
    others = [r for r in rows if r.id != exclude]
    if not term.strip() or not others:
        return []
    choices = [fold_phrase(r.term) for r in others]
    hits = process.extract(fold_phrase(term), choices, scorer=fuzz.ratio, limit=limit, score_cutoff=CUTOFF)
    return [(others[i], score) for _, score, i in hits]


def near_duplicates(row: TermRow, rows: Sequence[TermRow], limit: int = 5) -> list[tuple[TermRow, float]]:
    """Other entries similar to ``row``."""
    return similar_terms(row.term, rows, limit, exclude=row.id)
