"""``masketeer project init|import|run|export``: the local project file (docs/CONTRACT.md "Project files").

Store errors (a missing or locked project, a refused change) are bad input here: printed in
plain words, exit status 2. Progress and summaries go to stderr and hold counts only.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.store import Project
    from masketeer_gui.store.analyzers import AnalyzerFactory
    from masketeer_gui.store.rows import AnalyzedNote

ANALYZER_FACTORY: AnalyzerFactory | None = None  # None: the shipped engine; tests swap in a stand-in


@contextmanager
def opened(path: Path, *, readonly: bool = False, create: bool = False) -> Iterator[Project]:
    """The project at ``path``; any store error becomes a ``UsageError`` (exit 2)."""
    from masketeer_gui.store import Project, StoreError
    from masketeer_gui.store.sharing import ListsFileError

    try:
        if create:
            project = Project.create(path, analyzer_factory=ANALYZER_FACTORY)
        else:
            project = Project.open(path, readonly=readonly, analyzer_factory=ANALYZER_FACTORY)
        with project:
            yield project
    except (StoreError, ListsFileError) as exc:
        raise UsageError(str(exc)) from None


def say(message: str) -> None:
    print(message, file=sys.stderr)


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "project",
        help="a project file: init, import a corpus, run, export",
        description="A project is one SQLite file holding the corpus, runs, curated lists, corrections "
        "and evaluation marks.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    init = actions.add_parser("init", help="create a new, empty project file (owner-only)")
    init.add_argument("project", type=Path, metavar="P.db")
    init.set_defaults(handler=_init)
    load = actions.add_parser("import", help="import a corpus (.jsonl, .csv or a folder of .txt) as one batch")
    load.add_argument("project", type=Path, metavar="P.db")
    load.add_argument("input", type=Path, metavar="INPUT")
    load.add_argument("--id-col", default="id", metavar="NAME", help="id column/key (default: id)")
    load.add_argument("--text-col", default="text", metavar="NAME", help="text column/key (default: text)")
    load.add_argument("--skip-bad", action="store_true", help="skip malformed records (listed on stderr)")
    load.set_defaults(handler=_import)
    run = actions.add_parser("run", help="analyse the notes with the project's lists and corrections")
    run.add_argument("project", type=Path, metavar="P.db")
    run.add_argument("--names", type=Path, metavar="FILE.json", help="deployment name lists for this run")
    run.add_argument("--incremental", action="store_true", help="only notes a change since can affect")
    run.add_argument(
        "--forget-names", action="store_true", help="drop the name lists earlier runs were given (remembered)"
    )
    run.add_argument(
        "--workers",
        type=positive,
        default=os.cpu_count() or 1,
        metavar="N",
        help="processes (default: all cores)",
    )
    run.set_defaults(handler=_run)
    export = actions.add_parser("export", help="write the de-identified notes (deidentify output format)")
    export.add_argument("project", type=Path, metavar="P.db")
    export.add_argument("-o", "--output", type=Path, required=True, metavar="OUTPUT.jsonl")
    export.add_argument("--key-file", type=Path, metavar="FILE", help="pseudonym key (default: the project's)")
    export.add_argument(
        "--mode", choices=["tags", "surrogates"], default="tags", help="keyed tags or realistic surrogates"
    )
    export.add_argument(
        "--length-preserving", action="store_true", help="surrogates as long as the originals (surrogates mode)"
    )
    export.add_argument(
        "--names", type=Path, metavar="FILE.json", help="deployment name lists besides the project's (surrogates)"
    )
    export.set_defaults(handler=_export)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _init(args: argparse.Namespace) -> int:
    with opened(args.project, create=True) as project:
        say(f"masketeer project: created {project.path}")
    return 0


def _import(args: argparse.Namespace) -> int:
    with opened(args.project) as project:
        report = project.import_corpus(args.input, id_col=args.id_col, text_col=args.text_col, skip_bad=args.skip_bad)
    for bad in report.bad:
        say(f"masketeer project import: skipped {bad}")
    stale = f"; {report.stale_corrections} correction(s) now stale" if report.stale_corrections else ""
    counts = f"{report.added} added, {report.updated} updated, {report.unchanged} unchanged"
    say(f"masketeer project import: {counts}{stale}")
    return 0


def _run(args: argparse.Namespace) -> int:
    from masketeer_gui.engine.lists import NameLists

    names = NameLists.from_json(args.names) if args.names else None
    with opened(args.project) as project:
        if args.forget_names and project.runs.forget_names():
            say("masketeer project run: forgot the name lists of earlier runs")
        elif names is None and project.runs.remembered_names() is not None:
            say(
                "masketeer project run: using the name lists remembered from an earlier run (--forget-names drops them)"
            )
        run = project.runs.run(names=names, incremental=args.incremental, workers=args.workers, progress=_progress())
    say(f"\rmasketeer project run: {run.notes_analyzed} notes analysed ({run.kind}), {run.spans_found} spans")
    return 0


def _progress() -> Callable[[int, int, Sequence[AnalyzedNote]], None]:
    live = sys.stderr.isatty()

    def show(done: int, total: int, _chunk: Sequence[AnalyzedNote]) -> None:
        if live:
            sys.stderr.write(f"\rmasketeer project run: {done:,} of {total:,} notes ")
            sys.stderr.flush()

    return show


def _export(args: argparse.Namespace) -> int:
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pseudonyms import load_or_create_key

    if args.length_preserving and args.mode != "surrogates":
        raise UsageError("--length-preserving needs --mode surrogates")
    warn = lambda text: say(f"masketeer project export: warning: {text}")  # noqa: E731
    key = load_or_create_key(args.key_file, warn=warn) if args.key_file else None
    names = NameLists.from_json(args.names) if args.names else None
    with opened(args.project, readonly=True) as project:
        report = project.export_notes(
            args.output, key=key, mode=args.mode, length_preserving=args.length_preserving, names=names
        )
    say(f"masketeer project export: {report.notes} notes, {report.spans} spans -> {args.output}")
    return 0
