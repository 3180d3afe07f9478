"""Preview of a pending list change: notes and spans it would alter, computed without saving."""

from __future__ import annotations

from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.store.rows import PendingChange, Scope, TermKind, TermSpec
from tests.store.fakes import FakeEngine, analysed_ids, note_id


def test_preview_of_a_blacklist_entry(loaded: Project) -> None:
    before = loaded.notes.list()
    preview = loaded.preview(PendingChange(add=(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT),)))
    assert (preview.notes_checked, preview.notes_affected, preview.spans_added, preview.spans_removed) == (
        1,
        1,
        1,
        0,
    )
    assert preview.note_ids == (note_id(loaded, "n3"),)
    assert loaded.terms.list() == [] and loaded.notes.list() == before  # nothing saved


def test_preview_of_a_whitelist_entry_removing_spans(loaded: Project) -> None:
    preview = loaded.preview(PendingChange(add=(TermSpec(TermKind.WHITELIST, "Hofer"),)))
    assert (preview.notes_checked, preview.notes_affected, preview.spans_added, preview.spans_removed) == (
        2,
        2,
        0,
        2,
    )


def test_preview_of_removing_and_editing_a_term(loaded: Project, engine: FakeEngine) -> None:
    term = loaded.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))
    loaded.runs.run()
    engine.reset()
    removal = loaded.preview(PendingChange(remove=(term.id,)))
    assert (removal.notes_affected, removal.spans_added, removal.spans_removed) == (1, 1, 0)
    assert analysed_ids(engine) == {"n2"}  # only the note containing the term was analysed
    edit = loaded.preview(
        PendingChange(remove=(term.id,), add=(TermSpec(TermKind.WHITELIST, "Rumpf", None, Scope.NOTE, "n1"),))
    )
    assert (edit.notes_checked, edit.notes_affected, edit.spans_added) == (2, 1, 1)


def test_preview_of_a_change_that_alters_nothing(loaded: Project) -> None:
    preview = loaded.preview(PendingChange(add=(TermSpec(TermKind.WHITELIST, "Kontrolle"),)))
    assert (preview.notes_checked, preview.notes_affected, preview.spans_added, preview.spans_removed) == (
        1,
        0,
        0,
        0,
    )


def test_a_type_change_is_counted_as_retyped_not_unmasked(loaded: Project) -> None:
    """Issue 12 B.6: blacklisting a masked person as a patient retypes; nothing is unmasked."""
    preview = loaded.preview(PendingChange(add=(TermSpec(TermKind.BLACKLIST, "Gruber", Entity.PAT),)))
    assert preview.notes_affected == 2
    assert (preview.masked, preview.unmasked, preview.retyped) == (0, 0, 2)


def test_masked_and_unmasked_are_counted_apart(loaded: Project) -> None:
    masking = loaded.preview(PendingChange(add=(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT),)))
    assert (masking.masked, masking.unmasked, masking.retyped) == (1, 0, 0)
    unmasking = loaded.preview(PendingChange(add=(TermSpec(TermKind.WHITELIST, "Hofer"),)))
    assert (unmasking.masked, unmasking.unmasked, unmasking.retyped) == (0, 2, 0)
