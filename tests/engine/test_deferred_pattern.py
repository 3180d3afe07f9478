"""``DeferredPattern``: compiled (its module imported) on first use only, then answering as the compiled pattern
does with the compiled pattern's own methods."""

from __future__ import annotations

import re
import sys

import pytest
import regex

from masketeer_gui.engine.deferred import DeferredPattern

TEXTS = ["Musterdorf 12, 6020", "wh. Bergweg 3a", "", "Österreich 1/2\n", "nichts"]


def test_nothing_is_compiled_or_imported_before_the_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "textwrap", raising=False)  # any module not imported yet will do
    pattern = DeferredPattern(r"\w+", module="textwrap")  # not a regex module: compiling it would fail
    assert "textwrap" not in sys.modules and "not compiled" in repr(pattern)


@pytest.mark.parametrize(
    ("deferred", "compiled"),
    [
        (
            DeferredPattern(r"(?P<place>\w+) (?P<num>\d+)", "IGNORECASE"),
            re.compile(r"(?P<place>\w+) (?P<num>\d+)", re.I),
        ),
        (
            DeferredPattern(r"(?P<place>\p{Lu}\p{Ll}+)[ ](?P<num>\d+)", "VERSION1", module="regex"),
            regex.compile(r"(?P<place>\p{Lu}\p{Ll}+)[ ](?P<num>\d+)", regex.VERSION1),
        ),
        (
            DeferredPattern(r"(?:bergweg|musterdorf){e<=1}", "BESTMATCH", "IGNORECASE", module="regex"),
            regex.compile(r"(?:bergweg|musterdorf){e<=1}", regex.BESTMATCH | regex.IGNORECASE),
        ),
    ],
    ids=["re with a flag", "regex VERSION1", "regex fuzzy, two flags"],
)
def test_it_answers_as_the_compiled_pattern(deferred: DeferredPattern, compiled: re.Pattern[str]) -> None:
    for text in TEXTS:
        found = deferred.search(text)
        expected = compiled.search(text)
        assert (found and found.span(), found and found.groups()) == (
            expected and expected.span(),
            expected and expected.groups(),
        )
        assert [m.span() for m in deferred.finditer(text)] == [m.span() for m in compiled.finditer(text)]
        assert deferred.sub("#", text) == compiled.sub("#", text)
    assert bool(deferred.fullmatch("Bergweg 3")) == bool(compiled.fullmatch("Bergweg 3"))
    assert deferred.flags == compiled.flags and deferred.groupindex == compiled.groupindex


def test_after_the_first_use_its_methods_are_the_compiled_patterns_own() -> None:
    deferred = DeferredPattern(r"\d+")
    assert deferred.match("12")
    compiled = deferred.compiled()
    assert deferred.__dict__["search"] == compiled.search and deferred.compiled() is compiled
    assert "compiled" in repr(deferred) and "not compiled" not in repr(deferred)


def test_a_private_name_is_never_looked_up_on_the_compiled_pattern() -> None:
    with pytest.raises(AttributeError):
        _ = DeferredPattern(r"x")._missing
