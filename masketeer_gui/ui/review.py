"""The review actions behind the keys: accept, reject, add a missed span, change type, whitelist,
blacklist, mark reviewed. Each builds an undo command and lets the workspace perform it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtWidgets import QMessageBox

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.ui.commands import AcceptSpan, AddTerm, Correct, EditTerm, SetReview
from masketeer_gui.ui.entity_menu import EntityMenu
from masketeer_gui.ui.project_api import PendingChange, Preview, ReviewStatus, Scope, TermKind, TermRow, TextHit
from masketeer_gui.ui.term_dialog import TermDialog, preview_text
from masketeer_gui.ui.workers import Job
from masketeer_gui.ui.workspace import Workspace
from masketeer_gui.vocabulary import counted

CONTEXT_NOTES = 50  # affected notes a list preview shows with context


class ReviewController(QObject):
    """Turns key presses into store changes for the note in view."""

    previewShown = Signal(object)  # a term dialog received its preview (Preview or None)

    def __init__(self, ws: Workspace) -> None:
        super().__init__(ws)
        self.ws = ws
        self.entity_menu: EntityMenu | None = None
        self.term_dialog: TermDialog | None = None
        self.accepted_question: QMessageBox | None = None
        self.corpus_question: QMessageBox | None = None
        self._corpus_ok = False
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

    def accept_remaining(self) -> bool:
        """Accept every span of the note not accepted yet and mark it reviewed, in one undo step."""
        note = self.ws.current
        if note is None:
            return False
        remaining = [s for s in note.spans if (s.start, s.end) not in note.accepted]
        self.ws.undo_stack.beginMacro(f"Accept {counted(len(remaining), 'span')} and mark the note reviewed")
        for span in remaining:
            self.ws.perform(AcceptSpan(self.ws, note.id, span, True))
        if note.review is not ReviewStatus.REVIEWED:
            self.ws.perform(SetReview(self.ws, note.id, ReviewStatus.REVIEWED, note.review))
        self.ws.undo_stack.endMacro()
        return True

    def occurrences(self) -> list[Span]:
        """The spans of the note in view with the current span's text (case and accents aside)."""
        note, span = self.ws.current, self.ws.current_span()
        if note is None or span is None:
            return []
        word = fold(note.text[span.start : span.end])
        return [s for s in note.spans if fold(note.text[s.start : s.end]) == word]

    def accept_occurrences(self) -> None:
        """Accept every span of this note with the current span's text, in one undo step."""
        note, spans = self.ws.current, self.occurrences()
        if note is None or not spans:
            return self._hint("Select a span first (click it, or press S).")
        todo = [s for s in spans if (s.start, s.end) not in note.accepted]
        self.ws.undo_stack.beginMacro(f"Accept {counted(len(todo), 'span')} in this note")
        for span in todo:
            self.ws.perform(AcceptSpan(self.ws, note.id, span, True))
        self.ws.undo_stack.endMacro()
        self._hint(f"Accepted {counted(len(todo), 'more span')} with this text in this note.")

    def reject_occurrences(self) -> None:
        """Reject (unmask) every span of this note with the current span's text, in one undo step."""
        note, spans = self.ws.current, self.occurrences()
        if note is None or not spans:
            return self._hint("Select a span first (click it, or press S).")
        self.ws.undo_stack.beginMacro(f"Reject {counted(len(spans), 'span')} in this note")
        for span in spans:
            text = f"Reject {span.entity} span"
            self.ws.perform(Correct(self.ws, note.id, span.start, span.end, CorrectionAction.REMOVE, None, text))
        self.ws.undo_stack.endMacro()
        self._hint(f"Rejected {counted(len(spans), 'span')} with this text in this note.")

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
    def whitelist(self, scope: Scope | None = None) -> None:
        self.open_term_dialog(TermKind.WHITELIST, scope=scope)

    def blacklist(self, scope: Scope | None = None) -> None:
        self.open_term_dialog(TermKind.BLACKLIST, scope=scope)

    def open_term_dialog(
        self, kind: TermKind, replacing: TermRow | None = None, blank: bool = False, scope: Scope | None = None
    ) -> TermDialog | None:
        """The term dialog for ``kind``; a new entry starts on ``scope`` or the narrowest sensible one."""
        note, project = self.ws.current, self.ws.project
        if project is None:
            return None
        term, entity = ("", None) if blank else self._word_in_view()
        if replacing is not None:
            term, entity = replacing.term, replacing.entity
        elif not term and not blank:
            self._hint("Select a word or a span first.")
            return None
        patient = (note.patient_id or "") if note else ""
        dialog = TermDialog(
            self.ws.widget,
            replacing.kind if replacing else kind,
            term,
            entity,
            note.external_id if note else "",
            patient,
            replacing,
            project.terms(),
        )
        if replacing is None:  # the dictionary editor's blank entry is a corpus-wide one
            default = Scope.CORPUS if blank else narrowest_scope(kind, patient)
            dialog.set_scope(scope or default)
            dialog.from_note = not blank
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
            term = change.add[0].term if change.add else ""

            def work(_progress: Any, _cancelled: Any) -> tuple[Preview, list[TextHit]]:
                preview = project.preview(change)
                return preview, project.note_contexts(preview.note_ids[:CONTEXT_NOTES], term)

            self.ws.previews.submit(Job("Preview", work, change=change))

    def _on_preview(self, job: Job, result: Any) -> None:
        if self.term_dialog is not None and "change" in job.meta:
            preview, contexts = result
            self.term_dialog.show_preview(job.meta["change"], preview)
            self.term_dialog.show_contexts(contexts, len(preview.note_ids))
            self.previewShown.emit(self.term_dialog.preview)

    def _on_preview_failed(self, job: Job, message: str, _environment: bool) -> None:
        if self.term_dialog is not None and "change" in job.meta:
            self.term_dialog.show_preview(job.meta["change"], None, f"Cannot preview: {message}")
            self.previewShown.emit(None)

    def _apply_term(self, dialog: TermDialog) -> None:
        if dialog.preview is None:
            return
        if dialog.from_note and dialog.scope() is Scope.CORPUS and not self._corpus_ok:
            return self._ask_about_corpus(dialog)
        self._corpus_ok = False
        if dialog.preview.accepted:
            self._ask_about_accepted(dialog)
        else:
            self._save_term(dialog)

    def _ask_about_corpus(self, dialog: TermDialog) -> None:
        """A new entry for the whole corpus, made from one note: said in numbers and asked once more."""
        assert dialog.preview is not None
        spec = dialog.spec()
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Whole corpus",
            f"“{spec.term}” goes on the {spec.kind.value} for every note of the project, not just this one. "
            + preview_text(dialog.preview),
            parent=self.ws.widget,
        )
        box.setObjectName("corpusQuestion")
        go = box.addButton("Apply to the whole corpus", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def answered(_result: int) -> None:
            if box.clickedButton() is go:
                self._corpus_ok = True
                self._apply_term(dialog)

        box.finished.connect(answered)
        self.corpus_question = box
        box.open()

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
        self._confirm(dialog)
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

    def _confirm(self, dialog: TermDialog) -> None:
        """After Apply: what was saved, where, and how to take it back."""
        assert dialog.preview is not None
        spec = dialog.spec()
        where = {Scope.NOTE: "in this note", Scope.PATIENT: "for this patient", Scope.CORPUS: "in every note"}
        self.ws.status(
            f"Saved: “{spec.term}” on the {spec.kind.value} {where[spec.scope]}; "
            f"{counted(dialog.preview.notes_affected, 'note')} re-run. Ctrl+Z takes it back.",
            10000,
        )

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


def narrowest_scope(kind: TermKind, patient_id: str) -> Scope:
    """Where a new entry made from a note starts: never the whole corpus. A blacklisted word is mostly this
    patient's name (their other notes too); a whitelisted one is a word of this note."""
    return Scope.PATIENT if kind is TermKind.BLACKLIST and patient_id else Scope.NOTE
