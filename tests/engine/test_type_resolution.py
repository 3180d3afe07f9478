"""One type per person across a run: the tally is an order-free aggregation, resolution keeps what a note's
words decide and settles the rest; re-typing an output line needs no original text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.render import pseudonymize
from masketeer_gui.engine.retype import (
    Move,
    NameGroups,
    NoteTyping,
    SettledTypes,
    can_move,
    note_typing,
    settled_line,
)
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.type_resolution import (
    NameEvidence,
    PatientName,
    Strength,
    TypeTally,
    apply_types,
    resolve_types,
)

PAT, HCP, PER = Entity.PAT, Entity.HCP, Entity.PER


def tally(*notes: list[NameEvidence], patient_id: str = "") -> TypeTally:
    out = TypeTally()
    for note in notes:
        out.add(note, patient_id)
    return out


evidence = st.builds(
    NameEvidence,
    st.sampled_from(["a", "b", "c"]),
    st.sampled_from([PAT, HCP, PER]),
    st.sampled_from(list(Strength)),
    st.just(("x", "y")),
    st.sampled_from(["", "f", "m"]),
)


@given(st.lists(st.lists(evidence, max_size=4), max_size=6), st.randoms())
def test_tallies_merge_in_any_order_to_the_same_resolution(notes: list[list[NameEvidence]], rng) -> None:  # type: ignore[no-untyped-def]
    whole = tally(*notes, patient_id="P1")
    parts = [tally(note, patient_id="P1") for note in notes]
    rng.shuffle(parts)
    merged = TypeTally()
    for part in parts:
        merged = part + merged if rng.random() < 0.5 else merged + part
    assert merged.votes == whole.votes and merged.patients == whole.patients
    assert resolve_types(merged) == resolve_types(whole)


def test_strongest_evidence_wins_then_the_most_frequent() -> None:
    note = [NameEvidence("k", PER, Strength.DEFAULT), NameEvidence("k", PER, Strength.DEFAULT)]
    strong = [NameEvidence("k", HCP, Strength.SIGNATURE)]
    assert resolve_types(tally(note, strong)).types["k"] == (HCP, Strength.SIGNATURE)
    assert resolve_types(tally(note, [NameEvidence("k", PAT, Strength.DEFAULT)])).types["k"] == (PER, Strength.DEFAULT)


def test_a_weaker_note_follows_the_run_but_what_its_words_decide_stays() -> None:
    weak = NameEvidence("k", PER, Strength.DEFAULT)
    related = NameEvidence("k", PER, Strength.CONTEXT)  # "Tochter …" in this note
    resolution = resolve_types(tally([NameEvidence("k", HCP, Strength.CONTEXT)], [weak]))
    spans = [Span(0, 5, PER, "Salutation"), Span(6, 11, PER, "Salutation")]
    settled = apply_types(spans, [weak, related], resolution)
    assert [s.entity for s in settled] == [HCP, PER]


def test_the_patient_is_learned_per_patient_id_and_a_namesake_of_the_other_gender_is_a_relative() -> None:
    proof = NameEvidence("anna wimmleitner", PAT, Strength.CONTEXT, ("anna", "wimmleitner"), "f")
    resolution = resolve_types(tally([proof], patient_id="P3"))
    assert resolution.patients["P3"] == PatientName(frozenset({"anna", "wimmleitner"}), "f")
    her = NameEvidence("P3\x1fwimmleitner\x1ff", PER, Strength.DEFAULT, ("wimmleitner",), "f")
    him = NameEvidence("P3\x1fwimmleitner\x1fm", PAT, Strength.DEFAULT, ("wimmleitner",), "m")
    spans = [Span(0, 11, PER, "Salutation"), Span(20, 31, PAT, "Salutation")]
    settled = apply_types(spans, [her, him], resolution, "P3")
    assert [s.entity for s in settled] == [PAT, PER]
    assert [s.entity for s in apply_types(spans, [her, him], resolution, "P4")] == [PER, PAT]  # another patient


def test_only_staff_evidence_crosses_patients() -> None:
    staff = NameEvidence("P1\x1fseverin\x1fm", HCP, Strength.SIGNATURE, ("severin",), "m", "\x1fseverin\x1fm")
    son = NameEvidence("P2\x1fseverin\x1fm", PER, Strength.CONTEXT, ("severin",), "m", "\x1fseverin\x1fm")
    bare = NameEvidence("P3\x1fseverin\x1fm", PER, Strength.DEFAULT, ("severin",), "m", "\x1fseverin\x1fm")
    resolution = resolve_types(tally([staff], [son], [bare]))
    assert apply_types([Span(0, 7, PER, "PersonContext")], [bare], resolution, "P3")[0].entity is HCP
    assert resolution.types["\x1fseverin\x1fm"] == (HCP, Strength.SIGNATURE)  # the son's PER never got there


def test_a_settled_line_swaps_tags_in_the_output_text() -> None:
    record = {
        "id": "N1",
        "text": "Fr. [PER-AAAAAAAA] und Dr. [HCP-BBBBBBBB].",
        "spans": [
            {"start": 4, "end": 9, "entity": "PER", "masker": "Salutation", "pseudonym": "[PER-AAAAAAAA]"},
            {"start": 18, "end": 23, "entity": "HCP", "masker": "Salutation", "pseudonym": "[HCP-BBBBBBBB]"},
        ],
    }
    line = json.dumps(record).encode() + b"\n"
    weak = ("P1\x1fgruen\x1ff", PER, Strength.DEFAULT, ("gruen",), "f", "")
    typing: NoteTyping = ("P1", ((0, "gruen", PER, weak),))
    resolution = resolve_types(tally([NameEvidence("P1\x1fgruen\x1ff", PAT, Strength.FULL_NAME)]))
    moves = SettledTypes(resolution).moves(typing)
    assert moves == [Move(0, "gruen", PER, PAT)]
    out = json.loads(settled_line(line, moves, lambda entity, ref: f"[{entity}-{ref.upper()}]"))
    assert out["text"] == "Fr. [PAT-GRUEN] und Dr. [HCP-BBBBBBBB]."
    assert out["spans"][0]["entity"] == "PAT" and out["spans"][0]["pseudonym"] == "[PAT-GRUEN]"
    surrogates = json.loads(settled_line(line, moves, None))  # a surrogate stays; only the type moves
    assert surrogates["text"] == record["text"] and surrogates["spans"][0]["entity"] == "PAT"
    assert SettledTypes(resolve_types(TypeTally())).moves(typing) == []
    assert settled_line(line) is line


def test_a_name_no_gender_scopes_is_the_one_gendered_namesake_of_the_run() -> None:
    sister = NameEvidence("P1\x1fbirnbacher\x1ff", PER, Strength.CONTEXT, ("birnbacher",), "f")
    bare = NameEvidence("P1\x1fbirnbacher\x1f", PAT, Strength.DEFAULT, ("birnbacher",))
    resolution = resolve_types(tally([sister], [bare]))
    assert resolution.types["P1\x1fbirnbacher\x1f"] == (PER, Strength.CONTEXT)
    brother = NameEvidence("P1\x1fbirnbacher\x1fm", HCP, Strength.CONTEXT, ("birnbacher",), "m")
    both = resolve_types(tally([sister], [brother], [bare]))  # two genders: nothing says which
    assert both.types["P1\x1fbirnbacher\x1f"] == (PAT, Strength.DEFAULT)


def test_a_bare_surname_in_a_note_of_no_patient_is_the_run_s_patient_of_that_name() -> None:
    proof = NameEvidence("erna wohlgschaft", PAT, Strength.FULL_NAME, ("erna", "wohlgschaft"), "f")
    resolution = resolve_types(tally([proof], patient_id="P5"))
    team = NameEvidence("\x1fwohlgschaft\x1f", PER, Strength.DEFAULT, ("wohlgschaft",))
    span = [Span(0, 11, PER, "NameDictionary")]
    assert apply_types(span, [team], resolution)[0].entity is PAT
    assert apply_types(span, [team], resolution, "P9")[0].entity is PER  # filed under another patient
    first = team._replace(gender="f")  # a first name (it has a gender) is shared by too many people
    assert apply_types(span, [first], resolution)[0].entity is PER


def test_a_first_person_signer_who_signs_as_staff_elsewhere_is_staff() -> None:
    fallback = "\x1fresi\x1ff"
    staff = NameEvidence("P1\x1fresi\x1ff", HCP, Strength.SIGNATURE, ("resi",), "f", fallback)
    here = NameEvidence("P2\x1fresi\x1ff", PER, Strength.SIGNATURE, ("resi",), "f", fallback)
    span = [Span(0, 4, PER, "PersonContext")]
    assert apply_types(span, [here], resolve_types(tally([staff], [here])), "P2")[0].entity is HCP
    assert apply_types(span, [here], resolve_types(tally([here])), "P2")[0].entity is PER


def test_a_staff_signature_is_not_taken_for_a_relative_of_the_patient() -> None:
    patient = {"P4": PatientName(frozenset({"adelgunde", "zirngast"}), "f")}
    signer = NameEvidence("P4\x1fzirngast\x1fm", HCP, Strength.SIGNATURE, ("zirngast",), "m")
    husband = signer._replace(entity=PER, strength=Strength.DEFAULT)
    span = [Span(0, 8, HCP, "PersonContext")]
    assert apply_types(span, [signer], resolve_types(tally([signer]), patient), "P4")[0].entity is HCP
    assert apply_types(span, [husband], resolve_types(tally([husband]), patient), "P4")[0].entity is PER


@pytest.mark.parametrize(
    ("masker", "strength", "movable"),
    [
        ("Salutation", Strength.DEFAULT, True),
        ("NameDictionary", Strength.SIGNATURE, True),
        ("PersonContext", Strength.CONTEXT, False),  # the note's words decide
        ("Blacklist", Strength.DEFAULT, False),  # a curator's typed list entry decides
        ("Manual", Strength.LISTED, False),  # a reviewer's correction decides
    ],
)
def test_only_names_no_one_decided_can_move(masker: str, strength: Strength, movable: bool) -> None:
    text = "Anruf von Gottlieb."
    span = Span(10, 18, PER, masker, ref="gottlieb")
    evidence = NameEvidence("P1\x1fgottlieb\x1f", PER, strength, ("gottlieb",))
    assert can_move(span, evidence) is movable
    typing = note_typing(text, [span], [evidence], "P1")
    assert (typing is not None) is movable


def test_note_typing_keeps_each_movable_name_as_plain_tuples() -> None:
    """Per movable name span: its index among the spans, its reference (its text without one), the type it
    was rendered with and its evidence's fields as a plain tuple (a worker's chunk pickles at C speed)."""
    text = "Herr Zander und Frau Quellmann, Dr. Ottweiler"
    spans = [
        Span(5, 11, PAT, "Salutation", ref="zander"),
        Span(21, 30, PER, "Salutation"),
        Span(32, 45, HCP, "Salutation", ref="ottweiler"),
    ]
    lone = NameEvidence("P9\x1fquellmann\x1ff", PER, Strength.LISTED, ("quellmann",), "f", "\x1fquellmann\x1ff")
    titled = NameEvidence("\x1fottweiler\x1f", HCP, Strength.CONTEXT, ("ottweiler",))
    typing = note_typing(text, spans, [None, lone, titled], "P9")
    assert typing == ("P9", ((1, "Quellmann", PER, tuple(lone)),))
    assert typing is not None and type(typing[1][0][3]) is tuple
    assert note_typing(text, spans, [None, None, titled], "P9") is None
    with pytest.raises(ValueError, match="3 spans but 2"):
        note_typing(text, spans, [None, lone], "P9")


@pytest.mark.parametrize("order", [("P1", "P2"), ("P2", "P1")])
def test_the_same_evidence_settles_per_patient(order: tuple[str, str]) -> None:
    resolution = resolve_types(
        tally([NameEvidence("gruen maria", PAT, Strength.FULL_NAME, ("gruen", "maria"), "f")], patient_id="P1")
    )
    weak = ("P1\x1fgruen\x1ff", PER, Strength.DEFAULT, ("gruen",), "f", "")  # one row, in two patients' notes
    expected = {"P1": [Move(0, "gruen", PER, PAT)], "P2": []}
    settled = SettledTypes(resolution)
    for patient_id in order * 2:  # asked twice each: the second answer is the first one's
        assert settled.moves((patient_id, ((0, "gruen", PER, weak),))) == expected[patient_id]


name_row = st.tuples(
    st.sampled_from(["gruen", "Maria Gruen", "hofer"]),
    st.sampled_from([PAT, HCP, PER]),
    st.builds(
        lambda key, entity, strength, parts, gender: (key, entity, strength, parts, gender, ""),
        st.sampled_from(["P1\x1fgruen\x1ff", "gruen maria", "\x1fhofer\x1f"]),
        st.sampled_from([PAT, HCP, PER]),
        st.sampled_from([Strength.DEFAULT, Strength.LISTED, Strength.SIGNATURE, Strength.FULL_NAME]),
        st.sampled_from([("gruen",), ("gruen", "maria"), ("hofer",)]),
        st.sampled_from(["", "f"]),
    ),
)


@given(
    st.lists(st.tuples(st.sampled_from(["", "P1", "P2"]), st.lists(name_row, min_size=1, max_size=4)), max_size=12),
    st.lists(st.lists(evidence, max_size=3), max_size=4),
)
def test_name_groups_move_the_names_settled_types_move_note_by_note(
    notes: list[tuple[str, list[tuple[str, Entity, tuple[str, Entity, Strength, tuple[str, ...], str, str]]]]],
    votes: list[list[NameEvidence]],
) -> None:
    """Grouped as they arrive, resolved once per group: the same moves, per note in span order."""
    full = [NameEvidence("gruen maria", PAT, Strength.FULL_NAME, ("gruen", "maria"), "f")]
    resolution = resolve_types(tally(full, *votes, patient_id="P1"))
    typings: list[NoteTyping] = [
        (patient_id, tuple((index, ref, rendered, row) for index, (ref, rendered, row) in enumerate(rows)))
        for patient_id, rows in notes
    ]
    groups = NameGroups()
    for note, typing in enumerate(typings):
        groups.add(note, typing)
    settled = SettledTypes(resolution)
    expected = {note: found for note, typing in enumerate(typings) if (found := settled.moves(typing))}
    assert groups.moves(resolution) == expected
    assert len(groups) == len({(t[0], row[3], row[2]) for t in typings for row in t[1]})


@given(
    st.lists(
        st.one_of(st.none(), st.tuples(st.sampled_from(["", "P1"]), st.lists(name_row, min_size=1, max_size=3))),
        max_size=10,
    ),
    st.integers(0, 10),
    st.integers(0, 5),
)
def test_name_groups_take_a_chunk_of_notes_at_once(
    notes: list[tuple[str, list[tuple[str, Entity, tuple[str, Entity, Strength, tuple[str, ...], str, str]]]] | None],
    cut: int,
    first: int,
) -> None:
    """``add_notes`` numbers a chunk's notes from ``first`` and skips those with no name that can move, as
    ``add`` note by note does."""
    typings: list[NoteTyping | None] = [
        None
        if note is None
        else (note[0], tuple((i, ref, rendered, row) for i, (ref, rendered, row) in enumerate(note[1])))
        for note in notes
    ]
    cut = min(cut, len(typings))
    chunked, one_by_one = NameGroups(), NameGroups()
    chunked.add_notes(first, typings[:cut])
    chunked.add_notes(first + cut, typings[cut:])
    for note, typing in enumerate(typings, first):
        if typing is not None:
            one_by_one.add(note, typing)
    resolution = resolve_types(tally([NameEvidence("gruen maria", HCP, Strength.FULL_NAME, ("gruen", "maria"), "f")]))
    assert chunked.moves(resolution) == one_by_one.moves(resolution)
    assert len(chunked) == len(one_by_one)


@given(
    st.lists(
        st.tuples(st.text('ab ä\n"', max_size=4), st.integers(1, 5), st.text("XYZ", min_size=1, max_size=9)), max_size=6
    ),
    st.text("cd", max_size=3),
    st.dictionaries(st.integers(0, 5), st.text("PQ-", min_size=1, max_size=12), max_size=4),
)
def test_a_settled_line_puts_new_pseudonyms_where_the_old_ones_stood(
    pieces: list[tuple[str, int, str]], tail: str, changes: dict[int, str]
) -> None:
    """Tags of any length in place of names of any length, some changed, some not: the line is the one
    rendered with the new pseudonyms from the start (the output text found by offsets alone)."""
    text, spans, position = "", [], 0
    for gap, length, pseudonym in pieces:
        text += gap + "N" * length
        start = position + len(gap)
        spans.append({"start": start, "end": start + length, "entity": "PER", "masker": "M", "pseudonym": pseudonym})
        position = start + length
    text += tail
    changes = {index: new for index, new in changes.items() if index < len(spans)}
    line = json.dumps({"id": "N", "text": pseudonymize(text, spans), "spans": spans}).encode() + b"\n"
    for index, new in changes.items():
        spans[index]["pseudonym"] = new
    expected = {"id": "N", "text": pseudonymize(text, spans), "spans": spans}
    assert json.loads(settled_line(line, lengthened=changes)) == expected


def test_the_votes_of_a_name_no_gender_scopes_count_for_its_one_gendered_namesake() -> None:
    """ "Hr. Oberwieser" once as staff, "Oberwieser" twice as the patient (nothing said a gender): one man,
    whom three votes type; the bare name's two outvote the one."""
    staff = NameEvidence("P4\x1foberwieser\x1fm", HCP, Strength.DEFAULT, ("oberwieser",), "m")
    bare = NameEvidence("P4\x1foberwieser\x1f", PAT, Strength.DEFAULT, ("oberwieser",))
    unrelated = NameEvidence("P4\x1ftrattnig\x1ff", PER, Strength.DEFAULT, ("trattnig",), "f")
    resolution = resolve_types(tally([staff], [bare], [bare], [unrelated]))
    assert resolution.types["P4\x1foberwieser\x1fm"] == (PAT, Strength.DEFAULT)
    assert resolution.types["P4\x1foberwieser\x1f"] == (PAT, Strength.DEFAULT)
    assert resolution.types["P4\x1ftrattnig\x1ff"] == (PER, Strength.DEFAULT)
