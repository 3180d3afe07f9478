"""``masketeer deidentify INPUT -o OUTPUT.jsonl``: the docs/CONTRACT.md batch de-identification.

Output, ``--stats``, ``--risk`` and ``--vault`` are written to temporary files, synced, and renamed
together only when the whole input was read (``atomic.commit_all``): a bad record (without
``--skip-bad``), a full disk or any other error leaves none of them behind.
``--mode surrogates`` replaces PHI by realistic surrogates (``engine/surrogates``) instead of tags.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from masketeer_gui.commands import UsageError
from masketeer_gui.commands._sinks import FORMATS

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from masketeer_gui.atomic import AtomicFile
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.commands._progress import Progress
    from masketeer_gui.commands._side_outputs import SideOutputs
    from masketeer_gui.commands._sinks import Sink
    from masketeer_gui.corpus_io import BadRecord, NoteRecord
    from masketeer_gui.corpus_io.jsonl import LineReader
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import Analyzer, ChunkResult, EngineSpec


def default_factory(names: NameLists | None) -> Analyzer:
    """The shipped engine (``engine.factory``; module-level, so spawned workers rebuild it by name), frozen
    out of the garbage collector's sight (``engine.factory.lasting_objects``)."""
    from masketeer_gui.engine.factory import default_engine, lasting_objects

    with lasting_objects():
        return default_engine(names)


ENGINE_FACTORY = default_factory  # tests swap in a stand-in analyzer here


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "deidentify",
        help="replace PHI in a corpus by keyed pseudonyms or realistic surrogates",
        description="Replace PHI in a corpus (.jsonl, .csv or a folder of .txt) by keyed pseudonyms or surrogates; "
        "write one JSON object per note, in input order. Nothing with note text goes to stderr.",
    )
    parser.add_argument(
        "input", type=Path, metavar="INPUT", help=".jsonl, .csv, .parquet or FHIR .ndjson file, or a folder of .txt"
    )
    parser.add_argument(
        "-o", "--output", type=Path, required=True, metavar="OUTPUT.jsonl", help="also .parquet, or .ndjson for FHIR"
    )
    parser.add_argument(
        "--output-format", choices=FORMATS, metavar="FORMAT",
        help="jsonl, parquet or fhir (default: .parquet -> parquet; FHIR input to .ndjson -> fhir; else jsonl)",
    )  # fmt: skip
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
    # ``parallel.CHUNK_SIZE`` (not imported to build the parser)
    parser.add_argument("--chunk-size", type=_positive, default=512, metavar="N", help=argparse.SUPPRESS)
    parser.add_argument("--tag-length", type=_positive, default=8, metavar="N", help=argparse.SUPPRESS)  # tests
    parser.set_defaults(handler=run, ends_at_once=True)  # ``cli.end_process``: committed when ``run`` returns


def run(args: argparse.Namespace) -> int:
    with _collector_resting():  # from here: the imports below make ~10^5 lasting objects too
        from masketeer_gui.atomic import AtomicFile, commit_all
        from masketeer_gui.commands._progress import Progress
        from masketeer_gui.commands._side_outputs import SideOutputs
        from masketeer_gui.commands._sinks import open_sink, output_format
        from masketeer_gui.corpus_io import is_fhir_file, line_reader, read_corpus

        _check_paths(args)
        fmt = output_format(args.output_format, args.output, is_fhir_file(args.input))
        spec = _engine_spec(args)
        progress = Progress(sys.stderr, "masketeer deidentify")
        columns: dict[str, Any] = {
            "id_col": args.id_col,
            "text_col": args.text_col,
            "skip_bad": args.skip_bad,
            "on_bad": lambda bad: _report_bad(bad, progress),
        }
        # the workers read the records where nothing here needs them: an output of records (not FHIR resources),
        # no vault and no risk report (``SideOutputs``)
        lines = None if fmt == "fhir" or args.vault or args.risk else line_reader(args.input, **columns)
        records = lines or read_corpus(args.input, **columns)
        side = SideOutputs(args)
        try:
            with AtomicFile(args.output, sweep=True) as output:
                sink = open_sink(fmt, output)
                stats = _deidentify(records, spec, args, sink, progress, side)
                sink.close()
                with _stats_file(args.stats, stats) as stats_file:
                    commit_all([output, *stats_file, *side.finish()])
        finally:
            side.discard()
    progress.finish()
    return 0


@contextmanager
def _collector_resting() -> Iterator[None]:
    """The cyclic GC paused for the command, then everything alive frozen (``gc.freeze``).

    The run's records, results and evidence make no cycles, yet their numbers would start collections
    that walk the evidence kept so far (and the engine, unfrozen once the workers have forked) again
    and again. The process ends with the command: frozen, what it leaves is not walked once more by
    the interpreter's last collection at exit (~60 ms for the engine).
    """
    from masketeer_gui.engine.collector import gc_paused  # (a light module: imported before the pause)

    with gc_paused():
        try:
            yield
        finally:
            gc.freeze()


