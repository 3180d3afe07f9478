"""What ``deidentify`` may write beside its output: the encrypted vault and the risk report.

Both are optional and both appear only when the whole run succeeded, committed together with the
output and the statistics (``atomic.commit_all``): all of them or none.
The vault maps each replacement back to the original; it is encrypted (``vault.py``) and written
nowhere unless ``--vault`` is given. In a settled run (``settling.py``) its entries wait, sealed
(``vault.SealedSpool``), until the second pass has said which tags changed, so the vault maps the
tags the output holds. The risk report holds ids, levels, scores and kind-only reasons.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.atomic import AtomicFile
from masketeer_gui.commands import UsageError

if TYPE_CHECKING:
    from masketeer_gui.corpus_io import NoteRecord
    from masketeer_gui.engine.risk_corpus import CorpusRisk
    from masketeer_gui.parallel import ChunkResult
    from masketeer_gui.vault import SealedSpool, VaultWriter


class SideOutputs:
    """The vault writer and the corpus risk collector of one run (each may be absent)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.vault: VaultWriter | None = None
        self.risk: CorpusRisk | None = None
        self._risk_path: Path | None = args.risk
        self._patient_key: str = args.patient_key
        self._risk_file: AtomicFile | None = None
        self._held: SealedSpool | None = None
        self._changed: dict[int, list[str]] = {}  # note number -> its settled pseudonyms
        if args.vault is not None:
            self.vault = _open_vault(args)
            self._held = _held_entries(args.vault, self.vault)  # until the second pass says which tags changed
        if args.risk is not None:
            from masketeer_gui.engine.risk_corpus import CorpusRisk

            self.risk = CorpusRisk()

    def add(self, chunk: list[NoteRecord], lines: list[bytes], result: ChunkResult) -> None:
        """Record one chunk's mapping (vault, held until ``finish``) and risks."""
        if self._held is not None:
            from masketeer_gui.engine import fastjson
            from masketeer_gui.vault import vault_entries

            pairs = zip(chunk, lines, strict=True)
            self._held.add([(record.id, vault_entries(record.text, fastjson.loads(line))) for record, line in pairs])
        if self.risk is not None and result.risks is not None:
            from masketeer_gui.parallel import patient_scope

            for record, risk in zip(chunk, result.risks, strict=True):
                self.risk.add(record.id, patient_scope(record, self._patient_key), risk)

    def changed(self, note: int, line: bytes) -> None:
        """The second pass settled note number ``note`` to ``line`` (``settling.OnChange``)."""
        if self._held is not None:
            from masketeer_gui.engine import fastjson

            self._changed[note] = [span["pseudonym"] for span in fastjson.loads(line)["spans"]]

    def finish(self) -> list[AtomicFile]:
        """Write the risk report and the vault's last record; their files, ready to be committed."""
        files: list[AtomicFile] = []
        if self.risk is not None and self._risk_path is not None:
            self._risk_file = risk_report_file(self._risk_path, self.risk)
            files.append(self._risk_file)
        if self.vault is not None:
            self._release_held()
            self.vault.finish()
            files.append(self.vault.file)
        return files

    def _release_held(self) -> None:
        """Give the vault the held entries, each with the pseudonym the settled output holds."""
        if self._held is None or self.vault is None:
            return
        from masketeer_gui.vault import VaultEntry

        note = 0
        for chunk in self._held:
            for note_id, entries in chunk:
                settled = self._changed.get(note)
                if settled is None:
                    self.vault.add(note_id, [VaultEntry(*entry) for entry in entries])
                else:
                    self.vault.add(
                        note_id, [VaultEntry(s, e, p, o) for (s, e, _, o), p in zip(entries, settled, strict=True)]
                    )
                note += 1

    def discard(self) -> None:
        """Delete whatever was not committed (and the held entries, always)."""
        if self._held is not None:
            self._held.close()
        if self.vault is not None:
            self.vault.discard()
        if self._risk_file is not None:
            self._risk_file.discard()


def _open_vault(args: argparse.Namespace) -> VaultWriter:
    from masketeer_gui.commands._passphrase import read_passphrase
    from masketeer_gui.vault import VaultError, VaultWriter

    if args.vault.exists():
        raise UsageError(f"{args.vault}: a vault exists there already (never overwritten; choose another file)")
    if Path(os.path.realpath(args.vault)).parent == Path(os.path.realpath(args.output)).parent:
        print("masketeer deidentify: note: keep the vault apart from the de-identified output", file=sys.stderr)
    try:
        return VaultWriter(args.vault, read_passphrase(args.passphrase_file, confirm=True))
    except VaultError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{args.vault}: cannot write ({exc.strerror})") from None


def _held_entries(path: Path, vault: VaultWriter) -> SealedSpool:
    from masketeer_gui.vault import SealedSpool

    try:
        return SealedSpool(path)
    except OSError as exc:
        vault.discard()
        raise UsageError(f"{path}: cannot write ({exc.strerror})") from None


def risk_report_file(path: Path, risk: CorpusRisk) -> AtomicFile:
    """``{"summary": {...}, "notes": [{"id", "level", "score", "reasons"}]}``, written but not yet in place."""
    from masketeer_gui.engine import fastjson

    notes, summary = risk.finish()
    report = {"summary": summary.to_dict(), "notes": [{"id": i, **a.to_dict()} for i, a in notes]}
    file = AtomicFile(path, sweep=True)
    try:
        file.write(fastjson.dumps(report) + b"\n")
        file.prepare()
    except BaseException:
        file.discard()
        raise
    return file
