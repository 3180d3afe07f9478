"""The entity colours, Qt-free: Paul Tol's colour-blind-safe "muted" scheme, one colour per type.

Shared by the GUI (``ui/colours.py`` turns them into ``QColor``) and the HTML reports
(``evaluation/svg.py``), so a report and the app always paint a type alike.
https://personal.sron.nl/~pault/ — "muted" qualitative scheme (9 colours).
"""

from __future__ import annotations

from masketeer_gui.engine.span import Entity

ENTITY_HEX: dict[Entity, str] = {
    Entity.HCP: "#332288",  # indigo
    Entity.PAT: "#CC6677",  # rose
    Entity.PER: "#DDCC77",  # sand
    Entity.SIT: "#117733",  # green
    Entity.WEB: "#88CCEE",  # cyan
    Entity.MAI: "#882255",  # wine
    Entity.ADD: "#44AA99",  # teal
    Entity.PHO: "#999933",  # olive
    Entity.ZIP: "#AA4499",  # purple
}
