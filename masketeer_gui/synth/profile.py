"""Descriptive statistics of a corpus and its gold, to compare with the paper (section 2.1, Table 6).

Only counts and shares: nothing here contains note text or names.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from masketeer_gui.synth.gold import GoldNote


def _summary(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {"median": 0, "mean": 0, "sd": 0, "min": 0, "max": 0}
    return {
        "median": statistics.median(values),
        "mean": round(statistics.fmean(values), 2),
        "sd": round(statistics.pstdev(values), 2),
        "min": min(values),
        "max": max(values),
    }


def corpus_profile(notes: Sequence[dict[str, Any]], gold: Sequence[GoldNote]) -> dict[str, Any]:
    """Token lengths, PHI-free share, spans per note, entity mix, hard-case tags and traps."""
    lengths = [len(str(n["text"]).split()) for n in notes]
    per_note = [len(g.spans) for g in gold]
    entities = Counter(str(s.entity) for g in gold for s in g.spans)
    total = sum(entities.values()) or 1
    return {
        "notes": len(notes),
        "tokens": _summary(lengths),
        "no_phi_share": round(sum(1 for c in per_note if c == 0) / max(1, len(per_note)), 4),
        "spans_per_note": _summary(per_note),
        "at_most_5_spans_share": round(sum(1 for c in per_note if c <= 5) / max(1, len(per_note)), 4),
        "entities": {e: {"count": c, "share": round(c / total, 4)} for e, c in entities.most_common()},
        "kinds": dict(Counter(s.kind for g in gold for s in g.spans).most_common()),
        "tags": dict(Counter(t for g in gold for s in g.spans for t in s.tags).most_common()),
        "traps": dict(Counter(t.trap for g in gold for t in g.trap_spans).most_common()),
        "notes_with_trap": dict(Counter(t for g in gold for t in g.traps).most_common()),
        "patients": len({n.get("patient_id") for n in notes}),
        "authors": len({n.get("author") for n in notes}),
        "dates": [min(n["date"] for n in notes), max(n["date"] for n in notes)] if notes else [],
    }
