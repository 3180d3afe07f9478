"""The Deidentifier: masker order as data, entity recognition across maskers, markup, span invariants."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import BlacklistEntry, NameLists, NoteContext
from masketeer_gui.engine.maskers import DEFAULT_ORDER, PAPER_ORDER
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.span import Entity, Span
from tests.engine.conftest import EngineFactory, Hit, hits

HCP, PAT, PER, SIT = Entity.HCP, Entity.PAT, Entity.PER, Entity.SIT

LISTS = NameLists(
    patients=("Maria Gstrein", "Lechner"),
    hcps=("Ulrike Zangerl", "Lechner", "Kathrein"),
    persons=("Pfurtscheller",),
)


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS)


def test_default_order_starts_with_the_papers() -> None:
    assert PAPER_ORDER == ("Salutation", "NameDictionary", "FullName", "DoubleName", "MedicalSite")
    assert DEFAULT_ORDER[: len(PAPER_ORDER)] == PAPER_ORDER
    assert EngineConfig().maskers == DEFAULT_ORDER


def test_unknown_masker_is_rejected(lexicon: Lexicon) -> None:
    with pytest.raises(ValueError, match="unknown masker 'Nope'"):
        Deidentifier(lexicon, config=EngineConfig(maskers=("Salutation", "Nope"), rules=False))


@pytest.mark.parametrize(
    ("maskers", "expected"),
    [
        ((), []),
        (("Salutation",), ["Huber"]),
        (("NameDictionary",), ["Huber", "Maria"]),
        (("MedicalSite",), ["KH Zams"]),
        (DEFAULT_ORDER, ["Huber", "Maria", "KH Zams"]),
    ],
)
def test_maskers_can_be_switched(make_engine: EngineFactory, maskers: tuple[str, ...], expected: list[str]) -> None:
    engine = make_engine(maskers=maskers)
    assert [h.text for h in hits(engine, "Frau Huber und Maria im KH Zams")] == expected


def test_first_masker_wins(make_engine: EngineFactory) -> None:
    text = "Hallo Huber"
    assert hits(make_engine(maskers=("Salutation", "NameDictionary")), text) == [Hit("Huber", HCP, "Salutation")]
    # the type comes from the words around the name ("Hallo": a colleague), whichever masker voted
    assert hits(make_engine(maskers=("NameDictionary", "Salutation")), text) == [Hit("Huber", HCP, "NameDictionary")]


# --- entity recognition -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the patient and HCP lists beat the shipped list
        ("Gstrein kommt heute", [("Gstrein", PAT)]),
        ("Zangerl hat angerufen", [("Zangerl", HCP)]),
        ("Pfurtscheller kommt", [("Pfurtscheller", PER)]),
        ("Huber kommt", [("Huber", PER)]),
        # in both the HCP and the patient list: PER, unless the words around it decide
        ("Lechner kommt", [("Lechner", PER)]),
        ("Frau Lechner kommt", [("Lechner", PAT)]),  # "Frau …" in a note: the patient
        ("Dr. Lechner kommt", [("Lechner", HCP)]),
        ("LG Lechner", [("Lechner", HCP)]),  # a sign-off: the colleague who wrote it
        # an HCP title beats the patient list
        ("Dr. Gstrein", [("Gstrein", HCP)]),
        # greetings and sign-offs: HCP by default, unless a list says otherwise
        ("LG, Sepp", [("Sepp", HCP)]),
        ("Hallo Nanni, bitte anrufen", [("Nanni", HCP)]),
        ("LG Gstrein", [("Gstrein", PAT)]),
        # courtesy titles: unknown names are PER, listed ones keep their list
        ("Frau Nanni kommt", [("Nanni", PAT)]),  # unknown after Frau/Herr: the patient
        ("Herr Zangerl kommt", [("Zangerl", HCP)]),
        ("Frau Gstrein kommt", [("Gstrein", PAT)]),
        # neighbours take the type of the proven name
        ("Heute Lia Gstrein", [("Lia", PAT), ("Gstrein", PAT)]),
        ("Ulrike Zangerl", [("Ulrike", HCP), ("Zangerl", HCP)]),
        # the paper's example
        ("Bitte Fr. Dr. U. Zangerl informieren.", [("U", HCP), ("Zangerl", HCP)]),
        ("Kathreins Termin", [("Kathreins", HCP)]),
        ("Gstrain kommt", [("Gstrain", PAT)]),  # a typo keeps the list's type
    ],
)
def test_entity_recognition(engine: Deidentifier, text: str, expected: list[tuple[str, Entity]]) -> None:
    assert [(h.text, h.entity) for h in hits(engine, text)] == expected


@pytest.mark.parametrize("text", ["Anna Gstrein kommt", "Frau Anna Gstrein kommt"])
def test_one_person_has_one_type(engine: Deidentifier, text: str) -> None:
    assert [(h.text, h.entity) for h in hits(engine, text)] == [("Anna", PAT), ("Gstrein", PAT)]


@pytest.mark.parametrize(
    ("text", "entity"), [("Huber-Gstrein kommt", PAT), ("Frau Huber-Gstrein", PAT), ("Egger-Zangerl", HCP)]
)
def test_hyphenated_chain_takes_its_listed_type(engine: Deidentifier, text: str, entity: Entity) -> None:
    assert [h.entity for h in hits(engine, text)] == [entity]


def test_fuzzy_match_shares_the_pseudonym_reference(engine: Deidentifier) -> None:
    good, typo = engine.analyze("Gstrein und Gstrain")
    assert good.ref == typo.ref == "gstrein"
    assert typo.flags == ("fuzzy",) and good.flags == ()


def test_spelling_variants_share_a_reference(engine: Deidentifier) -> None:
    refs = {s.ref for s in engine.analyze("Müller, Mueller, MÜLLER und Frau müller")}
    assert refs == {"mueller"}


# --- markup and offsets -------------------------------------------------------------------------


def test_markup_is_never_masked_and_offsets_are_original(engine: Deidentifier) -> None:
    text = "<p>Frau <b>Huber</b> &amp; Dr.&nbsp;Zangerl</p>"
    assert hits(engine, text) == [Hit("Huber", PAT, "Salutation"), Hit("Zangerl", HCP, "Salutation")]


def test_empty_and_blank_notes(engine: Deidentifier) -> None:
    assert engine.analyze("") == []
    assert engine.analyze(" \n\t ") == []
    assert engine.analyze("<br/>") == []


def test_analyze_does_not_depend_on_earlier_notes(engine: Deidentifier) -> None:
    """A name proven in one note must not make a word a name in the next."""
    engine.analyze("Frau Nanni kommt.")
    assert hits(engine, "Heute Nanni-Lia.") == []


def test_spans_are_sorted_and_disjoint(engine: Deidentifier) -> None:
    text = "Fr. Dr. U. Zangerl, BKH Schwaz: Maria Gstrein-Huber und Lia Huber. LG Sepp"
    spans = engine.analyze(text)
    assert spans == sorted(spans, key=lambda s: s.start)
    assert all(a.end <= b.start for a, b in itertools.pairwise(spans))
    assert [text[s.start : s.end] for s in spans] == [
        "U",
        "Zangerl",
        "BKH Schwaz",
        "Maria",
        "Gstrein-Huber",
        "Lia",
        "Huber",
        "Sepp",
    ]


# --- the span type ------------------------------------------------------------------------------


@pytest.mark.parametrize(("start", "end"), [(-1, 3), (3, 3), (5, 2)])
def test_span_checks_its_offsets(start: int, end: int) -> None:
    with pytest.raises(ValueError, match="invalid span offsets"):
        Span(start, end, PER, "Test")


def test_span_accepts_an_entity_string() -> None:
    span = Span(0, 5, "PAT", "Test")  # type: ignore[arg-type]
    assert span.entity is PAT


def test_span_explains_itself_and_serialises() -> None:
    span = Span(5, 12, PAT, "NameDictionary", "one typo from listed name 'gstrein'", ("fuzzy",), "gstrein")
    assert span.length == 7
    assert span.overlaps(11, 20) and not span.overlaps(12, 20) and not span.overlaps(0, 5)
    assert span.explain() == (
        "Patient (PAT) masked by NameDictionary: one typo from listed name 'gstrein' [review: fuzzy]"
    )
    assert span.to_dict() == {
        "start": 5,
        "end": 12,
        "entity": "PAT",
        "masker": "NameDictionary",
        "reason": "one typo from listed name 'gstrein'",
        "flags": ["fuzzy"],
    }
    assert Span(0, 1, SIT, "MedicalSite").to_dict() == {
        "start": 0,
        "end": 1,
        "entity": "SIT",
        "masker": "MedicalSite",
    }


@pytest.mark.parametrize("text", ["Frau Wilson war da", "Herr Parkinson kommt"])
def test_eponym_after_a_title_is_a_name_on_the_shipped_lists(shipped: Deidentifier, text: str) -> None:
    assert [h.text for h in hits(shipped, text)] == [text.split()[1]]


# --- regex rules inside the pipeline ------------------------------------------------------------


@pytest.fixture(scope="module")
def with_rules(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS, rules=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("E-Mail an maria.huber@gmx.at", [("maria.huber@gmx.at", Entity.MAI)]),  # no name span inside
        ("Frau Huber, Tel. 0512 504-12345", [("Huber", PAT), ("0512 504-12345", Entity.PHO)]),
        ("Dr. Zangerl, 6020 Innsbruck", [("Zangerl", HCP), ("6020 Innsbruck", Entity.ZIP)]),
    ],
)
def test_rule_spans_and_name_spans_do_not_overlap(
    with_rules: Deidentifier, text: str, expected: list[tuple[str, Entity]]
) -> None:
    assert [(h.text, h.entity) for h in hits(with_rules, text)] == expected


def test_rules_can_be_switched_off(engine: Deidentifier) -> None:
    assert hits(engine, "Tel. 0512 504-12345") == []


@pytest.mark.parametrize("text", ["Kontakt: Maria Huber <maria.huber@gmx.at>", "Mail an <hofer@kh.at> geschickt"])
def test_email_in_angle_brackets_is_masked(with_rules: Deidentifier, text: str) -> None:
    start = text.index("<") + 1
    end = text.index(">")
    assert any(s.start <= start and end <= s.end and s.entity is Entity.MAI for s in with_rules.analyze(text))


# --- the shipped dictionaries --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bitte Fr. Dr. U. Hofer informieren.", [("U", HCP), ("Hofer", HCP)]),
        ("am Fr. Kontrolle", []),
        ("Hallo Team", []),
        ("Hallo Kollegen, LG, Sepp", [("Sepp", HCP)]),
        ("frau huber hat angerufen", [("huber", PAT)]),
        ("Morbus Wilson ausgeschlossen", []),
        ("Der Koch im Heim kocht salzarm.", []),
        ("Maria Koch kam", [("Maria", PER), ("Koch", PER)]),
        ("Hubers Termin", [("Hubers", PER)]),
        ("Frau Maier Spaziergang", [("Maier", PAT)]),
        ("Marfan-Syndrom bekannt", []),
        ("Pat. wurde im KH Zams aufgenommen.", [("KH Zams", SIT)]),
        ("Entlassung aus dem BKH Schwaz", [("BKH Schwaz", SIT)]),
        ("Kontrolle an der Klinik Innsbruck", [("Klinik Innsbruck", SIT)]),
    ],
)
def test_brief_examples_on_the_shipped_dictionaries(
    shipped: Deidentifier, text: str, expected: list[tuple[str, Entity]]
) -> None:
    assert [(h.text, h.entity) for h in hits(shipped, text)] == expected


def test_repeated_name_leaves_the_noun(lexicon: Lexicon) -> None:
    wintry = dataclasses.replace(lexicon, nouns=lexicon.nouns | {"winter"}, surnames=lexicon.surnames | {"winter"})
    engine = Deidentifier(wintry, config=EngineConfig(rules=False))
    assert [h.text for h in hits(engine, "Herr Winter kommt im Winter.")] == ["Winter"]


def test_repeated_name_masks_a_later_bare_mention(engine: Deidentifier) -> None:
    text = "Frau Nanni ruft an. Nanni hatte 3x angerufen."
    assert [(h.text, h.masker) for h in hits(engine, text)] == [
        ("Nanni", "Salutation"),
        ("Nanni", "RepeatedName"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Mag. Egger", ["Egger"]), ("Frau Egger kommt", ["Egger"]), ("Bitte Dr. Huber fragen", ["Huber"])],
)
def test_titles_in_listed_names_are_not_masked(make_engine: EngineFactory, text: str, expected: list[str]) -> None:
    engine = make_engine(NameLists(hcps=("Dr. Ulrike Zangerl", "Mag. Hofer"), patients=("Frau Gstrein",)))
    assert [h.text for h in hits(engine, text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Frau Gstrein kommt. gstrein ruft an.", ["Gstrein", "gstrein"]),  # a lower-case repeat of a proven name
        ("Frau Koch kommt, koch ruft an.", ["Koch"]),  # "koch" is also a word: left alone
    ],
)
def test_a_proven_name_is_masked_again_in_lower_case(engine: Deidentifier, text: str, expected: list[str]) -> None:
    assert [text[s.start : s.end] for s in engine.analyze(text)] == expected


BATCH_NOTES = [
    ("Frau Hildtraud Obernosterer, Tel. 0512 334455, kommt mit Sohn Quirin.", None),
    ("Keine Auffälligkeiten, RR 130/80.", None),
    ("Hr. Lechner wohnt Anichstraße 35, 6020 Innsbruck; Dr. Zangerl informiert.", NoteContext(patient_id="p9")),
    ("", None),
    (
        "Bitte Zwirgl anrufen, nicht Frau Gstrein.",
        NoteContext(whitelist=("Gstrein",), blacklist=(BlacklistEntry("Zwirgl", PAT),)),
    ),
    ("LG Maria Gstrein\nwww.beispiel-praxis.at", NoteContext(patient_id="p9")),
]


@pytest.mark.parametrize("count", [0, 1, 2, len(BATCH_NOTES)])
def test_analyze_many_gives_what_each_note_gives_alone(make_engine: EngineFactory, count: int) -> None:
    """Stage by stage over many notes (rules, tokens, maskers, types, curation): each answer is its note's own."""
    engine = make_engine(LISTS, rules=True)
    notes = BATCH_NOTES[:count] if count < len(BATCH_NOTES) else BATCH_NOTES[::-1]
    together = engine.analyze_many(notes)
    alone = [engine.analyze_many([note])[0] for note in notes]
    assert [(n.spans, n.evidence, n.patient_id) for n in together] == [
        (n.spans, n.evidence, n.patient_id) for n in alone
    ]
    if count == len(BATCH_NOTES):  # names, rules and curated spans (a blacklisted word) among them
        assert sum(bool(n.spans) for n in together) == 4
        assert {"Blacklist", "RegexPhone", "RegexAddress", "RegexWebsite"} <= {
            s.masker for n in together for s in n.spans
        }
