"""``masketeer reidentify OUTPUT.jsonl --vault FILE``: restore original notes from a deidentify output.

Needs the vault ``deidentify --vault`` wrote and its passphrase. Prints one JSON object per note,
``{"id", "text"}`` with the ORIGINAL text, to stdout or to ``-o FILE`` (created owner-only).
``--id`` restricts it to some notes. A wrong passphrase or a damaged vault exits 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.vault import VaultEntry


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "reidentify",
        help="restore original notes from a deidentify output and its encrypted vault",
        description="Restore the original text of de-identified notes with the vault written by "
        "'deidentify --vault'. Prints JSON lines {id, text} (stdout, or -o FILE created owner-only).",
    )
    parser.add_argument("input", type=Path, metavar="OUTPUT.jsonl", help="a deidentify output")
    parser.add_argument("--vault", type=Path, required=True, metavar="FILE")
    parser.add_argument("--passphrase-file", type=Path, metavar="FILE", help="vault passphrase (else asked)")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE", help="write here instead of stdout")
    parser.add_argument("--id", action="append", default=[], metavar="ID", help="only this note (repeatable)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.commands._passphrase import read_passphrase
    from masketeer_gui.engine import fastjson
    from masketeer_gui.vault import VaultError, read_vault

    if not args.vault.is_file():
        raise UsageError(f"{args.vault}: no such vault")
    try:
        vault = read_vault(args.vault, read_passphrase(args.passphrase_file, confirm=False))
        lines = [fastjson.dumps(record) + b"\n" for record in _restored(args, vault)]
    except VaultError as exc:
        raise UsageError(str(exc)) from None
    _write(args.output, b"".join(lines))
    return 0


def _restored(args: argparse.Namespace, vault: dict[str, list[VaultEntry]]) -> Iterator[dict[str, Any]]:
    from masketeer_gui.corpus_io import read_corpus
    from masketeer_gui.vault import reidentify_record

    wanted = set(args.id)
    for record in read_corpus(args.input):
        if wanted and record.id not in wanted:
            continue
        spans = record.meta.get("spans")
        if not isinstance(spans, list):
            raise UsageError(f"{record.source}:{record.line}: not a deidentify output (no 'spans')")
        output = {"id": record.id, "text": record.text, "spans": spans}
        yield {"id": record.id, "text": reidentify_record(output, vault.get(record.id, [])) if spans else record.text}


def _write(path: Path | None, data: bytes) -> None:
    if path is None:
        sys.stdout.buffer.write(data) if hasattr(sys.stdout, "buffer") else sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
        return
    from masketeer_gui.atomic import AtomicFile

    with AtomicFile(path) as handle:  # a temporary file from mkstemp: owner-only
        handle.write(data)
        handle.commit()
