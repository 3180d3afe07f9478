"""RegexAddress: street name plus house number (and door parts) in synthetic telehealth notes."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.rules.address import (
    _NBSP_TRIGGER,
    _NUMBER_TRIGGER,
    _PREPOSITION_TRIGGER,
    TRIGGER_WORDS,
    AddressRule,
    may_hold_number_trigger,
    normalise,
)
from masketeer_gui.engine.rules.address_words import KNOWN_STREETS, SEPARATE_WORDS, STREET_WORDS
from tests.engine.rules.conftest import ANY_TEXT, assert_valid, matched

RULE = AddressRule()

MUST_MATCH: list[tuple[str, list[str]]] = [
    ("Pat. wohnt jetzt Innrain 52, 6020 Innsbruck", ["Innrain 52"]),
    ("Ordination Anichstraße 35 im 2. Stock", ["Anichstraße 35"]),
    ("Labor in der Museumstr. 11a", ["Museumstr. 11a"]),
    ("Tochter wohnt Maria-Theresien-Straße 18/3", ["Maria-Theresien-Straße 18/3"]),
    ("Adresse: Am Rain 4, Mils", ["Am Rain 4"]),
    ("Apotheke am Hauptplatz 1", ["Hauptplatz 1"]),
    ("neue Adresse Dorfstraße 12a Top 3", ["Dorfstraße 12a Top 3"]),
    ("Treffpunkt Südtiroler Platz 2, Stiege 2", ["Südtiroler Platz 2, Stiege 2"]),
    ("Sohn wohnt Innrain 102/14", ["Innrain 102/14"]),
    ("wohnhaft Innsbrucker Straße 8, 6130 Schwaz", ["Innsbrucker Straße 8"]),
    ("Praxis Dr.-Karl-Renner-Str. 4", ["Dr.-Karl-Renner-Str. 4"]),
    ("Bäckerei Alter Markt 3", ["Alter Markt 3"]),
    ("Wohnung Höttinger Au 12", ["Höttinger Au 12"]),
    ("Schwester Obere Feldgasse 7", ["Obere Feldgasse 7"]),
    ("wohnt in der anichstr. 35", ["anichstr. 35"]),
    ("Physio im Rennweg 2", ["Rennweg 2"]),
    ("Untere Feldstraße 4-6", ["Untere Feldstraße 4-6"]),
    ("Salurner Straße 15 Tür 4", ["Salurner Straße 15 Tür 4"]),
    ("An der Lan 12, 6020 Innsbruck", ["An der Lan 12"]),
    ("Hauptstrasse 7 ist die neue Adresse", ["Hauptstrasse 7"]),
    ("Pat. zieht in die Kaiserjägerstr. 1", ["Kaiserjägerstr. 1"]),
    ("Ing.-Etzel-Straße 20", ["Ing.-Etzel-Straße 20"]),
    ("<b>Anichstraße</b>   35".replace("<b>", "   ").replace("</b>", "    "), ["Anichstraße       35"]),
    ("Innrain 52 und Anichstraße 35", ["Innrain 52", "Anichstraße 35"]),
    ("Wohnung: Reichenauer Str. 56a/Top 12, 6020 Innsbruck", ["Reichenauer Str. 56a/Top 12"]),
    # multi-word street names: a place adjective before a compound, a place prefix before the adjective
    ("wh. Floridsdorfer Marktstraße 41/7, seit Mai", ["Floridsdorfer Marktstraße 41/7"]),
    ("Tochter: Gmundner Bahnhofstraße 3", ["Gmundner Bahnhofstraße 3"]),
    ("Pat.: Karl Moser, St. Pöltner Straße 27/1, 3100 St. Pölten", ["St. Pöltner Straße 27/1"]),
    ("Bad Ischler Straße 4, Stiege 1", ["Bad Ischler Straße 4, Stiege 1"]),
    ("Maria Enzersdorfer Gasse 9", ["Maria Enzersdorfer Gasse 9"]),
    # northern German street words, a separate "Reihe"/"Feld"/"Chaussee" after an adjective
    ("Praxis\nHeidkamp 14 · 24109 Kiel", ["Heidkamp 14"]),
    ("Sohn wohnt Mühlenstieg 3a", ["Mühlenstieg 3a"]),
    ("Alte Reihe 7, 25980 Sylt", ["Alte Reihe 7"]),
    ("Potsdamer Chaussee 80, Berlin", ["Potsdamer Chaussee 80"]),
    ("Ambulanz\nFischmarkt 2\n99084 Erfurt", ["Fischmarkt 2"]),
    # "Am"/"Im" with a capitalised adjective, and a capitalised "Im" before an adjective and a street word
    ("Labor: Am Alten Anger 3, 6020 Innsbruck", ["Am Alten Anger 3"]),
    ("Institut\nIm Oberen Feld 12, 69117 Heidelberg", ["Im Oberen Feld 12"]),
    # no space after "Str.", a house number's letter after a space
    ("Sohn: Feldstr.12, 12345 Musterstadt", ["Feldstr.12"]),
    ("wohnhaft Lindenstraße 4 b, 93047 Regensburg", ["Lindenstraße 4 b"]),
    ("Lindenstraße 4 an der Ecke", ["Lindenstraße 4"]),
    # "<street word> der/des <Name>" and rarer prepositions, where the address ends
    ("Platz der Freundschaft 3, 39104 Magdeburg", ["Platz der Freundschaft 3"]),
    ("Allee der Linden 12\n14469 Potsdam", ["Allee der Linden 12"]),
    ("Unter den Ulmen 5\n12203 Berlin", ["Unter den Ulmen 5"]),
    ("Tochter: Hinterm Anger 3, 8330 Feldbach", ["Hinterm Anger 3"]),
    ("An den Weiden 7", ["An den Weiden 7"]),
    # streets of the Romance-speaking cantons, Italy and France
    ("Eltern: Via Cantonale 12, 6900 Lugano", ["Via Cantonale 12"]),
    ("wohnhaft Rue de la Gare 5, 1003 Lausanne", ["Rue de la Gare 5"]),
    ("Chemin des Vignes 3\n1009 Pully", ["Chemin des Vignes 3"]),
]

MUST_NOT_MATCH = [
    "Stiege 2 Stockwerke geschafft",
    "Gehweg 200 m",
    "Spaziergang 30 min",
    "Rundweg 2 km gegangen",
    "wegen 2 Tbl. Schwindel",
    "Ringfinger 2 cm Wunde",
    "nach Hause 2 Tage früher",
    "Torasemid 10 mg",
    "auf dem Weg 2 Mal gestolpert",
    "Am Montag 3 Tbl",
    "Am Abend 2, am Morgen 1",
    "Fußweg 20 Minuten",
    "Parkplatz 3 belegt",
    "Im Schnitt 2, max 3",
    "Am Bein 2 Stellen gerötet",
    "Die Straße 2 Mal überquert",
    "auf Platz 2 der Warteliste",
    "Kurzzeitpflegeplatz ab 3.4.",
    "Leider Hauptstraße 4 nicht erreicht".replace("Hauptstraße 4", "Hauptstraße"),
    "Wieder Bahnhofstraße gesperrt, 2 Std. Umweg",
    "Der Weg 5",
    "Schmerzen weg 2 Tage",
    "Wanderweg 3 Stunden",
    "im 2. Stock",
    "Ringer 500 ml",
    "Kopfzeile 2",
    "Im Verlauf 3,",
    "Leider 5 kg zugenommen",
    "Straße 5",
    "Rundweg 2,5 km",
    "Im Weiteren Verlauf 3,",
    "Am Ersten Tag 2, dann",
    "Im Supermarkt 2 Stunden",
    "Arbeitsmarkt 2024",
    "Via 3 Tage",
    "Route 66 gefahren",
    "Corso 2 besucht",
    "Rechter Feld 2",
    "Unter den Tabletten 3, dann besser",
    "Der Weg der Besserung 2 Tage",
    "Platz der Warteliste 2, dann",
    "Weg des Lebens 3.",
    "Vor dem Essen 2 Tbl.",
    "Str.5 unklar",
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(text: str, expected: list[str]) -> None:
    assert matched(RULE, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(text: str) -> None:
    assert matched(RULE, text) == []


@pytest.mark.parametrize("word", STREET_WORDS)
def test_every_street_word_is_found(word: str) -> None:
    """The cheap trigger in front of the pattern knows every street word the pattern knows."""
    assert matched(RULE, f"wohnt Mühl{word} 5, ganz neu") == [f"Mühl{word} 5"]
    assert matched(RULE, f"wohnt Mühlen-{word.capitalize()} 5") == [f"Mühlen-{word.capitalize()} 5"]


@pytest.mark.parametrize("word", SEPARATE_WORDS)
def test_every_separate_street_word_is_found(word: str) -> None:
    assert matched(RULE, f"wohnt Innsbrucker {word} 5") == [f"Innsbrucker {word} 5"]


def test_same_address_same_reference() -> None:
    texts = ("Museumstr. 11a", "Museumstraße 11a", "museumstrasse 11a", "Museumstr 11a", "Museumstr.11 a")
    assert {span.ref for text in texts for span in RULE.find(text)} == {"museumstrasse 11a"}


def test_normalise_joins_door_numbers() -> None:
    assert normalise("Maria-Theresien-Str. 18 / 3") == "maria-theresien-strasse 18/3"


def test_known_street_says_so() -> None:
    (span,) = RULE.find("Innrain 52")
    assert span.reason == "street address pattern (known street)"


@given(ANY_TEXT)
def test_spans_are_valid_on_any_text(text: str) -> None:
    assert_valid(list(RULE.find(text)), text, RULE)


# --- the preposition and street-word trigger, one branch per first letter ------------------------

_ONE_BRANCH_PER_WORD = re.compile("|".join(word + tail for word, tail in TRIGGER_WORDS))  # as it was written first


def _trigger_spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [match.span() for match in pattern.finditer(text)]


def test_no_trigger_word_with_its_space_starts_another() -> None:
    """What makes the branches per first letter match as one branch per word: at any place at most one
    word can match, since no word followed by white space begins another ("Via " is no start of "Viale")."""
    words = [word for word, _ in TRIGGER_WORDS]
    assert not [(a, b) for a in words for b in words if b.startswith((a + " ", a + "\u00a0"))]


@pytest.mark.parametrize(
    "text",
    [
        "Wohnt Am Kohlanger 5, dann Im Tiefen Grund 12 und Unter den Zwetschken 3",
        "Via Tresca 8 oder Viale Zandonai 4, Rue de la Cerisaie 9, Platz der Tulpen 2",
        "Zum Wehrturm 3; Zur Quelle 7, Zu den Auen 1. Beim Ziegelstadel 4, Bei der Mühle 2",
        "Hinterm Quellhof 6 / Hinter der Zwetschke 1 / Vorm Tor 3 / Vor dem Tor 4 / Überm Bach 2",
        "Am  Haag  17 Am\u00a0Rain\u00a04 Strada d'Ulivo 5 Chemin des Zerbes 3",
    ],
)
def test_trigger_matches_as_one_branch_per_word_on_invented_addresses(text: str) -> None:
    assert _trigger_spans(_PREPOSITION_TRIGGER, text) == _trigger_spans(_ONE_BRANCH_PER_WORD, text)
    assert _trigger_spans(_PREPOSITION_TRIGGER, text)


_SEPARATORS = st.sampled_from([" ", "  ", "\u00a0", "\n", "-", ""])
_ADDRESS_LIKE = st.builds(
    "".join,
    st.tuples(
        st.sampled_from([*(word for word, _ in TRIGGER_WORDS), "Tal", "x"]),
        _SEPARATORS,
        st.sampled_from(["Tal", "Quellgrund", "Mühl-Quellgrund", "d'Ulivo", "der Tulpen", "Alten Tal", "x", "."]),
        _SEPARATORS,
        st.sampled_from(["3", "12", "a", "Tal"]),
    ),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_ADDRESS_LIKE, _SEPARATORS), max_size=6))
def test_trigger_matches_as_one_branch_per_word_on_any_mix_of_its_words(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _trigger_spans(_PREPOSITION_TRIGGER, text) == _trigger_spans(_ONE_BRANCH_PER_WORD, text)


def test_trigger_matches_as_one_branch_per_word_for_every_word() -> None:
    names = ["Tal", "Quellgrund", "Mühl-Quellgrund", "d'Ulivo", "der Tulpen", "Alten Tal", "x", "."]
    texts = [
        f"{before}{word}{gap}{name}{gap}{end}"
        for before in ("", "am ")
        for word, _ in TRIGGER_WORDS
        for gap in (" ", "\u00a0", "-")
        for name in names
        for end in ("3", "a")
    ]
    assert [_trigger_spans(_PREPOSITION_TRIGGER, t) for t in texts] == [
        _trigger_spans(_ONE_BRANCH_PER_WORD, t) for t in texts
    ]


# --- the gate of the number triggers, read on the note's shape -----------------------------------------

_ENDING_WORDS = [*STREET_WORDS, *(w.capitalize() for w in STREET_WORDS), *SEPARATE_WORDS, *KNOWN_STREETS, "str"]
_RUNS = [" ", "\u00a0", "  ", "\u00a0 ", " \u00a0\u00a0"]


def _number_triggers(text: str) -> bool:
    return _NUMBER_TRIGGER.search(text) is not None or _NBSP_TRIGGER.search(text) is not None


def test_number_gate_opens_after_every_street_ending() -> None:
    texts = [
        f"{before}{word}{run}{digit}"
        for before in ("", "Haupt", "(")
        for word in _ENDING_WORDS
        for run in _RUNS
        for digit in "05"
    ]
    assert sum(map(_number_triggers, texts)) > 500  # the rows reach the triggers
    assert all(may_hold_number_trigger(t) for t in texts if _number_triggers(t))


@pytest.mark.parametrize(
    "text", ["Höttinger Au 5", "(Au\u00a05", "Anichstraße  35", "Rennweg\u00a0\u00a02", "Łąka, Au 7", "Wohnort→Au 5"]
)
def test_number_gate_opens(text: str) -> None:
    assert _number_triggers(text)
    assert may_hold_number_trigger(text)


@pytest.mark.parametrize(
    "text",
    ["RR 120/80", "Gewicht 80 kg", "xAu 5", "Hauptstraße5", "Rennweg\n5", "Rennweg\t5", "Befund folgt nach 2 Wochen"],
)
def test_number_gate_stays_shut(text: str) -> None:
    assert not _number_triggers(text)
    assert not may_hold_number_trigger(text)


_NUMBER_PIECES = st.one_of(
    st.sampled_from(_ENDING_WORDS),
    st.sampled_from([*_RUNS, "\n", "-", ".", "_", "ä", "Ł", "→", "?", "\u0663", "x"]),
    st.from_regex(r"[0-9]{1,3}", fullmatch=True),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_NUMBER_PIECES, max_size=8))
def test_number_gate_opens_wherever_a_number_trigger_matches(pieces: list[str]) -> None:
    text = "".join(pieces)
    if _number_triggers(text):
        assert may_hold_number_trigger(text)


@given(ANY_TEXT)
def test_number_gate_opens_wherever_a_number_trigger_matches_on_any_text(text: str) -> None:
    if _number_triggers(text):
        assert may_hold_number_trigger(text)
