"""One evaluator's marks on one frozen sample, held in memory so every key press answers at once.

The store stays the record: every change goes there first (``mark_commands``) and is then put
here. A mark is found by what it judges: an engine span (its offsets), a missed stretch, or the
whole note (TN); where the store holds two marks for one of those, the later one counts, as in
``evaluation.project_io.sample_decisions``. Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from masketeer_gui.engine.span import Span
from masketeer_gui.evaluation.decisions import Decision
from masketeer_gui.evaluation.project_io import SampleView, mark_decision
from masketeer_gui.store.rows import MarkLabel, MarkRow, SampleNoteRow

MarkKey = tuple[str, int, int]  # ("span" | "missed" | "note", start, end)
NOTE_KEY: MarkKey = ("note", -1, -1)


class NoteStatus(StrEnum):
    OPEN = "open"  # nothing judged yet
    STARTED = "started"
    DONE = "done"


def key_of(mark: MarkRow) -> MarkKey:
    if mark.label is MarkLabel.TN or mark.start is None or mark.end is None:
        return NOTE_KEY
    return ("missed" if mark.label is MarkLabel.FN else "span", mark.start, mark.end)


@dataclass
class SampleState:
    """The sample's notes and spans (as frozen), and what ``annotator`` said about them."""

    view: SampleView
    annotator: str
    marks: dict[int, dict[MarkKey, MarkRow]] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)
    _rows: dict[int, SampleNoteRow] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rows = {n.note_id: n for n in self.view.notes}  # in sample order

    @classmethod
    def of(cls, view: SampleView, annotator: str, marks: Iterable[MarkRow], done: Iterable[int]) -> SampleState:
        state = cls(view, annotator, done=set(done) & {n.note_id for n in view.notes})
        for mark in sorted(marks, key=lambda m: m.id):
            if mark.annotator == annotator and mark.note_id in state._rows:
                state.put(mark)
        return state

    @property
    def notes(self) -> tuple[SampleNoteRow, ...]:
        return self.view.notes

    def note(self, note_id: int) -> SampleNoteRow:
        return self._rows[note_id]

    def spans(self, note_id: int) -> tuple[Span, ...]:
        return self.view.spans[self._rows[note_id].external_id]

    # --- marks ---------------------------------------------------------------------------------
    def put(self, mark: MarkRow) -> None:
        self.marks.setdefault(mark.note_id, {})[key_of(mark)] = mark

    def drop(self, mark: MarkRow) -> None:
        held = self.marks.get(mark.note_id, {})
        if held.get(key_of(mark)) == mark:
            del held[key_of(mark)]

    def span_mark(self, note_id: int, span: Span) -> MarkRow | None:
        return self.marks.get(note_id, {}).get(("span", span.start, span.end))

    def missed(self, note_id: int) -> list[MarkRow]:
        """The stretches added as missed (FN), in reading order."""
        held = self.marks.get(note_id, {})
        return sorted((m for k, m in held.items() if k[0] == "missed"), key=lambda m: m.start or 0)

    def true_negative(self, note_id: int) -> MarkRow | None:
        return self.marks.get(note_id, {}).get(NOTE_KEY)

    def mark_at(self, note_id: int, key: MarkKey) -> MarkRow | None:
        return self.marks.get(note_id, {}).get(key)

    # --- progress ------------------------------------------------------------------------------
    def undecided(self, note_id: int) -> list[int]:
        """Indices of the note's spans without a TP/FP mark."""
        return [i for i, s in enumerate(self.spans(note_id)) if self.span_mark(note_id, s) is None]

    def progress(self, note_id: int) -> tuple[int, int]:
        """Spans judged and spans in the note."""
        total = len(self.spans(note_id))
        return total - len(self.undecided(note_id)), total

    def status(self, note_id: int) -> NoteStatus:
        if note_id in self.done:
            return NoteStatus.DONE
        return NoteStatus.STARTED if self.marks.get(note_id) else NoteStatus.OPEN

    def notes_left(self) -> int:
        return sum(1 for n in self.view.notes if n.note_id not in self.done)

    def next_open_note(self, after: int | None) -> int | None:
        """The next note (in sample order, wrapping) that is not done; None when all are."""
        ids = list(self._rows)
        start = ids.index(after) + 1 if after in self._rows else 0
        return next((n for n in ids[start:] + ids[:start] if n not in self.done), None)

    # --- as decisions ---------------------------------------------------------------------------
    def decisions(self, note_ids: Sequence[int] | None = None) -> list[Decision]:
        """The marks as ``Decision``s (what the metrics are computed from)."""
        wanted = self.marks if note_ids is None else {n: self.marks.get(n, {}) for n in note_ids}
        return [
            mark_decision(mark, self._rows[note_id].external_id, self.spans(note_id))
            for note_id, held in wanted.items()
            for mark in held.values()
        ]
