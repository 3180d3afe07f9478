"""Gold as BRAT standoff: per note a ``.txt`` (the text) and a ``.ann`` (``T1<TAB>PAT 10 15<TAB>Huber``).

A note's files sit at its id as a relative path (``N17.txt``; a folder corpus's ``2020/n1.txt``),
so reading a folder back gives the same ids, as a folder corpus does. ``annotation.conf`` lists
the nine types so BRAT can open the folder. Reading accepts text-bound (T) lines, skips notes,
attributes, relations and comments, and rejects discontinuous spans (``T1<TAB>PAT 1 5;8 12``),
unknown types, and a T line whose text is not the ``.txt`` at its offsets.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.gold import Annotation, GoldFormatError, GoldSet, parse_annotation, write_text
from masketeer_gui.formats import files
from masketeer_gui.formats.document import FormatError

CONF = "[entities]\n" + "".join(f"{e}\n" for e in Entity) + "[relations]\n[events]\n[attributes]\n"
SKIPPED = re.compile(r"(?:[#AMREN]\d+|\*)\t")  # notes, attributes, relations, events, normalizations, equivalences
T_LINE = re.compile(r"T\d+\t")


def note_path(folder: Path, note_id: str, suffix: str) -> Path:
    """Where a note's file goes; ids that are not a safe relative path are refused."""
    try:
        return files.note_path(folder, note_id, suffix)
    except FormatError:
        raise GoldFormatError(f"note id {note_id!r} cannot be used as a BRAT file name") from None


def write_brat(folder: Path, gold: Mapping[str, Iterable[Annotation]], texts: Mapping[str, str]) -> int:
    """Write ``.txt`` and ``.ann`` per note and ``annotation.conf``; returns the number of notes."""
    folder.mkdir(parents=True, exist_ok=True)
    for note_id, spans in gold.items():
        text = texts[note_id]
        txt = note_path(folder, note_id, ".txt")
        txt.parent.mkdir(parents=True, exist_ok=True)
        write_text(txt, text)
        lines = [
            f"T{i}\t{span.entity} {span.start} {span.end}\t{_one_line(text[span.start : span.end])}\n"
            for i, span in enumerate(sorted(spans), 1)
        ]
        write_text(note_path(folder, note_id, ".ann"), "".join(lines))
    write_text(folder / "annotation.conf", CONF)
    return len(gold)


def _one_line(surface: str) -> str:
    """BRAT keeps a T line's text on one line: line breaks inside a span become spaces."""
    return surface.replace("\r", " ").replace("\n", " ")


def read_brat(source: Path) -> GoldSet:
    """Gold from a BRAT folder (every ``.ann`` below it) or one ``.ann`` file."""
    files = sorted(source.rglob("*.ann")) if source.is_dir() else [source]
    root = source if source.is_dir() else source.parent
    gold: GoldSet = {}
    for ann in files:
        note_id = ann.relative_to(root).with_suffix("").as_posix()
        gold[note_id] = _read_ann(ann)
    return gold


def _read_ann(ann: Path) -> tuple[Annotation, ...]:
    txt = ann.with_suffix(".txt")
    text = None
    if txt.is_file():
        with txt.open(encoding="utf-8", newline="") as handle:
            text = handle.read()
    spans: list[Annotation] = []
    with ann.open(encoding="utf-8-sig", newline="") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\r\n")
            if not line.strip() or SKIPPED.match(line):
                continue
            spans.append(_t_line(line, text, f"{ann}:{number}"))
    return tuple(sorted(spans))


def _t_line(line: str, text: str | None, where: str) -> Annotation:
    fields = line.split("\t")
    if not T_LINE.match(line):
        raise GoldFormatError(f"{where}: not a BRAT annotation line")
    kind, _, offsets = fields[1].partition(" ")
    if ";" in offsets:
        raise GoldFormatError(f"{where}: discontinuous spans are not supported; split it into separate T lines")
    start, _, end = offsets.partition(" ")
    if not (start.isdigit() and end.isdigit()):
        raise GoldFormatError(f"{where}: expected 'TYPE START END'")
    span = parse_annotation(int(start), int(end), kind, where)
    if text is not None:
        if span.end > len(text):
            raise GoldFormatError(f"{where}: offsets {span.start}..{span.end} beyond the end of the .txt")
        if len(fields) > 2 and fields[2] != _one_line(text[span.start : span.end]):
            raise GoldFormatError(
                f"{where}: the annotated text differs from the .txt at offsets {span.start}..{span.end}"
            )
    return span
