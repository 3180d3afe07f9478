#!/bin/sh
# Opt-in compiled build: the engine's hot modules compiled with mypyc, IN PLACE (each .so sits next to
# its .py and is imported instead of it). The pure-Python package stays the default and the fallback:
# the normal install and CI never run this. Needs a C compiler and Python headers.
#
#   scripts/build_compiled.sh          compile (mypyc from the dev extra: mypy==2.4.1)
#   scripts/build_compiled.sh --clean  remove every compiled module (back to pure Python)
#
# Not compiled on purpose: engine/span.py (compiled classes enforce annotations, and callers pass
# ``Span(entity="PAT")``, which its __post_init__ converts) and the modules that load or cache files.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
E=masketeer_gui/engine
MODULES="$E/normalize.py $E/text.py $E/word_forms.py $E/names.py $E/pipeline.py $E/render.py
 $E/entities.py $E/type_resolution.py $E/curation.py
 $E/maskers/base.py $E/maskers/salutation.py $E/maskers/name_dictionary.py $E/maskers/full_name.py
 $E/maskers/double_name.py $E/maskers/medical_site.py $E/maskers/site_forms.py $E/maskers/person_context.py
 $E/maskers/repeated_name.py $E/maskers/surname_first.py
 $E/rules/base.py $E/rules/resolve.py $E/rules/phone.py $E/rules/address.py $E/rules/zipcode.py
 $E/rules/village.py $E/rules/email.py $E/rules/url.py"

clean() {
    find masketeer_gui -name '*.cpython-*.so' -delete
    rm -f ./*__mypyc*.so
    rm -rf build/temp.* build/lib.* .mypy_cache/mypyc
}

clean
if [ "${1:-}" = "--clean" ]; then
    echo "compiled modules removed: pure Python"
    exit 0
fi
# shellcheck disable=SC2086
"$PYTHON" scripts/build_compiled.py $MODULES
echo "compiled: $(find masketeer_gui -name '*.cpython-*.so' | wc -l) modules (undo: $0 --clean)"
