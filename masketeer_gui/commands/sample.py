"""``masketeer sample P.db --n 200 --seed S``: draw and freeze an evaluation sample (paper 2.3.1).

Stratified by the number of spans per note (0, 1, 2, 3, 4, 5, 6-10, >10), optionally also by
note-length tertiles. Prints the strata and their quotas; ``-o`` writes the sampled note ids.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands.project import opened, positive, say

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("sample", help="draw a stratified evaluation sample and freeze it")
    parser.add_argument("project", type=Path, metavar="P.db")
    parser.add_argument("--n", type=positive, default=200, help="number of notes (default 200)")
    parser.add_argument("--seed", type=int, required=True, help="random seed: same seed, same sample")
    parser.add_argument("--by-length", action="store_true", help="also stratify by note-length tertiles")
    parser.add_argument("--name", default="", help="a name for the sample")
    parser.add_argument("--plan", action="store_true", help="only show the strata and quotas; save nothing")
    parser.add_argument("-o", "--output", type=Path, metavar="IDS.jsonl", help="write the sampled note ids")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=args.plan) as project:
        if args.plan:
            strata = project.samples.plan(args.n, args.seed, args.by_length)
        else:
            sample = project.samples.draw(args.n, args.seed, by_length=args.by_length, name=args.name)
            strata = list(sample.strata)
            notes = project.samples.notes(sample.id)
    print(f"{'stratum':<14} {'notes':>7} {'drawn':>6}")
    for stratum in strata:
        print(f"{stratum.name:<14} {stratum.size:>7} {stratum.quota:>6}")
    if args.plan:
        return 0
    if args.output:
        lines = (json.dumps({"position": n.position, "id": n.external_id, "stratum": n.stratum}) for n in notes)
        args.output.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    say(f"masketeer sample: sample {sample.id} frozen, {sample.n} notes (seed {sample.seed})")
    return 0
