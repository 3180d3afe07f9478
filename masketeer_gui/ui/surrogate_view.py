"""Surrogate view: the pseudonymized pane shows realistic surrogates instead of tags (F7).

Surrogates come from ``engine.surrogates.SurrogateIssuer`` under the project's pseudonym key, on
the engine's lexicon and the project's name lists, scoped per patient: the same as
``masketeer deidentify --mode surrogates`` with that key and those lists (and stable across
sessions). The issuer is rebuilt when the project or its lists change (any undoable change).
The choice is kept in QSettings.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from masketeer_gui.engine.surrogates import SurrogateIssuer
from masketeer_gui.ui.project_api import NoteDetail
from masketeer_gui.ui.workspace import Workspace

SETTING = "view/surrogates"


class SurrogateToggle(QObject):
    """Switches the note view between tags and surrogates; builds the issuer lazily."""

    def __init__(self, ws: Workspace) -> None:
        super().__init__(ws)
        self.ws = ws
        self._issuer: SurrogateIssuer | None = None
        self._built_for: object = None
        ws.projectOpened.connect(self.invalidate)
        ws.undo_stack.indexChanged.connect(self.invalidate)

    @property
    def on(self) -> bool:
        return self.ws.note_view.replacements is not None

    def restore(self) -> bool:
        """The saved choice (default: tags)."""
        return self.ws.settings.value(SETTING, False) in (True, "true")

    def set_on(self, on: bool) -> None:
        self.ws.settings.setValue(SETTING, on)
        self.ws.note_view.set_replacements(self.surrogates if on else None)

    def invalidate(self, *_args: object) -> None:
        """Forget the issuer (new project or changed lists); repaint if surrogates are showing."""
        self._issuer, self._built_for = None, None
        if self.on:
            self.ws.note_view.set_replacements(self.surrogates)

    def surrogates(self, detail: NoteDetail) -> Sequence[str]:
        """One surrogate per span of ``detail`` (its tags when the project has no key or engine)."""
        issuer = self._issuer_for_project()
        if issuer is None:
            return detail.pseudonyms
        return issuer.surrogates(detail.text, detail.spans, detail.patient_id or "")

    def _issuer_for_project(self) -> SurrogateIssuer | None:
        project = self.ws.project
        if project is None:
            return None
        if self._issuer is None or self._built_for is not project:
            parts = project.engine_parts()
            if parts is None:
                return None
            self._issuer = SurrogateIssuer.for_lexicon(parts.key, parts.lexicon, parts.names)
            self._built_for = project
        return self._issuer
