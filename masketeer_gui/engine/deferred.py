"""``Deferred``: a value made when it is first asked for, then kept.

The engine's larger indices are read from the cache this way only when a note needs them (most
notes never meet a ZIP code or a typo), so a run of a few notes starts without them; a batch run
asks for all of them once before its workers fork (``Deidentifier.prepare``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

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
