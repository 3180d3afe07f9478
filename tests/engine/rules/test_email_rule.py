"""RegexEmail: e-mail addresses, umlaut domains and the spelled-out "(at)" (synthetic notes)."""

from __future__ import annotations

import pytest
from hypothesis import given

from masketeer_gui.engine.rules.email import EmailRule
from tests.engine.rules.conftest import ANY_TEXT, assert_valid, matched

RULE = EmailRule()

MUST_MATCH: list[tuple[str, list[str]]] = [
    ("Befund an maria.huber@herzmobil.at geschickt", ["maria.huber@herzmobil.at"]),
    ("Mail von Hofer-U@tirol-kliniken.at.", ["Hofer-U@tirol-kliniken.at"]),
    ("Sohn schreibt von jürgen.öhler@müller-praxis.de", ["jürgen.öhler@müller-praxis.de"]),
    ("Kopie an x.y@mail.i-med.ac.at; danke", ["x.y@mail.i-med.ac.at"]),
    ("Tochter: huber(at)gmx.at", ["huber(at)gmx.at"]),
    ("Tochter: huber [at] gmx.at", ["huber [at] gmx.at"]),
    ("(maria.huber@herzmobil.at)", ["maria.huber@herzmobil.at"]),
    ("Sohn: sepp_huber99@gmail.com", ["sepp_huber99@gmail.com"]),
    ("E-Mail: praxis.dr.gruber@aon.at bitte", ["praxis.dr.gruber@aon.at"]),
    ("Anfrage an station.3b@klinikum-musterstadt.de", ["station.3b@klinikum-musterstadt.de"]),
    ("Kontakt: info@herzmobil-tirol.at, Fr. Huber", ["info@herzmobil-tirol.at"]),
    ("Tochter (anna+arzt@posteo.de) informiert", ["anna+arzt@posteo.de"]),
    ("MAIL: HUBER@GMX.AT", ["HUBER@GMX.AT"]),
    ("E-Mail an m.huber@chello.at!", ["m.huber@chello.at"]),
    ("Adresse max.mustermann@uni-innsbruck.ac.at übermittelt", ["max.mustermann@uni-innsbruck.ac.at"]),
    ("zwei Adressen: a@b.at, c@d.de", ["a@b.at", "c@d.de"]),
]

MUST_NOT_MATCH = [
    "Pat. @ home",
    "a..b@x.at",
    "x@localhost",
    "Termin @ 14:30",
    "@Sepp bitte melden",
    "Befund.pdf",
    "huber@ schreibt",
    "@gmx.at",
    "huber @ gmx.at",
    "Preis 5 € @ Apotheke",
    "E-Mail folgt",
    "Mail (at) Praxis",
    "Pat) at home",
    "x@y",
    "mail@.at",
    "Gewicht 78 kg @ 8 Uhr",
    "Sepp@Huber",
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(text: str, expected: list[str]) -> None:
    assert matched(RULE, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(text: str) -> None:
    assert matched(RULE, text) == []


def test_same_address_same_reference() -> None:
    texts = ("Maria.Huber@Herzmobil.at", "maria.huber@herzmobil.at", "maria.huber(at)herzmobil.at")
    assert {span.ref for text in texts for span in RULE.find(text)} == {"maria.huber@herzmobil.at"}


def test_umlauts_are_folded_in_the_reference() -> None:
    (span,) = RULE.find("jürgen@müller.de")
    assert span.ref == "juergen@mueller.de"


@given(ANY_TEXT)
def test_spans_are_valid_on_any_text(text: str) -> None:
    assert_valid(list(RULE.find(text)), text, RULE)
