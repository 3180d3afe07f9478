"""The review actions behind the keys: accept, reject, add a missed span, change type, whitelist,
blacklist, mark reviewed. Each builds an undo command and lets the workspace perform it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtWidgets import QMessageBox

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.ui.commands import AcceptSpan, AddTerm, Correct, EditTerm, SetReview
from masketeer_gui.ui.entity_menu import EntityMenu
from masketeer_gui.ui.project_api import PendingChange, ReviewStatus, TermKind, TermRow
from masketeer_gui.ui.term_dialog import TermDialog
from masketeer_gui.ui.workers import Job
from masketeer_gui.ui.workspace import Workspace
from masketeer_gui.vocabulary import counted


class ReviewController(QObject):
    """Turns key presses into store changes for the note in view."""

    previewShown = Signal(object)  # a term dialog received its preview (Preview or None)

    def __init__(self, ws: Workspace) -> None:
        super().__init__(ws)
        self.ws = ws
        self.entity_menu: EntityMenu | None = None
        self.term_dialog: TermDialog | None = None
        self.accepted_question: QMessageBox | None = None
        ws.previews.succeeded.connect(self._on_preview)
        ws.previews.failed.connect(self._on_preview_failed)

    # --- span decisions -------------------------------------------------------------------------
    def accept(self) -> None:
        note, span = self.ws.current, self.ws.current_span()
        if note is None or span is None:
            return self._hint("Select a span first (click it, or press S).")
        accepted = (span.start, span.end) not in note.accepted
        self.ws.perform(AcceptSpan(self.ws, note.id, span, accepted))
        if accepted:
            self.ws.note_view.step(+1)

    def reject(self) -> None:
        note, span = self.ws.current, self.ws.current_span()
        if note is None or span is None:
            return self._hint("Select a span first (click it, or press S).")
        text = f"Reject {span.entity} span"
        self.ws.perform(Correct(self.ws, note.id, span.start, span.end, CorrectionAction.REMOVE, None, text))

    def add_missed(self) -> None:
        note, selection = self.ws.current, self.ws.selection()
        if note is None or selection is None:
            return self._hint("Select the missed words with the mouse or Shift+arrows first.")
        start, end = trimmed_selection(note.text, *selection)
        if start >= end:
            return self._hint("The selection holds only spaces.")
        self._choose_entity("Mask as…", None, lambda e: self._add(note.id, start, end, e))

    def _add(self, note_id: int, start: int, end: int, entity: Entity) -> None:
        text = f"Add missed {entity} span"
        self.ws.perform(Correct(self.ws, note_id, start, end, CorrectionAction.ADD, entity, text))

    def change_type(self) -> None:
        note, span = self.ws.current, self.ws.current_span()
        if note is None or span is None:
            return self._hint("Select a span first (click it, or press S).")

        def retype(entity: Entity) -> None:
            if entity != span.entity:
                text = f"Change {span.entity} to {entity}"
                self.ws.perform(Correct(self.ws, note.id, span.start, span.end, CorrectionAction.RETYPE, entity, text))

        self._choose_entity("Change type to…", span.entity, retype)

    def toggle_reviewed(self) -> None:
        self.toggle_status(ReviewStatus.REVIEWED)

    def toggle_second_opinion(self) -> None:
        self.toggle_status(ReviewStatus.SECOND_OPINION)

    def toggle_status(self, status: ReviewStatus) -> None:
        """Give the note in view ``status``, or open it again if it has it already."""
        note = self.ws.current
        if note is None:
            return
        after = ReviewStatus.OPEN if note.review is status else status
        self.ws.perform(SetReview(self.ws, note.id, after, note.review))

    def _choose_entity(self, title: str, current: Entity | None, then: Any) -> None:
        menu = EntityMenu(title, self.ws.widget, current)
        menu.chosen.connect(then)
        menu.aboutToHide.connect(self._menu_closed)
        self.entity_menu = menu
        view = self.ws.note_view.original
        menu.popup(view.viewport().mapToGlobal(view.cursorRect().bottomLeft() + QPoint(0, 4)))

    def _menu_closed(self) -> None:
        if self.entity_menu is not None:
            self.entity_menu.deleteLater()
            self.entity_menu = None

    # --- lists -----------------------------------------------------------------------------------
    def whitelist(self) -> None:
        self.open_term_dialog(TermKind.WHITELIST)

    def blacklist(self) -> None:
        self.open_term_dialog(TermKind.BLACKLIST)

    def open_term_dialog(
        self, kind: TermKind, replacing: TermRow | None = None, blank: bool = False
    ) -> TermDialog | None:
        note, project = self.ws.current, self.ws.project
        if project is None:
            return None
        term, entity = ("", None) if blank else self._word_in_view()
        if replacing is not None:
            term, entity = replacing.term, replacing.entity
        elif not term and not blank:
            self._hint("Select a word or a span first.")
            return None
        dialog = TermDialog(
            self.ws.widget,
            replacing.kind if replacing else kind,
            term,
            entity,
            note.external_id if note else "",
            note.patient_id or "" if note else "",
            replacing,
            project.terms(),
        )
        dialog.previewRequested.connect(self._ask_preview)
        dialog.accepted.connect(lambda: self._apply_term(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.term_dialog = dialog
        dialog.open()
        return dialog

    def _word_in_view(self) -> tuple[str, Entity | None]:
        note, view = self.ws.current, self.ws.note_view
        if note is None:
            return "", None
        selection = view.selection()
        if selection is not None:
            start, end = trimmed_selection(note.text, *selection)
            return note.text[start:end], None
        span = view.current_span()
        return (note.text[span.start : span.end], span.entity) if span else ("", None)

    def _ask_preview(self, change: PendingChange) -> None:
        project = self.ws.project
        if project is not None:
            self.ws.previews.cancel_all()
            self.ws.previews.submit(Job("Preview", lambda p, c: project.preview(change), change=change))

    def _on_preview(self, job: Job, result: Any) -> None:
        if self.term_dialog is not None and "change" in job.meta:
            self.term_dialog.show_preview(job.meta["change"], result)
            self.previewShown.emit(self.term_dialog.preview)

    def _on_preview_failed(self, job: Job, message: str, _environment: bool) -> None:
        if self.term_dialog is not None and "change" in job.meta:
            self.term_dialog.show_preview(job.meta["change"], None, f"Cannot preview: {message}")
            self.previewShown.emit(None)

    def _apply_term(self, dialog: TermDialog) -> None:
        if dialog.preview is None:
            return
        if dialog.preview.accepted:
            self._ask_about_accepted(dialog)
        else:
            self._save_term(dialog)

    def _ask_about_accepted(self, dialog: TermDialog) -> None:
        """The change would unmask spans a reviewer accepted: keep them masked (the default), unmask them too
        (the acceptances are taken back, in the same undo step), or cancel."""
        assert dialog.preview is not None
        accepted = dialog.preview.accepted
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Accepted spans",
            f"This change would unmask {counted(len(accepted), 'span')} a reviewer accepted "
            f"(in {counted(len({n for n, _s, _e in accepted}), 'note')}). Keep them masked?",
            parent=self.ws.widget,
        )
        box.setObjectName("acceptedQuestion")
        keep = box.addButton("Keep them masked", QMessageBox.ButtonRole.AcceptRole)
        unmask = box.addButton("Unmask them too", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(keep)

        def answered(_result: int) -> None:
            if box.clickedButton() is keep:
                self._save_term(dialog)
            elif box.clickedButton() is unmask:
                self._save_term(dialog, withdraw=accepted)

        box.finished.connect(answered)
        self.accepted_question = box
        box.open()

    def _save_term(self, dialog: TermDialog, withdraw: tuple[tuple[int, int, int], ...] = ()) -> None:
        assert dialog.preview is not None
        affected = dialog.preview.note_ids
        note, project = self.ws.current, self.ws.project
        if dialog.replacing is not None:
            command: Any = EditTerm(self.ws, dialog.replacing, dialog.spec(), affected)
        else:
            source = note.id if note is not None else None
            command = AddTerm(self.ws, dialog.spec(), affected, source, dialog.why.text().strip())
        if not withdraw or project is None:
            self.ws.perform(command)
            return
        self.ws.undo_stack.beginMacro(command.text())
        for note_id, start, end in withdraw:
            spans = [s for s in project.note(note_id).spans if s.start <= start and end <= s.end]
            for span in spans:
                self.ws.perform(AcceptSpan(self.ws, note_id, span, False))
        self.ws.perform(command)
        self.ws.undo_stack.endMacro()

    # --- state ---------------------------------------------------------------------------------
    def _hint(self, text: str) -> None:
        self.ws.status(text)


def trimmed_selection(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without white space and punctuation around it."""
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end
