"""``masketeer synth``: write a synthetic German telehealth corpus with gold spans (demo, tests, benchmarks)."""

from __future__ import annotations

import argparse

from masketeer_gui.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "synth",
        help="write a synthetic corpus with gold spans (see 'masketeer synth --help')",
        add_help=False,
        prefix_chars="\x00",  # every argument goes to the generator's own parser
    )
    parser.add_argument("synth_args", nargs=argparse.REMAINDER)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.synth.cli import main

    return main(args.synth_args)
