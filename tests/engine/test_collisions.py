"""The order-free tag collision rule: forced collisions with one- and two-character tags."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.collisions import TagCollisions, collision_tags, lengthen_group
from masketeer_gui.engine.pseudonyms import reference_digest, tag_from_digest
from masketeer_gui.engine.render import Tagger, render_note
from masketeer_gui.engine.retype import settled_line
from masketeer_gui.engine.span import Entity, Span

KEY = bytes(range(32))
REFS = [(Entity.PAT, f"Ulmenrieder{i}") for i in range(60)] + [(Entity.HCP, f"Quendler{i}") for i in range(60)]


def digests(refs: list[tuple[Entity, str]]) -> list[tuple[Entity, bytes]]:
    return [(entity, reference_digest(KEY, entity, ref)) for entity, ref in refs]


def final(refs: list[tuple[Entity, str]], length: int) -> dict[bytes, str]:
    """Every reference's tag under the rule: the lengthened one, else its base tag."""
    moved = collision_tags(digests(refs), length)
    return {d: moved.get(d, tag_from_digest(e, d, length)) for e, d in digests(refs)}


@pytest.mark.parametrize("length", [1, 2])
def test_every_reference_gets_its_own_tag(length: int) -> None:
    tags = final(REFS, length)
    assert len(set(tags.values())) == len(REFS)


def test_one_character_tags_collide_and_whole_groups_are_lengthened() -> None:
    moved = collision_tags(digests(REFS), 1)
    base = Counter(tag_from_digest(e, d, 1) for e, d in digests(REFS))
    for entity, digest in digests(REFS):
        tag = tag_from_digest(entity, digest, 1)
        if base[tag] > 1:  # every member of a shared tag moves, not only the later ones
            assert moved[digest].startswith(tag[:-1]) and len(moved[digest]) > len(tag)
        else:
            assert digest not in moved
    assert len(moved) > 30  # 60 references in 36 slots per type must collide


def test_the_rule_depends_on_the_set_not_the_order() -> None:
    shuffled = REFS[:]
    random.Random(7).shuffle(shuffled)
    assert final(shuffled, 1) == final(REFS, 1)
    assert collision_tags(digests(REFS + REFS[:10]), 1) == collision_tags(digests(REFS), 1)  # repeats do not count


def test_a_group_takes_the_shortest_length_at_which_it_differs() -> None:
    group = [d for e, d in digests(REFS) if e is Entity.PAT][:3]
    tags = lengthen_group(Entity.PAT, group, 0)
    size = len(next(iter(tags.values()))) - len("[PAT-]")
    assert len(set(tags.values())) == 3
    assert len({tag_from_digest(Entity.PAT, d, size - 1) for d in group}) < 3


def test_colliding_groups_alone_give_the_same_answer() -> None:
    """A Spark aggregation collects only the groups of two or more; that subset must suffice."""
    base = Counter(tag_from_digest(e, d, 1) for e, d in digests(REFS))
    subset = [(e, d) for e, d in digests(REFS) if base[tag_from_digest(e, d, 1)] > 1]
    assert collision_tags(subset, 1) == collision_tags(digests(REFS), 1)


def test_types_never_share_a_group() -> None:
    same = [(Entity.PAT, "Ulmenrieder"), (Entity.PER, "Ulmenrieder")]
    assert collision_tags(digests(same), 1) == {}  # "[PAT-x]" and "[PER-x]" differ already


