#!/bin/sh
# The same tests against the compiled build: compile the engine (scripts/build_compiled.sh), check that the
# compiled modules are the ones imported, run pytest, and remove the build again (also on failure or ^C),
# so the work tree is left pure Python.
#
#   scripts/test_compiled.sh                      the engine and CLI tests
#   scripts/test_compiled.sh tests/engine -x -q   any pytest arguments instead
#   KEEP_COMPILED=1 scripts/test_compiled.sh      leave the compiled modules in place afterwards
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
if [ -z "${KEEP_COMPILED:-}" ]; then
    trap 'scripts/build_compiled.sh --clean >/dev/null' EXIT
    trap 'exit 130' INT TERM
fi
scripts/build_compiled.sh >/dev/null
"$PYTHON" -c "
import masketeer_gui.engine.maskers.salutation as m, masketeer_gui.engine.text as t, masketeer_gui.engine.span as s
assert all(x.__file__.endswith('.so') for x in (m, t, s)), 'the compiled modules are not the ones imported'
print('== pytest against the compiled engine:', t.__file__.rsplit('/', 1)[-1])
"
if [ $# -eq 0 ]; then
    set -- -q tests/engine tests/test_cli_*.py tests/test_batch.py tests/test_parallel.py \
        tests/test_worker_pickling.py tests/integrations
fi
"$PYTHON" -m pytest -p no:cacheprovider "$@"
