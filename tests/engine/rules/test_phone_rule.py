"""RegexPhone: Austrian and German phone and fax numbers in colloquial telehealth notes (synthetic)."""

from __future__ import annotations

import pytest
from hypothesis import given

from masketeer_gui.engine.rules.phone import PhoneRule, normalise
from masketeer_gui.engine.span import Entity
from tests.engine.rules.conftest import ANY_TEXT, assert_valid, matched

RULE = PhoneRule()

MUST_MATCH: list[tuple[str, list[str]]] = [
    ("Tochter bittet um Rückruf unter 0664 1234567.", ["0664 1234567"]),
    ("Pat. erreichbar unter +43 664 1234567, bitte nachmittags", ["+43 664 1234567"]),
    ("Handy vom Sohn 0043 676 9876543", ["0043 676 9876543"]),
    ("Kardio-Ambulanz +43 (0) 512 504-23456 angerufen", ["+43 (0) 512 504-23456"]),
    ("HA-Praxis 0512 504-23456 wg. Befund", ["0512 504-23456"]),
    ("Fax an 0512/504-23400 geschickt", ["0512/504-23400"]),
    ("neue Nr. 0664/1234567 notiert", ["0664/1234567"]),
    ("Gattin unter 0664 123 45 67 erreichbar", ["0664 123 45 67"]),
    ("Sohn lebt in D, Tel +49 89 1234567", ["+49 89 1234567"]),
    ("Praxis in München 089 1234567 zurückrufen", ["089 1234567"]),
    ("Tel.: 0512 504 DW 23456", ["0512 504 DW 23456"]),
    ("Mobil: 0676 9876543", ["0676 9876543"]),
    ("Handy 0699/11223344 ab 18 Uhr", ["0699/11223344"]),
    ("Tel. 504-81234 Station informiert", ["504-81234"]),
    ("bei Fragen bitte DW 123 anrufen", ["123"]),
    ("Tel:0664 1234567", ["0664 1234567"]),
    ("Ordination (0512) 58 12 34", ["(0512) 58 12 34"]),
    ("Zentrale +43 1 40400-0", ["+43 1 40400-0"]),
    ("Fax: 05242 600-1234", ["05242 600-1234"]),
    ("Rückruf 06641234567 bitte", ["06641234567"]),
    ("Tel.-Nr. 0664 1234567 20 Min telefoniert", ["0664 1234567"]),
    ("Telefonnummer 0650 1122334 neu", ["0650 1122334"]),
    ("Kontrolle am 12.03.2024, Rückruf 0664 1234567", ["0664 1234567"]),
    ("Tel 0664 1234567 oder 0512 123456", ["0664 1234567", "0512 123456"]),
    ("Tel 0664 1234567 0512 123456", ["0664 1234567", "0512 123456"]),
    ("Durchwahl 4711", ["4711"]),
    ("Pflegedienst 05 1234 5678", ["05 1234 5678"]),
    ("Handy 0664.1234567.", ["0664.1234567"]),
    ("neu: 0664.123.45.67", ["0664.123.45.67"]),
    # dictated groupings after a keyword, one-digit groups included
    ("HA Dr. Brandl, Tel. 04242 31 5 07", ["04242 31 5 07"]),
    ("Tel.: 07612 4 18 22 (Ordination)", ["07612 4 18 22"]),
    # a dialled number after a keyword stays a phone when a dose unit follows
    ("Tel. 0463 538877 Tbl. Bisoprolol halbiert", ["0463 538877"]),
    ("Tel. 0463 538877 2 Tbl. täglich", ["0463 538877"]),
    ("Tel. 0664 7654321 3 x tgl. versucht", ["0664 7654321"]),
    # letterhead keywords, German and Swiss numbers
    ("Telefax 0341 97 12345", ["0341 97 12345"]),
    ("Fon: +49 (0)341 97-12345", ["+49 (0)341 97-12345"]),
    ("Natel 079 123 45 67", ["079 123 45 67"]),
    ("Mob. 0171 2345678", ["0171 2345678"]),
    ("Zentrale +41 61 265 25 25", ["+41 61 265 25 25"]),
    # dictated groupings without a keyword: an area code, nine digits or more
    ("Apotheke am Eck (03842 41 7 52) hat angerufen", ["03842 41 7 52"]),
    ("Rückruf erbeten: 0676 3 118 42 09", ["0676 3 118 42 09"]),
    ("Sozialdienst gefaxt (09131 4 55 80-12)", ["09131 4 55 80-12"]),
    # a last group may start with 0 when no further digits follow
    ("Service-Nummer 0800 311 045 notiert", ["0800 311 045"]),
    ("Notdienst 0810 955 066, dann Hausarzt", ["0810 955 066"]),
    # "Nr." after a word that names a phone, or after no noun
    ("Fax-Nr. 0732 7676-42", ["0732 7676-42"]),
    ("ihre neue Nr. 0680 2233445", ["0680 2233445"]),
]

