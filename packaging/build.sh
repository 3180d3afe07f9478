#!/usr/bin/env bash
# Build the one-folder desktop bundle (dist/masketeer-gui/) with PyInstaller, and a tarball of it.
#   packaging/build.sh            build into dist/
#   packaging/build.sh --check    only check that everything the spec needs is there (no build)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"

for path in dictionaries resources/demo/notes.jsonl resources/icons/masketeer.png resources/masketeer-gui.desktop \
            masketeer_gui/store/migrations/env.py packaging/masketeer-gui.spec; do
  [ -e "$path" ] || { echo "build.sh: missing $path" >&2; exit 1; }
done
if [ "${1:-}" = "--check" ]; then
  echo "build.sh: inputs present"
  exit 0
fi

if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
  echo "Installing PyInstaller into the build environment…" >&2
  "$PYTHON" -m pip install -q "pyinstaller>=6.10"
fi
"$PYTHON" -m PyInstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller packaging/masketeer-gui.spec

# Desktop integration files next to the executable (install with: xdg-desktop-menu / xdg-icon-resource).
cp resources/masketeer-gui.desktop dist/masketeer-gui/
cp resources/icons/masketeer.svg resources/icons/masketeer.png dist/masketeer-gui/
# Smoke test: the bundle starts, opens the demo project, runs it and renders a screenshot.
LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen XDG_DATA_HOME="$(mktemp -d)" dist/masketeer-gui/masketeer-gui --demo \
  --screenshot build/bundle-smoke.png
tar -C dist -czf "dist/masketeer-gui-$(uname -s | tr 'A-Z' 'a-z')-$(uname -m).tar.gz" masketeer-gui
echo "Built dist/masketeer-gui/ (run dist/masketeer-gui/masketeer-gui)"
