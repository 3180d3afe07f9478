"""The settle's spool: lines read back by number and copied in blocks, from a window read ahead."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui import settling
from masketeer_gui.engine.render import Tagger, render_note
from masketeer_gui.engine.retype import EvidenceRow, NoteTyping
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.type_resolution import NameEvidence, Strength, TypeTally
from masketeer_gui.parallel import ChunkResult
from masketeer_gui.settling import _Spool

lines = st.lists(st.binary(min_size=0, max_size=40).map(lambda b: b.replace(b"\n", b"") + b"\n"), max_size=30)


@settings(max_examples=60, deadline=None)
@given(lines, st.integers(8, 100), st.lists(st.integers(0, 29), max_size=8), st.data())
def test_lines_and_blocks_read_back_as_written(
    written: list[bytes], block: int, asked: list[int], data: st.DataObject
) -> None:
    """Forward as the settle reads (copy up to a line, the line, on), and in any order: the bytes written."""
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryFile() as handle:
        patch.setattr(settling, "BLOCK", block)
        spool = _Spool(handle)
        half = data.draw(st.integers(0, len(written)))
        spool.write(written[:half])
        spool.write(written[half:])
        ends = spool.ends()
        out: list[bytes] = []
        position = 0
        for note in sorted({n for n in asked if n < len(written)}):
            out += spool.copy(position, ends[note - 1] if note else 0)
            out.append(spool.line(note))
            position = ends[note]
        out += spool.copy(position, ends[-1] if written else 0)
        assert b"".join(out) == b"".join(written)
        for note in asked:
            if note < len(written):
                assert spool.line(note) == written[note]


def test_a_first_line_longer_than_a_block_is_copied_alone() -> None:
    """A copy up to the end of a first line longer than ``BLOCK`` stops at that line: no line end lies within
    the block, and the cut must not wrap round to the spool's last line end."""
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryFile() as handle:
        patch.setattr(settling, "BLOCK", 8)
        spool = _Spool(handle)
        spool.write([b"a long first line\n", b"x\n", b"y\n"])
        ends = spool.ends()
        assert b"".join(spool.copy(0, ends[0])) == b"a long first line\n"
        assert b"".join(spool.copy(0, ends[-1])) == b"a long first line\nx\ny\n"


def test_a_spool_cut_short_is_an_error(tmp_path: Path) -> None:
    with (tmp_path / "spool").open("w+b") as handle:
        spool = _Spool(handle)
        spool.write([b"one\n", b"two\n"])
        spool.ends()
        os.ftruncate(handle.fileno(), 5)
        with pytest.raises(OSError, match="ended 3 bytes early"):
            list(spool.copy(0, 8))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 60)), min_size=1, max_size=25), st.integers(8, 300))
def test_a_settled_run_comes_out_in_blocks_of_whole_lines(notes: list[tuple[bool, int]], block: int) -> None:
    """Changed lines among stretches shorter and longer than a block: every block holds whole lines, and
    together they are the run with the changed lines settled."""
    weak: EvidenceRow = ("P1\x1fgruen\x1ff", Entity.PER, Strength.DEFAULT, ("gruen",), "f", "")
    tally = TypeTally()
    tally.add([NameEvidence("P1\x1fgruen\x1ff", Entity.PAT, Strength.FULL_NAME)], "P1")
    lines: list[bytes] = []
    typings: list[NoteTyping | None] = []
    expected: list[bytes] = []
    for number, (moves, padding) in enumerate(notes):
        record = {"id": f"N{number}", "text": "Fr. S " + "x" * padding, "spans": [span_record(4, "PER")]}
        lines.append(json.dumps(record, separators=(",", ":")).encode() + b"\n")
        typings.append(("P1", ((0, "gruen", Entity.PER, weak),)) if moves else None)
        record["spans"] = [span_record(4, "PAT" if moves else "PER")]
        expected.append(json.dumps(record, separators=(",", ":")).encode() + b"\n")
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryFile() as handle:
        patch.setattr(settling, "BLOCK", block)
        settler = settling.RunSettler(handle, b"k" * 32, tags=False)
        cut = len(notes) // 2
        settler.add(lines[:cut], ChunkResult(lines[:cut], [], typings=typings[:cut], tally=tally))
        settler.add(lines[cut:], ChunkResult(lines[cut:], [], typings=typings[cut:], tally=TypeTally()))
        blocks = [b"".join(pieces) for pieces in settler.blocks()]
    assert all(piece.endswith(b"\n") for piece in blocks)
    assert b"".join(blocks) == b"".join(expected)
    assert settler.moved[(Entity.PER, Entity.PAT)] == sum(moves for moves, _ in notes)


def span_record(start: int, entity: str) -> dict[str, object]:
    return {"start": start, "end": start + 1, "entity": entity, "masker": "M", "pseudonym": "S"}


def test_a_moved_name_s_new_tag_takes_part_in_the_collision_rule() -> None:
    """A name the run settles as PAT whose PAT tag (one character) another patient's name already carries:
    both are lengthened apart, so the settled output never gives two people one tag."""
    key = b"settle-collision-key-0123456789a"
    tagger = Tagger(key, 1)
    moved_tag, moved_digest = tagger.tag(Entity.PAT, "gruen")
    other = next(
        name
        for number in range(2000)
        if tagger.tag(Entity.PAT, name := f"weissl{number}")[0] == moved_tag
        and tagger.tag(Entity.PAT, name)[1] != moved_digest
    )
    weak: EvidenceRow = ("P1\x1fgruen\x1ff", Entity.PER, Strength.DEFAULT, ("gruen",), "f", "")
    tally = TypeTally()
    tally.add([NameEvidence("P1\x1fgruen\x1ff", Entity.PAT, Strength.FULL_NAME)], "P1")
    first = render_note("N1", "Fr. gruen kam.", [Span(4, 9, Entity.PER, "M")], tagger)
    second = render_note("N2", f"Hr. {other} kam.", [Span(4, 4 + len(other), Entity.PAT, "M")], tagger)
    lines = [first.line, second.line]
    typings: list[NoteTyping | None] = [("P1", ((0, "gruen", Entity.PER, weak),)), None]
    with tempfile.TemporaryFile() as handle:
        settler = settling.RunSettler(handle, key, 1)
        settler.add(lines, ChunkResult(lines, [first.tags, second.tags], typings=typings, tally=tally))
        out = [json.loads(line) for line in settling.split_lines(b"".join(p) for p in settler.blocks())]
    moved, kept = out[0]["spans"][0], out[1]["spans"][0]
    assert moved["entity"] == "PAT" and moved["pseudonym"] != kept["pseudonym"]
    assert moved["pseudonym"].startswith(moved_tag[:-1]) and kept["pseudonym"].startswith(moved_tag[:-1])
