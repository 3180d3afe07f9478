"""Rendering: output records per docs/CONTRACT.md, keyed tags, and collision-free tags within a run."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine import fastjson, render
from masketeer_gui.engine.pseudonyms import PseudonymIssuer, TagLedger, tag_for
from masketeer_gui.engine.render import (
    Tagger,
    check_spans,
    pseudonymize,
    render_line,
    render_note,
    retag_line,
    span_record,
)
from masketeer_gui.engine.span import Entity, Span

KEY = bytes(range(32))
TAG = re.compile(r"\[(HCP|PAT|PER|SIT|WEB|MAI|ADD|PHO|ZIP)-[A-Z0-9]{6,}\]")


def record(note_id: str, text: str, spans: list[Span], tagger: Tagger | None = None) -> dict:
    return json.loads(render_note(note_id, text, spans, tagger or Tagger(KEY)).line)


def test_output_record_shape() -> None:
    text = "Bitte Fr. Dr. Hofer informieren."
    span = Span(14, 19, Entity.HCP, "Salutation", "after 'Dr.' Hofer", ("fuzzy",))
    out = record("N17", text, [span])
    tag = tag_for(KEY, Entity.HCP, "Hofer")
    assert out == {
        "id": "N17",
        "text": f"Bitte Fr. Dr. {tag} informieren.",
        "spans": [
            {
                "start": 14,
                "end": 19,
                "entity": "HCP",
                "masker": "Salutation",
                "pseudonym": tag,
                "flags": ["fuzzy"],
            }
        ],
    }
    assert "Hofer" not in json.dumps(out)  # the reason quotes the name, so it is left out


def test_line_is_one_json_line() -> None:
    line = render_note("1", "Frau Müller\nkommt", [Span(5, 11, Entity.PAT, "Salutation")], Tagger(KEY)).line
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert "Müller".encode() not in line


def test_same_reference_same_tag_case_and_umlaut_insensitive() -> None:
    tagger = Tagger(KEY)
    a = record("1", "Herr Müller", [Span(5, 11, Entity.PAT, "S")], tagger)
    b = record("2", "HERR MUELLER", [Span(5, 12, Entity.PAT, "S")], tagger)
    c = record("3", "Dr. Müller", [Span(4, 10, Entity.HCP, "S")], tagger)
    assert a["spans"][0]["pseudonym"] == b["spans"][0]["pseudonym"]
    assert c["spans"][0]["pseudonym"] != a["spans"][0]["pseudonym"]  # another type, another reference
    assert TAG.fullmatch(a["spans"][0]["pseudonym"])


def test_span_ref_overrides_surface_text() -> None:
    out = record("1", "Hr. Mülr", [Span(4, 8, Entity.PAT, "NameDictionary", ref="mueller")])
    assert out["spans"][0]["pseudonym"] == tag_for(KEY, Entity.PAT, "Müller")


def test_tagger_agrees_with_pseudonym_issuer() -> None:
    assert Tagger(KEY).tag(Entity.SIT, "BKH Schwaz")[0] == PseudonymIssuer(KEY).tag(Entity.SIT, "bkh  schwaz")


@pytest.mark.parametrize(
    "check",
    [
        lambda spans: check_spans(spans, 10),
        lambda spans: render_line("n", "abcdefghij", spans, Tagger(KEY)),  # checked as it renders
    ],
    ids=["check_spans", "render_line"],
)
@pytest.mark.parametrize(
    "spans",
    [
        [Span(0, 3, Entity.PER, "X"), Span(2, 4, Entity.PER, "X")],  # overlap
        [Span(3, 4, Entity.PER, "X"), Span(0, 1, Entity.PER, "X")],  # unsorted
        [Span(0, 99, Entity.PER, "X")],  # past the end
    ],
)
def test_invalid_spans_are_refused_without_text(spans: list[Span], check: Callable[[list[Span]], object]) -> None:
    with pytest.raises(ValueError, match="overlapping or out-of-range") as info:
        check(spans)
    assert "abc" not in str(info.value)


def test_adjacent_spans_are_fine() -> None:
    check_spans([Span(0, 2, Entity.PER, "X"), Span(2, 4, Entity.PER, "X")], 4)


@given(st.text(max_size=40), st.data())
def test_pseudonymize_replaces_exactly_the_spans(text: str, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(0, len(text)), max_size=6)))
    pairs = [(a, b) for a, b in zip(cuts[::2], cuts[1::2], strict=False) if a < b]
    spans = [{"start": a, "end": b, "pseudonym": "[PER-X]"} for a, b in pairs]
    out = pseudonymize(text, spans)
    assert out.count("[PER-X]") >= len(spans)
    kept = "".join(text[b:a] for (_, b), (a, _) in zip([(0, 0), *pairs], [*pairs, (len(text), 0)], strict=True))
    assert out.replace("[PER-X]", "") == kept.replace("[PER-X]", "")


# --- collisions ----------------------------------------------------------------------------------


def test_ledger_keeps_first_owner_and_lengthens_later_references() -> None:
    """With 1-character tags (36 values) 60 references must collide; the ledger keeps them apart."""
    tagger, ledger = Tagger(KEY, length=1), TagLedger()
    refs = [f"name{i}" for i in range(60)]
    first = {ref: ledger.resolve(*tagger.tag(Entity.PAT, ref)) for ref in refs}
    again = {ref: ledger.resolve(*tagger.tag(Entity.PAT, ref.upper())) for ref in reversed(refs)}
    assert first == again  # stable for the run
    assert len(set(first.values())) == len(refs)  # never shared
    assert all(re.fullmatch(r"\[PAT-[A-Z0-9]+\]", tag) for tag in first.values())


def test_ledger_matches_pseudonym_issuer() -> None:
    tagger, ledger, issuer = Tagger(KEY, length=1), TagLedger(), PseudonymIssuer(KEY, length=1)
    for i in list(range(50)) + list(range(50)):
        assert ledger.resolve(*tagger.tag(Entity.PER, f"x{i}")) == issuer.tag(Entity.PER, f"x{i}")


def test_retag_line_rerenders_from_the_original() -> None:
    text = "Frau Egger und Frau Moser"
    spans = [Span(5, 10, Entity.PAT, "S"), Span(20, 25, Entity.PAT, "S")]
    line = render_note("n", text, spans, Tagger(KEY)).line
    fixed = json.loads(retag_line(line, text, ["[PAT-AAAAAAAAAA]", "[PAT-BBBBBBBB]"]))
    assert fixed["text"] == "Frau [PAT-AAAAAAAAAA] und Frau [PAT-BBBBBBBB]"
    assert [s["pseudonym"] for s in fixed["spans"]] == ["[PAT-AAAAAAAAAA]", "[PAT-BBBBBBBB]"]
    assert [s["start"] for s in fixed["spans"]] == [5, 20]


def test_note_without_spans_is_the_text_itself() -> None:
    rendered = render_note("N3", 'Pat. stabil, "gut" geschlafen\n', [], Tagger(KEY))
    assert rendered.line == b'{"id":"N3","text":"Pat. stabil, \\"gut\\" geschlafen\\n","spans":[]}\n'
    assert rendered.tags == ()


@pytest.mark.parametrize("value", [{"id": "1", "text": 'Grüße\n"x"', "spans": []}, {"a": [1, 2.5, None, True]}, "ß"])
def test_dumps_line_is_one_compact_utf8_line_with_or_without_orjson(
    value: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from masketeer_gui.engine import fastjson

    with_orjson = fastjson.dumps_line(value)
    monkeypatch.setattr(fastjson, "orjson", None)
    assert fastjson.dumps_line(value) == with_orjson == fastjson.dumps(value) + b"\n"
    assert json.loads(with_orjson) == value


# --- render_line: the record's JSON put together from pieces --------------------------------------


def reference_line(note_id: str, text: str, spans: list[Span], tagger: Tagger) -> bytes:
    """The record as dictionaries, written whole by ``fastjson``: what ``render_line`` must write byte for byte."""
    tags = [tagger.tag(span.entity, span.ref or text[span.start : span.end])[0] for span in spans]
    out = [span_record(span, tag) for span, tag in zip(spans, tags, strict=True)]
    return fastjson.dumps_line({"id": note_id, "text": pseudonymize(text, out), "spans": out})


PIECES_CASES = [
    ("N1", "Frau Gruber kommt", [Span(5, 11, Entity.PAT, "Salutation")]),
    ("N2", "Lumbeck", [Span(0, 7, Entity.PER, "NameDictionary", flags=("fuzzy",))]),  # the whole text
    ('id "quoted" \\ ü', 'a "b" \\ c\n\t\x00\x1f', [Span(2, 5, Entity.PER, "X")]),  # escapes in id and text
    ("N4", "Tel 0512/123 und Dr. Ölz 😀\u2028", [Span(4, 12, Entity.PHO, "RegexPhone"), Span(21, 24, Entity.HCP, "S")]),
    ("N5", "AB", [Span(0, 1, Entity.PER, "X"), Span(1, 2, Entity.PAT, "Y")]),  # adjacent, at both ends
    ("N6", "Herr Brösl", [Span(5, 10, Entity.PAT, 'Odd "masker" ü', flags=('a"b', "ü\n", "initial"))]),
    ("N7", "Hr. Mülr", [Span(4, 8, Entity.PAT, "NameDictionary", ref="mueller")]),  # the reference, not the text
    ("", "", []),
    ("N9", 'Pat. "stabil"', []),
]


@pytest.mark.parametrize("json_library", ["orjson", "stdlib"])
@pytest.mark.parametrize(("note_id", "text", "spans"), PIECES_CASES)
def test_render_line_writes_the_record_as_the_json_library_would(
    note_id: str, text: str, spans: list[Span], json_library: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if json_library == "stdlib":
        monkeypatch.setattr(fastjson, "orjson", None)
        monkeypatch.setattr(render, "_dumps", fastjson.dumper())
        monkeypatch.setattr(render, "_json_memo", {})
    line, tags = render_line(note_id, text, spans, Tagger(KEY))
    assert line == reference_line(note_id, text, spans, Tagger(KEY))
    assert tags == tuple(Tagger(KEY).tag(s.entity, s.ref or text[s.start : s.end]) for s in spans)
    assert render_note(note_id, text, spans, Tagger(KEY)).line == line


def test_render_line_remembers_a_bounded_number_of_json_pieces() -> None:
    """Masker names and flags are remembered as JSON up to a limit, then forgotten (not patched: the compiled
    build binds the limit at compile time). The memo is emptied first: earlier tests have filled it."""
    render._json_memo.clear()
    tagger = Tagger(KEY)
    sizes = []
    for k in range(render._JSON_LIMIT + 20):
        spans = [Span(0, 4, Entity.PER, f"M{k}", flags=(f"f{k % 3}",))]
        line = render_line("n", "Gabl", spans, tagger)[0]
        if k % 97 == 0 or k > render._JSON_LIMIT:
            assert line == reference_line("n", "Gabl", spans, tagger)
        sizes.append(len(render._json_memo))
    assert max(sizes) <= render._JSON_LIMIT
    assert sizes[-1] < 40  # started over
