"""Export and import gold annotations in common formats: JSONL with offsets, BRAT standoff, CoNLL IOB,
and the span formats of other tools (INCEpTION's WebAnno TSV, spaCy, Prodigy, doccano JSONL).

One entry point each way; the formats themselves are in ``gold`` (JSONL), ``brat``, ``conll`` and
``masketeer_gui.formats`` (the tools' formats). Export writes what ``GoldSet`` holds (e.g.
``gold_from_decisions`` of an annotator's marks); all but JSONL need the notes' texts (they carry
text by nature), JSONL only with ``texts``. Everything but CoNLL (which loses offsets and is read
back only for checking round trips) imports; a file that carries text must carry the note's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path

from masketeer_gui.evaluation import brat, conll, gold
from masketeer_gui.evaluation.gold import Annotation, GoldFormatError, GoldSet, check_offsets, parse_annotation
from masketeer_gui.formats.document import Document, FormatError, Mention
from masketeer_gui.formats.files import SpanFormat, read_documents, write_documents

__all__ = ["Annotation", "GoldFormat", "GoldFormatError", "GoldSet", "export_gold", "import_gold"]


class GoldFormat(StrEnum):
    JSONL = "jsonl"
    BRAT = "brat"
    CONLL = "conll"
    INCEPTION_TSV = "inception-tsv"
    SPACY = "spacy"
    PRODIGY = "prodigy"
    DOCCANO = "doccano"


IMPORTABLE = tuple(f for f in GoldFormat if f is not GoldFormat.CONLL)
TOOL_FORMATS = {f: SpanFormat(f.value) for f in GoldFormat if f.value in set(SpanFormat)}


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
    if fmt in TOOL_FORMATS:
        return write_documents(TOOL_FORMATS[fmt], target, documents(annotations, texts))
    return conll.write_conll(target, annotations, texts, abbreviations)


def import_gold(fmt: GoldFormat, source: Path, texts: Mapping[str, str] | None = None) -> GoldSet:
    """Read gold from ``source``; with ``texts`` every note must exist and every span fit in it."""
    fmt = GoldFormat(fmt)
    if fmt not in IMPORTABLE:
        raise GoldFormatError(f"{fmt} cannot be imported (it has no offsets); use {', '.join(IMPORTABLE)}")
    if not source.exists():
        raise GoldFormatError(f"{source}: no such file or folder")
    if fmt in TOOL_FORMATS:
        annotations = _from_documents(_read_documents(TOOL_FORMATS[fmt], source), texts, str(source))
    else:
        annotations = gold.read_jsonl(source) if fmt is GoldFormat.JSONL else brat.read_brat(source)
    if texts is not None:
        check_offsets(annotations, texts, str(source))
    return annotations


def documents(annotations: GoldSet, texts: Mapping[str, str]) -> list[Document]:
    """Gold as the tools' documents (text and labelled mentions per note)."""
    return [
        Document(note_id, texts[note_id], tuple(Mention(a.start, a.end, str(a.entity)) for a in sorted(spans)))
        for note_id, spans in annotations.items()
    ]


def _read_documents(fmt: SpanFormat, source: Path) -> list[Document]:
    try:
        return read_documents(fmt, source)
    except FormatError as exc:
        raise GoldFormatError(str(exc)) from None


def _from_documents(docs: list[Document], texts: Mapping[str, str] | None, source: str) -> GoldSet:
    """Gold from documents: labels must be entity types; with ``texts`` each note's text must match."""
    annotations: GoldSet = {}
    for doc in docs:
        if doc.id in annotations:
            raise GoldFormatError(f"{source}: note {doc.id!r} appears twice")
        if texts is not None and doc.id in texts and texts[doc.id] != doc.text:
            raise GoldFormatError(f"{source}: note {doc.id!r}: its text is not the note's text in the project")
        where = f"{source}: note {doc.id!r}"
        annotations[doc.id] = tuple(sorted(parse_annotation(m.start, m.end, m.label, where) for m in doc.mentions))
    return annotations
