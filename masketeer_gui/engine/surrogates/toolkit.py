"""The three things every surrogate builder needs, in one object: keyed chooser, pools, name knowledge."""

from __future__ import annotations

from dataclasses import dataclass

from masketeer_gui.engine.surrogates.keyed import KeyedChooser
from masketeer_gui.engine.surrogates.knowledge import NameKnowledge
from masketeer_gui.engine.surrogates.pools import SurrogatePools


@dataclass(frozen=True)
class Toolkit:
    """Keyed chooser, pools and name knowledge of one issuer."""

    chooser: KeyedChooser
    pools: SurrogatePools
    knowledge: NameKnowledge

    def length(self, length: int) -> int | None:
        """``length`` when surrogates must keep the original's length, else None."""
        return length if self.chooser.length_preserving else None
