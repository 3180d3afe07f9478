"""The evaluator's key actions: judge the current span (TP/FP, its type), add a missed stretch (FN),
close a clean note as TN, clear a decision, close a note as done, and move to what is still undecided.

Each action checks what it needs, says in the status bar why it refuses, and hands an undoable
``MarkChange`` to the view, which saves it at once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store.rows import MarkLabel
from masketeer_gui.ui.entity_menu import EntityMenu
from masketeer_gui.ui.evaluation.host import EvaluationHost
from masketeer_gui.ui.evaluation.mark_commands import MarkChange, MarkSpec, done_change
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.ui.review import trimmed_selection
from masketeer_gui.vocabulary import counted


class JudgeController(QObject):
    """Turns the evaluator's keys into marks of the note in view."""

    def __init__(self, view: EvaluationHost) -> None:
        super().__init__(view.ws)
        self.view = view
        self.entity_menu: EntityMenu | None = None

    def handle(self, name: str) -> None:
        """Run the action ``name`` of ``keys.EVAL_KEYS``."""
        getattr(self, name)()

    # --- spans -----------------------------------------------------------------------------------
    def tp(self) -> None:
        self._judge(MarkLabel.TP)

    def fp(self) -> None:
        self._judge(MarkLabel.FP)

    def judge_type(self) -> None:
        found = self._span()
        if found is not None:
            state, note_id, span = found
            mark = state.span_mark(note_id, span)
            current = mark.entity if mark is not None and mark.entity else span.entity
            self._choose("It really is…", current, lambda e: self._judge(MarkLabel.TP, e))

    def _judge(self, label: MarkLabel, entity: Entity | None = None) -> None:
        found = self._span()
        if found is None:
            return
        state, note_id, span = found
        mark = state.span_mark(note_id, span)
        if label is MarkLabel.TP and entity is None and mark is not None:
            entity = mark.entity  # keep a type judged before
        after = MarkSpec(label, span.start, span.end, entity if label is MarkLabel.TP else None, span.masker)
        if mark is None or MarkSpec.of(mark) != after:
            typed = f" as {entity}" if entity else ""
            self.view.perform(MarkChange(self.view, state, note_id, f"{label} {span.entity} span{typed}", mark, after))
        self._next_in_note(state, note_id)

    def missed(self) -> None:
        state, note_id = self.view.state, self.view.current_note_id()
        selection = self.view.pane.selection()
        if state is None or note_id is None or not self.view.require_annotator():
            return
        if selection is None:
            return self.view.hint("Select the missed words (mouse or Shift+arrows) first, then press M.")
        start, end = trimmed_selection(self.view.pane.text, *selection)
        problem = _missed_problem(state, note_id, start, end)
        if problem:
            return self.view.hint(problem)
        self._choose("Missed: it is…", None, lambda e: self._add_missed(state, note_id, start, end, e))

    def _add_missed(self, state: SampleState, note_id: int, start: int, end: int, entity: Entity) -> None:
        after = MarkSpec(MarkLabel.FN, start, end, entity)
        if self.view.perform(MarkChange(self.view, state, note_id, f"Add missed {entity} span", None, after)):
            self.view.hint(f"Added as missed {entity} (FN). Del removes it again (click it first).")
            undecided = state.undecided(note_id)
            if undecided:
                self.view.pane.set_current(undecided[0])

    def clear(self) -> None:
        state, note_id = self.view.state, self.view.current_note_id()
        if state is None or note_id is None or not self.view.require_annotator():
            return
        span, missed = self.view.pane.current_span(), self.view.pane.current_missed()
        mark = state.span_mark(note_id, span) if span is not None else missed
        if mark is None:
            return self.view.hint("Nothing to clear: select a judged span or a missed stretch.")
        reopen = False if note_id in state.done and span is not None else None
        self.view.perform(MarkChange(self.view, state, note_id, f"Clear {mark.label}", mark, None, reopen))

    # --- the note --------------------------------------------------------------------------------
    def tn(self) -> None:
        state, note_id = self.view.state, self.view.current_note_id()
        if state is None or note_id is None or not self.view.require_annotator():
            return
        current = state.true_negative(note_id)
        if current is not None:
            self.view.perform(MarkChange(self.view, state, note_id, "Take back TN", current, None, False))
            return
        if state.spans(note_id):
            return self.view.hint("This note has spans: judge them (1 TP / 2 FP). TN is for a note without spans.")
        if state.missed(note_id):
            return self.view.hint("You added missed spans to this note, so it is no TN (Del removes one).")
        self.view.perform(MarkChange(self.view, state, note_id, "Mark note TN", None, MarkSpec(MarkLabel.TN), True))
        self.next_undecided()

    def done(self) -> None:
        state, note_id = self.view.state, self.view.current_note_id()
        if state is None or note_id is None or not self.view.require_annotator():
            return
        if note_id in state.done:
            self.view.perform(done_change(self.view, state, note_id, False))
            return
        undecided = state.undecided(note_id)
        if undecided:
            self.view.pane.set_current(undecided[0])
            word = "span is" if len(undecided) == 1 else "spans are"
            return self.view.hint(f"Not done: {len(undecided)} {word} still undecided (1 TP / 2 FP; N goes there).")
        if not state.marks.get(note_id):
            return self.view.hint("Nothing judged in this note yet: T if it needs no masking, M to add a missed name.")
        self.view.perform(done_change(self.view, state, note_id, True))
        self.next_undecided()

    # --- moving ----------------------------------------------------------------------------------
    def next_undecided(self) -> None:
        """The next undecided span of this note, else the next note that is not done."""
        state, note_id = self.view.state, self.view.current_note_id()
        if state is None:
            return
        if note_id is not None and state.undecided(note_id):
            self._next_in_note(state, note_id)
            return
        following = state.next_open_note(note_id)
        if following is None:
            return self.view.hint(f"Every note of the sample is done ({counted(len(state.notes), 'note')}).")
        if following == note_id:
            return self.view.hint("Every other note is done: close this one with D.")
        self.view.select_note(following)

    def next_note(self) -> None:
        self.view.step_note(+1)

    def prev_note(self) -> None:
        self.view.step_note(-1)

    def next_span(self) -> None:
        self.view.pane.step(+1)

    def prev_span(self) -> None:
        self.view.pane.step(-1)

    def _next_in_note(self, state: SampleState, note_id: int) -> None:
        undecided = state.undecided(note_id)
        if not undecided:
            self.view.pane.set_current(-1)
            return self.view.hint("Every span of this note is judged: add missed names (M), then D: done.")
        current = self.view.pane.current_index()
        self.view.pane.set_current(next((i for i in undecided if i > current), undecided[0]))

    # --- helpers ---------------------------------------------------------------------------------
    def _span(self) -> tuple[SampleState, int, Span] | None:
        state, note_id = self.view.state, self.view.current_note_id()
        if state is None or note_id is None or not self.view.require_annotator():
            return None
        span = self.view.pane.current_span()
        if span is None and not state.spans(note_id):
            self.view.hint(
                "This note has no spans, so there is nothing to judge as TP or FP. If it holds nothing to mask, "
                "press T or 0 (true negative); if a name was missed, select it and press M."
            )
            return None
        if span is None:
            self.view.hint("Select a span first (N, S or a click).")
            return None
        return state, note_id, span

    def _choose(self, title: str, current: Entity | None, then: Callable[[Entity], None]) -> None:
        menu = EntityMenu(title, self.view.ws.widget, current)
        menu.chosen.connect(then)
        menu.aboutToHide.connect(self._menu_closed)
        self.entity_menu = menu
        text = self.view.pane.view
        menu.popup(text.viewport().mapToGlobal(text.cursorRect().bottomLeft() + QPoint(0, 4)))

    def _menu_closed(self) -> None:
        if self.entity_menu is not None:
            self.entity_menu.deleteLater()
            self.entity_menu = None


def _missed_problem(state: SampleState, note_id: int, start: int, end: int) -> str:
    """Why ``[start, end)`` cannot be added as missed, or ""."""
    if start >= end:
        return "The selection holds no word."
    if state.true_negative(note_id) is not None:
        return "This note is marked TN: take that back first (T)."
    if any(s.start < end and start < s.end for s in state.spans(note_id)):
        return "The selection overlaps a masked span: judge that span instead (1 TP / 2 FP, E for its type)."
    if any((m.start or 0) < end and start < (m.end or 0) for m in state.missed(note_id)):
        return "The selection overlaps a stretch already added as missed."
    return ""
