"""``masketeer risk DEID.jsonl [--json]``: residual re-identification risk of a deidentify output.

Scores every note from what its replacements left (``engine/risk.py``) and the corpus's
quasi-identifier combinations (``engine/risk_corpus.py``); prints the notes per level, the most
frequent reasons and the unicity. ``--json`` prints ``{"summary", "notes": [{id, level, score,
reasons}]}``. Reasons name kinds of findings only; no note text is printed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.engine.risk import RiskAssessment
    from masketeer_gui.engine.risk_corpus import RiskSummary


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "risk",
        help="residual re-identification risk per note of a deidentify output",
        description="Score the residual re-identification risk of each note of a deidentify output "
        "(small towns, rare conditions, ages over 89, professions, dates, unknown capitalised words, "
        "low-confidence detections, unique combinations across patients).",
    )
    parser.add_argument("input", type=Path, metavar="DEID.jsonl", help="a deidentify output")
    parser.add_argument("--names", type=Path, metavar="FILE.json", help="deployment name lists")
    parser.add_argument("--patient-key", default="patient_id", metavar="NAME", help="patient id key, if present")
    parser.add_argument("--json", action="store_true", help="print JSON with every note")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.corpus_io import read_corpus
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.risk import RiskScorer
    from masketeer_gui.engine.risk_corpus import CorpusRisk

    scorer = RiskScorer.default(NameLists.from_json(args.names) if args.names else None)
    corpus = CorpusRisk()
    for record in read_corpus(args.input):
        spans = record.meta.get("spans")
        if not isinstance(spans, list):
            raise UsageError(f"{record.source}:{record.line}: not a deidentify output (no 'spans')")
        patient = record.meta.get(args.patient_key)
        risk = scorer.assess_record({"text": record.text, "spans": spans})
        corpus.add(record.id, None if patient is None else str(patient), risk)
    notes, summary = corpus.finish()
    print(_json(notes, summary) if args.json else _table(summary))
    return 0


def _json(notes: list[tuple[str, RiskAssessment]], summary: RiskSummary) -> str:
    return json.dumps({"summary": summary.to_dict(), "notes": [{"id": i, **a.to_dict()} for i, a in notes]})


def _table(summary: RiskSummary) -> str:
    total = max(summary.notes, 1)
    lines = [f"{summary.notes:,} notes"]
    lines += [f"  {level:<7}{n:>9,}  ({100 * n / total:.1f} %)" for level, n in summary.levels.items()]
    if summary.top_reasons:
        lines.append("top reasons (notes):")
        lines += [f"  {reason:<26}{n:>9,}" for reason, n in summary.top_reasons]
    lines.append(
        f"unicity: {summary.unicity:.1%} of {summary.patients_with_quasi:,} patients with quasi-identifiers left"
    )
    return "\n".join(lines)
