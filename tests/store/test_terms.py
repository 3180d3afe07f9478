"""Curated terms: round trip, identity regardless of spelling, scopes, validation, names files."""

from __future__ import annotations

from pathlib import Path

import pytest

from masketeer_gui.engine.lists import BlacklistEntry, NameLists
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import InvalidChangeError, NotFoundError, Project
from masketeer_gui.store.rows import Scope, TermKind, TermSpec
from tests.store.fakes import note_id


def test_round_trip_survives_reopening(project: Project, corpus: Path) -> None:
    project.import_corpus(corpus)
    source = note_id(project, "n2")
    added = project.terms.add(TermSpec(TermKind.WHITELIST, "  Rumpf "), why="anatomy", source_note_id=source)
    black = project.terms.add(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT, Scope.PATIENT, "p2"), who="curator")
    path = project.path
    project.close()
    with Project.open(path, analyzer_factory=lambda names: None) as reopened:  # type: ignore[arg-type,return-value]
        assert reopened.terms.list() == [added, black]
    assert (added.term, added.why, added.source_note_id, added.who) == ("Rumpf", "anatomy", source, "tester")
    assert (black.entity, black.scope, black.scope_value, black.who) == (
        Entity.PAT,
        Scope.PATIENT,
        "p2",
        "curator",
    )
    assert added.created_at.tzinfo is not None


@pytest.mark.parametrize("variant", ["Müller", "MUELLER", "müller", "Mueller"])
def test_the_same_term_in_any_spelling_is_refused(project: Project, variant: str) -> None:
    project.terms.add(TermSpec(TermKind.WHITELIST, "Müller"))
    with pytest.raises(InvalidChangeError, match="already on the whitelist") as caught:
        project.terms.add(TermSpec(TermKind.WHITELIST, variant))
    assert "ller" not in str(caught.value)


def test_same_term_on_another_list_or_scope_is_fine(project: Project, corpus: Path) -> None:
    project.import_corpus(corpus)
    project.terms.add(TermSpec(TermKind.WHITELIST, "Huber"))
    project.terms.add(TermSpec(TermKind.PATIENT, "Huber"))
    project.terms.add(TermSpec(TermKind.WHITELIST, "Huber", scope=Scope.PATIENT, scope_value="p1"))
    project.terms.add(TermSpec(TermKind.WHITELIST, "Huber", scope=Scope.NOTE, scope_value="n1"))
    assert len(project.terms.list()) == 4
    assert len(project.terms.list(scope=Scope.CORPUS)) == 2
    assert [t.kind for t in project.terms.list(kind=TermKind.PATIENT)] == [TermKind.PATIENT]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (TermSpec(TermKind.WHITELIST, "   "), "1 to 200 characters"),
        (TermSpec(TermKind.WHITELIST, "x" * 201), "1 to 200 characters"),
        (TermSpec(TermKind.WHITELIST, "Huber", scope=Scope.PATIENT), "needs the patient's id"),
        (TermSpec(TermKind.WHITELIST, "Huber", scope=Scope.NOTE, scope_value="nope"), "no note with that id"),
    ],
)
def test_invalid_terms(project: Project, spec: TermSpec, message: str) -> None:
    with pytest.raises(InvalidChangeError, match=message):
        project.terms.add(spec)
    assert project.terms.list() == []


def test_entity_only_on_the_blacklist_and_defaulting_to_person(project: Project) -> None:
    assert project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf", Entity.PAT)).entity is None
    assert project.terms.add(TermSpec(TermKind.BLACKLIST, "Hias")).entity is Entity.PER


def test_edit_and_remove(project: Project) -> None:
    term = project.terms.add(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PER))
    edited = project.terms.edit(term.id, TermSpec(TermKind.BLACKLIST, "Hiasl", Entity.PAT), why="nickname")
    assert (edited.id, edited.term, edited.entity, edited.why) == (term.id, "Hiasl", Entity.PAT, "nickname")
    assert project.terms.get(term.id) == edited
    project.terms.remove(term.id)
    assert project.terms.list() == []
    with pytest.raises(NotFoundError, match=f"no term with id {term.id}"):
        project.terms.remove(term.id)


def test_edit_into_an_existing_term_is_refused(project: Project) -> None:
    project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))
    other = project.terms.add(TermSpec(TermKind.WHITELIST, "Hals"))
    with pytest.raises(InvalidChangeError):
        project.terms.edit(other.id, TermSpec(TermKind.WHITELIST, "RUMPF"))


def test_import_names_file_entries_as_corpus_terms(project: Project) -> None:
    names = NameLists(
        patients=("Maria Huber",),
        hcps=("Ulrike Hofer",),
        medical_sites=("BKH Schwaz",),
        whitelist=("Rumpf",),
        blacklist=(BlacklistEntry("Sepp", Entity.PAT),),
    )
    assert project.terms.import_names(names) == 5
    assert project.terms.import_names(names) == 0  # already there
    kinds = {(t.kind, t.term, t.entity) for t in project.terms.list()}
    assert kinds == {
        (TermKind.PATIENT, "Maria Huber", None),
        (TermKind.HCP, "Ulrike Hofer", None),
        (TermKind.MEDICAL_SITE, "BKH Schwaz", None),
        (TermKind.WHITELIST, "Rumpf", None),
        (TermKind.BLACKLIST, "Sepp", Entity.PAT),
    }
