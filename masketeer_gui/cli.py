"""The ``masketeer`` command line: parses the subcommand and dispatches to ``commands/``.

Exit status (docs/CONTRACT.md): 0 done; 2 bad usage or bad input (the message names file and
line); 1 internal error (a generic message with the exception type only: exception messages
may contain note text) or a failure of the machine, such as a full disk (said in plain words).
Set ``MASKETEER_DEBUG=1`` to get the traceback instead.

The program itself is ``entry`` (the console script, ``python -m masketeer_gui``): after a command that says
so (``ends_at_once``: a batch run whose output is committed when it returns) succeeded, it ends the process at
once (``end_process``): the interpreter's own teardown would free the engine's million objects one by one
(~0.1 s). ``main`` always returns the status (for tests and for programs that call it).

The program's own modules are imported in ``main``, with the cyclic GC paused: their
~100,000 objects live as long as the process, and ~15 collections during the imports would walk them for nothing
(a few ms of every run's start-up).
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import NoReturn

from masketeer_gui._version import __version__
from masketeer_gui.engine.collector import gc_paused

EXIT_OK, EXIT_INTERNAL, EXIT_USAGE = 0, 1, 2


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser with every registered subcommand (``only``: with that one alone)."""
    from masketeer_gui.commands import register_all

    parser = argparse.ArgumentParser(
        prog="masketeer", description="De-identify German clinical free-text notes (Masketeer)."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="log progress to stderr (-vv: debug); never note text"
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    register_all(subparsers, only)
    return parser


def entry() -> NoReturn:
    """The ``masketeer`` program: ``main`` on the command line, then the process ends with its status."""
    sys.exit(main(end_at_once=True))


def main(argv: Sequence[str] | None = None, *, end_at_once: bool = False) -> int:
    """Run one subcommand; returns the exit status (also for argparse's own errors).

    ``end_at_once``: a successful command that allows it (``ends_at_once``) ends the process instead
    (``end_process``; ``entry`` asks for that)."""
    with gc_paused():  # for the program's imports (see the module docstring)
        from masketeer_gui.commands import INPUT_ERRORS
        from masketeer_gui.engine.lexicon_files import DictionaryFormatError
        from masketeer_gui.logs import configure_logging
        from masketeer_gui.package_data import DataFileError

        parser = build_parser(_named_command(sys.argv[1:] if argv is None else argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error (argparse exits 2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    configure_logging(args.verbose)
    try:
        with _terminate_cleanly():
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
        print(_environment_error(args.command, exc) or _internal_error(args.command, exc), file=sys.stderr)
        return EXIT_INTERNAL
    if end_at_once and status == EXIT_OK and getattr(args, "ends_at_once", False):
        end_process(status)
    return status


def end_process(status: int) -> NoReturn:
    """End this process now with ``status``: standard output, standard error and the log handlers flushed,
    then ``os._exit`` (no ``atexit`` handler, no teardown of the interpreter's objects). Only for a command
    that leaves nothing to be done at exit: every file it writes committed and closed, its workers done."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):  # a closed pipe or stream: what it held cannot be written now either
            stream.flush()
    os._exit(status)


def _named_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs, when it names one right after the top-level ``-v`` flags: then only its
    parser is built (the others' modules are not imported). None for anything else (``--help``, a typo…)."""
    from masketeer_gui.commands import command_module

    first = next((arg for arg in argv if not _VERBOSE.fullmatch(arg)), None)
    return first if first is not None and command_module(first) is not None else None


_VERBOSE = re.compile(r"-v+|--verbose")


@contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """SIGTERM ends the command like Ctrl-C would, through every cleanup (temporary files, a run's record)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _terminated(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def _environment_error(command: str, exc: BaseException) -> str | None:
    """Plain words for a failure of the machine rather than of the program (a full disk…), or None."""
    from masketeer_gui.atomic import ENVIRONMENT_ERRNOS, OutputError, plain_reason

    if isinstance(exc, OutputError):
        return f"masketeer {command}: error: {exc}"
    if isinstance(exc, OSError) and exc.errno in ENVIRONMENT_ERRNOS:
        where = f"{exc.filename}: " if exc.filename else ""
        return f"masketeer {command}: error: {where}{plain_reason(exc)}"
    return None


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
    entry()
