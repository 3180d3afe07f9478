#!/usr/bin/env bash
# Build the one-folder desktop bundle (dist/masketeer-gui/) with PyInstaller, and a tarball of it.
#   packaging/build.sh            build into dist/
#   packaging/build.sh --check    only check that everything the spec needs is there (no build)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"

for path in dictionaries resources/demo/notes.jsonl resources/icons/masketeer.png resources/masketeer-gui.desktop \
            resources/masketeer-gui-mime.xml masketeer_gui/store/migrations/env.py packaging/masketeer-gui.spec \
            packaging/launch_gui.py packaging/launch_cli.py packaging/collect_licenses.py \
            packaging/licenses/LGPL-3.0.txt packaging/licenses/GPL-3.0.txt NOTICE LICENSE; do
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

# Licence texts of everything shipped (LGPL v3 for Qt, …) and an SBOM, from the build environment's metadata.
"$PYTHON" packaging/collect_licenses.py dist/masketeer-gui
# Desktop integration files next to the executable (install with: xdg-mime install masketeer-gui-mime.xml;
# xdg-desktop-menu install masketeer-gui.desktop; xdg-icon-resource).
cp resources/masketeer-gui.desktop resources/masketeer-gui-mime.xml dist/masketeer-gui/
cp resources/icons/masketeer.svg resources/icons/masketeer.png dist/masketeer-gui/
# Smoke test of the bundled command line, from outside the build tree.
smoke="$(mktemp -d)"
dist/masketeer-gui/masketeer --version
dist/masketeer-gui/masketeer synth --n 20 --seed 5 -o "$smoke/in.jsonl" --names "$smoke/names.json" >/dev/null
(cd "$smoke" && XDG_CACHE_HOME="$smoke/cache" "$ROOT/dist/masketeer-gui/masketeer" deidentify in.jsonl -o out.jsonl \
  --names names.json)
rm -rf "$smoke"
# Smoke test: the bundle starts, opens the demo project, runs it and renders a screenshot.
LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen XDG_DATA_HOME="$(mktemp -d)" dist/masketeer-gui/masketeer-gui --demo \
  --screenshot build/bundle-smoke.png
tar -C dist -czf "dist/masketeer-gui-$(uname -s | tr 'A-Z' 'a-z')-$(uname -m).tar.gz" masketeer-gui
echo "Built dist/masketeer-gui/ (run dist/masketeer-gui/masketeer-gui)"
