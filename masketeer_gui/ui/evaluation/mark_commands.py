"""Evaluation marks as undoable commands, each saved in the store at once (one short transaction).

One command replaces what one evaluator said about one thing (an engine span, a missed stretch, or
the whole note) and may set the note's "done" state with it. Like the review commands, a command
does its work before it is pushed, so a store error never leaves it on the stack. It keeps the
sample, run and evaluator it was made for, so undo writes the right marks even after the view has
switched to another evaluator or sample.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.store.rows import MarkLabel, MarkRow
from masketeer_gui.ui.commands import GuardedCommand
from masketeer_gui.ui.evaluation import saved
from masketeer_gui.ui.evaluation.state import SampleState


class MarkTarget(Protocol):
    """What the commands need from the evaluator view."""

    state: SampleState | None

    def store(self) -> Project: ...
    def mark_changed(self, note_id: int, focus: int | None = None) -> None: ...
    def report_failure(self, exc: Exception) -> None: ...


@dataclass(frozen=True, slots=True)
class MarkSpec:
    """A mark to write: the label, what it judges and the type the evaluator gave."""

    label: MarkLabel
    start: int | None = None
    end: int | None = None
    entity: Entity | None = None
    masker: str | None = None

    @classmethod
    def of(cls, mark: MarkRow) -> MarkSpec:
        return cls(mark.label, mark.start, mark.end, mark.entity, mark.masker)


class MarkChange(GuardedCommand):
    """Replace the mark ``before`` (None: there was none) with ``after`` (None: remove it)."""

    def __init__(
        self,
        target: MarkTarget,
        state: SampleState,
        note_id: int,
        text: str,
        before: MarkRow | None,
        after: MarkSpec | None,
        done: bool | None = None,
    ) -> None:
        super().__init__(text)
        self.target: MarkTarget = target
        self.note_id, self.after, self.done = note_id, after, done
        self.before = MarkSpec.of(before) if before is not None else None
        self.sample_id, self.annotator = state.view.sample.id, state.annotator
        self.run_id = state.note(note_id).run_id
        self.live = before  # the mark in the store now
        self._done_before: bool | None = None

    def apply(self) -> None:
        self._replace(self.after)
        if self.done is not None:
            done = self._done_set()
            self._done_before = self.note_id in done
            self._set_done(done, self.done)
        self.target.mark_changed(self.note_id, _offset(self.after or self.before))

    def revert(self) -> None:
        self._replace(self.before)
        if self._done_before is not None:
            self._set_done(self._done_set(), self._done_before)
        self.target.mark_changed(self.note_id, _offset(self.before or self.after))

    def _state(self) -> SampleState | None:
        """The view's state if it still shows this command's sample and evaluator."""
        state = self.target.state
        if state is not None and state.view.sample.id == self.sample_id and state.annotator == self.annotator:
            return state
        return None

    def _replace(self, spec: MarkSpec | None) -> None:
        marks, state = self.target.store().marks, self._state()
        if self.live is not None:
            marks.remove(self.live.id, who=self.annotator)
            if state is not None:
                state.drop(self.live)
            self.live = None
        if spec is not None:
            self.live = marks.add(
                self.note_id,
                spec.label,
                start=spec.start,
                end=spec.end,
                entity=spec.entity,
                masker=spec.masker,
                sample_id=self.sample_id,
                run_id=self.run_id,
                annotator=self.annotator,
            )
            if state is not None:
                state.put(self.live)

    def _done_set(self) -> set[int]:
        state = self._state()
        if state is not None:
            return state.done
        return saved.load_done(self.target.store(), self.sample_id, self.annotator)

    def _set_done(self, done: set[int], flag: bool) -> None:
        if flag:
            done.add(self.note_id)
        else:
            done.discard(self.note_id)
        saved.save_done(self.target.store(), self.sample_id, self.annotator, done)


def _offset(spec: MarkSpec | None) -> int | None:
    """Where the changed mark is, to show it after an undo or redo (None: the whole note)."""
    return spec.start if spec is not None else None


def done_change(target: MarkTarget, state: SampleState, note_id: int, done: bool) -> MarkChange:
    """Close a note as done (or open it again) without touching its marks."""
    return MarkChange(target, state, note_id, "Mark note done" if done else "Reopen note", None, None, done)
