"""scripts/common.sh: the Debian package check that decides whether bootstrap runs apt-get."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

COMMON = Path(__file__).resolve().parents[1] / "scripts" / "common.sh"
pytestmark = pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="not a Debian system")


def missing(*packages: str) -> list[str]:
    program = f'set -euo pipefail; source "{COMMON}"; missing_debs {" ".join(packages)}'
    result = subprocess.run(["bash", "-c", program], capture_output=True, text=True, timeout=60, check=True)
    return result.stdout.split()


def test_installed_packages_are_not_missing_every_time() -> None:
    for _ in range(10):  # the old `grep -q` pipeline under pipefail failed at random (SIGPIPE)
        assert missing("bash", "coreutils") == []


def test_absent_packages_are_listed_in_order() -> None:
    assert missing("bash", "masketeer-no-such-package", "coreutils", "masketeer-nor-this") == [
        "masketeer-no-such-package",
        "masketeer-nor-this",
    ]


def test_the_lists_name_the_display_libraries() -> None:
    text = COMMON.read_text(encoding="utf-8")
    assert all(name in text for name in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "fonts-dejavu-core"))
