"""The one engine factory: the shipped engine for a set of name lists.

Every path that needs the real engine builds it here: ``masketeer deidentify`` (and its worker
processes, which rebuild it by name where they are spawned), project runs (``store.analyzers``)
and the GUI. The shipped lexicon is read once per process (``lexicon_loader``), so building an
engine for other name lists costs only the name index.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from masketeer_gui.engine.collector import gc_paused

if TYPE_CHECKING:
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pipeline import Deidentifier


def default_engine(names: NameLists | None = None) -> Deidentifier:
    """``Deidentifier`` on the shipped dictionaries and ``names`` (module-level: picklable by name)."""
    from masketeer_gui.engine.pipeline import Deidentifier  # imported late: loads the lexicon machinery

    return Deidentifier.default(names)


@contextmanager
def lasting_objects() -> Iterator[None]:
    """Build what lives as long as the process (a batch command's engine) with the cyclic GC paused, then
    freeze everything alive: later collections skip it.

    The lexicon's sets hold ~350,000 strings, and every full collection walks them (~80 ms each, at the
    latest when the process ends); frozen, they are never walked again, and workers forked afterwards
    leave their memory pages shared (the ``gc.freeze`` pattern of Python's documentation). For a process
    that is the command: it does not undo the freeze.
    """
    with gc_paused():
        try:
            yield
        finally:
            gc.freeze()  # before the collector runs again: else its first run walks everything built in the block
