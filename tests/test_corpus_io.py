"""Corpus readers: JSONL, CSV, folders; bad records with file:line and never the note text."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.corpus_io import BadRecord, CorpusError, NoteRecord, read_corpus

SECRET = "Zwetschkenröster"  # planted in note text: must never appear in an error message


def write(path: Path, data: bytes | str) -> Path:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def read_all(path: Path, **kwargs: object) -> list[NoteRecord]:
    return list(read_corpus(path, **kwargs))  # type: ignore[arg-type]


def jsonl(*objects: object) -> str:
    return "".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in objects)


# --- JSONL ---------------------------------------------------------------------------------------


def test_jsonl_records_ids_meta_and_blank_lines(tmp_path: Path) -> None:
    path = write(tmp_path / "c.jsonl", '{"id": 7, "text": "a", "author": "x"}\n\n   \n{"id": "N2", "text": ""}\n')
    records = read_all(path)
    assert [(r.id, r.text, r.line) for r in records] == [("7", "a", 1), ("N2", "", 4)]
    assert records[0].meta == {"author": "x"}
    assert records[0].source == str(path)


def test_jsonl_bom_and_crlf(tmp_path: Path) -> None:
    path = write(tmp_path / "c.jsonl", b'\xef\xbb\xbf{"id": 1, "text": "a"}\r\n{"id": 2, "text": "b"}\r\n')
    assert [r.text for r in read_all(path)] == ["a", "b"]


def test_jsonl_custom_columns(tmp_path: Path) -> None:
    path = write(tmp_path / "c.jsonl", jsonl({"nr": 1, "body": "a"}))
    assert read_all(path, id_col="nr", text_col="body")[0].id == "1"


BAD_JSONL_LINES = [
    (f'{{"id": 1, "text": "{SECRET}"', "invalid JSON"),
    (f'{{"text": "{SECRET}"}}', "missing 'id'"),
    ('{"id": 1}', "missing 'text'"),
    ('{"id": 1, "text": 5}', "'text' must be a string"),
    (f'{{"id": true, "text": "{SECRET}"}}', "'id' must be a string or a number"),
    (f'{{"id": [1], "text": "{SECRET}"}}', "'id' must be a string or a number"),
    (f'{{"id": " ", "text": "{SECRET}"}}', "empty 'id'"),
    (f'["{SECRET}"]', "expected a JSON object"),
    (f"{SECRET}", "invalid JSON"),
]


@pytest.mark.parametrize(("line", "reason"), BAD_JSONL_LINES)
def test_jsonl_bad_record_names_file_and_line(tmp_path: Path, line: str, reason: str) -> None:
    path = write(tmp_path / "file.jsonl", jsonl({"id": 1, "text": "a"}, {"id": 2, "text": "b"}) + line + "\n")
    with pytest.raises(CorpusError) as info:
        read_all(path)
    assert str(info.value).startswith(f"{path}:3: ")
    assert reason in str(info.value)
    assert SECRET not in str(info.value)
    assert (info.value.line, info.value.path) == (3, str(path))


def test_jsonl_not_utf8_names_line(tmp_path: Path) -> None:
    path = write(tmp_path / "c.jsonl", jsonl({"id": 1, "text": "a"}).encode() + b'{"id": 2, "text": "\xfc"}\n')
    with pytest.raises(CorpusError, match=r"c\.jsonl:2: not UTF-8"):
        read_all(path)


def test_jsonl_skip_bad_reports_and_continues(tmp_path: Path) -> None:
    path = write(tmp_path / "c.jsonl", jsonl({"id": 1, "text": "a"}) + "{oops\n" + jsonl({"id": 3, "text": "c"}))
    bad: list[BadRecord] = []
    records = read_all(path, skip_bad=True, on_bad=bad.append)
    assert [r.id for r in records] == ["1", "3"]
    assert [(b.line, str(b)) for b in bad] == [(2, f"{path}:2: invalid JSON (column 2)")]


def test_jsonl_is_streamed(tmp_path: Path) -> None:
    """The first record comes out before the bad line further down is read."""
    path = write(tmp_path / "c.jsonl", jsonl({"id": 1, "text": "a"}) + "{oops\n")
    stream = read_corpus(path)
    assert next(stream).id == "1"
    with pytest.raises(CorpusError):
        next(stream)


# --- CSV -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        'id,text,author\n1,Hallo,x\n2,"a, b",y\n',
        "\ufeffid;text;author\n1;Hallo;x\n2;a, b;y\n",
        '\ufeffid,text,author\r\n1,Hallo,x\r\n2,"a, b",y\r\n',
        'id;text;author\n1;"Hallo";x\n\n2;"a, b";y\n',
    ],
)
def test_csv_delimiters_bom_and_meta(tmp_path: Path, data: str) -> None:
    records = read_all(write(tmp_path / "c.csv", data))
    assert [(r.id, r.text) for r in records] == [("1", "Hallo"), ("2", "a, b")]
    assert records[1].meta == {"author": "y"}


def test_csv_multiline_record_reports_start_line(tmp_path: Path) -> None:
    data = 'id,text\n1,"erste\nzweite\ndritte"\n2,ok\n3\n'
    path = write(tmp_path / "c.csv", data)
    bad: list[BadRecord] = []
    records = read_all(path, skip_bad=True, on_bad=bad.append)
    assert [(r.id, r.line, r.text) for r in records] == [("1", 2, "erste\nzweite\ndritte"), ("2", 5, "ok")]
    assert [(b.line, b.message) for b in bad] == [(6, "expected 2 fields, found 1")]


def test_csv_custom_columns(tmp_path: Path) -> None:
    path = write(tmp_path / "c.csv", "Nr;Befund\nA1;text\n")
    assert read_all(path, id_col="Nr", text_col="Befund")[0].id == "A1"


@pytest.mark.parametrize("header", ["nr,text", "id,body", ""])
def test_csv_missing_column_is_an_error_on_line_1(tmp_path: Path, header: str) -> None:
    path = write(tmp_path / "c.csv", header + "\n1,x\n" if header else "")
    with pytest.raises(CorpusError, match=r"c\.csv:1: "):
        read_all(path, skip_bad=True)


def test_csv_not_utf8_names_the_bad_line(tmp_path: Path) -> None:
    data = b'id,text\n1,ok\n2,"a\nb \xe4"\n3,ok\n'
    path = write(tmp_path / "c.csv", data)
    with pytest.raises(CorpusError, match=r"c\.csv:4: not UTF-8"):
        read_all(path)
    bad: list[BadRecord] = []
    assert [r.id for r in read_all(path, skip_bad=True, on_bad=bad.append)] == ["1", "3"]
    assert [b.line for b in bad] == [4]


def test_csv_empty_id_is_bad(tmp_path: Path) -> None:
    path = write(tmp_path / "c.csv", f"id,text\n,{SECRET}\n")
    with pytest.raises(CorpusError) as info:
        read_all(path)
    assert str(info.value) == f"{path}:2: empty 'id'"


# --- folders -------------------------------------------------------------------------------------


def test_folder_ids_are_relative_paths_sorted(tmp_path: Path) -> None:
    (tmp_path / "b" / "c").mkdir(parents=True)
    write(tmp_path / "z.txt", "Z")
    write(tmp_path / "b" / "c" / "n1.txt", "\ufeffeins\r\nzwei")
    write(tmp_path / "a.txt", "A")
    write(tmp_path / "b" / "ignored.md", "no")
    records = read_all(tmp_path)
    assert [(r.id, r.text) for r in records] == [("a", "A"), ("b/c/n1", "eins\r\nzwei"), ("z", "Z")]


def test_folder_non_utf8_file_names_file_and_line(tmp_path: Path) -> None:
    write(tmp_path / "a.txt", "ok")
    write(tmp_path / "b.txt", b"eins\nzwei\ndr\xfcber\n")
    with pytest.raises(CorpusError) as info:
        read_all(tmp_path)
    assert str(info.value) == f"{tmp_path / 'b.txt'}:3: not UTF-8 text"
    assert [r.id for r in read_all(tmp_path, skip_bad=True)] == ["a"]


# --- whole files ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "message"), [("c.txt", "unsupported input"), ("missing.jsonl", "no such file")])
def test_file_level_errors(tmp_path: Path, name: str, message: str) -> None:
    if name.endswith(".txt"):
        write(tmp_path / name, "x")
    with pytest.raises(CorpusError, match=message) as info:
        read_corpus(tmp_path / name)
    assert str(info.value).startswith(f"{tmp_path / name}: ")


def test_corpus_error_format() -> None:
    assert str(CorpusError(Path("a/b.csv"), 12, "bad")) == "a/b.csv:12: bad"


NOTE_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(NOTE_TEXT, min_size=1, max_size=5))
def test_texts_survive_jsonl_and_csv(tmp_path_factory: pytest.TempPathFactory, texts: list[str]) -> None:
    folder = tmp_path_factory.mktemp("roundtrip")
    path_jsonl = write(folder / "c.jsonl", jsonl(*({"id": i, "text": t} for i, t in enumerate(texts))))
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=";")
    writer.writerow(["id", "text"])
    writer.writerows([i, t] for i, t in enumerate(texts))
    path_csv = write(folder / "c.csv", buffer.getvalue())
    assert [r.text for r in read_all(path_jsonl)] == texts
    assert [r.text for r in read_all(path_csv)] == texts


def test_a_mapped_patient_column_and_a_chosen_delimiter(tmp_path: Path) -> None:
    source = tmp_path / "mapped.csv"
    source.write_text("nr|befund|pat\nx1|Kontrolle in zwei Wochen.|P3\n", encoding="utf-8")
    (record,) = read_corpus(source, id_col="nr", text_col="befund", patient_col="pat", delimiter="|")
    assert (record.id, record.text, record.meta) == ("x1", "Kontrolle in zwei Wochen.", {"patient_id": "P3"})


def test_jsonl_meta_keeps_the_other_fields_in_input_order(tmp_path: Path) -> None:
    path = write(
        tmp_path / "c.jsonl", jsonl({"z": 1, "id": "N1", "pat": "P7", "text": "a", "a": [2]}, {"id": "N2", "text": "b"})
    )
    first, second = read_all(path, patient_col="pat")
    assert list(first.meta.items()) == [("z", 1), ("a", [2]), ("patient_id", "P7")]
    assert second.meta == {}
    (same,) = read_all(write(tmp_path / "s.jsonl", jsonl({"x": "1", "id": "N3", "y": 2})), id_col="x", text_col="x")
    assert (same.id, same.text, list(same.meta.items())) == ("1", "1", [("id", "N3"), ("y", 2)])
