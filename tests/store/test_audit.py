"""The audit log of list changes, corrections and marks (undo is the GUI's: its commands apply the inverse)."""

from __future__ import annotations

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.store import Project
from masketeer_gui.store.rows import MarkLabel, TermKind, TermSpec
from tests.store.fakes import note_id

RUMPF = TermSpec(TermKind.WHITELIST, "Rumpf")


def test_every_change_is_logged_with_before_and_after(project: Project) -> None:
    term = project.terms.add(RUMPF, who="anna")
    project.terms.remove(term.id, who="ben")
    entries = project.history()
    assert [(e.action, e.who) for e in entries] == [("remove", "ben"), ("add", "anna")]
    remove, add = entries
    assert add.before is None and add.after is not None and add.after["term"] == "Rumpf"
    assert remove.before == add.after and remove.after is None


def test_history_by_domain(loaded: Project) -> None:
    n1 = note_id(loaded, "n1")
    loaded.terms.add(RUMPF)
    loaded.corrections.add(n1, 0, 3, CorrectionAction.REMOVE)
    loaded.marks.add(n1, MarkLabel.TN)
    assert [e.domain for e in loaded.history()] == ["mark", "correction", "term"]
    assert [e.domain for e in loaded.history("correction")] == ["correction"]


def test_the_store_has_no_second_undo(project: Project) -> None:
    assert not hasattr(project, "undo") and not hasattr(project, "redo")
