"""The audit log and undo/redo of list changes, corrections and marks."""

from __future__ import annotations

from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import InvalidChangeError, Project
from masketeer_gui.store.rows import MarkLabel, TermKind, TermSpec
from tests.store.fakes import note_id

RUMPF = TermSpec(TermKind.WHITELIST, "Rumpf")


def _terms(project: Project) -> list[str]:
    return [t.term for t in project.terms.list()]


def test_undo_add_remove_edit_in_reverse_order(project: Project) -> None:
    term = project.terms.add(RUMPF)
    project.terms.edit(term.id, TermSpec(TermKind.WHITELIST, "Rumpfes"))
    project.terms.remove(term.id)
    assert _terms(project) == []
    project.undo()
    assert _terms(project) == ["Rumpfes"]
    assert project.terms.list()[0].id == term.id  # the same row comes back
    project.undo()
    assert _terms(project) == ["Rumpf"]
    project.undo()
    assert _terms(project) == []
    assert project.undo() is None


def test_redo_and_a_new_change_clears_redo(project: Project) -> None:
    project.terms.add(RUMPF)
    project.terms.add(TermSpec(TermKind.WHITELIST, "Hals"))
    project.undo()
    project.undo()
    project.redo()
    assert _terms(project) == ["Rumpf"]
    project.undo()  # undo the redo
    assert _terms(project) == []
    project.redo()
    project.redo()
    assert _terms(project) == ["Rumpf", "Hals"]
    assert project.redo() is None
    project.undo()
    project.terms.add(TermSpec(TermKind.WHITELIST, "Knie"))
    assert project.redo() is None
    assert _terms(project) == ["Rumpf", "Knie"]


def test_every_change_is_logged_with_before_and_after(project: Project) -> None:
    term = project.terms.add(RUMPF, who="anna")
    project.terms.remove(term.id, who="ben")
    project.undo()
    entries = project.history()
    assert [(e.action, e.who) for e in entries] == [("undo", "tester"), ("remove", "ben"), ("add", "anna")]
    undo, remove, add = entries
    assert add.before is None and add.after is not None and add.after["term"] == "Rumpf"
    assert remove.before == add.after and remove.after is None
    assert undo.reverts_id == remove.id and remove.undone and not add.undone


def test_undo_in_one_domain_leaves_the_others(loaded: Project) -> None:
    n1 = note_id(loaded, "n1")
    loaded.terms.add(RUMPF)
    loaded.corrections.add(n1, 0, 3, CorrectionAction.REMOVE)
    loaded.marks.add(n1, MarkLabel.TN)
    loaded.undo("term")
    assert _terms(loaded) == []
    assert len(loaded.corrections.list()) == 1 and len(loaded.marks.list()) == 1
    loaded.undo()  # the latest change overall: the mark
    assert loaded.marks.list() == [] and len(loaded.corrections.list()) == 1
    loaded.undo("correction")
    assert loaded.corrections.list() == []
    assert [e.domain for e in loaded.history("mark")] == ["mark", "mark"]


def test_undo_of_corrections_and_marks(loaded: Project) -> None:
    n2 = note_id(loaded, "n2")
    correction = loaded.corrections.add(n2, 0, 9, CorrectionAction.ADD, Entity.PER)
    loaded.corrections.remove(correction.id)
    loaded.undo()
    assert loaded.corrections.list() == [correction]
    mark = loaded.marks.add(n2, MarkLabel.TP, start=24, end=29, entity=Entity.HCP)
    loaded.marks.update(mark.id, label=MarkLabel.FP)
    loaded.undo()
    assert loaded.marks.get(mark.id) == mark


def test_undo_refuses_when_the_row_changed_outside_the_log(project: Project) -> None:
    term = project.terms.add(RUMPF)
    with project._db.write() as session:
        session.connection().exec_driver_sql("UPDATE terms SET why = 'changed by hand' WHERE id = ?", (term.id,))
    with pytest.raises(InvalidChangeError, match="cannot undo: that term was changed since"):
        project.undo()
    assert _terms(project) == ["Rumpf"]
    assert [e.action for e in project.history()] == ["add"]  # the refused undo left no trace


def test_undo_history_survives_reopening(project_path: Path, project: Project) -> None:
    project.terms.add(RUMPF)
    project.close()
    with Project.open(project_path, analyzer_factory=lambda names: None) as reopened:  # type: ignore[arg-type,return-value]
        reopened.undo()
        assert _terms(reopened) == []
