"""Gold annotations of a synthetic corpus: PHI spans (what must be masked) and trap spans (what must not).

One JSON line per note::

    {"id": "N000017", "spans": [{"start": 6, "end": 11, "entity": "PAT", "kind": "salutation",
      "tags": ["salutation"]}], "traps": ["eponym"],
     "trap_spans": [{"start": 30, "end": 46, "trap": "eponym"}]}

``kind`` is the span's single hardest property (``KIND_PRIORITY``); ``tags`` lists all of them, so
accuracy can be broken down per hard case. ``traps`` are the negative cases the note contains.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from masketeer_gui.engine.span import Entity

# Hardest first: a misspelt, unlisted name without salutation is reported as "typo".
KIND_PRIORITY = (
    "typo",
    "nickname",
    "rare",
    "unlisted",
    "initial",
    "umlaut-variant",
    "hyphenated",
    "no-salutation",
    "role-word",
    "signoff",
    "greeting",
    "full-name",
    "salutation",
    "site-variant",
    "site",
    "regex",
)
NAME_KINDS = frozenset(KIND_PRIORITY[:13])
TRAP_KINDS = (
    "eponym",
    "noun-after-name",
    "surname-noun",
    "phone-like",
    "freitag",
    "greeting-noun",
    "generic-site",
    "town",
    "dialect",
    "role-noun",
    "salutation-word",
)


def primary_kind(tags: Sequence[str]) -> str:
    """The hardest of ``tags`` by ``KIND_PRIORITY`` (the first tag if none is ranked)."""
    for kind in KIND_PRIORITY:
        if kind in tags:
            return kind
    return tags[0] if tags else "other"


@dataclass(frozen=True, slots=True)
class GoldSpan:
    """A stretch ``text[start:end]`` that must be masked, with its entity type and hard-case tags.

    ``text`` repeats the surface form so a gold file can be checked against its corpus.
    """

    start: int
    end: int
    entity: Entity
    tags: tuple[str, ...] = ()
    text: str = ""

    @property
    def kind(self) -> str:
        return primary_kind(self.tags)

    def to_dict(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "entity": str(self.entity),
            "kind": self.kind,
            "tags": list(self.tags),
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class TrapSpan:
    """A stretch that looks like PHI but is not (an eponym, a blood pressure, "Fr." for Friday…)."""

    start: int
    end: int
    trap: str

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "trap": self.trap}


@dataclass(frozen=True, slots=True)
class GoldNote:
    """The gold standard of one note."""

    id: str
    spans: tuple[GoldSpan, ...] = ()
    trap_spans: tuple[TrapSpan, ...] = ()

    @property
    def traps(self) -> tuple[str, ...]:
        """The distinct trap kinds in this note, sorted."""
        return tuple(sorted({t.trap for t in self.trap_spans}))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "spans": [s.to_dict() for s in self.spans],
            "traps": list(self.traps),
            "trap_spans": [t.to_dict() for t in self.trap_spans],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoldNote:
        spans = tuple(
            GoldSpan(
                s["start"],
                s["end"],
                Entity(s["entity"]),
                tuple(s.get("tags") or [s.get("kind", "")]),
                s.get("text", ""),
            )
            for s in data.get("spans", [])
        )
        traps = tuple(TrapSpan(t["start"], t["end"], t["trap"]) for t in data.get("trap_spans", []))
        return cls(str(data["id"]), spans, traps)


def write_jsonl(path: Path, records: Iterable[dict[str, Any]]) -> int:
    """Write one compact JSON object per line (UTF-8, umlauts unescaped); returns the count."""
    count = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    return count


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSONL file, blank lines skipped."""
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def read_gold(path: Path) -> list[GoldNote]:
    """A gold file written by ``write_jsonl`` of ``GoldNote.to_dict``."""
    return [GoldNote.from_dict(record) for record in read_jsonl(path)]
