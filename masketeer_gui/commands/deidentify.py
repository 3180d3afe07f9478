"""``masketeer deidentify INPUT -o OUTPUT.jsonl``: the docs/CONTRACT.md batch de-identification.

Output, ``--stats``, ``--risk`` and ``--vault`` are written to temporary files and renamed only when
the whole input was read: a bad record (without ``--skip-bad``) or any error leaves no output behind.
``--mode surrogates`` replaces PHI by realistic surrogates (``engine/surrogates``) instead of tags.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from collections.abc import Iterable

    from masketeer_gui.commands import Subparsers
    from masketeer_gui.commands._atomic import AtomicFile
    from masketeer_gui.commands._progress import Progress
    from masketeer_gui.commands._side_outputs import SideOutputs
    from masketeer_gui.corpus_io import BadRecord, NoteRecord
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import Analyzer, EngineSpec


def default_factory(names: NameLists | None) -> Analyzer:
    """The shipped engine (module-level, so worker processes can rebuild it by name)."""
    from masketeer_gui.engine.pipeline import Deidentifier

    return Deidentifier.default(names)


ENGINE_FACTORY = default_factory  # tests swap in a stand-in analyzer here


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "deidentify",
        help="replace PHI in a corpus by keyed pseudonyms or realistic surrogates",
        description="Replace PHI in a corpus (.jsonl, .csv or a folder of .txt) by keyed pseudonyms or surrogates; "
        "write one JSON object per note, in input order. Nothing with note text goes to stderr.",
    )
    parser.add_argument("input", type=Path, metavar="INPUT", help=".jsonl or .csv file, or a folder of .txt")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUTPUT.jsonl")
    parser.add_argument("--names", type=Path, metavar="FILE.json", help="deployment name lists")
    parser.add_argument(
        "--mode", choices=["tags", "surrogates"], default="tags", help="keyed tags or realistic surrogates"
    )
    parser.add_argument(
        "--length-preserving", action="store_true", help="surrogates as long as the originals (surrogates mode)"
    )
    parser.add_argument(
        "--patient-key", default="patient_id", metavar="NAME",
        help="metadata key of the patient id that scopes surrogates (default: patient_id)",
    )  # fmt: skip
    parser.add_argument("--key-file", type=Path, metavar="FILE", help="pseudonym key, created if missing")
    parser.add_argument(
        "--workers",
        type=_positive,
        default=default_workers(),
        metavar="N",
        help="processes (default: all cores)",
    )
    parser.add_argument("--stats", type=Path, metavar="FILE.json", help="counts per entity and masker")
    parser.add_argument("--skip-bad", action="store_true", help="skip malformed records (listed on stderr)")
    parser.add_argument("--risk", type=Path, metavar="FILE.json", help="residual re-identification risk per note")
    parser.add_argument(
        "--vault", type=Path, metavar="FILE", help="write the mapping back to the originals, encrypted (off by default)"
    )
    parser.add_argument("--passphrase-file", type=Path, metavar="FILE", help="vault passphrase (else asked)")
    parser.add_argument("--id-col", default="id", metavar="NAME", help="id column/key (default: id)")
    parser.add_argument("--text-col", default="text", metavar="NAME", help="text column/key (default: text)")
    parser.add_argument("--chunk-size", type=_positive, default=256, metavar="N", help=argparse.SUPPRESS)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.commands._atomic import AtomicFile
    from masketeer_gui.commands._progress import Progress
    from masketeer_gui.commands._side_outputs import SideOutputs
    from masketeer_gui.corpus_io import read_corpus

    _check_paths(args)
    spec = _engine_spec(args)
    progress = Progress(sys.stderr, "masketeer deidentify")
    records = read_corpus(
        args.input,
        id_col=args.id_col,
        text_col=args.text_col,
        skip_bad=args.skip_bad,
        on_bad=lambda bad: _report_bad(bad, progress),
    )
    side = SideOutputs(args)
    try:
        with AtomicFile(args.output) as output:
            stats = _deidentify(records, spec, args, output, progress, side)
            if args.stats:
                _write_stats(args.stats, stats)
            side.commit()
            output.commit()
    finally:
        side.discard()
    progress.finish()
    return 0


def _deidentify(
    records: Iterable[NoteRecord],
    spec: EngineSpec,
    args: argparse.Namespace,
    output: AtomicFile,
    progress: Progress,
    side: SideOutputs,
) -> CorpusStats:
    """Stream the notes through the workers into ``output``; the merged statistics."""
    from masketeer_gui.engine.pseudonyms import TagLedger
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import reconcile, run_chunks

    stats, ledger = CorpusStats(), TagLedger()
    for chunk, result in run_chunks(records, spec, args.workers, args.chunk_size):
        lines = reconcile(chunk, result, ledger) if spec.mode == "tags" else result.lines
        output.write(b"".join(lines))
        side.add(chunk, lines, result)
        progress.advance(len(chunk), sum(1 for tags in result.tags if tags), sum(map(len, result.tags)))
        if result.stats is not None:
            stats.merge(result.stats)
    return stats


def default_workers() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _check_paths(args: argparse.Namespace) -> None:
    """Refuse to overwrite the input, or to write two outputs to one file."""
    if not args.input.exists():
        raise UsageError(f"{args.input}: no such file or folder")
    if args.length_preserving and args.mode != "surrogates":
        raise UsageError("--length-preserving needs --mode surrogates")
    if args.passphrase_file and not args.vault:
        raise UsageError("--passphrase-file needs --vault")
    targets = [args.output, *(path for path in (args.stats, args.risk, args.vault) if path)]
    resolved = [path.resolve() for path in targets]
    if args.input.resolve() in resolved or len(set(resolved)) < len(resolved):
        raise UsageError(f"{args.output}: output would overwrite the input or another output file")
    for path in [*targets, *([args.key_file] if args.key_file else [])]:
        if not path.resolve().parent.is_dir():
            raise UsageError(f"{path}: folder does not exist")


def _engine_spec(args: argparse.Namespace) -> EngineSpec:
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pseudonyms import load_or_create_key, new_key
    from masketeer_gui.parallel import EngineSpec

    names = NameLists.from_json(args.names) if args.names else None
    try:
        key = load_or_create_key(args.key_file) if args.key_file else new_key()
    except OSError as exc:
        raise UsageError(f"{args.key_file}: cannot create key file ({exc.strerror})") from None
    return EngineSpec(
        ENGINE_FACTORY,
        names,
        key,
        want_stats=args.stats is not None,
        mode=args.mode,
        length_preserving=args.length_preserving,
        patient_key=args.patient_key,
        want_risk=args.risk is not None,
    )


def _report_bad(bad: BadRecord, progress: Progress) -> None:
    progress.skipped += 1
    progress.clear_line()
    print(f"masketeer deidentify: skipped {bad}", file=sys.stderr)


def _write_stats(path: Path, stats: CorpusStats) -> None:
    from masketeer_gui.commands._atomic import AtomicFile
    from masketeer_gui.engine import fastjson

    with AtomicFile(path) as handle:
        handle.write(fastjson.dumps(stats.to_dict()) + b"\n")
        handle.commit()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
