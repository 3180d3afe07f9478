"""``Deferred``: a value made when it is first asked for, then kept; ``DeferredPattern``: a regular expression
compiled when first used.

The engine's larger indices are read from the cache this way only when a note needs them (most
notes never meet a ZIP code or a typo), so a run of a few notes starts without them; a batch run
asks for all of them once before its workers fork (``Deidentifier.prepare``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Deferred(Generic[T]):
    """``make()`` run on the first ``get()``; its result returned by every ``get()``."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make
        self._value: T | None = None

    @classmethod
    def ready(cls, value: T) -> Deferred[T]:
        """A value made already."""
        deferred = cls(_never)
        deferred._make, deferred._value = None, value
        return deferred

    @property
    def done(self) -> bool:
        """Made already."""
        return self._make is None

    def replace(self, better: Callable[[T], T]) -> None:
        """Keep ``better(value)`` instead of the value (made now if it was not): the same value in a faster form."""
        self._value = better(self.get())

    def get(self) -> T:
        make = self._make
        if make is not None:  # two threads may both make it: the same value, kept once
            self._value = make()
            self._make = None
        return self._value  # type: ignore[return-value]


def _never() -> T:  # type: ignore[type-var]
    raise AssertionError("a ready value is never made")


_PATTERN_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class DeferredPattern:
    """A regular expression compiled on first use, with its module (``re``, or ``regex`` for fuzzy matching and
    Unicode classes: imported only then, ~10 ms that a run whose notes never need it does not pay).

    Used like the compiled pattern (``PATTERN.search(text)``); the first use puts the compiled pattern's
    methods on this object, so later calls cost what a compiled pattern's own do. ``flags``: names of the
    module's flags ("IGNORECASE", "VERSION1", "BESTMATCH").
    """

    def __init__(self, source: str, *flags: str, module: str = "re") -> None:
        self._source, self._flags, self._module = source, flags, module

    def compiled(self) -> Any:
        """The compiled pattern (compiled now, once)."""
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            module = importlib.import_module(self._module)
            flags = 0
            for name in self._flags:
                flags |= getattr(module, name)
            compiled = module.compile(self._source, flags)
            for method in _PATTERN_METHODS:
                self.__dict__[method] = getattr(compiled, method)
            self.__dict__["_compiled"] = compiled
        return compiled

    def __getattr__(self, name: str) -> Any:  # only for what is not set yet: the first use
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        state = "compiled" if "_compiled" in self.__dict__ else "not compiled yet"
        return f"DeferredPattern({self._source[:40]!r}…, {self._module}, {state})"
