#!/usr/bin/env bash
# Run pytest on every other Python (3.11+) found on this machine, each in its own venv under .venvs/:
#   scripts/test_pythons.sh [PYTEST ARGS]     (PYTHONS="/path/python3.12 …" to choose; default: pyenv's)
# scripts/test covers the default Python with lint, types and contracts; this checks that the suite
# passes on 3.12 and 3.13 too (on 3.13 the german-nouns word-list test skips: lxml<5 has no wheel).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/common.sh"
default="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ -z "${PYTHONS:-}" ]; then
  PYTHONS=""
  for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python; do
    [ -x "$candidate" ] || continue
    version="$("$candidate" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    case "$version" in 3.1[1-9]) [ "$version" != "$default" ] && PYTHONS="$PYTHONS $candidate" ;; esac
  done
fi
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}" && chmod 700 "$XDG_RUNTIME_DIR"
hash="$(sha256sum pyproject.toml | cut -c1-16)"
status=0
for python in $PYTHONS; do
  version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  venv=".venvs/py$version"
  echo "== Python $version ($python)"
  [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
  if [ ! -f "$venv/.installed-$hash" ]; then
    quiet_pip "$venv/bin/python" -m pip install -q --upgrade pip
    quiet_pip "$venv/bin/python" -m pip install -q -e ".[dev]"
    rm -f "$venv"/.installed-* && touch "$venv/.installed-$hash"
  fi
  start=$SECONDS
  XDG_CACHE_HOME="$ROOT/.venvs/cache-$version" "$venv/bin/python" -m pytest -p no:cacheprovider "$@" || status=1
  echo "== Python $version: $((SECONDS - start)) s"
done
exit $status
