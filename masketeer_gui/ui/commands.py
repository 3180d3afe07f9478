"""Review decisions as undoable commands: each one is saved in the store at once.

A command does its work before it is pushed (``ReviewTarget.perform``), so a store error never
leaves a half-done command on the stack; ``redo`` after an undo does it again. Commands keep
ids and values only. After a change, the target re-runs the notes it can alter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store.errors import ProjectStateError
from masketeer_gui.ui.project_api import ProjectApi, ReviewStatus, TermRow, TermSpec


class ReviewTarget(Protocol):
    """What commands need from the window: the project and ways to show the change."""

    project: ProjectApi | None

    def rerun(self, note_ids: Sequence[int], focus: int | None = None) -> None: ...
    def refresh(self, note_id: int) -> None: ...
    def report_failure(self, exc: Exception) -> None: ...


class FailureSink(Protocol):
    """Where a command that failed in the store reports it (the window shows it in plain words)."""

    def report_failure(self, exc: Exception) -> None: ...


class GuardedCommand(QUndoCommand):
    """Base of every undoable store change: ``apply``/``revert`` do the work; the first redo (from
    ``push``, after the work was already done) is skipped; a failure makes the command obsolete."""

    target: FailureSink

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._skip_redo = True

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self._guarded(self.apply)

    def undo(self) -> None:
        self._guarded(self.revert)

    def _guarded(self, step: object) -> None:
        try:
            step()  # type: ignore[operator]
        except Exception as exc:  # shown to the user; the command can no longer be trusted
            self.setObsolete(True)
            self.target.report_failure(exc)


class StoreCommand(GuardedCommand):
    """Base of the review commands: they act on the open project of a ``ReviewTarget``."""

    def __init__(self, target: ReviewTarget, text: str) -> None:
        super().__init__(text)
        self.target: ReviewTarget = target

    @property
    def project(self) -> ProjectApi:
        if self.target.project is None:
            raise ProjectStateError("no project is open")
        return self.target.project


class AcceptSpan(StoreCommand):
    """Mark a span as checked and correct (or take that back)."""

    def __init__(self, target: ReviewTarget, note_id: int, span: Span, accepted: bool = True) -> None:
        super().__init__(target, f"{'Accept' if accepted else 'Unaccept'} {span.entity} span")
        self.note_id, self.span, self.accepted = note_id, span, accepted

    def apply(self) -> None:
        self.project.set_accepted(self.note_id, self.span, self.accepted)
        self.target.refresh(self.note_id)

    def revert(self) -> None:
        self.project.set_accepted(self.note_id, self.span, not self.accepted)
        self.target.refresh(self.note_id)


class Correct(StoreCommand):
    """A manual correction at offsets of one note (reject, add missed, change type)."""

    def __init__(
        self,
        target: ReviewTarget,
        note_id: int,
        start: int,
        end: int,
        action: CorrectionAction,
        entity: Entity | None,
        text: str,
    ) -> None:
        super().__init__(target, text)
        self.note_id, self.start, self.end, self.action, self.entity = note_id, start, end, action, entity
        self.correction_id: int | None = None

    def apply(self) -> None:
        self.correction_id = self.project.add_correction(self.note_id, self.start, self.end, self.action, self.entity)
        self.target.rerun([self.note_id], focus=self.start)

    def revert(self) -> None:
        if self.correction_id is not None:
            self.project.remove_correction(self.correction_id)
            self.correction_id = None
        self.target.rerun([self.note_id], focus=self.start)


class SetReview(StoreCommand):
    """Mark a note reviewed or open again."""

    def __init__(self, target: ReviewTarget, note_id: int, status: ReviewStatus, before: ReviewStatus) -> None:
        super().__init__(target, f"Mark note {status.value}")
        self.note_id, self.status, self.before = note_id, status, before

    def apply(self) -> None:
        self.project.set_review(self.note_id, self.status)
        self.target.refresh(self.note_id)

    def revert(self) -> None:
        self.project.set_review(self.note_id, self.before)
        self.target.refresh(self.note_id)


class AddTerm(StoreCommand):
    """Add a curated term (whitelist, blacklist, name or site list) and re-run what it affects."""

    def __init__(
        self,
        target: ReviewTarget,
        spec: TermSpec,
        affected: Sequence[int],
        source_note: int | None,
        why: str = "",
    ) -> None:
        super().__init__(target, f"Add '{spec.kind.value}' term ({spec.scope.value})")
        self.spec, self.affected, self.source_note, self.why = spec, tuple(affected), source_note, why
        self.term_id: int | None = None

    def apply(self) -> None:
        self.term_id = self.project.add_term(self.spec, self.source_note, self.why)
        self.target.rerun(self.affected)

    def revert(self) -> None:
        if self.term_id is not None:
            self.project.remove_term(self.term_id)
            self.term_id = None
        self.target.rerun(self.affected)


class RemoveTerm(StoreCommand):
    """Remove a curated term and re-run what it affected."""

    def __init__(self, target: ReviewTarget, row: TermRow, affected: Sequence[int]) -> None:
        super().__init__(target, f"Remove '{row.kind.value}' term")
        self.row, self.affected = row, tuple(affected)
        self.term_id: int | None = row.id

    def apply(self) -> None:
        if self.term_id is not None:
            self.project.remove_term(self.term_id)
            self.term_id = None
        self.target.rerun(self.affected)

    def revert(self) -> None:
        self.term_id = self.project.add_term(self.row.spec, self.row.source_note_id, self.row.why)
        self.target.rerun(self.affected)


class EditTerm(StoreCommand):
    """Change a curated term in place (text, list, type or scope) and re-run what either version affects."""

    def __init__(self, target: ReviewTarget, row: TermRow, spec: TermSpec, affected: Sequence[int]) -> None:
        super().__init__(target, f"Edit '{row.kind.value}' term")
        self.row, self.spec, self.affected = row, spec, tuple(affected)

    def apply(self) -> None:
        self.project.edit_term(self.row.id, self.spec)
        self.target.rerun(self.affected)

    def revert(self) -> None:
        self.project.edit_term(self.row.id, self.row.spec)
        self.target.rerun(self.affected)
