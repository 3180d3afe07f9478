"""Add or edit a curated term (whitelist, blacklist with a type, name and site lists) with a scope,
showing how many notes and spans the change would alter before it is applied."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from masketeer_gui.engine.span import ENTITY_NAMES, Entity
from masketeer_gui.ui.near_duplicates import similar_terms
from masketeer_gui.ui.project_api import PendingChange, Preview, Scope, TermKind, TermRow, TermSpec, TextHit
from masketeer_gui.vocabulary import counted

KIND_LABELS = {
    TermKind.WHITELIST: "Whitelist (never mask)",
    TermKind.BLACKLIST: "Blacklist (always mask)",
    TermKind.PATIENT: "Patient names",
    TermKind.HCP: "Healthcare professional names",
    TermKind.PERSON: "Other person names",
    TermKind.MEDICAL_SITE: "Medical sites",
}


def preview_text(preview: Preview) -> str:
    """'Changes 3 notes: 2 spans masked, 5 unmasked, 1 retyped.' in plain words, and the accepted spans it
    would unmask were they not kept."""
    if preview.notes_affected == 0:
        text = f"No result changes (checked {counted(preview.notes_checked, 'note')} with the term)."
    else:
        parts = [
            f"{counted(preview.masked, 'span')} masked",
            f"{preview.unmasked:,} unmasked",
            f"{preview.retyped:,} retyped",
        ]
        text = f"Changes {counted(preview.notes_affected, 'note')}: {', '.join(parts)}."
    if preview.accepted:
        text += (
            f" It would also unmask {counted(len(preview.accepted), 'span')} a reviewer accepted; "
            "they stay masked unless you choose otherwise when you apply."
        )
    return text


class TermDialog(QDialog):
    """Emits ``previewRequested(PendingChange)``; the window answers with ``show_preview``."""

    previewRequested = Signal(object)
    previewShown = Signal(object)

    def __init__(
        self,
        parent: QWidget | None,
        kind: TermKind,
        term: str = "",
        entity: Entity | None = None,
        note_id: str = "",
        patient_id: str = "",
        replacing: TermRow | None = None,
        existing: Sequence[TermRow] = (),
    ) -> None:
        super().__init__(parent)
        self.setObjectName("termDialog")
        self.setWindowTitle("Edit term" if replacing else "Add term")
        self.replacing = replacing
        self.existing = list(existing)
        self.note_id, self.patient_id = note_id, patient_id
        self.preview: Preview | None = None
        self.from_note = False  # made from a word of the note in view (W/B): the whole corpus is asked again
        self._asked: PendingChange | None = None
        self._build(kind, term, entity)
        self._timer = QTimer(self, singleShot=True, interval=200)
        self._timer.timeout.connect(self._ask_preview)
        for signal in (
            self.kind.currentIndexChanged,
            self.term.textChanged,
            self.entity.currentIndexChanged,
            self.scopes.idToggled,
        ):
            signal.connect(self._changed)
        self._changed()

    def _build(self, kind: TermKind, term: str, entity: Entity | None) -> None:
        self.kind = QComboBox()
        for k, label in KIND_LABELS.items():
            self.kind.addItem(label, k.value)
        self.kind.setCurrentIndex(list(KIND_LABELS).index(kind))
        self.term = QLineEdit(term)
        self.term.setObjectName("termEdit")
        self.entity = QComboBox()
        for e in Entity:
            self.entity.addItem(f"{e} — {ENTITY_NAMES[e]}", e.value)
        self.entity.setCurrentIndex(list(Entity).index(entity or Entity.PER))
        self.why = QLineEdit()
        self.why.setPlaceholderText("optional: why (kept with the term)")
        self.scopes = QButtonGroup(self)
        row = QHBoxLayout()
        choices = (
            (Scope.NOTE, f"This note ({self.note_id})" if self.note_id else "This note"),
            (Scope.PATIENT, f"This patient ({self.patient_id})" if self.patient_id else "This patient"),
            (Scope.CORPUS, "Whole corpus"),
        )
        for i, (scope, label) in enumerate(choices):
            button = QRadioButton(label)
            button.setObjectName(f"scope_{scope.value}")
            button.setEnabled(scope is Scope.CORPUS or bool(self.note_id if scope is Scope.NOTE else self.patient_id))
            self.scopes.addButton(button, i)
            row.addWidget(button)
        self._scope_list = [s for s, _ in choices]
        self._initial_scope()
        self.preview_label = QLabel("Checking what this changes…")
        self.preview_label.setObjectName("previewLabel")
        self.preview_label.setWordWrap(True)
        self.affected = QListWidget()
        self.affected.setObjectName("affectedNotes")
        self.affected.setMaximumHeight(140)
        self.affected.hide()
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.hint_label.setObjectName("similarLabel")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("List:", self.kind)
        form.addRow("Term:", self.term)
        form.addRow("Type:", self.entity)
        form.addRow("Scope:", row)
        form.addRow("Why:", self.why)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.preview_label)
        layout.addWidget(self.affected)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(520)

    def _initial_scope(self) -> None:
        """An entry being edited keeps its scope; a new one from a note starts on that note, never the corpus."""
        scope = self.replacing.scope if self.replacing else (Scope.NOTE if self.note_id else Scope.CORPUS)
        self.scopes.button(self._scope_list.index(scope)).setChecked(True)

    def scope(self) -> Scope:
        return self._scope_list[max(self.scopes.checkedId(), 0)]

    def set_scope(self, scope: Scope) -> None:
        """Choose ``scope`` (one this note cannot have, a patient scope without a patient id: this note)."""
        button = self.scopes.button(self._scope_list.index(scope))
        if not button.isEnabled():
            button = self.scopes.button(self._scope_list.index(Scope.NOTE if self.note_id else Scope.CORPUS))
        button.setChecked(True)

    def spec(self) -> TermSpec:
        kind = TermKind(self.kind.currentData())
        scope = self.scope()
        value = {Scope.NOTE: self.note_id, Scope.PATIENT: self.patient_id, Scope.CORPUS: ""}[scope]
        if self.replacing and scope is self.replacing.scope and scope is not Scope.CORPUS:
            value = self.replacing.scope_value
        entity = Entity(self.entity.currentData()) if kind is TermKind.BLACKLIST else None
        return TermSpec(kind, self.term.text().strip(), entity, scope, value)

    def change(self) -> PendingChange:
        remove = (self.replacing.id,) if self.replacing else ()
        return PendingChange(add=(self.spec(),), remove=remove)

    def _changed(self, *_: Any) -> None:
        self.entity.setEnabled(TermKind(self.kind.currentData()) is TermKind.BLACKLIST)
        self._show_similar()
        self.preview = None
        self.apply_button.setEnabled(False)
        if not self.term.text().strip():
            self.preview_label.setText("Type a term.")
            return
        self.preview_label.setText("Checking what this changes…")
        self._timer.start()

    def _show_similar(self) -> None:
        exclude = self.replacing.id if self.replacing else None
        similar = similar_terms(self.term.text(), self.existing, 4, exclude)
        self.hint_label.setText(
            "Similar entries already exist: " + ", ".join(f"{r.term} ({r.kind.value})" for r, _ in similar)
            if similar
            else ""
        )
        self.hint_label.setVisible(bool(similar))

    def _ask_preview(self) -> None:
        self._asked = self.change()
        self.previewRequested.emit(self._asked)

    def show_preview(self, change: PendingChange, preview: Preview | None, error: str = "") -> None:
        """The answer to a preview request (ignored if the form changed meanwhile)."""
        if change != self._asked or change != self.change():
            return
        self.preview = preview
        self.preview_label.setText(error or preview_text(preview) if preview else error)
        self.apply_button.setEnabled(preview is not None)
        self.previewShown.emit(preview)

    def show_contexts(self, contexts: Sequence[TextHit], total: int) -> None:
        """The notes the change affects, each with the term in a line of context."""
        self.affected.clear()
        for hit in contexts:
            self.affected.addItem(f"{hit.external_id}: {hit.context}")
        if total > len(contexts):
            self.affected.addItem(f"… and {counted(total - len(contexts), 'more note')}")
        self.affected.setVisible(bool(total))

    def keyPressEvent(self, event: Any) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self.apply_button.isEnabled():
            return  # no applying before the preview is in
        super().keyPressEvent(event)
