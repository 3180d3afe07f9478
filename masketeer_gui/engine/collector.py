"""``gc_paused``: the cyclic garbage collector off for a block that makes many objects that last.

Its own module, importing nothing of the engine: a command pauses the collector before its own imports
(``commands.deidentify``), and the engine's modules use it without importing each other (``lexicon_cache``,
``factory``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic GC off inside the block, then as it was: for a block that makes many objects that last (a
    program's imports, a cache's ~300,000 words), which each collection meanwhile would walk for nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
