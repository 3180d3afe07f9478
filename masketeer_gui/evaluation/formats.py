"""Export and import gold annotations in common formats: JSONL with offsets, BRAT standoff, CoNLL IOB.

One entry point each way; the formats themselves are in ``gold`` (JSONL), ``brat`` and ``conll``.
Export writes what ``GoldSet`` holds (e.g. ``gold_from_decisions`` of an annotator's marks);
BRAT and CoNLL need the notes' texts (they carry text by nature), JSONL only with ``texts``.
Import reads JSONL and BRAT (CoNLL loses offsets and is read back only for checking round trips).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path

from masketeer_gui.evaluation import brat, conll, gold
from masketeer_gui.evaluation.gold import Annotation, GoldFormatError, GoldSet, check_offsets

__all__ = ["Annotation", "GoldFormat", "GoldFormatError", "GoldSet", "export_gold", "import_gold"]


class GoldFormat(StrEnum):
    JSONL = "jsonl"
    BRAT = "brat"
    CONLL = "conll"


IMPORTABLE = (GoldFormat.JSONL, GoldFormat.BRAT)


def export_gold(
    fmt: GoldFormat,
    target: Path,
    annotations: GoldSet,
    texts: Mapping[str, str] | None = None,
    abbreviations: frozenset[str] = frozenset(),
) -> int:
    """Write ``annotations`` to ``target`` (a file; a folder for BRAT); returns the number of notes.

    JSONL includes each span's surface text only when ``texts`` is given.
    """
    fmt = GoldFormat(fmt)
    if fmt is GoldFormat.JSONL:
        return gold.write_jsonl(target, annotations, texts)
    if texts is None:
        raise ValueError(f"{fmt} export needs the notes' texts")
    if fmt is GoldFormat.BRAT:
        return brat.write_brat(target, annotations, texts)
    return conll.write_conll(target, annotations, texts, abbreviations)


def import_gold(fmt: GoldFormat, source: Path, texts: Mapping[str, str] | None = None) -> GoldSet:
    """Read gold from ``source``; with ``texts`` every note must exist and every span fit in it."""
    fmt = GoldFormat(fmt)
    if fmt not in IMPORTABLE:
        raise GoldFormatError(f"{fmt} cannot be imported (it has no offsets); use jsonl or brat")
    if not source.exists():
        raise GoldFormatError(f"{source}: no such file or folder")
    annotations = gold.read_jsonl(source) if fmt is GoldFormat.JSONL else brat.read_brat(source)
    if texts is not None:
        check_offsets(annotations, texts, str(source))
    return annotations
