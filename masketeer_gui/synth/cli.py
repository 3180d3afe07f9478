"""``masketeer synth`` / ``python -m masketeer_gui.synth``: write a synthetic corpus, gold and name lists."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from masketeer_gui.synth.generator import generate
from masketeer_gui.synth.gold import write_jsonl
from masketeer_gui.synth.profile import corpus_profile


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="masketeer synth",
        description="Generate synthetic German telehealth notes with gold PHI spans (no real data).",
    )
    parser.add_argument("--n", type=int, default=600, help="number of notes (default 600)")
    parser.add_argument("--seed", type=int, default=1, help="random seed; same seed, same corpus (default 1)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="corpus JSONL (id, text, metadata)")
    parser.add_argument("--gold", type=Path, help="gold JSONL: spans, kinds and traps per note")
    parser.add_argument("--names", type=Path, help="deployment name lists (--names JSON)")
    parser.add_argument("--patients", type=int, help="number of patients (default: 1022 scaled to --n)")
    parser.add_argument("--authors", type=int, help="number of authors (default: 203 scaled to --n)")
    parser.add_argument("--stats", type=Path, help="write corpus statistics JSON here ('-' for stderr)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the generator; exit status 0 on success, 2 on bad arguments or unwritable files."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if (
        args.n < 1
        or (args.patients is not None and args.patients < 1)
        or (args.authors is not None and args.authors < 1)
    ):
        parser.error("--n, --patients and --authors must be positive")
    corpus = generate(args.n, args.seed, args.patients, args.authors)
    try:
        write_jsonl(args.output, corpus.notes)
        if args.gold:
            write_jsonl(args.gold, (g.to_dict() for g in corpus.gold))
        if args.names:
            args.names.write_text(json.dumps(corpus.names, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        if args.stats:
            stats = json.dumps(corpus_profile(corpus.notes, corpus.gold), ensure_ascii=False, indent=1)
            if str(args.stats) == "-":
                print(stats, file=sys.stderr)
            else:
                args.stats.write_text(stats + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"masketeer synth: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {len(corpus.notes)} notes to {args.output}", file=sys.stderr)
    return 0
