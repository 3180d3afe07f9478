# Sourced by scripts/test and scripts/demo: make .venv with the project installed, once per pyproject change.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[dev]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# Qt needs a few system libraries and a font even offscreen (shared/QT-HEADLESS.md).
QT_DEBS="libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-dejavu-core"
if ! ldconfig -p 2>/dev/null | grep -q 'libEGL.so.1' || ! ldconfig -p 2>/dev/null | grep -q 'libxkbcommon.so.0' \
   || ! fc-list 2>/dev/null | grep -qi dejavu; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Qt's system libraries: $QT_DEBS" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $QT_DEBS >/dev/null
  else
    echo "Qt needs these Debian packages: sudo apt-get install $QT_DEBS" >&2
  fi
fi
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR" 2>/dev/null || true
