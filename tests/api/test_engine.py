"""The public API as a contract: ``Engine``, ``Result``, ``pipe`` order, parity with ``masketeer deidentify``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import masketeer_gui
from masketeer_gui import Engine, Entity, NameLists, Result, Span
from masketeer_gui.cli import main

KEY = bytes(range(32))
NOTES = [
    "Bitte Dr. Wendelin Oberlechner informieren.",
    "Frau Kunigunde Pfandlbauer kam zur Kontrolle, Tel. 0512 998877.",
    "Keine Namen in dieser Notiz.",
    "Herr Pfandlbauer wurde von Dr. Oberlechner gesehen, Mail an kp@beispiel.at.",
]


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(key=KEY)


def test_public_names_are_declared_and_resolve() -> None:
    assert set(masketeer_gui.__all__) == {
        "Engine", "Entity", "NameLists", "Result", "Span", "__version__", "deidentify_frame",
    }  # fmt: skip
    for name in masketeer_gui.__all__:
        assert getattr(masketeer_gui, name) is not None
    with pytest.raises(AttributeError):
        masketeer_gui.NotAPublicName  # noqa: B018


def test_importing_the_package_loads_no_engine_and_no_pandas() -> None:
    code = (
        "import sys, masketeer_gui, masketeer_gui.frames; "
        "print(any(m.startswith('masketeer_gui.engine') for m in sys.modules), 'pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_analyze_returns_sorted_spans_with_reasons(engine: Engine) -> None:
    text = NOTES[1]
    spans = engine.analyze(text)
    assert spans and all(isinstance(span, Span) for span in spans)
    assert [s.start for s in spans] == sorted(s.start for s in spans)
    assert any(s.entity is Entity.PAT and text[s.start : s.end] == "Pfandlbauer" for s in spans)
    assert any(s.entity is Entity.PHO for s in spans)
    assert all(s.reason for s in spans)


def test_pseudonymize_replaces_every_span_and_keeps_the_rest(engine: Engine) -> None:
    result = engine.pseudonymize(NOTES[0])
    assert isinstance(result, Result)
    assert "Oberlechner" not in result.text and result.text.startswith("Bitte Dr. [HCP-")
    assert len(result.spans) == len(result.pseudonyms) >= 1
    assert result.text == _apply(NOTES[0], result)


def test_same_reference_gets_the_same_tag_across_calls_and_keys_decide(engine: Engine) -> None:
    first = engine.pseudonymize("Dr. Oberlechner kommt.")
    again = engine.pseudonymize("Gestern war Dr. Oberlechner da.")
    other = Engine(key=bytes(32)).pseudonymize("Dr. Oberlechner kommt.")
    assert first.pseudonyms == again.pseudonyms
    assert first.pseudonyms != other.pseudonyms


def test_pipe_streams_in_input_order_with_ids_and_workers(engine: Engine) -> None:
    notes = [{"id": f"n{i}", "text": NOTES[i % len(NOTES)]} for i in range(40)]
    single = list(engine.pipe(notes, workers=1, chunk_size=3))
    pooled = list(engine.pipe(iter(notes), workers=2, chunk_size=3))
    assert [r.id for r in single] == [f"n{i}" for i in range(40)]
    assert pooled == single
    assert [r.id for r in engine.pipe(["a", "b"])] == ["0", "1"]


def test_pipe_rejects_what_is_not_a_note(engine: Engine) -> None:
    with pytest.raises(TypeError, match="note 1"):
        list(engine.pipe(["ok", {"id": "x"}]))
    with pytest.raises(ValueError, match="workers"):
        list(engine.pipe(["ok"], workers=0))


def test_constructor_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="mode"):
        Engine(mode="masks")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="too short"):
        Engine(key=b"short")
    with pytest.raises(ValueError, match="length_preserving"):
        Engine(length_preserving=True)


def test_names_reach_the_engine_as_lists_or_mapping() -> None:
    text = "Visite mit Zwirnbichler besprochen."
    assert Engine(names={"whitelist": ["Zwirnbichler"]}, key=KEY).analyze(text) == []
    for names in ({"patients": ["Zwirnbichler"]}, NameLists(patients=("Zwirnbichler",))):
        spans = Engine(names=names, key=KEY).analyze(text)
        assert [(text[s.start : s.end], s.entity) for s in spans] == [("Zwirnbichler", Entity.PAT)]


def test_result_round_trips_through_the_contract_record(engine: Engine) -> None:
    result = engine.pseudonymize(NOTES[3], note_id="N3")
    record = result.to_record()
    assert set(record) == {"id", "text", "spans"} and record["id"] == "N3"
    assert Result.from_record(json.loads(json.dumps(record))) == result


@pytest.mark.parametrize("mode", ["tags", "surrogates"])
def test_same_key_gives_the_cli_output(tmp_path: Path, mode: str) -> None:
    corpus = tmp_path / "notes.jsonl"
    rows = [{"id": f"N{i}", "text": text, "patient_id": f"P{i % 2}"} for i, text in enumerate(NOTES)]
    corpus.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    names = tmp_path / "names.json"
    names.write_text(json.dumps({"hcps": ["Oberlechner"]}), encoding="utf-8")
    key_file, out = tmp_path / "project.key", tmp_path / "out.jsonl"
    args = ["deidentify", str(corpus), "-o", str(out), "--key-file", str(key_file), "--names", str(names)]
    assert main([*args, "--mode", mode, "--workers", "1"]) == 0
    cli = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]

    engine = Engine.from_files(names=names, key_file=key_file, mode=mode)
    api = [result.to_record() for result in engine.pipe(rows)]
    assert api == cli
    assert engine.pseudonymize(NOTES[1], patient_id="P1", note_id="N1").to_record() == cli[1]


def test_surrogates_are_scoped_by_patient() -> None:
    engine = Engine(key=KEY, mode="surrogates")
    text = "Frau Kunigunde Pfandlbauer kam."
    one = engine.pseudonymize(text, patient_id="A")
    assert one == engine.pseudonymize(text, patient_id="A")
    assert "Pfandlbauer" not in one.text and "[" not in one.text
    assert engine.mode == "surrogates"


def _apply(text: str, result: Result) -> str:
    out, position = [], 0
    for span, pseudonym in zip(result.spans, result.pseudonyms, strict=True):
        out += [text[position : span.start], pseudonym]
        position = span.end
    return "".join([*out, text[position:]])


def test_colliding_tags_are_lengthened_across_calls_as_in_the_cli() -> None:
    """White-box: one-character tags force collisions; the Engine's ledger keeps references apart."""
    from dataclasses import replace

    from masketeer_gui.parallel import ChunkWorker

    engine = Engine(key=KEY)
    engine._spec = replace(engine._spec, tag_length=1)
    engine._worker = ChunkWorker(engine._spec)
    syllables = ["Ka", "Lo", "Mi", "Nu", "Pe", "Ri", "Su", "To"]
    names = [f"{a}{b.lower()}sterer" for a in syllables for b in syllables]
    results = list(engine.pipe(f"Dr. {name} kommt." for name in names[:32]))
    results += [engine.pseudonymize(f"Dr. {name} kommt.") for name in names[32:]]
    tags = {name: r.pseudonyms[0] for name, r in zip(names, results, strict=True) if r.pseudonyms}
    assert len(tags) > 50 and len(set(tags.values())) == len(tags)
    assert engine.pseudonymize(f"Heute Dr. {names[40]}.").pseudonyms[0] == tags[names[40]]
