"""Gold in and out: JSONL with offsets, BRAT standoff, CoNLL IOB; round trips and file:line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.text import tokenize
from masketeer_gui.evaluation.conll import read_conll, read_conll_gold
from masketeer_gui.evaluation.formats import GoldFormat, GoldFormatError, export_gold, import_gold
from masketeer_gui.evaluation.gold import Annotation, GoldSet, gold_from_decisions
from tests.evaluation.helpers import fn, fp, tn, tp

TEXTS = {
    "N1": "Bitte Fr. Dr. Ulrike Hofer informieren.\nRR 120/80. Tel. 0512 / 123456.",
    "N2": "Keine Auffälligkeiten.",
    "dir/N3": "Herr Müller-Huber kommt am Freitag ins BKH Schwaz.\r\nLG Sepp",
}
GOLD: GoldSet = {
    "N1": (Annotation(14, 20, Entity.HCP), Annotation(21, 26, Entity.HCP), Annotation(56, 69, Entity.PHO)),
    "N2": (),
    "dir/N3": (Annotation(5, 17, Entity.PAT), Annotation(39, 49, Entity.SIT), Annotation(55, 59, Entity.PER)),
}


def test_the_examples_are_what_they_say() -> None:
    assert [TEXTS["N1"][a.start : a.end] for a in GOLD["N1"]] == ["Ulrike", "Hofer", "0512 / 123456"]
    assert [TEXTS["dir/N3"][a.start : a.end] for a in GOLD["dir/N3"]] == ["Müller-Huber", "BKH Schwaz", "Sepp"]


@pytest.mark.parametrize("fmt", [GoldFormat.JSONL, GoldFormat.BRAT])
def test_round_trip(tmp_path: Path, fmt: GoldFormat) -> None:
    target = tmp_path / ("gold.jsonl" if fmt is GoldFormat.JSONL else "brat")
    assert export_gold(fmt, target, GOLD, TEXTS) == 3
    assert import_gold(fmt, target, TEXTS) == GOLD


def test_brat_files(tmp_path: Path) -> None:
    export_gold(GoldFormat.BRAT, tmp_path, GOLD, TEXTS)
    assert (tmp_path / "N1.ann").read_text(encoding="utf-8").splitlines() == [
        "T1\tHCP 14 20\tUlrike",
        "T2\tHCP 21 26\tHofer",
        "T3\tPHO 56 69\t0512 / 123456",
    ]
    with (tmp_path / "dir" / "N3.txt").open(encoding="utf-8", newline="") as txt:
        assert txt.read() == TEXTS["dir/N3"]  # byte for byte: offsets stay valid
    assert (tmp_path / "N2.ann").read_text(encoding="utf-8") == ""
    assert "[entities]\nHCP\n" in (tmp_path / "annotation.conf").read_text(encoding="utf-8")


def test_jsonl_has_no_text_unless_asked(tmp_path: Path) -> None:
    export_gold(GoldFormat.JSONL, tmp_path / "plain.jsonl", GOLD)
    assert "Hofer" not in (tmp_path / "plain.jsonl").read_text(encoding="utf-8")
    export_gold(GoldFormat.JSONL, tmp_path / "text.jsonl", GOLD, TEXTS)
    first = json.loads((tmp_path / "text.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert first["spans"][1] == {"start": 21, "end": 26, "entity": "HCP", "text": "Hofer"}


def test_the_synthetic_corpus_gold_reads_as_it_is() -> None:
    gold = import_gold(GoldFormat.JSONL, Path("resources/demo/gold.jsonl"))
    assert len(gold) == 600 and gold["N000002"][0] == Annotation(25, 33, Entity.HCP)


def test_conll_tags_tokens_and_round_trips(tmp_path: Path) -> None:
    target = tmp_path / "gold.conll"
    export_gold(GoldFormat.CONLL, target, GOLD, TEXTS, abbreviations=frozenset({"dr", "fr", "tel"}))
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[:7] == ["# doc_id = N1", "Bitte\tO", "Fr\tO", ".\tO", "Dr\tO", ".\tO", "Ulrike\tB-HCP"]
    assert "Hofer\tB-HCP" in lines  # two adjacent spans stay two spans
    assert lines[lines.index("0512\tB-PHO") + 1 : lines.index("0512\tB-PHO") + 3] == ["/\tI-PHO", "123456\tI-PHO"]
    assert "Müller-Huber\tB-PAT" in lines and "Schwaz\tI-SIT" in lines
    assert "" in lines[1 : lines.index("# doc_id = N2")]  # sentences are separated
    assert read_conll_gold(target, TEXTS) == GOLD
    assert len(read_conll(target)["N1"]) == len(tokenize(TEXTS["N1"]))


WORDS = st.sampled_from(
    ["Dr.", "Hofer", "Maria", "kommt", "am", "12.03.", "Tel.", "0512/123", "Müller-Huber", ",", "BKH"]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(WORDS, st.booleans(), st.sampled_from(list(Entity))), min_size=1, max_size=25))
def test_conll_round_trips_token_aligned_gold(tmp_path: Path, words: list[tuple[str, bool, Entity]]) -> None:
    text, spans, position = "", [], 0
    for word, masked, entity in words:
        start = len(text)
        text += word + " "
        if masked:
            spans.append(Annotation(start, start + len(word), entity))
        position = len(text)
    assert position == len(text)
    tokens = tokenize(text)
    aligned = [s for s in spans if any(t.start == s.start for t in tokens) and any(t.end == s.end for t in tokens)]
    gold: GoldSet = {"x": tuple(aligned)}
    target = tmp_path / "h.conll"
    export_gold(GoldFormat.CONLL, target, gold, {"x": text})
    assert read_conll_gold(target, {"x": text}) == gold


@pytest.mark.parametrize(
    ("ann", "message"),
    [
        ("T1\tPAT 0 5;6 11\tMaria Huber\n", r"N\.ann:1: discontinuous spans are not supported"),
        ("#1\tAnnotatorNotes T1\tok\nT1\tXYZ 0 5\tMaria\n", r"N\.ann:2: unknown entity type"),
        ("T1\tPAT 0 5\tMarie\n", r"N\.ann:1: the annotated text differs"),
        ("T1\tPAT 5 0\t\n", r"N\.ann:1: offsets 5\.\.0"),
        ("T1\tPAT 0 50\tMaria\n", r"N\.ann:1: offsets 0\.\.50 beyond the end"),
        ("T1\tPAT zero five\tMaria\n", r"N\.ann:1: expected 'TYPE START END'"),
        ("Maria Huber\n", r"N\.ann:1: not a BRAT annotation line"),
    ],
)
def test_bad_brat_is_refused_with_file_and_line(tmp_path: Path, ann: str, message: str) -> None:
    (tmp_path / "N.txt").write_text("Maria Huber kommt.", encoding="utf-8")
    (tmp_path / "N.ann").write_text(ann, encoding="utf-8")
    with pytest.raises(GoldFormatError, match=message) as error:
        import_gold(GoldFormat.BRAT, tmp_path)
    assert "Huber" not in str(error.value) and "Maria" not in str(error.value)


def test_brat_skips_attributes_relations_and_notes(tmp_path: Path) -> None:
    (tmp_path / "N.txt").write_text("Maria Huber kommt.", encoding="utf-8")
    ann = "T1\tPAT 0 5\tMaria\nA1\tNegated T1\nR1\tSame Arg1:T1 Arg2:T2\nT2\tPAT 6 11\tHuber\n"
    (tmp_path / "N.ann").write_text(ann, encoding="utf-8")
    assert import_gold(GoldFormat.BRAT, tmp_path / "N.ann") == {
        "N": (Annotation(0, 5, Entity.PAT), Annotation(6, 11, Entity.PAT))
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "gold.jsonl:2: not JSON"),
        ('{"spans": []}', "gold.jsonl:2: needs an object with an 'id'"),
        ('{"id": "b", "spans": [{"start": 1, "end": 2, "entity": "FOO"}]}', "gold.jsonl:2: unknown entity type"),
        ('{"id": "b", "spans": [{"start": "1", "end": 2, "entity": "PAT"}]}', "gold.jsonl:2: offsets must be whole"),
        ('{"id": "a", "spans": []}', "gold.jsonl:2: note 'a' appears twice"),
    ],
)
def test_bad_jsonl_is_refused_with_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    source = tmp_path / "gold.jsonl"
    source.write_text('{"id": "a", "spans": []}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(GoldFormatError, match=message):
        import_gold(GoldFormat.JSONL, source)


def test_import_checks_offsets_against_the_notes(tmp_path: Path) -> None:
    source = tmp_path / "gold.jsonl"
    source.write_text('{"id": "N2", "spans": [{"start": 0, "end": 99, "entity": "PAT"}]}\n', encoding="utf-8")
    with pytest.raises(GoldFormatError, match="beyond its end"):
        import_gold(GoldFormat.JSONL, source, TEXTS)
    source.write_text('{"id": "N9", "spans": []}\n', encoding="utf-8")
    with pytest.raises(GoldFormatError, match="'N9' is not in the project"):
        import_gold(GoldFormat.JSONL, source, TEXTS)


@pytest.mark.parametrize("note_id", ["../escape", "/abs", "a/./b", "a\\b"])
def test_unsafe_ids_are_no_brat_file_names(tmp_path: Path, note_id: str) -> None:
    with pytest.raises(GoldFormatError, match="cannot be used as a BRAT file name"):
        export_gold(GoldFormat.BRAT, tmp_path, {note_id: ()}, {note_id: "x"})


def test_conll_cannot_be_imported(tmp_path: Path) -> None:
    with pytest.raises(GoldFormatError, match="cannot be imported"):
        import_gold(GoldFormat.CONLL, tmp_path)


def test_gold_from_an_annotators_decisions() -> None:
    decisions = [tp("n1", 0, 5, "PAT", "HCP"), fp("n1", 7, 9), fn("n1", 12, 15, "SIT"), tn("n2")]
    assert gold_from_decisions(decisions) == {
        "n1": (Annotation(0, 5, Entity.HCP), Annotation(12, 15, Entity.SIT)),
        "n2": (),
    }
