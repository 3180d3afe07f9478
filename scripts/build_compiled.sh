#!/bin/sh
# Opt-in compiled build: the engine's modules compiled with mypyc, IN PLACE (each .so sits next to
# its .py and is imported instead of it). The pure-Python package stays the default and the fallback:
# the normal install and CI never run this. Needs a C compiler and Python headers.
#
#   scripts/build_compiled.sh          compile (mypyc from the dev extra: mypy==2.4.1)
#   scripts/build_compiled.sh --clean  remove every compiled module (back to pure Python)
#   scripts/test_compiled.sh           compile, run the engine and CLI tests against it, clean up
#
# Every module of masketeer_gui/engine (maskers/, rules/ and surrogates/ included) is compiled, so a
# new module is compiled too; and of the run around it, what runs per note or per chunk in a worker or in the
# parent: parallel.py (ChunkWorker, run_lines), settling.py (the second pass) and corpus_io/records.py (a
# worker's records; NoteRecord and BadRecord stay Python classes: ``mypyc_attr(native_class=False)``).
# A frozen dataclass that crosses a process boundary compiles when it says how to rebuild itself (``__reduce__``:
# span.Span, type_resolution.PatientName and TypeResolution, parallel.EngineSpec), since a compiled one cannot
# be unpickled or copied field by field (tests/test_worker_pickling.py). mypyc leaves a dataclass's generated methods interpreted: Span writes out
# its __init__ (which converts ``Span(entity="PAT")``), __eq__, __hash__ and __repr__, and the records made per
# note their __init__ (pipeline.TypedNote, render.RenderedNote), so they are compiled too.
# Left out, on purpose:
#   lexicon*.py      load, pickle and cache files (a compiled Lexicon would not pickle like the pure
#                    one, and the user cache is shared by both builds); run once per process
#   lists.py, risk*.py
#                    their frozen dataclasses cross process boundaries too (worker specs and results,
#                    Spark's broadcasts) and have no ``__reduce__``; per run or per note they cost little
#   corpus_io/jsonl.py
#                    its generators hold the open file in a ``with``: a compiled generator dropped before its
#                    end never closes it (no finalizer), where an interpreted one does
#   deferred.py      DeferredPattern puts the compiled pattern's methods into its instance ``__dict__``
#                    on first use, which a native class has not; per process it runs once per pattern
#   native.py        mypyc_attr for the compiled build: a no-op when interpreted (mypyc reads the decorator from
#                    the source; compiled, its interpreted branch would be unreachable code)
#   __init__.py      package glue
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
E=masketeer_gui/engine
RUN_MODULES="masketeer_gui/parallel.py masketeer_gui/settling.py masketeer_gui/corpus_io/records.py"  # see above

clean() {
    find masketeer_gui -name '*.cpython-*.so' -delete
    rm -f ./*__mypyc*.so
    rm -rf build/temp.* build/lib.* build/__native*.[ch] build/ops.txt build/masketeer_gui \
        .mypy_cache/mypyc
    find build -depth -type d -empty -delete 2>/dev/null || true
}

clean
if [ "${1:-}" = "--clean" ]; then
    echo "compiled modules removed: pure Python"
    exit 0
fi
MODULES=$(find "$E" -name '*.py' ! -name '__init__.py' ! -name 'lexicon*.py' ! -name 'lists.py' \
    ! -name 'deferred.py' ! -name 'risk*.py' ! -name 'native.py' | sort)
MODULES="$MODULES $RUN_MODULES"
# shellcheck disable=SC2086
"$PYTHON" scripts/build_compiled.py $MODULES
echo "compiled: $(find masketeer_gui -name '*.cpython-*.so' | wc -l) modules (undo: $0 --clean)"
