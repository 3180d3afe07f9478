"""FHIR R4 DocumentReference NDJSON: notes in (base64 attachments, patient references), de-identified out."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.corpus_io import CorpusError, read_corpus
from masketeer_gui.formats import FormatError
from masketeer_gui.formats.fhir import PSEUDED, deidentified, document_reference, note_of

SECRET = "Pfandlbauer"


def resource(note: str, **extra: object) -> dict:
    return {**document_reference("doc-1", note, "P-42"), **extra}


def test_note_text_and_patient_come_from_attachment_and_subject() -> None:
    assert note_of(resource("Frau Pfandlbauer kam.")) == ("doc-1", "Frau Pfandlbauer kam.", "P-42")


@pytest.mark.parametrize(
    ("subject", "patient"),
    [
        ({"reference": "Patient/123"}, "123"),
        ({"reference": "https://fhir.example.org/r4/Patient/abc/_history/2"}, "abc"),
        ({"identifier": {"system": "urn:kis", "value": "K-9"}}, "K-9"),
        ({"reference": "Group/7"}, None),
    ],
)
def test_patient_id_forms(subject: dict, patient: str | None) -> None:
    assert note_of(resource("x", subject=subject))[2] == patient


def test_charset_is_honoured_and_other_attachments_skipped() -> None:
    latin = base64.b64encode("Frau Müller".encode("latin-1")).decode()
    res = resource("", content=[
        {"attachment": {"contentType": "application/pdf", "data": "JVBERi0="}},
        {"attachment": {"contentType": "text/plain; charset=ISO-8859-1", "data": latin}},
    ])  # fmt: skip
    assert note_of(res)[1] == "Frau Müller"


@pytest.mark.parametrize(
    ("res", "message"),
    [
        ({"resourceType": "Patient", "id": "p"}, "DocumentReference"),
        ({"resourceType": "DocumentReference", "content": []}, "'id'"),
        ({"resourceType": "DocumentReference", "id": "d", "content": []}, "text/plain"),
        (
            {"resourceType": "DocumentReference", "id": "d", "content": [{"attachment": {"data": "@@"}}]},
            "not base64",
        ),
    ],
)
def test_bad_resources_say_what_is_missing(res: dict, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        note_of(res)


def test_deidentified_resource_keeps_ids_and_drops_free_text() -> None:
    res = resource(
        f"Frau {SECRET} kam.",
        description=f"Brief zu {SECRET}",
        text={"status": "generated", "div": f"<div>{SECRET}</div>"},
        author=[{"reference": "Practitioner/9", "display": "Dr. Krummeck"}],
        type={"coding": [{"system": "http://loinc.org", "code": "18842-5", "display": "Discharge summary"}]},
    )
    res["subject"]["display"] = SECRET
    out = deidentified(res, "Frau [PAT-1] kam.")
    assert SECRET not in json.dumps(out) and "Krummeck" not in json.dumps(out)
    assert out["id"] == "doc-1" and out["subject"] == {"reference": "Patient/P-42"}
    assert out["author"] == [{"reference": "Practitioner/9"}]
    assert out["type"]["coding"][0]["display"] == "Discharge summary"
    assert note_of(out)[1] == "Frau [PAT-1] kam."
    assert out["meta"]["security"] == [PSEUDED]
    assert deidentified(out, "x")["meta"]["security"] == [PSEUDED]


def test_fhir_ndjson_is_read_as_a_corpus_and_bad_lines_are_located(tmp_path: Path) -> None:
    path = tmp_path / "docs.ndjson"
    bad = {"resourceType": "DocumentReference", "id": "d2", "content": []}
    path.write_text(json.dumps(resource("Herr Krummeck")) + "\n\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"docs.ndjson:3: .*text/plain"):
        list(read_corpus(path))
    skipped: list[str] = []
    records = list(read_corpus(path, skip_bad=True, on_bad=lambda b: skipped.append(str(b))))
    assert [(r.id, r.text, r.meta["patient_id"]) for r in records] == [("doc-1", "Herr Krummeck", "P-42")]
    assert "data" not in json.dumps(records[0].meta)  # the text is carried once, not in the kept resource
    assert len(skipped) == 1


def test_deidentify_writes_fhir_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, out = tmp_path / "docs.ndjson", tmp_path / "out.ndjson"
    docs = [resource(f"Frau {SECRET} kam zur Kontrolle."), {**resource("Keine Namen."), "id": "doc-2"}]
    source.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    assert main(["deidentify", str(source), "-o", str(out), "--workers", "1"]) == 0
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["resourceType"] for r in written] == ["DocumentReference"] * 2
    assert [note_of(r)[0] for r in written] == ["doc-1", "doc-2"]
    assert SECRET not in note_of(written[0])[1] and "[PAT-" in note_of(written[0])[1]
    assert note_of(written[1])[1] == "Keine Namen."
    assert SECRET not in capsys.readouterr().err

    jsonl = tmp_path / "out.jsonl"
    assert main(["deidentify", str(source), "-o", str(jsonl), "--workers", "1"]) == 0
    assert json.loads(jsonl.read_text(encoding="utf-8").splitlines()[0])["id"] == "doc-1"  # CONTRACT JSONL


def test_a_corpus_line_with_a_resource_type_key_stays_a_corpus(tmp_path: Path) -> None:
    path = tmp_path / "notes.ndjson"
    path.write_text(json.dumps({"id": "n", "text": "Herr Krummeck", "resourceType": "note"}) + "\n", encoding="utf-8")
    assert [(r.id, r.text, r.meta) for r in read_corpus(path)] == [("n", "Herr Krummeck", {"resourceType": "note"})]
