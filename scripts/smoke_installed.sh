#!/usr/bin/env bash
# Install the built wheel the way a user would and use it, far from the clone (no source tree on the
# path, no MASKETEER_* variables, a fresh cache):
#   1. the whole app (wheel + gui extra): `masketeer deidentify` on a small corpus, `masketeer-gui --demo
#      --screenshot` offscreen;
#   2. the pipeline install (wheel only, no PySide6): the CLI, `python -m masketeer_gui`, the public API
#      smoke (scripts/smoke_api.py — extend that file for new public API), and masketeer-gui's install hint.
# Usage: scripts/smoke_installed.sh WHEEL [PYTHON]
set -euo pipefail
WHEEL="$(realpath "$1")"
PYTHON="${2:-python3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(mktemp -d /tmp/masketeer-smoke.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
unset MASKETEER_DICTIONARIES MASKETEER_RESOURCES MASKETEER_CACHE_DIR PYTHONPATH
export XDG_CACHE_HOME="$WORK/cache" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config" LANG=C.UTF-8
export XDG_RUNTIME_DIR="$WORK/runtime" && mkdir -m 700 "$XDG_RUNTIME_DIR"
cd "$WORK"  # never the clone: nothing may be found through the current directory
source "$ROOT/scripts/common.sh"
step() { echo "== smoke: $*"; }
fail() { echo "smoke FAILED: $*" >&2; exit 1; }

step "app venv: wheel[gui]"
"$PYTHON" -m venv "$WORK/app"
quiet_pip "$WORK/app/bin/pip" install -q "$WHEEL[gui]"
A="$WORK/app/bin"
"$A/python" -c "import masketeer_gui, sys; assert '$ROOT' not in masketeer_gui.__file__, masketeer_gui.__file__"
"$A/masketeer" --version
"$A/masketeer" synth --n 40 --seed 11 -o corpus.jsonl --gold gold.jsonl --names names.json
"$A/masketeer" deidentify corpus.jsonl -o out.jsonl --names names.json --stats stats.json
[ "$(wc -l < out.jsonl)" = 40 ] || fail "deidentify wrote $(wc -l < out.jsonl) of 40 notes"
"$A/python" -c "import json; s = json.load(open('stats.json')); assert s['notes'] == 40 and s['spans'] > 30, s" \
  || fail "deidentify masked too little (stats.json)"
"$A/masketeer" completion bash | grep -q 'complete -o filenames' || fail "no bash completion"
"$A/masketeer-gui" --version
QT_QPA_PLATFORM=offscreen "$A/masketeer-gui" --demo --screenshot shot.png
[ -s shot.png ] || fail "masketeer-gui --demo --screenshot wrote no PNG"
"$A/python" "$ROOT/scripts/smoke_api.py"

step "pipeline venv: wheel without PySide6"
"$PYTHON" -m venv "$WORK/cli"
quiet_pip "$WORK/cli/bin/pip" install -q "$WHEEL"
C="$WORK/cli/bin"
if "$C/python" -c "import PySide6" 2>/dev/null; then fail "PySide6 is installed without the gui extra"; fi
"$C/python" -m masketeer_gui --version
"$C/masketeer" deidentify corpus.jsonl -o out-cli.jsonl --names names.json
"$C/python" - <<'PY' || fail "the pipeline install de-identifies differently"
import json
def spans(path):  # pseudonyms are keyed per run (no --key-file): compare where and what was masked
    return [[(s["start"], s["end"], s["entity"]) for s in json.loads(line)["spans"]] for line in open(path)]
assert spans("out.jsonl") == spans("out-cli.jsonl")
PY
"$C/masketeer" metrics --tp 214 --fp 6 --fn 13 --tn 83 --json >/dev/null
"$C/masketeer" project init p.db && "$C/masketeer" project import p.db corpus.jsonl && "$C/masketeer" project run p.db
"$C/python" "$ROOT/scripts/smoke_api.py"
set +e
"$C/masketeer-gui" --demo 2> hint.txt; code=$?
set -e
[ "$code" = 2 ] && grep -q "masketeer-gui\[gui\]" hint.txt || fail "masketeer-gui without PySide6: exit $code, $(cat hint.txt)"

step "a missing data file is named in plain words"
rm "$("$C/python" -c "from masketeer_gui.package_data import dictionaries_dir; print(dictionaries_dir())")/nouns.txt"
set +e
"$C/masketeer" deidentify corpus.jsonl -o broken.jsonl 2> broken.txt; code=$?
set -e
[ "$code" = 1 ] && grep -q "nouns.txt is missing" broken.txt || fail "missing nouns.txt: exit $code, $(cat broken.txt)"
echo "== smoke: all passed"
