"""``masketeer completion bash|zsh``: print a shell completion script for ``masketeer``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    from masketeer_gui.completion import SHELLS

    parser = subparsers.add_parser(
        "completion",
        help="print a shell completion script (bash or zsh)",
        description="Print a completion script for masketeer. bash: masketeer completion bash > "
        '~/.local/share/bash-completion/completions/masketeer; zsh: eval "$(masketeer completion zsh)" in ~/.zshrc.',
    )
    parser.add_argument("shell", choices=SHELLS)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.cli import build_parser
    from masketeer_gui.completion import script

    print(script(build_parser(), args.shell), end="")
    return 0
