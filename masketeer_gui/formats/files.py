"""Span formats on disk: one registry of names, writers and readers (files, or a folder for TSV).

``write_documents(fmt, target, documents)`` and ``read_documents(fmt, source)``; JSONL flavours
are one file, ``inception-tsv`` a folder with one ``ID.tsv`` per note (a note id's ``/`` makes
subfolders, as in a folder corpus). Files appear whole or not at all and are owner-only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from pathlib import Path

from masketeer_gui.atomic import AtomicFile
from masketeer_gui.formats import spans_jsonl, webanno
from masketeer_gui.formats.document import Document, FormatError


class SpanFormat(StrEnum):
    INCEPTION_TSV = "inception-tsv"
    SPACY = "spacy"
    PRODIGY = "prodigy"
    DOCCANO = "doccano"


def write_documents(fmt: SpanFormat, target: Path, documents: Iterable[Document]) -> int:
    """Write ``documents`` to ``target``; returns how many."""
    fmt = SpanFormat(fmt)
    if fmt is SpanFormat.INCEPTION_TSV:
        count = 0
        target.mkdir(parents=True, exist_ok=True)
        for doc in documents:
            path = note_path(target, doc.id, ".tsv")
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, [webanno.dump_document(doc)])
            count += 1
        return count
    counted = _Counted(documents)
    write_text(target, spans_jsonl.dump_lines(counted, spans_jsonl.Flavor(fmt.value)))
    return counted.count


def read_documents(fmt: SpanFormat, source: Path) -> list[Document]:
    """The documents in ``source`` (a file, or for TSV a folder of ``.tsv`` or one ``.tsv``)."""
    fmt = SpanFormat(fmt)
    if not source.exists():
        raise FormatError(f"{source}: no such file or folder")
    if fmt is not SpanFormat.INCEPTION_TSV:
        with source.open(encoding="utf-8-sig") as lines:
            return list(spans_jsonl.load_lines(lines, str(source)))
    files = sorted(source.rglob("*.tsv")) if source.is_dir() else [source]
    root = source if source.is_dir() else source.parent
    return [
        webanno.load_document(_read(path), str(path), path.relative_to(root).with_suffix("").as_posix())
        for path in files
    ]


def _read(path: Path) -> str:
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:  # a note's own \r stays
            return handle.read()
    except UnicodeDecodeError as exc:
        raise FormatError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def note_path(folder: Path, note_id: str, suffix: str) -> Path:
    """Where a note's file goes; ids that are not a safe relative path are refused."""
    parts = note_id.split("/")
    if "\\" in note_id or any(p in ("", ".", "..") for p in parts):
        raise FormatError(f"note id {note_id!r} cannot be used as a file name")
    return folder.joinpath(*parts).with_name(parts[-1] + suffix)


def write_text(path: Path, chunks: Iterable[str]) -> None:
    """Write UTF-8 text whole or not at all, owner-only and synced (``masketeer_gui.atomic``)."""
    with AtomicFile(path) as out:
        for chunk in chunks:
            out.write(chunk.encode("utf-8"))
        out.commit()


class _Counted:
    def __init__(self, documents: Iterable[Document]) -> None:
        self._documents = documents
        self.count = 0

    def __iter__(self) -> Iterator[Document]:
        for doc in self._documents:
            self.count += 1
            yield doc
