"""``masketeer spark INPUT -o OUTPUT``: ``masketeer deidentify`` run on Apache Spark (local or a cluster).

The corpus is read here as ``deidentify`` reads it (same validation, ids and order), handed to Spark
(``integrations.spark``), and the output written in input order: the same bytes as ``masketeer
deidentify`` with the same key file and names. Spark's scratch files go to an owner-only folder that
is deleted afterwards. Needs the ``spark`` extra and Java 17 or later.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from pyspark.sql import SparkSession

    from masketeer_gui.commands import Subparsers
    from masketeer_gui.corpus_io import BadRecord, NoteRecord
    from masketeer_gui.integrations.spark import SparkJob

ROW = "masketeer_row"


def register(subparsers: Subparsers) -> None:
    from masketeer_gui.commands.deidentify import _positive

    parser = subparsers.add_parser(
        "spark",
        help="deidentify on Apache Spark: the same output as 'masketeer deidentify'",
        description="De-identify a corpus (.jsonl, .csv, .parquet) on Spark and write what 'masketeer deidentify' "
        "writes for the same key file and names (JSONL, or Parquet for .parquet), in input order.",
    )
    parser.add_argument("input", type=Path, metavar="INPUT", help=".jsonl, .csv or .parquet file, or a folder of .txt")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUTPUT.jsonl", help="also .parquet")
    parser.add_argument("--master", default="local[2]", metavar="URL", help="Spark master (default: local[2])")
    parser.add_argument("--partitions", type=_positive, metavar="N", help="Spark partitions (default: the cores)")
    parser.add_argument("--names", type=Path, metavar="FILE.json", help="deployment name lists")
    parser.add_argument("--key-file", type=Path, metavar="FILE", help="pseudonym key, created if missing")
    parser.add_argument("--mode", choices=["tags", "surrogates"], default="tags", help="keyed tags or surrogates")
    parser.add_argument("--patient-key", default="patient_id", metavar="NAME", help="patient id key (as deidentify)")
    parser.add_argument("--skip-bad", action="store_true", help="skip malformed records (listed on stderr)")
    parser.add_argument("--id-col", default="id", metavar="NAME", help="id column/key (default: id)")
    parser.add_argument("--text-col", default="text", metavar="NAME", help="text column/key (default: text)")
    parser.add_argument("--tag-length", type=_positive, default=8, metavar="N", help=argparse.SUPPRESS)  # tests
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.atomic import AtomicFile
    from masketeer_gui.commands._sinks import open_sink, output_format

    _check(args)
    job = _job(args)
    records = _records(args)
    count = 0
    with tempfile.TemporaryDirectory(prefix="masketeer-spark-") as scratch:  # 0700: Spark's shuffle and spill files
        from pyspark.sql import SparkSession

        ours = SparkSession.getActiveSession() is None  # a caller's session (tests, notebooks) stays up
        session = _session(args, scratch)
        try:
            with AtomicFile(args.output) as output:
                sink = open_sink(output_format(None, args.output, False), output)
                for lines in _deidentified(session, records, job, args):
                    sink.write([], lines)
                    count += len(lines)
                sink.close()
                output.commit()
        finally:
            if ours:
                session.stop()
    print(f"masketeer spark: {count} notes", file=sys.stderr)
    return 0


def _check(args: argparse.Namespace) -> None:
    """Exit 2 with a clear message when pyspark or Java is missing, or the paths are wrong."""
    import importlib.util

    if importlib.util.find_spec("pyspark") is None:
        raise UsageError("masketeer spark needs pyspark: pip install 'masketeer-gui[spark]'")
    java_home = os.environ.get("JAVA_HOME")
    if not shutil.which("java") and not (java_home and (Path(java_home) / "bin" / "java").exists()):
        raise UsageError("masketeer spark needs Java 17 or later (e.g. apt-get install openjdk-17-jre-headless)")
    if not args.input.exists():
        raise UsageError(f"{args.input}: no such file or folder")
    if args.input.resolve() == args.output.resolve():
        raise UsageError(f"{args.output}: output would overwrite the input")
    for path in [args.output, *([args.key_file] if args.key_file else [])]:
        if not path.resolve().parent.is_dir():
            raise UsageError(f"{path}: folder does not exist")


def _job(args: argparse.Namespace) -> SparkJob:
    from masketeer_gui.commands.deidentify import names_and_key
    from masketeer_gui.integrations.spark import SparkJob

    names, key = names_and_key(args)
    return SparkJob(key, names, args.mode, args.tag_length)


def _records(args: argparse.Namespace) -> list[NoteRecord]:
    """The whole corpus, read and validated before Spark starts (a bad record costs no session)."""
    from masketeer_gui.corpus_io import read_corpus

    def report(bad: BadRecord) -> None:
        print(f"masketeer spark: skipped {bad}", file=sys.stderr)

    return list(
        read_corpus(args.input, id_col=args.id_col, text_col=args.text_col, skip_bad=args.skip_bad, on_bad=report)
    )


def _session(args: argparse.Namespace, scratch: str) -> SparkSession:
    from masketeer_gui.integrations.spark import local_session

    return local_session(args.master, args.partitions, scratch)


def _deidentified(
    session: SparkSession, records: list[NoteRecord], job: SparkJob, args: argparse.Namespace
) -> Iterator[list[bytes]]:
    """The output lines in input order, a batch at a time."""
    import pyarrow as pa
    from pyspark.sql import functions as F

    from masketeer_gui.integrations.spark import LINE, deidentified_lines
    from masketeer_gui.parallel import patient_scope

    table = pa.table(
        {
            "id": [record.id for record in records],
            "text": [record.text for record in records],
            "patient": [patient_scope(record, args.patient_key) for record in records],
            ROW: range(len(records)),
        }
    )
    df = session.createDataFrame(table)
    if args.partitions:
        df = df.repartition(args.partitions)
    lines = deidentified_lines(df, job, "text", "id", "patient", keep=[ROW])
    batch: list[bytes] = []
    for row in lines.orderBy(F.col(ROW).cast("long")).select(LINE).toLocalIterator():
        batch.append(bytes(row[0]))
        if len(batch) >= 1024:
            yield batch
            batch = []
    if batch:
        yield batch
