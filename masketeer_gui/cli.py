"""The ``masketeer`` command line: parses the subcommand and dispatches to ``commands/``.

Exit status (docs/CONTRACT.md): 0 done; 2 bad usage or bad input (the message names file and
line); 1 a broken installation (a shipped data file missing or damaged: the message names it) or
an internal error (a generic message with the exception type only: exception messages may contain
note text). Set ``MASKETEER_DEBUG=1`` to get the traceback instead.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from masketeer_gui import __version__
from masketeer_gui.commands import INPUT_ERRORS, register_all
from masketeer_gui.engine.lexicon_files import DictionaryFormatError
from masketeer_gui.logs import configure_logging
from masketeer_gui.package_data import DataFileError

EXIT_OK, EXIT_INTERNAL, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="masketeer", description="De-identify German clinical free-text notes (Masketeer)."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="log progress to stderr (-vv: debug); never note text"
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    register_all(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; returns the exit status (also for argparse's own errors)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error (argparse exits 2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    configure_logging(args.verbose)
    try:
        status: int = args.handler(args)
    except INPUT_ERRORS as exc:
        print(f"masketeer {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (DataFileError, DictionaryFormatError) as exc:  # a shipped list missing or damaged: say which
        print(f"masketeer {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        print(f"masketeer {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("MASKETEER_DEBUG"):
            raise
        print(_internal_error(args.command, exc), file=sys.stderr)
        return EXIT_INTERNAL
    return status


def _internal_error(command: str, exc: BaseException) -> str:
    """A message without the exception's text (it could quote a note); OS errors keep strerror."""
    detail = type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        detail += f": {exc.strerror}" + (f" ({exc.filename})" if exc.filename else "")
    return (
        f"masketeer {command}: internal error ({detail}); no note text is shown "
        "(set MASKETEER_DEBUG=1 for the traceback)"
    )


if __name__ == "__main__":
    sys.exit(main())
