# Sourced by scripts/test and scripts/demo: make .venv with the project installed, once per pyproject change.
#   EXTRAS=gui (scripts/demo: the app) or dev (default; scripts/test: the app plus checkers and data tools).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
EXTRAS="${EXTRAS:-dev}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
hash="$(sha256sum pyproject.toml | cut -c1-16)"
# A dev install includes the gui extra, so it also serves scripts/demo.
if [ ! -f ".venv/.installed-$hash-$EXTRAS" ] && [ ! -f ".venv/.installed-$hash-dev" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[$EXTRAS]"
  rm -f .venv/.installed-*
  touch ".venv/.installed-$hash-$EXTRAS"
fi

# Qt's Debian packages (shared list with README and .ci/run): offscreen needs QT_DEBS, a real X11
# display also DISPLAY_DEBS. Checked with dpkg-query (no pipes: `grep -q` under pipefail used to fail
# on SIGPIPE and reinstall them on nearly every launch).
source "$ROOT/scripts/common.sh"
wanted="$QT_DEBS"
if [ -n "${DISPLAY:-}" ]; then wanted="$wanted $DISPLAY_DEBS"; fi
missing="$(missing_debs $wanted)"
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Qt's system libraries: $missing" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  else
    echo "Qt needs these Debian packages: sudo apt-get install $missing" >&2
  fi
fi
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR" 2>/dev/null || true