def _deidentify(
    records: Iterable[NoteRecord] | LineReader,
    spec: EngineSpec,
    args: argparse.Namespace,
    output: Sink,
    progress: Progress,
    side: SideOutputs,
) -> CorpusStats:
    """Stream the notes through the workers into a spool, then write them settled to ``output``
    (``settling``: one type per person across the run, colliding tags by the order-free rule);
    the merged statistics. ``records`` as a ``LineReader``: the workers read them (``parallel.run_lines``),
    so no record is here (nor needed: no vault or risk report, an output of records)."""
    from masketeer_gui.batch import reap_workers
    from masketeer_gui.commands._settle_types import TypeSettler
    from masketeer_gui.corpus_io.jsonl import LineReader
    from masketeer_gui.engine.stats import CorpusStats
    from masketeer_gui.parallel import run_chunks, run_lines

    stats = CorpusStats()
    settler = TypeSettler(args.output, spec.key, spec.tag_length, tags=spec.mode == "tags", own=output.own_form)
    results: Iterator[tuple[list[NoteRecord], ChunkResult]]
    if isinstance(records, LineReader):
        results = (([], result) for result in run_lines(records, spec, args.workers, args.chunk_size))
    else:
        results = run_chunks(records, spec, args.workers, args.chunk_size)
    try:
        for chunk, result in results:
            settler.add(chunk, result.lines, result, output)
            side.add(chunk, result.lines, result)
            tags = result.tags
            progress.advance(len(result.lines), len(tags) - tags.count(()), sum(map(len, tags)))
            if result.stats is not None:
                stats.merge(result.stats)
        settler.finish(output, stats, side.changed if side.vault is not None else None)
    finally:
        settler.close()
    reap_workers()  # ended while the run settled
    return stats


def default_workers() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _check_paths(args: argparse.Namespace) -> None:
    """Refuse to overwrite the input, or to write two outputs to one file."""
    from masketeer_gui.corpus_io import check_input

    check_input(args.input)  # a missing file, a broken link, a link loop, a FIFO: said plainly
    if args.length_preserving and args.mode != "surrogates":
        raise UsageError("--length-preserving needs --mode surrogates")
    if args.passphrase_file and not args.vault:
        raise UsageError("--passphrase-file needs --vault")
    targets = [args.output, *(path for path in (args.stats, args.risk, args.vault) if path)]
    resolved = [os.path.realpath(path) for path in targets]  # realpath never raises on a link loop
    if os.path.realpath(args.input) in resolved or len(set(resolved)) < len(resolved):
        raise UsageError(f"{args.output}: output would overwrite the input or another output file")
    for path in [*targets, *([args.key_file] if args.key_file else [])]:
        if not Path(os.path.realpath(path)).parent.is_dir():
            raise UsageError(f"{path}: folder does not exist")


def names_and_key(args: argparse.Namespace) -> tuple[NameLists | None, bytes]:
    """The ``--names`` lists and the ``--key-file`` key (created if missing; a fresh key without one)."""
    from masketeer_gui.atomic import plain_reason
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pseudonyms import load_or_create_key, new_key

    names = NameLists.from_json(args.names) if args.names else None
    try:
        key = load_or_create_key(args.key_file, warn=_warn) if args.key_file else new_key()
    except OSError as exc:
        raise UsageError(f"{args.key_file}: cannot create the key file ({plain_reason(exc)})") from None
    return names, key


def _engine_spec(args: argparse.Namespace) -> EngineSpec:
    from masketeer_gui.parallel import EngineSpec

    names, key = names_and_key(args)
    return EngineSpec(
        ENGINE_FACTORY,
        names,
        key,
        want_stats=args.stats is not None,
        mode=args.mode,
        length_preserving=args.length_preserving,
        patient_key=args.patient_key,
        want_risk=args.risk is not None,
        tag_length=args.tag_length,
        settle_types=True,  # one type per person across the run, in every mode and output format
    )


def _warn(message: str) -> None:
    print(f"masketeer deidentify: warning: {message}", file=sys.stderr)


def _report_bad(bad: BadRecord, progress: Progress) -> None:
    progress.skipped += 1
    progress.clear_line()
    print(f"masketeer deidentify: skipped {bad}", file=sys.stderr)


@contextmanager
def _stats_file(path: Path | None, stats: CorpusStats) -> Iterator[list[AtomicFile]]:
    """The ``--stats`` file written but not yet in place (none without ``--stats``); deleted unless committed."""
    from masketeer_gui.atomic import AtomicFile
    from masketeer_gui.engine import fastjson

    if path is None:
        yield []
        return
    with AtomicFile(path, sweep=True) as file:
        file.write(fastjson.dumps(stats.to_dict()) + b"\n")
        yield [file]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
