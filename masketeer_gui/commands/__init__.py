"""The ``masketeer`` subcommands: one module each, listed in ``COMMAND_MODULES``.

To add a subcommand, write ``masketeer_gui/commands/NAME.py`` with one function
``register(subparsers)`` that adds its parser and binds its handler::

    def register(subparsers: Subparsers) -> None:
        parser = subparsers.add_parser("terms", help="...")
        parser.add_argument(...)
        parser.set_defaults(handler=run)  # run(args) -> exit status

and add ``"NAME"`` below. Import heavy modules (engine, store) inside the handler so that
``masketeer --help`` and light commands start fast. Raise ``UsageError`` (or one of
``INPUT_ERRORS``) for bad usage or input: ``cli.main`` prints it and exits 2.
"""

from __future__ import annotations

import argparse
import importlib
from typing import TYPE_CHECKING

from masketeer_gui._optional import MissingDependency
from masketeer_gui.corpus_io import CorpusError
from masketeer_gui.engine.lists import ListFileError
from masketeer_gui.engine.pseudonyms import KeyFileError

if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    Subparsers = argparse._SubParsersAction

COMMAND_MODULES: tuple[str, ...] = (
    "deidentify",
    "metrics",
    "project",
    "terms",
    "sample",
    "synth",
    "evaluate",
    "reidentify",
    "risk",
    "leakcheck",
    "export_spans",
    "spark",
    "completion",
)


class UsageError(ValueError):
    """Bad usage or input; the message names files and lines, never note text."""


INPUT_ERRORS: tuple[type[Exception], ...] = (UsageError, CorpusError, ListFileError, KeyFileError, MissingDependency)


def register_all(subparsers: Subparsers, only: str | None = None) -> None:
    """Let every command module add its parser (``only``: the module of that subcommand alone)."""
    module = None if only is None else command_module(only)
    for name in COMMAND_MODULES if module is None else (module,):
        importlib.import_module(f"{__name__}.{name}").register(subparsers)


def command_module(command: str) -> str | None:
    """The module of a subcommand (``export-spans`` -> ``export_spans``), None if there is none."""
    module = command.replace("-", "_")
    return module if module in COMMAND_MODULES and "_" not in command else None
