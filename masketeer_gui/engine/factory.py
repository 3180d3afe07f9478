"""The one engine factory: the shipped engine for a set of name lists.

Every path that needs the real engine builds it here: ``masketeer deidentify`` (and its worker
processes, which rebuild it by name where they are spawned), project runs (``store.analyzers``)
and the GUI. The shipped lexicon is read once per process (``lexicon_loader``), so building an
engine for other name lists costs only the name index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pipeline import Deidentifier


def default_engine(names: NameLists | None = None) -> Deidentifier:
    """``Deidentifier`` on the shipped dictionaries and ``names`` (module-level: picklable by name)."""
    from masketeer_gui.engine.pipeline import Deidentifier  # imported late: loads the lexicon machinery

    return Deidentifier.default(names)
