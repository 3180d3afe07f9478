"""Manual corrections: round trip, validation, stale after a text change."""

from __future__ import annotations

from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import InvalidChangeError, NotFoundError, Project
from tests.store.fakes import NOTES, FakeEngine, note_id, write_jsonl


def test_round_trip(loaded: Project, engine: FakeEngine) -> None:
    n3 = note_id(loaded, "n3")
    added = loaded.corrections.add(n3, 0, 4, CorrectionAction.ADD, Entity.PAT, why="nickname", who="rev")
    removed = loaded.corrections.add(n3, 5, 10, CorrectionAction.REMOVE)
    assert (added.start, added.end, added.action, added.entity, added.why, added.who, added.stale) == (
        0,
        4,
        CorrectionAction.ADD,
        Entity.PAT,
        "nickname",
        "rev",
        False,
    )
    assert removed.entity is None
    path = loaded.path
    loaded.close()
    with Project.open(path, analyzer_factory=engine) as reopened:
        assert reopened.corrections.list(n3) == [added, removed]
        assert reopened.notes.get(n3).corrections == (added, removed)
        assert reopened.notes.list([n3])[0].corrections == 2


@pytest.mark.parametrize(
    ("start", "end", "action", "entity", "message"),
    [
        (5, 5, CorrectionAction.REMOVE, None, "outside the note"),
        (-1, 3, CorrectionAction.REMOVE, None, "outside the note"),
        (0, 999, CorrectionAction.ADD, Entity.PAT, "outside the note"),
        (0, 4, CorrectionAction.ADD, None, "needs an entity type"),
        (0, 4, CorrectionAction.RETYPE, None, "needs an entity type"),
    ],
)
def test_invalid_corrections(
    loaded: Project, start: int, end: int, action: CorrectionAction, entity: Entity | None, message: str
) -> None:
    with pytest.raises(InvalidChangeError, match=message):
        loaded.corrections.add(note_id(loaded, "n3"), start, end, action, entity)
    assert loaded.corrections.list() == []


def test_duplicates_and_unknown_ids(loaded: Project) -> None:
    n3 = note_id(loaded, "n3")
    loaded.corrections.add(n3, 0, 4, CorrectionAction.ADD, Entity.PAT)
    with pytest.raises(InvalidChangeError, match="exists already"):
        loaded.corrections.add(n3, 0, 4, CorrectionAction.ADD, Entity.PER)
    with pytest.raises(NotFoundError):
        loaded.corrections.add(9999, 0, 1, CorrectionAction.REMOVE)
    with pytest.raises(NotFoundError):
        loaded.corrections.remove(9999)


def test_stale_corrections_are_not_fed_to_the_engine(loaded: Project, tmp_path: Path) -> None:
    n3 = note_id(loaded, "n3")
    loaded.corrections.add(n3, 0, 4, CorrectionAction.ADD, Entity.PAT)
    loaded.runs.run()
    assert [s.masker for s in loaded.notes.get(n3).spans] == ["Manual"]
    changed = [dict(n, text="Kontrolle morgen, Hias kommt.") if n["id"] == "n3" else n for n in NOTES]
    loaded.import_corpus(write_jsonl(tmp_path / "v2.jsonl", changed))
    loaded.runs.run()
    detail = loaded.notes.get(n3)
    assert [c.stale for c in detail.corrections] == [True]
    assert detail.spans == ()  # offsets 0..4 now point at "Kont": not applied
