"""RegexWebsite: web addresses with and without scheme, bare domains with a known TLD (synthetic notes)."""

from __future__ import annotations

import pytest
from hypothesis import given

from masketeer_gui.engine.rules.url import UrlRule, normalise
from tests.engine.rules.conftest import ANY_TEXT, assert_valid, matched

RULE = UrlRule()

MUST_MATCH: list[tuple[str, list[str]]] = [
    ("Infos unter https://www.tirol-kliniken.at/herzmobil", ["https://www.tirol-kliniken.at/herzmobil"]),
    ("siehe www.herzmobil.at.", ["www.herzmobil.at"]),
    ("Anmeldung auf herzmobil-tirol.at", ["herzmobil-tirol.at"]),
    ("Wiki (https://de.wikipedia.org/wiki/Herz_(Organ))", ["https://de.wikipedia.org/wiki/Herz_(Organ)"]),
    ("Infos auf gesundheit.gv.at, bitte lesen", ["gesundheit.gv.at"]),
    ("Kammer: ärztekammer.at", ["ärztekammer.at"]),
    ("WWW.Herzmobil-Tirol.at/kontakt", ["WWW.Herzmobil-Tirol.at/kontakt"]),
    ("HTTPS://HERZMOBIL.AT ist die Seite", ["HTTPS://HERZMOBIL.AT"]),
    ("Seite WWW.PRAXIS-SEEWALD.TIROL aufrufen", ["WWW.PRAXIS-SEEWALD.TIROL"]),  # capitals, no known domain
    ("Ordination ftp://daten.seewald-praxis.tirol/befunde", ["ftp://daten.seewald-praxis.tirol/befunde"]),
    (
        "Portal http://intranet.kh-musterstadt.local/herz?id=5",
        ["http://intranet.kh-musterstadt.local/herz?id=5"],
    ),
    ("App: www.meinherz.info/faq?x=1&y=2 runterladen", ["www.meinherz.info/faq?x=1&y=2"]),
    ("Seite herzverband.org für Pat. ausgedruckt", ["herzverband.org"]),
    ("Link https://herzmobil.at/video.", ["https://herzmobil.at/video"]),
    ("Schweizer Seite swiss-heart.ch", ["swiss-heart.ch"]),
    ("Doku auf www.gesundheit.gv.at;", ["www.gesundheit.gv.at"]),
    ("Onlinekurs bei herz-kreislauf.de/kurs", ["herz-kreislauf.de/kurs"]),
    ("Daten auf ftp://daten.kh.at/x", ["ftp://daten.kh.at/x"]),
    ("zwei Seiten: herzmobil.at und www.tirol.gv.at", ["herzmobil.at", "www.tirol.gv.at"]),
]

MUST_NOT_MATCH = [
    "z.B. mehr trinken",
    "u.a. Lasix und Ramipril",
    "Pat.Nr 123",
    "ca.5 kg zugenommen",
    "war gut.Das Gewicht passt",
    "Pat.at home",
    "bzw.com",
    "evtl.de facto",
    "Befund.pdf angehängt",
    "Datei herz.docx",
    "Version 2.0.1",
    "12.03.2024",
    "Dr.de Vries",
    "Dosis 2.5 mg",
    "Pat. ist wohlauf.De facto",
    "maria.huber@herzmobil.at",
    "Pat. hat www nicht",
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(text: str, expected: list[str]) -> None:
    assert matched(RULE, text) == expected


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(text: str) -> None:
    assert matched(RULE, text) == []


def test_same_site_same_reference() -> None:
    texts = ("https://www.herzmobil.at/", "www.herzmobil.at", "HERZMOBIL.at", "http://herzmobil.at")
    assert {span.ref for text in texts for span in RULE.find(text)} == {"herzmobil.at"}


def test_normalise_keeps_the_path() -> None:
    assert normalise("https://www.Tirol-Kliniken.at/Herzmobil/") == "tirol-kliniken.at/herzmobil"


@given(ANY_TEXT)
def test_spans_are_valid_on_any_text(text: str) -> None:
    assert_valid(list(RULE.find(text)), text, RULE)
