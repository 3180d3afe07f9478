"""``masketeer export-spans OUTPUT --format F -o TARGET``: a deidentify output as other tools' span files.

Formats: ``inception-tsv`` (a folder, one WebAnno TSV 3.3 file per note, for INCEpTION), ``spacy``,
``prodigy``, ``doccano`` (JSONL). By default the de-identified text is exported with each span
where its pseudonym now stands: safe to share, nothing of the original. With ``--corpus`` the
ORIGINAL notes are exported with the spans on them (to review the engine's decisions in INCEpTION
or to train on them): such files hold PHI and are written owner-only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.formats import Document

FORMATS = ("inception-tsv", "spacy", "prodigy", "doccano")


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "export-spans",
        help="write a deidentify output as INCEpTION TSV, spaCy, Prodigy or doccano span files",
        description="Export the spans of a `masketeer deidentify` output (.jsonl or .parquet) for other tools: "
        "on the de-identified text (default), or with --corpus on the original notes.",
    )
    parser.add_argument("input", type=Path, metavar="OUTPUT.jsonl", help="what masketeer deidentify wrote")
    parser.add_argument("--format", choices=FORMATS, required=True)
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="PATH", help="a file (a folder for TSV)")
    parser.add_argument("--corpus", type=Path, metavar="INPUT", help="the original notes: export them, not the output")
    parser.add_argument("--id-col", default="id", metavar="NAME", help="corpus id column/key (default: id)")
    parser.add_argument("--text-col", default="text", metavar="NAME", help="corpus text column/key (default: text)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.formats import FormatError
    from masketeer_gui.formats.files import SpanFormat, write_documents

    if not args.input.is_file():
        raise UsageError(f"{args.input}: no such file")
    if not args.output.resolve().parent.is_dir():
        raise UsageError(f"{args.output}: folder does not exist")
    if args.output.resolve() in (args.input.resolve(), *([args.corpus.resolve()] if args.corpus else [])):
        raise UsageError(f"{args.output}: output would overwrite an input")
    originals = _corpus_texts(args) if args.corpus else None
    try:
        count = write_documents(SpanFormat(args.format), args.output, _documents(args.input, originals))
    except FormatError as exc:
        raise UsageError(str(exc)) from None
    what = "original notes" if originals is not None else "de-identified notes"
    print(f"masketeer export-spans: {count} {what} -> {args.output} ({args.format})", file=sys.stderr)
    return 0


def _corpus_texts(args: argparse.Namespace) -> dict[str, str]:
    from masketeer_gui.corpus_io import read_corpus

    return {r.id: r.text for r in read_corpus(args.corpus, id_col=args.id_col, text_col=args.text_col)}


def _documents(path: Path, originals: Mapping[str, str] | None) -> Iterator[Document]:
    from masketeer_gui.engine.render import output_ranges
    from masketeer_gui.formats import Document, Mention

    for where, record in _records(path):
        spans = record.get("spans")
        if (
            not isinstance(record.get("id"), str)
            or not isinstance(record.get("text"), str)
            or not isinstance(spans, list)
        ):
            raise UsageError(f"{where}: not a deidentify output record (id, text, spans)")
        labels = [str(span.get("entity")) for span in spans]
        if originals is None:
            text, ranges = record["text"], output_ranges(record)
        else:
            if record["id"] not in originals:
                raise UsageError(f"{where}: note {record['id']!r} is not in the corpus")
            text, ranges = originals[record["id"]], [(span["start"], span["end"]) for span in spans]
        if any(not 0 <= start < end <= len(text) for start, end in ranges):
            raise UsageError(f"{where}: spans do not fit the note's text (wrong corpus?)")
        mentions = tuple(Mention(start, end, label) for (start, end), label in zip(ranges, labels, strict=True))
        yield Document(record["id"], text, mentions)


def _records(path: Path) -> Iterator[tuple[str, Mapping[str, Any]]]:
    if path.suffix.lower() == ".parquet":
        from masketeer_gui.formats.parquet import read_output

        for number, row in enumerate(read_output(path), 1):
            yield f"{path}:{number}", row
        return
    from masketeer_gui.engine import fastjson

    with path.open("rb") as handle:
        for number, raw in enumerate(handle, 1):
            if raw.strip():
                try:
                    record = fastjson.loads(raw)
                except (fastjson.JSONDecodeError, UnicodeDecodeError):
                    raise UsageError(f"{path}:{number}: not JSON") from None
                if not isinstance(record, dict):
                    raise UsageError(f"{path}:{number}: not a deidentify output record (id, text, spans)")
                yield f"{path}:{number}", record
