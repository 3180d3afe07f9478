"""The public API as a contract: ``Engine``, ``Result``, ``pipe`` order, parity with ``masketeer deidentify``."""

from __future__ import annotations

import json
import random
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


def _one_character_tags(engine: Engine) -> Engine:
    """White-box: one-character tags force collisions (as ``--tag-length 1`` does on the command line)."""
    from dataclasses import replace

    from masketeer_gui.parallel import ChunkWorker

    engine._spec = replace(engine._spec, tag_length=1)
    engine._worker = ChunkWorker(engine._spec)
    return engine


SYLLABLES = ["Ka", "Lo", "Mi", "Nu", "Pe", "Ri", "Su", "To"]
DOCTORS = [f"{a}{b.lower()}sterer" for a in SYLLABLES for b in SYLLABLES]


def test_a_settled_pipe_is_order_free_and_tells_colliding_tags_apart() -> None:
    notes = [{"id": name, "text": f"Dr. {name} kommt."} for name in DOCTORS]
    forward = {r.id: r.pseudonyms for r in _one_character_tags(Engine(key=KEY)).pipe(notes)}
    shuffled = notes[::-1]
    random.Random(7).shuffle(shuffled)
    other = _one_character_tags(Engine(key=KEY))  # a fresh engine: nothing remembered from the first call
    backward = {r.id: r.pseudonyms for r in other.pipe(shuffled, workers=2, chunk_size=8)}
    assert backward == forward
    tags = [pseudonyms[0] for pseudonyms in forward.values() if pseudonyms]
    assert len(tags) > 50 and len(set(tags)) == len(tags)
    assert any(len(tag) > len("[HCP-X]") for tag in tags)


def test_a_streaming_pipe_keeps_tags_apart_across_calls_first_come() -> None:
    engine = _one_character_tags(Engine(key=KEY))
    results = list(engine.pipe((f"Dr. {name} kommt." for name in DOCTORS[:32]), settle=False))
    results += [next(engine.pipe([f"Dr. {name} kommt."], settle=False)) for name in DOCTORS[32:]]
    tags = {name: r.pseudonyms[0] for name, r in zip(DOCTORS, results, strict=True) if r.pseudonyms}
    assert len(tags) > 50 and len(set(tags.values())) == len(tags)
    again = next(engine.pipe([f"Heute Dr. {DOCTORS[40]}."], settle=False))
    assert again.pseudonyms[0] == tags[DOCTORS[40]]


def test_a_settled_pipe_gives_a_person_one_type_and_tag_across_notes() -> None:
    """A note whose own words say little about a name takes the type the others settle on."""
    notes = [
        {"id": "A", "text": "Befund besprochen, Kontrolle in 2 Wochen.\nGottlieb", "patient_id": "P1"},
        {"id": "B", "text": "Rückruf durch Gottlieb, Termin fixiert.", "patient_id": "P2"},
    ]
    engine = Engine(key=KEY)
    streamed = {r.id: r for r in engine.pipe(notes, settle=False)}
    assert streamed["B"].spans[0].entity is not Entity.HCP  # its own words make no doctor of him
    for order in (notes, notes[::-1]):
        settled = {r.id: r for r in engine.pipe(order)}
        assert [s.entity for s in settled["A"].spans] == [s.entity for s in settled["B"].spans] == [Entity.HCP]
        assert settled["A"].pseudonyms == settled["B"].pseudonyms


def test_settling_moves_a_surrogate_names_type_never_its_surrogate() -> None:
    """A surrogate depends on key, patient and name, not on PAT/HCP/PER: only the span's entity moves."""
    notes = [
        {"id": "A", "text": "Befund besprochen, Kontrolle in 2 Wochen.\nGottlieb", "patient_id": "P1"},
        {"id": "B", "text": "Rückruf durch Gottlieb, Termin fixiert.", "patient_id": "P1"},
    ]
    engine = Engine(key=KEY, mode="surrogates")
    streamed = list(engine.pipe(notes, settle=False))
    settled = list(engine.pipe(notes))
    assert [r.text for r in settled] == [r.text for r in streamed] and "Gottlieb" not in settled[1].text
    assert streamed[1].spans[0].entity is not Entity.HCP and settled[1].spans[0].entity is Entity.HCP
    assert settled[0].pseudonyms == settled[1].pseudonyms  # one patient: one surrogate for the person


def test_analyze_knows_the_notes_patient_as_pipe_does() -> None:
    engine = Engine(names={"patients": [{"id": "P7", "name": "Theobald Zirngast"}], "hcps": ["Zirngast"]}, key=KEY)
    text = "Zirngast klagt über Schwindel, Rückruf morgen."
    for patient_id, entity in (("P7", Entity.PAT), ("P8", Entity.PER), (None, Entity.PER)):
        assert [s.entity for s in engine.analyze(text, patient_id)] == [entity]
        assert engine.pseudonymize(text, patient_id).spans[0].entity is entity
