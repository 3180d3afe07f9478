"""``masketeer leakcheck ORIGINAL DEID.jsonl``: find names that were masked somewhere but survive elsewhere.

For each note of the deidentify output, every word outside its replacements is compared with the
names its own name spans covered, with those of the patient's other notes (when the ORIGINAL
records carry a patient id) and with the ``--names`` lists (``engine/leak.py``). Prints note ids and
counts only; ``--show`` adds the surviving words. Exit 0 when clean, 3 when leaks are found.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.corpus_io import NoteRecord

EXIT_LEAKS = 3
SOURCES = {"note": "same note", "patient": "same patient", "list": "name list"}


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "leakcheck",
        help="find partial leaks: masked names that survive elsewhere in a note or a patient's notes",
        description="Compare a deidentify output with its ORIGINAL input: report notes where a name that was "
        "masked (or is listed in --names) survives outside the replacements. Exit 3 when leaks are found.",
    )
    parser.add_argument("original", type=Path, metavar="ORIGINAL", help="the input given to deidentify")
    parser.add_argument("deid", type=Path, metavar="DEID.jsonl", help="its deidentify output")
    parser.add_argument("--names", type=Path, metavar="FILE.json", help="deployment name lists")
    parser.add_argument("--patient-key", default="patient_id", metavar="NAME", help="patient id key in ORIGINAL")
    parser.add_argument("--show", action="store_true", help="also print the surviving words (they are PHI)")
    parser.add_argument("--id-col", default="id", metavar="NAME", help="id column/key of ORIGINAL")
    parser.add_argument("--text-col", default="text", metavar="NAME", help="text column/key of ORIGINAL")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.engine.leak import find_leaks, listed_forms, name_forms
    from masketeer_gui.engine.lexicon_loader import load_lexicon
    from masketeer_gui.engine.lists import NameLists

    is_word = load_lexicon().is_word  # names that are ordinary words count in their own note only
    listed = listed_forms(NameLists.from_json(args.names), is_word) if args.names else set()
    by_patient: dict[str, set[str]] = {}
    for original, record, patient in _pairs(args):
        if patient:
            by_patient.setdefault(patient, set()).update(name_forms(original.text, record["spans"], is_word))
    notes = words = 0
    for original, record, patient in _pairs(args):
        own = name_forms(original.text, record["spans"])
        leaks = find_leaks(record, own, by_patient.get(patient, set()), listed, is_word)
        if leaks:
            notes, words = notes + 1, words + len(leaks)
            sources = Counter(leak.source for leak in leaks)
            detail = ", ".join(f"{SOURCES[source]} {n}" for source, n in sorted(sources.items()))
            shown = ": " + ", ".join(record["text"][k.start : k.end] for k in leaks) if args.show else ""
            print(f"{record['id']}: {len(leaks)} surviving name form(s) ({detail}){shown}")
    print(f"leakcheck: {notes:,} note(s) with leaks, {words:,} surviving name form(s)")
    return EXIT_LEAKS if notes else 0


def _pairs(args: argparse.Namespace) -> Iterator[tuple[NoteRecord, dict[str, Any], str]]:
    """(original record, output record, patient id or '') in output order, matched by id."""
    from masketeer_gui.corpus_io import read_corpus
    from masketeer_gui.parallel import patient_scope

    originals = read_corpus(args.original, id_col=args.id_col, text_col=args.text_col)
    for out in read_corpus(args.deid):
        spans = out.meta.get("spans")
        if not isinstance(spans, list):
            raise UsageError(f"{out.source}:{out.line}: not a deidentify output (no 'spans')")
        original = next((o for o in originals if o.id == out.id), None)
        if original is None:
            raise UsageError(f"{out.source}:{out.line}: note {out.id} is not in {args.original} (or not in order)")
        yield original, {"id": out.id, "text": out.text, "spans": spans}, patient_scope(original, args.patient_key)
