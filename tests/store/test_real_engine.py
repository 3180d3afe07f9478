"""The store on the real engine (``Deidentifier.default``): the feedback loop end to end."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.store.rows import PendingChange, TermKind, TermSpec
from tests.store.fakes import NOTES, note_id, spans_text, write_jsonl

pytest.importorskip("masketeer_gui.engine.pipeline")

FIXED_KEY = hashlib.sha256(b"a fixed test key").digest()  # a key file refuses weak keys such as 00 01 02 …


@pytest.fixture
def real(tmp_path: Path) -> Iterator[Project]:
    with Project.create(tmp_path / "real.db", user="tester") as project:  # default analyzer factory: the engine
        project.import_corpus(write_jsonl(tmp_path / "c.jsonl", NOTES))
        project.runs.run(incremental=False)
        yield project


def _spans(project: Project, external_id: str) -> list[tuple[str, str]]:
    detail = project.notes.get(note_id(project, external_id))
    return spans_text(detail.text, detail.spans)


def test_feedback_loop_on_the_real_engine(real: Project, tmp_path: Path) -> None:
    assert ("Hofer", "HCP") in _spans(real, "n1")
    assert ("Kontrolle", "PAT") not in _spans(real, "n3")
    real.terms.add(TermSpec(TermKind.WHITELIST, "Hofer"))
    real.terms.add(TermSpec(TermKind.BLACKLIST, "Kontrolle", Entity.PAT))
    n4 = note_id(real, "n4")
    real.corrections.add(n4, 23, 28, CorrectionAction.ADD, Entity.PER)
    preview = real.preview(PendingChange(add=(TermSpec(TermKind.WHITELIST, "Gruber"),)))
    assert preview.notes_checked == 2 and preview.spans_removed >= 1
    run = real.runs.run()
    assert run.notes_analyzed == 4  # n1 and n5 (Hofer), n3 (Kontrolle), n4 (the correction)
    assert all(text != "Hofer" for text, _ in _spans(real, "n1") + _spans(real, "n5"))
    assert ("Kontrolle", "PAT") in _spans(real, "n3")
    assert _spans(real, "n4") == [("Werte", "PER")]
    assert real.runs.latest().engine_version.startswith("0.1.0/")  # type: ignore[union-attr]
    real.export_notes(tmp_path / "out.jsonl")
    exported = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert "Kontrolle" not in exported[2]["text"]


def test_blacklist_type_wins_over_the_engines_own_type(real: Project) -> None:
    assert _spans(real, "n3") == [("Hias", "PER")]  # the shipped name list knows "Hias"
    real.terms.add(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT))
    real.runs.run()
    assert _spans(real, "n3") == [("Hias", "PAT")]


def test_export_is_byte_identical_to_deidentify_with_the_same_key(real: Project, tmp_path: Path) -> None:
    from masketeer_gui.cli import main

    key_file = tmp_path / "key.hex"
    key_file.write_text(FIXED_KEY.hex() + "\n", encoding="ascii")
    corpus = write_jsonl(tmp_path / "same.jsonl", NOTES)
    assert (
        main(
            [
                "deidentify",
                str(corpus),
                "-o",
                str(tmp_path / "cli.jsonl"),
                "--key-file",
                str(key_file),
                "--workers",
                "1",
            ]
        )
        == 0
    )
    real.export_notes(tmp_path / "store.jsonl", key=FIXED_KEY)
    assert (tmp_path / "store.jsonl").read_bytes() == (tmp_path / "cli.jsonl").read_bytes()


@pytest.mark.parametrize("length_preserving", [False, True])
def test_surrogate_export_is_byte_identical_to_deidentify_surrogates(
    real: Project, tmp_path: Path, length_preserving: bool
) -> None:
    """The project's key, name lists and patient ids give what ``deidentify --mode surrogates`` gives."""
    from masketeer_gui.cli import main

    lists = {"patients": ["Gruber", "Sepp Huber"], "hcps": ["Hofer"], "medical_sites": ["Rumpfklinik"]}
    for name in lists["patients"]:
        real.terms.add(TermSpec(TermKind.PATIENT, name))
    real.terms.add(TermSpec(TermKind.HCP, "Hofer"))
    real.terms.add(TermSpec(TermKind.MEDICAL_SITE, "Rumpfklinik"))
    real.runs.run()
    names = tmp_path / "names.json"
    names.write_text(json.dumps(lists), encoding="utf-8")
    key_file = tmp_path / "key.hex"
    key_file.write_text(real.pseudonym_key().hex() + "\n", encoding="ascii")
    corpus = write_jsonl(tmp_path / "same.jsonl", NOTES)
    extra = ["--length-preserving"] if length_preserving else []
    args = ["--mode", "surrogates", "--key-file", str(key_file), "--names", str(names), "--workers", "1"]
    cli = tmp_path / "cli.jsonl"
    assert main(["deidentify", str(corpus), "-o", str(cli), *args, "--patient-key", "patient_id", *extra]) == 0
    store = tmp_path / "store.jsonl"
    real.export_notes(store, mode="surrogates", length_preserving=length_preserving)
    assert store.read_bytes() == cli.read_bytes()
    assert "Hofer" not in store.read_text(encoding="utf-8")
    via_cli = tmp_path / "via-cli.jsonl"
    real.close()
    assert main(["project", "export", str(real.path), "-o", str(via_cli), "--mode", "surrogates", *extra]) == 0
    assert via_cli.read_bytes() == cli.read_bytes()


def test_a_project_run_knows_each_note_s_patient(tmp_path: Path) -> None:
    from masketeer_gui.engine.lists import NameLists

    lists = NameLists.from_mapping({"patients": [{"id": "q1", "name": "Theodor Quellmoser"}]})
    text = "Fr. Quellmoser berichtet, ihr Mann schläft schlecht."
    other = text.replace("schläft", "hustet")  # another text: a run reuses the result of an identical one
    notes = [{"id": "a", "text": text, "patient_id": "q1"}, {"id": "b", "text": other, "patient_id": "q2"}]
    with Project.create(tmp_path / "p.db", user="tester") as project:
        project.import_corpus(write_jsonl(tmp_path / "c.jsonl", notes))
        project.runs.run(names=lists, incremental=False)
        assert _spans(project, "a") == [("Quellmoser", "PER")]  # the wife of this note's patient
        assert _spans(project, "b") == [("Quellmoser", "PAT")]  # another patient's note: the courtesy default
