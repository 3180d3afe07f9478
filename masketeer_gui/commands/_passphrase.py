"""The vault passphrase: from ``--passphrase-file`` (its first line) or asked on the terminal."""

from __future__ import annotations

import getpass
import sys
from pathlib import Path

from masketeer_gui.commands import UsageError


def read_passphrase(path: Path | None, confirm: bool) -> str:
    """The passphrase; ``confirm`` asks twice on a terminal (for a new vault)."""
    if path is not None:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            raise UsageError(f"{path}: cannot read the passphrase file") from None
        if not lines or not lines[0]:
            raise UsageError(f"{path}: the passphrase file is empty")
        return lines[0]
    if not sys.stdin.isatty():
        raise UsageError("no passphrase: give --passphrase-file FILE or run on a terminal")
    passphrase = getpass.getpass("Vault passphrase: ")
    if confirm and getpass.getpass("Repeat the passphrase: ") != passphrase:
        raise UsageError("the passphrases differ")
    return passphrase
