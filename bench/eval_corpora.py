#!/usr/bin/env python3
"""Accuracy of ``masketeer deidentify`` on the hand-written corpus beside a synthetic one, one scorer for all.

Runs the real CLI (so corpus-wide type settling and ``patient_id`` are in play) on

* the hand-written development corpus (``../shared/corpus``: 200 notes written one by one by people
  who never saw the engine; skipped with a message when it is not there), with its ``names.json``,
  with ``names_ids.json`` (patients mapped to the notes' ``patient_id``) and without any list;
* the development corpus ``bench/corpora/dev`` (100 notes written by hand for this project, blind to the
  engine: German and Swiss hospital letters and findings, Austrian handovers, chats and care notes, hard
  negatives), with its ``names.json`` and without; the engine may be tuned on it;
* the held-out corpus ``bench/corpora/blind`` (80 notes written for this project by hand, blind to the
  engine: telehealth notes from western and eastern Austria, German and Swiss letters, handovers and app
  messages), with its ``names.json`` and without; nobody tunes on it, so it stays an honest check;
* a fresh synthetic corpus from ``masketeer_gui.synth`` (seed 4242), with and without its lists;

and scores every run with ``masketeer_gui.evaluation.corpus_score`` (the shared scorer's definitions
plus recall per type). Where the corpus ships its own ``score.py``, that scorer runs too and any
figure on which the two disagree is printed, so the numbers cannot drift from the reference.
Figures only; no note text is printed.

    .venv/bin/python bench/eval_corpora.py [--corpus-dir ../shared/corpus] [--synthetic-n 2000] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from masketeer_gui.evaluation.corpus_score import CorpusScore, score_corpus  # noqa: E402

SYNTHETIC_SEED = 4242
SHARED_FIGURES = (
    "TP", "FP", "FN", "TN", "sensitivity", "specificity", "precision",
    "entity_type_accuracy", "pseudonym_consistency", "leaks_in_output_text",
)  # fmt: skip
COLUMNS = ("sensitivity", "specificity", "precision", "entity_type_accuracy", "pseudonym_consistency")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus-dir", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--synthetic-n", type=int, default=2000, help="synthetic notes (0: skip)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write every figure as JSON")
    return parser.parse_args(argv)


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def deidentify(notes: Path, output: Path, names: Path | None, workers: int) -> bool:
    """Run the CLI; False (with a message) when it fails, e.g. on a names file it cannot read."""
    command = [sys.executable, "-m", "masketeer_gui.cli", "deidentify", str(notes), "-o", str(output)]
    command += ["--workers", str(workers), *(["--names", str(names)] if names else [])]
    done = subprocess.run(command, cwd=ROOT, check=False, stderr=subprocess.DEVNULL)
    if done.returncode != 0:
        print(f"  masketeer deidentify failed on {notes.name} with {names.name if names else 'no lists'}")
    return done.returncode == 0


def score_run(notes: Path, gold: Path, output: Path) -> CorpusScore:
    records = load_jsonl(notes)
    gold_spans = {str(g["id"]): g.get("spans", []) for g in load_jsonl(gold)}
    out = {str(r["id"]): r for r in load_jsonl(output)}
    return score_corpus(records, gold_spans, out)


def reference_disagreements(scorer: Path, notes: Path, gold: Path, output: Path, ours: dict[str, Any]) -> list[str]:
    """The figures on which the corpus's own scorer disagrees with ours (none expected)."""
    result = subprocess.run(
        [sys.executable, str(scorer), str(notes), str(gold), str(output), "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    theirs = json.loads(result.stdout)
    return [f"{k}: score.py {theirs.get(k)} vs ours {ours[k]}" for k in SHARED_FIGURES if theirs.get(k) != ours[k]]


def row(corpus: str, lists: str, figures: dict[str, Any]) -> str:
    cells = [f"{figures[c]:.3f}" if figures[c] is not None else "  —  " for c in COLUMNS]
    return f"| {corpus} | {lists} | " + " | ".join(cells) + f" | {figures['leaks_in_output_text']} |"


def run_handwritten(args: argparse.Namespace, work: Path, results: list[tuple[str, str, dict[str, Any]]]) -> None:
    corpus = args.corpus_dir
    notes, gold = corpus / "notes.jsonl", corpus / "gold.jsonl"
    if not (notes.is_file() and gold.is_file()):
        print(f"hand-written corpus: not found at {corpus} (skipped; pass --corpus-dir)")
        return
    for label, names in (("names.json", "names.json"), ("names_ids.json", "names_ids.json"), ("no lists", None)):
        lists = corpus / names if names else None
        if lists is not None and not lists.is_file():
            print(f"hand-written corpus: {names} not found (skipped)")
            continue
        output = work / f"handwritten-{label}.jsonl"
        if not deidentify(notes, output, lists, args.workers):
            continue
        figures = score_run(notes, gold, output).summary()
        if (corpus / "score.py").is_file():
            for problem in reference_disagreements(corpus / "score.py", notes, gold, output, figures):
                print(f"  scorer disagreement ({label}): {problem}")
        results.append(("hand-written (../shared/corpus)", label, figures))


def run_bundled(args: argparse.Namespace, work: Path, results: list[tuple[str, str, dict[str, Any]]]) -> None:
    """The corpora written for this project blind to the engine: ``dev`` (tuned on) and ``blind`` (never)."""
    for name, title in (("dev", "development (bench/corpora/dev)"), ("blind", "held-out blind (bench/corpora/blind)")):
        corpus = ROOT / "bench" / "corpora" / name
        notes, gold = corpus / "notes.jsonl", corpus / "gold.jsonl"
        for label, lists in (("names.json", corpus / "names.json"), ("no lists", None)):
            output = work / f"{name}-{label}.jsonl"
            if deidentify(notes, output, lists, args.workers):
                results.append((title, label, score_run(notes, gold, output).summary()))


def run_synthetic(args: argparse.Namespace, work: Path, results: list[tuple[str, str, dict[str, Any]]]) -> None:
    if args.synthetic_n <= 0:
        return
    notes, gold, names = work / "synthetic.jsonl", work / "synthetic-gold.jsonl", work / "synthetic-names.json"
    command = [sys.executable, "-m", "masketeer_gui.synth", "--n", str(args.synthetic_n), "--seed", str(SYNTHETIC_SEED),
               "-o", str(notes), "--gold", str(gold), "--names", str(names)]  # fmt: skip
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    for label, lists in (("its lists", names), ("no lists", None)):
        output = work / f"synthetic-{label}.jsonl"
        if not deidentify(notes, output, lists, args.workers):
            continue
        results.append((f"synthetic, seed {SYNTHETIC_SEED}", label, score_run(notes, gold, output).summary()))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    results: list[tuple[str, str, dict[str, Any]]] = []
    with tempfile.TemporaryDirectory(prefix="masketeer-eval-") as folder:
        run_handwritten(args, Path(folder), results)
        run_bundled(args, Path(folder), results)
        run_synthetic(args, Path(folder), results)
    header = ("corpus", "lists", "sensitivity", "specificity", "precision", "type accuracy", "pseudonym consistency")
    print("\n| " + " | ".join(header) + " | leaks |")
    print("|---|---|---|---|---|---|---|---|")
    for corpus, lists, figures in results:
        print(row(corpus, lists, figures))
    print("\nRecall per type:")
    for corpus, lists, figures in results:
        recall = ", ".join(f"{t} {r:.2f}" for t, r in figures["recall_per_type"].items() if r is not None)
        print(f"  {corpus}, {lists}: {recall}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