def rendered(refs: list[tuple[Entity, str]], length: int) -> list[tuple[bytes, tuple[tuple[str, bytes], ...]]]:
    """One note per pair of references: 'A und B.' rendered with base tags."""
    tagger = Tagger(KEY, length)
    notes = []
    for first, second in zip(refs[::2], refs[1::2], strict=True):
        text = f"{first[1]} und {second[1]}."
        spans = [Span(0, len(first[1]), first[0], "Test"), Span(len(first[1]) + 5, len(text) - 1, second[0], "Test")]
        note = render_note("N", text, spans, tagger)
        notes.append((note.line, note.tags))
    return notes


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_streamed_run_settles_its_lines_as_the_rule_says(seed: int) -> None:
    refs = REFS[:]
    random.Random(seed).shuffle(refs)
    notes = rendered(refs, 1)
    collisions = TagCollisions(1)
    for index, (_, tags) in enumerate(notes):
        collisions.add_note(index, tags)
    moved = collisions.final_tags()
    assert moved == collision_tags(digests(REFS), 1)
    expected = final(REFS, 1)
    for index, (line, tags) in enumerate(notes):
        record = json.loads(collisions.settle_line(line, index, moved))
        assert [s["pseudonym"] for s in record["spans"]] == [expected[d] for _, d in tags]
        assert record["text"] == "{} und {}.".format(*(expected[d] for _, d in tags))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_chunk_of_notes_at_once_records_what_note_by_note_does(seed: int) -> None:
    refs = REFS[:]
    random.Random(seed).shuffle(refs)
    notes = rendered(refs, 1)  # one-character tags: most notes hold a collision, many in their second span
    one_by_one, at_once = TagCollisions(1), TagCollisions(1)
    for index, (_, tags) in enumerate(notes):
        one_by_one.add_note(index + 5, tags)
    at_once.add_notes(5, [tags for _, tags in notes])
    assert at_once.final_tags() == one_by_one.final_tags()
    moved = one_by_one.final_tags()
    for index, (line, _) in enumerate(notes):
        assert at_once.settle_line(line, index + 5, moved) == one_by_one.settle_line(line, index + 5, moved)


def test_lines_without_a_colliding_tag_come_back_untouched() -> None:
    notes = rendered(REFS[:2], 8)
    collisions = TagCollisions()
    collisions.add_note(0, notes[0][1])
    assert collisions.settle_line(notes[0][0], 0, collisions.final_tags()) is notes[0][0]


def test_lengthened_tags_replace_the_pseudonyms_by_offsets() -> None:
    record = {
        "id": "N",
        "text": "[PAT-A] und [HCP-B].",
        "spans": [
            {"start": 0, "end": 5, "entity": "PAT", "masker": "T", "pseudonym": "[PAT-A]"},
            {"start": 10, "end": 16, "entity": "HCP", "masker": "T", "pseudonym": "[HCP-B]"},
        ],
    }
    out = json.loads(settled_line(json.dumps(record).encode(), lengthened={1: "[HCP-BCD]"}))
    assert out["text"] == "[PAT-A] und [HCP-BCD]."
    assert out["spans"][1]["pseudonym"] == "[HCP-BCD]"


pair = st.builds(  # one-character tags: digests 1, 37 and 73 share "1" (and differ at two), 2 has its own
    lambda entity, digest: (tag_from_digest(entity, digest, 1), digest),
    st.sampled_from([Entity.PAT, Entity.HCP]),
    st.sampled_from([bytes([1]), bytes([37]), bytes([73]), bytes([2])]),
)


@given(st.lists(st.lists(st.lists(pair, max_size=3), max_size=4), max_size=5))
def test_chunks_with_and_without_a_second_digest_record_what_note_by_note_does(
    chunks: list[list[list[tuple[str, bytes]]]],
) -> None:
    """Chunks taken in at once (none of their tags with a second digest) or note by note (one with a second
    digest, within the chunk or against an earlier one): the same tags lengthened, in the same spans."""
    one_by_one, at_once = TagCollisions(1), TagCollisions(1)
    first = 0
    for chunk in chunks:
        at_once.add_notes(first, chunk)
        for note, tags in enumerate(chunk, first):
            one_by_one.add_note(note, tags)
        first += len(chunk)
    final = one_by_one.final_tags()
    assert at_once.final_tags() == final
    assert sorted(at_once.colliding()) == sorted(one_by_one.colliding())
    notes = [tags for chunk in chunks for tags in chunk]
    for note, tags in enumerate(notes):
        record = {"spans": [{"pseudonym": tag} for tag, _ in tags]}
        assert at_once.lengthened(record, note, final) == one_by_one.lengthened(record, note, final)
