"""A small synthetic corpus with gold for store-backed evaluation tests (the fake engine of tests/store).

The fake engine masks the word after "Dr." as HCP and after "Herr"/"Frau" as PER. Sentences:
"Dr. X ruft an." (found, right type), "Frau X kommt." (found as PER, truly PAT: wrong type),
"X war da." (missed), "Herr Doktor meint, gut." ("Doktor" masked: an FP), "Werte stabil." (nothing).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

NAMES = ("Hofer", "Gruber", "Maier", "Wimmer", "Egger", "Pichler", "Moser", "Berger", "Huber", "Wallner")
SENTENCES = (
    ("Dr. {} ruft an. ", "HCP", 4),
    ("Frau {} kommt. ", "PAT", 5),
    ("{} war da. ", "PAT", 0),
    ("Herr Doktor meint, gut. ", None, None),
    ("Werte stabil. ", None, None),
)


def make_corpus(n: int = 60, seed: int = 5) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Notes and their gold (JSONL records), reproducible from ``seed``."""
    rng = random.Random(seed)
    notes, gold = [], []
    for i in range(n):
        text, spans = "", []
        for _ in range(rng.choice((1, 1, 2, 3, 4, 6))):
            template, entity, offset = rng.choice(SENTENCES)
            name = rng.choice(NAMES)
            if entity is not None and offset is not None:
                start = len(text) + offset
                spans.append({"start": start, "end": start + len(name), "entity": entity})
            text += template.format(name)
        notes.append({"id": f"E{i:03d}", "text": text.strip()})
        gold.append({"id": f"E{i:03d}", "spans": spans})
    return notes, gold


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path
