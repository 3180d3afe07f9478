"""``mypyc_attr``, for the optional compiled build (``scripts/build_compiled.sh``): mypyc reads it from the source
(``@mypyc_attr(acyclic=True)``: the class's instances cannot be part of a reference cycle, so the cyclic garbage
collector need not track them); interpreted, it does nothing, and ``mypy_extensions`` need not be installed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Callable[[T], T]:
        return _unchanged


def _unchanged(cls: T) -> T:
    return cls