MUST_NOT_MATCH = [
    "Pat. nimmt 2x 500 mg Metformin",
    "Bisoprolol 1-0-1, Torasemid 0-0-1",
    "Gewicht heute 78,5 kg",
    "RR 135/80 mmHg, Puls 72",
    "RR 135/80",
    "Kontrolle am 12.03.2024",
    "Termin 12.3.24 vereinbart",
    "Labor vom 2024-03-12",
    "Anruf um 14:30",
    "Visite 14.30 Uhr",
    "INR 2,3 im Zielbereich",
    "NT-proBNP 1234 pg/ml",
    "HbA1c 6,5 %",
    "Puls zwischen 100-120",
    "seit 2019 bekannt",
    "SVNR 1234 010180",
    "Versicherungsnummer 1234 010180",
    "Befund 01-03-2024",
    "Befunde 02/2024-03/2024 liegen vor",
    "Sprechstunde 0800-1200",
    "Mobil 2000 Schritte am Tag",
    "PZN 01234567",
    "+2 kg seit gestern",
    "Einfuhr +1500 ml",
    "Tel. 2x versucht, nicht erreicht",
    "Telefonat um 14:30 mit Tochter",
    "Befund 05/2024",
    "um 08:30 0,5 Tbl. genommen",
    "Trinkmenge 0,5 l",
    "Zimmer 012",
    "Schema 1-0-0-0",
    "Telefonat 0664 nicht erreicht",
    "Befund vom 01.03.2024",
    "Version 0.12.3",
    # serial and device numbers
    "Waage SN 0463-5512-07 getauscht",
    "Blutdruckgerät (S/N 0512 3344 19) retour",
    "Gerät-Nr. 0662 4471 2210 notiert",
    "Geräte-Nr.: 0732-1188-04",
    "Seriennummer 0316 998877 am Aufkleber",
    "Inventar-Nr. 05242 7788",
    "Telefonie 2024 eingeführt",
    "Mobilität 2000 Schritte",
    "Fondaparinux 2500 IE",
    # one-digit groups with too few digits or no area code
    "Schema 0 1 0 0",
    "Dosis 0123 1 2 3 4",
    "am 01 2 2024",
    # "<Noun> Nr." names an identifier: recorder, case, order, sample
    "Holter-Rekorder Nr. 05-2219-731 zurück",
    "Fall-Nr.: 0815-2233-41",
    "Auftrag Nr. 0344 8812 199 im Labor",
    "Probe Nr. 0071 555 2",
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(text: str, expected: list[str]) -> None:
    assert matched(RULE, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(text: str) -> None:
    assert matched(RULE, text) == []


def test_keyword_is_not_masked() -> None:
    (span,) = RULE.find("Fax: 0512/504-23400")
    assert (span.start, span.masker, span.entity) == (5, "RegexPhone", Entity.PHO)
    assert span.reason == "phone number after 'Fax' (landline national)"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("+43 664 1234567", "phone number pattern (mobile +43)"),
        ("0512 504-23456", "phone number pattern (landline national)"),
        ("+49 89 1234567", "phone number pattern (international +49)"),
        ("Tel. 504-81234", "phone number after 'Tel' (in-house)"),
    ],
)
def test_reason_says_what_kind(text: str, reason: str) -> None:
    assert [s.reason for s in RULE.find(text)] == [reason]


@pytest.mark.parametrize(
    "variants",
    [
        ("+43 664 1234567", "0043 664 1234567", "0664/123 45 67", "06641234567"),
        ("0512 504-23456", "+43 (0) 512 504-23456", "0512/504 DW 23456"),
    ],
)
def test_same_number_same_reference(variants: tuple[str, ...]) -> None:
    refs = {span.ref for text in variants for span in RULE.find(text)}
    assert len(refs) == 1


def test_normalise() -> None:
    assert normalise("+43 (0) 512 504-23456") == "051250423456"
    assert normalise("+49 89 1234567") == "+49891234567"
    assert normalise("0049 89 1234567") == "+49891234567"


@given(ANY_TEXT)
def test_spans_are_valid_on_any_text(text: str) -> None:
    assert_valid(list(RULE.find(text)), text, RULE)
