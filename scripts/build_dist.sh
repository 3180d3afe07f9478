#!/usr/bin/env bash
# Build the wheel and the sdist into dist/ and check what they carry: the word lists and resources as
# package data in the wheel, the tests in the sdist.   scripts/build_dist.sh [OUT_DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/dist}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
rm -rf "$OUT" && mkdir -p "$OUT"
"$PYTHON" -m build --outdir "$OUT" "$ROOT" >/dev/null 2>&1 || "$PYTHON" -m build --outdir "$OUT" "$ROOT"
"$PYTHON" - "$OUT" <<'PY'
import sys
import tarfile
import zipfile
from pathlib import Path

out = Path(sys.argv[1])
(wheel,) = out.glob("masketeer_gui-*.whl")
(sdist,) = out.glob("masketeer_gui-*.tar.gz")
names = set(zipfile.ZipFile(wheel).namelist())
need = [
    "masketeer_gui/data/dictionaries/nouns.txt",
    "masketeer_gui/data/dictionaries/surrogates/streets.tsv",
    "masketeer_gui/data/resources/demo/notes.jsonl",
    "masketeer_gui/data/resources/icons/masketeer.png",
    "masketeer_gui/store/migrations/env.py",
    "masketeer_gui/py.typed",
]
missing = [n for n in need if n not in names]
licences = [n for n in names if "/licenses/" in n]
assert not missing, f"wheel lacks {missing}"
assert any(n.endswith("/NOTICE") for n in licences), f"wheel lacks NOTICE in {licences}"
assert not any("__pycache__" in n for n in names), "wheel carries __pycache__"
top = {Path(n).parts[1] for n in tarfile.open(sdist).getnames() if len(Path(n).parts) > 1}
assert {"tests", "dictionaries", "resources", "masketeer_gui"} <= top, f"sdist lacks folders: {top}"
assert {"bench", "packaging", "docs", "scripts"} <= top, f"sdist lacks what the tests read: {top}"
print(f"built {wheel.name} ({wheel.stat().st_size // 1024} KiB), {sdist.name} ({sdist.stat().st_size // 1024} KiB)")
PY

# The sdist's own tests run against the sdist's own package and data (tests/conftest.py puts its root first).
unpacked="$(mktemp -d)"
tar -xzf "$OUT"/masketeer_gui-*.tar.gz -C "$unpacked"
(cd "$unpacked"/masketeer_gui-* && env -u MASKETEER_DICTIONARIES -u MASKETEER_RESOURCES \
  QT_QPA_PLATFORM=offscreen "$ROOT/.venv/bin/python" -m pytest -q -p no:cacheprovider \
  tests/test_package_data.py tests/test_contract_doc.py tests/test_entry_points.py tests/engine/test_lexicon.py)
rm -rf "$unpacked"
