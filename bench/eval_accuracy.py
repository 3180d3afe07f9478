#!/usr/bin/env python3
"""Accuracy of the Masketeer engine on a FRESH synthetic held-out corpus, scored like the paper (Table 5/8).

Default: generate 5000 notes with seed 12345 (not the demo's seed), run
``Deidentifier.default(names).analyze`` on each, and print the paper's metrics (with 95% CIs when
``engine.metrics`` is available), a 200-note stratified sample, token-level and exact-span scores,
entity-type agreement, recall per entity / hard-case kind / tag, false positives per trap and the
most frequent false positive and false negative surface forms.

This is a DEVELOPMENT script: it prints synthetic names and words. Never point it at real notes.

    .venv/bin/python bench/eval_accuracy.py                      # held-out corpus, with name lists
    .venv/bin/python bench/eval_accuracy.py --no-names --n 2000   # without deployment lists
    .venv/bin/python bench/eval_accuracy.py --corpus c.jsonl --gold g.jsonl --names-file n.json
    .venv/bin/python bench/eval_accuracy.py --corpus c.jsonl --gold g.jsonl --predictions out.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from masketeer_gui.evaluation.scoring import Confusion, Offsets, SpanLike
from masketeer_gui.synth.breakdown import Evaluation, stratified_sample
from masketeer_gui.synth.generator import generate
from masketeer_gui.synth.gold import GoldNote, read_gold, read_jsonl

HELD_OUT_SEED, DEMO_SEED = 12345, 2024
Predict = Callable[[dict[str, Any]], Sequence[SpanLike]]  # note record -> predicted spans


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=5000, help="notes to generate (default 5000)")
    parser.add_argument("--seed", type=int, default=HELD_OUT_SEED, help=f"corpus seed (default {HELD_OUT_SEED})")
    parser.add_argument(
        "--names",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="give the engine the deployment name lists (default: yes)",
    )
    parser.add_argument("--corpus", type=Path, help="score this corpus JSONL instead of generating one")
    parser.add_argument("--gold", type=Path, help="its gold JSONL (required with --corpus)")
    parser.add_argument("--names-file", type=Path, help="its --names JSON (with --corpus)")
    parser.add_argument("--predictions", type=Path, help="score a `masketeer deidentify` output instead of the engine")
    parser.add_argument("--sample", type=int, default=200, help="stratified sample size (default 200)")
    parser.add_argument("--sample-seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=20, help="how many FP / FN surface forms to print")
    parser.add_argument("--json", type=Path, help="also write the full report as JSON")
    args = parser.parse_args(argv)
    if args.corpus and not args.gold:
        parser.error("--corpus needs --gold")
    return args


def load_corpus(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[GoldNote], dict[str, Any]]:
    if args.corpus:
        names = json.loads(args.names_file.read_text(encoding="utf-8")) if args.names_file else {}
        return list(read_jsonl(args.corpus)), read_gold(args.gold), names
    if args.seed == DEMO_SEED:
        print("warning: --seed is the demo corpus's seed; that is not held out", file=sys.stderr)
    corpus = generate(args.n, args.seed)
    return corpus.notes, corpus.gold, corpus.names


def make_predictor(args: argparse.Namespace, names: dict[str, Any]) -> Predict:
    """The engine on each note's text, or the spans a ``deidentify`` output file gives the note's id."""
    if args.predictions:
        by_id = {
            str(r["id"]): [Offsets(s["start"], s["end"], s.get("entity", "")) for s in r.get("spans", [])]
            for r in read_jsonl(args.predictions)
        }
        return lambda note: by_id.get(str(note["id"]), [])
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pipeline import Deidentifier

    analyze = Deidentifier.default(NameLists.from_mapping(names) if args.names and names else None).analyze
    return lambda note: analyze(note["text"])


def _pct(value: float | None) -> str:
    return "   n/a" if value is None else f"{100 * value:6.2f}%"


def _with_ci(c: Confusion) -> dict[str, str]:
    try:
        from masketeer_gui.evaluation.metrics import evaluate
    except ImportError:
        return {k: _pct(getattr(c, k)) for k in ("accuracy", "sensitivity", "specificity", "precision")}
    metrics = evaluate(c.tp, c.fp, c.fn, c.tn).to_dict()
    return {
        k: f"{_pct(v['value'])} [{_pct(v['ci_low']).strip()}–{_pct(v['ci_high']).strip()}]"
        if v["value"] is not None
        else "   n/a"
        for k, v in metrics.items()
    }


def print_confusion(title: str, c: Confusion) -> None:
    print(f"\n{title}\n  TP {c.tp}  FP {c.fp}  FN {c.fn}  TN {c.tn}")
    for name, text in _with_ci(c).items():
        print(f"  {name:<12} {text}")


def print_report(evaluation: Evaluation, report: dict[str, Any], sample: Confusion, sample_size: int) -> None:
    print_confusion("Paper-style (Table 5 rules), all notes:", evaluation.paper)
    print_confusion(f"Paper-style, {sample_size}-note sample stratified by gold spans per note:", sample)
    for key, title in (("tokens", "Token level (strict)"), ("exact", "Exact spans")):
        r = report[key]
        print(
            f"\n{title}: precision {_pct(r['precision'])}  recall {_pct(r['sensitivity'])}"
            f"  F1 {_pct(r['f1'])}  (TP {r['tp']} FP {r['fp']} FN {r['fn']})"
        )
    print(f"\nEntity-type agreement on true positives: {_pct(report['entity_agreement'])}")
    wrong = sorted(((c, k) for k, c in report["entity_confusion"].items() if k[:3] != k[-3:]), reverse=True)
    print("  most frequent confusions (gold->pred): " + ", ".join(f"{k} {c}" for c, k in wrong[:8]))
    for prefix, title in (
        ("entity:", "Recall per entity"),
        ("kind:", "Recall per hard-case kind (primary)"),
        ("tag:", "Recall per tag (a span counts under each of its tags)"),
    ):
        print(f"\n{title}:")
        rows = [(k[len(prefix) :], v) for k, v in report["recall"].items() if k.startswith(prefix)]
        for name, v in sorted(rows, key=lambda kv: kv[1]["recall"]):
            print(f"  {name:<16} {_pct(v['recall'])}  ({v['found']}/{v['gold']})")
    print("\nFalse positives on traps (trap spans hit / all, FP spans):")
    for name, v in report["traps"].items():
        print(f"  {name:<16} {v['hit']:>5}/{v['spans']:<6} {_pct(v['hit_rate'])}  FP {v['fp']}")
    for key, title in (("top_fp", "false positives"), ("top_fn", "false negatives")):
        print(f"\nMost frequent {title}:")
        for form, count in report[key]:
            print(f"  {count:>5}  {form}")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    notes, gold, names = load_corpus(args)
    try:
        predict = make_predictor(args, names)
    except ImportError as exc:
        print(f"eval_accuracy: the engine is not available yet ({exc}); use --predictions", file=sys.stderr)
        return 1
    evaluation = Evaluation()
    seconds = 0.0
    for note, note_gold in zip(notes, gold, strict=True):
        started = time.perf_counter()
        spans = predict(note)
        seconds += time.perf_counter() - started
        evaluation.add(note["text"], note_gold, spans)
    report = evaluation.report(args.top)
    indices = stratified_sample(evaluation.gold_counts, args.sample, args.sample_seed)
    sample = evaluation.sample(indices)
    source = args.corpus or f"generated, seed {args.seed}"
    lists = "predictions file" if args.predictions else ("with" if args.names and names else "without") + " name lists"
    print(f"{len(notes)} notes ({source}), {lists}; {len(notes) / max(seconds, 1e-9):,.0f} notes/s")
    print_report(evaluation, report, sample, len(indices))
    if args.json:
        report["sample"] = {"size": len(indices), "seed": args.sample_seed, **sample.to_dict()}
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
