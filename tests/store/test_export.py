"""Export: the deidentify format with keyed tags stable across batches; lists shared between projects."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.pseudonyms import tag_for
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project, ProjectStateError
from masketeer_gui.store.rows import Scope, TermKind, TermSpec
from masketeer_gui.store.sharing import ListsFileError
from tests.store.fakes import NOTES, FakeEngine, note_id, write_jsonl

TAG = re.compile(r"\[(HCP|PAT|PER|SIT|WEB|MAI|ADD|PHO|ZIP)-[A-Z0-9]{6,}\]")


def _read(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_export_follows_the_deidentify_contract(loaded: Project, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    report = loaded.export_notes(out)
    records = _read(out)
    assert (report.notes, report.spans) == (6, 6)
    assert [r["id"] for r in records] == [n["id"] for n in NOTES]
    first = records[0]
    assert re.fullmatch(r"Dr\. \[HCP-\w+\] bespricht mit Frau \[PER-\w+\] die Werte\.", str(first["text"]))
    for record, note in zip(records, NOTES, strict=True):
        original = note["text"]
        rebuilt, last = [], 0
        for span in record["spans"]:  # type: ignore[attr-defined]
            assert set(span) >= {"start", "end", "entity", "masker", "pseudonym"}
            assert 0 <= last <= span["start"] < span["end"] <= len(original)
            assert TAG.fullmatch(span["pseudonym"])
            rebuilt += [original[last : span["start"]], span["pseudonym"]]
            last = span["end"]
        assert "".join([*rebuilt, original[last:]]) == record["text"]
    assert "Hofer" not in out.read_text(encoding="utf-8")
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o600


def test_tags_are_keyed_and_consistent_across_batches(loaded: Project, tmp_path: Path) -> None:
    loaded.export_notes(tmp_path / "first.jsonl")
    loaded.import_corpus(write_jsonl(tmp_path / "b2.jsonl", [{"id": "n9", "text": "Später: Dr. HOFER ruft an."}]))
    loaded.runs.run()
    loaded.export_notes(tmp_path / "second.jsonl")
    first, second = _read(tmp_path / "first.jsonl"), _read(tmp_path / "second.jsonl")
    assert second[:6] == first
    tag = first[0]["spans"][0]["pseudonym"]  # type: ignore[index]
    assert second[6]["spans"][0]["pseudonym"] == tag  # type: ignore[index]
    key = bytes.fromhex(loaded.setting("pseudonym_key"))
    assert tag == tag_for(key, Entity.HCP, "hofer")


def test_export_with_an_explicit_key(loaded: Project, tmp_path: Path) -> None:
    key = bytes(range(32))
    loaded.export_notes(tmp_path / "k.jsonl", key=key)
    assert _read(tmp_path / "k.jsonl")[0]["spans"][0]["pseudonym"] == tag_for(key, Entity.HCP, "hofer")  # type: ignore[index]


def test_export_refuses_unanalysed_notes_and_leaves_no_file(project: Project, corpus: Path, tmp_path: Path) -> None:
    project.import_corpus(corpus)
    with pytest.raises(ProjectStateError, match="6 note"):
        project.export_notes(tmp_path / "out.jsonl")
    assert list(tmp_path.glob("out.jsonl*")) == [] and list(tmp_path.glob(".out*")) == []


def test_lists_travel_to_another_project(loaded: Project, tmp_path: Path, engine: FakeEngine, corpus: Path) -> None:
    loaded.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"), why="anatomy")
    loaded.terms.add(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT, Scope.PATIENT, "p2"))
    loaded.corrections.add(note_id(loaded, "n4"), 23, 28, CorrectionAction.ADD, Entity.PER)
    shared = tmp_path / "lists.json"
    assert loaded.export_lists(shared) == (2, 1)
    assert stat.S_IMODE(os.stat(shared).st_mode) == 0o600
    with Project.create(tmp_path / "other.db", analyzer_factory=engine) as other:
        other.import_corpus(corpus)
        assert other.import_lists(shared) == (2, 1)
        assert other.import_lists(shared) == (0, 0)  # known terms and corrections are skipped
        assert next((t.term, t.why) for t in other.terms.list()) == ("Rumpf", "anatomy")
        other.runs.run()
        detail = other.notes.get(note_id(other, "n4"))
        assert [(detail.text[s.start : s.end], s.entity) for s in detail.spans] == [("Werte", Entity.PER)]


def test_corrections_only_travel_to_the_same_text(loaded: Project, tmp_path: Path, engine: FakeEngine) -> None:
    loaded.corrections.add(note_id(loaded, "n4"), 23, 28, CorrectionAction.ADD, Entity.PER)
    loaded.export_lists(tmp_path / "lists.json")
    changed = [dict(n, text="Werte heute anders.") if n["id"] == "n4" else n for n in NOTES]
    with Project.create(tmp_path / "other.db", analyzer_factory=engine) as other:
        other.import_corpus(write_jsonl(tmp_path / "changed.jsonl", changed))
        assert other.import_lists(tmp_path / "lists.json") == (0, 0)


def test_a_bad_lists_file(project: Project, tmp_path: Path) -> None:
    bad = tmp_path / "lists.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ListsFileError, match=r"lists\.json: not a Masketeer lists file"):
        project.import_lists(bad)
    bad.write_text('{"format": "masketeer-lists",\n "terms": [{"kind": "nope", "term": "Huber"}]}', encoding="utf-8")
    with pytest.raises(ListsFileError, match="malformed") as caught:
        project.import_lists(bad)
    assert "Huber" not in str(caught.value)


def test_surrogates_mode_is_keyed_and_avoids_the_projects_names(loaded: Project, tmp_path: Path) -> None:
    loaded.terms.add(TermSpec(TermKind.PATIENT, "Gruber"))
    loaded.runs.run()
    out = tmp_path / "surrogates.jsonl"
    report = loaded.export_notes(out, mode="surrogates", key=bytes(range(32)))
    records = _read(out)
    assert (report.notes, report.spans) == (6, 6)
    assert [r["id"] for r in records] == [n["id"] for n in NOTES]
    text = out.read_text(encoding="utf-8")
    assert not TAG.search(text)
    assert not re.search(r"Hofer|Gruber|Maier", text)  # neither the originals nor a listed name
    again, other = tmp_path / "again.jsonl", tmp_path / "other.jsonl"
    loaded.export_notes(again, mode="surrogates", key=bytes(range(32)))
    loaded.export_notes(other, mode="surrogates", key=bytes(32))
    assert again.read_bytes() == out.read_bytes() != other.read_bytes()


def test_surrogates_can_keep_the_length(loaded: Project, tmp_path: Path) -> None:
    out = tmp_path / "long.jsonl"
    loaded.export_notes(out, mode="surrogates", length_preserving=True)
    for record, note in zip(_read(out), NOTES, strict=True):
        assert len(str(record["text"])) == len(str(note["text"]))


@pytest.mark.parametrize(
    ("mode", "length_preserving", "message"),
    [("bogus", False, "mode"), ("tags", True, "length_preserving")],
)
def test_export_refuses_bad_modes(
    loaded: Project, tmp_path: Path, mode: str, length_preserving: bool, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        loaded.export_notes(tmp_path / "x.jsonl", mode=mode, length_preserving=length_preserving)
    assert not (tmp_path / "x.jsonl").exists()


def test_export_tells_colliding_tags_apart_whatever_the_import_order(
    tmp_path: Path, engine: FakeEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One-character tags (white-box): 80 doctors share 36 base tags; the order-free rule lengthens them."""
    from masketeer_gui.engine.render import Tagger
    from masketeer_gui.settling import RunSettler
    from masketeer_gui.store import exporter

    monkeypatch.setattr(exporter, "Tagger", lambda key: Tagger(key, 1))
    monkeypatch.setattr(exporter, "RunSettler", lambda spool, key: RunSettler(spool, key, 1))
    notes = [{"id": f"d{i}", "text": f"Heute Dr. Quastler{i} im Dienst."} for i in range(80)]
    exported = []
    for name, order in (("forward", notes), ("backward", notes[::-1])):
        with Project.create(tmp_path / f"{name}.db", analyzer_factory=engine) as project:
            project.import_corpus(write_jsonl(tmp_path / f"{name}.jsonl", order))
            project.runs.run(incremental=False)
            project.export_notes(tmp_path / f"{name}.out.jsonl", key=bytes(range(32)))
        records = _read(tmp_path / f"{name}.out.jsonl")
        exported.append({r["id"]: r["spans"][0]["pseudonym"] for r in records})  # type: ignore[index]
    assert exported[0] == exported[1]
    assert len(set(exported[0].values())) == 80 and any(len(t) > len("[HCP-X]") for t in exported[0].values())
