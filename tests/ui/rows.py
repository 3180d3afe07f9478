"""Synthetic note rows for model tests (no project needed)."""

from __future__ import annotations

import random

from masketeer_gui.engine.span import Entity
from masketeer_gui.ui.project_api import NoteRow, ReviewStatus


def make_rows(n: int, seed: int = 7) -> list[NoteRow]:
    rng = random.Random(seed)
    rows = []
    for i in range(1, n + 1):
        counts = {e: rng.randint(1, 3) for e in Entity if rng.random() < 0.15}
        total = sum(counts.values())
        rows.append(
            NoteRow(
                id=i,
                external_id=f"N{i:06d}",
                patient_id=f"P{rng.randint(1, 400):04d}",
                author=None,
                length=rng.randint(5, 2000),
                batch_id=1,
                analyzed=True,
                counts=counts,
                spans=total,
                flagged=rng.randint(0, min(total, 2)) if total else 0,
                corrections=0,
                stale_corrections=0,
                review=ReviewStatus.REVIEWED if rng.random() < 0.2 else ReviewStatus.OPEN,
            )
        )
    return rows
