"""Phone, e-mail and web surrogates: same format, same prefix type, always well-formed."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules import EmailRule, PhoneRule, UrlRule
from masketeer_gui.engine.span import Entity
from tests.engine.surrogate_helpers import issuer, replaced

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEMPLATES = [
    "0664 ### ## ##",
    "0676/#######",
    "0699 ########",
    "+43 664 #######",
    "+43 (0) 650 ### ####",
    "0043 681 ########",
    "0512 ###-#####",
    "(0512) ### ####",
    "05242 #####",
    "+43 512 ######",
    "0316 ######",
    "01 ### ## ##",
    "+49 89 #######",
    "+49 151 ########",
]
KIND = re.compile(r"\((mobile|landline|international|in-house)")


def number(template: str, digits: str) -> str:
    source = iter(digits)
    return "".join(next(source) if c == "#" else c for c in template)


def phone_of(text: str) -> tuple[str, str]:
    """The phone rule's view of ``text``: (kind label, normalised number); the span must cover it all."""
    spans = list(PhoneRule().find(text))
    assert len(spans) == 1 and (spans[0].start, spans[0].end) == (0, len(text)), text
    return KIND.search(spans[0].reason).group(1), spans[0].ref  # type: ignore[union-attr]


@FAST
@given(st.sampled_from(TEMPLATES), st.text("123456789", min_size=12, max_size=12))
def test_phone_keeps_format_digit_count_country_and_prefix_type(template: str, digits: str) -> None:
    original = number(template, digits)
    (new,) = replaced(f"{original}", (original, Entity.PHO))
    assert len(new) == len(original) and new != original
    assert [c for c in new if not c.isdigit()] == [c for c in original if not c.isdigit()]
    assert [i for i, c in enumerate(new) if c.isdigit()] == [i for i, c in enumerate(original) if c.isdigit()]
    assert new.startswith(original[: 3 if original.startswith("+") else 1])
    kind, ref = phone_of(original)
    new_kind, new_ref = phone_of(new)
    assert new_kind == kind and len(new_ref) == len(ref)


@pytest.mark.parametrize("original", ["504-81234", "DW 123"])
def test_in_house_numbers_stay_in_house(original: str) -> None:
    text = f"Tel.: {original}"
    (new,) = replaced(text, (original.split()[-1], Entity.PHO))
    assert new.isdigit() or "-" in new
    assert not new.startswith("0") and len(new) == len(original.split()[-1])


def test_same_number_same_digits_in_any_format_and_issuer() -> None:
    one = replaced("0664 1234567", ("0664 1234567", Entity.PHO), ref="06641234567")[0]
    two = replaced("Mobil 0664/123 45 67", ("0664/123 45 67", Entity.PHO), issuer_=issuer(), ref="06641234567")[0]
    assert re.sub(r"\D", "", one) == re.sub(r"\D", "", two) and "/" in two


EMAILS = [
    "maria.huber@tirol-kliniken.at",
    "Hofer-U@gmx.at",
    "jürgen.öhler@müller-praxis.de",
    "info@herzmobil.at",
    "huber85@mail.i-med.ac.at",
    "huber(at)gmx.at",
    "m.gstrein_1960@aon.at",
]


@pytest.mark.parametrize("original", EMAILS)
@pytest.mark.parametrize("length_preserving", [False, True])
def test_email_stays_well_formed(original: str, length_preserving: bool) -> None:
    text = f"Mail: {original}"
    (new,) = replaced(text, (original, Entity.MAI), issuer_=issuer(length_preserving=length_preserving))
    assert new.isascii() and fold(new) != fold(original)
    found = list(EmailRule().find(new))
    assert len(found) == 1 and (found[0].start, found[0].end) == (0, len(new)), new
    assert ("(at)" in new) == ("(at)" in original)
    if length_preserving:
        assert len(new) == len(original)


def test_email_name_pieces_match_the_name_surrogates() -> None:
    text = "Frau Maria Huber, maria.huber@tirol-kliniken.at"
    first, last, mail = replaced(text, "Maria", "Huber", ("maria.huber@tirol-kliniken.at", Entity.MAI))
    local = mail.split("@")[0]
    assert local == f"{first}.{last}".lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace(
        "ß", "ss"
    )


def test_email_keeps_role_words_and_maps_free_mail_to_free_mail() -> None:
    (new,) = replaced("info@gmx.at", ("info@gmx.at", Entity.MAI))
    local, domain = new.split("@")
    assert local == "info" and domain != "gmx.at"
    assert domain in {
        "aol.de",
        "chello.at",
        "gmail.com",
        "gmx.de",
        "googlemail.com",
        "hotmail.de",
        "kabsi.at",
        "web.de",
        "yahoo.de",
    }


@pytest.mark.parametrize(
    "original",
    ["https://www.tirol-kliniken.at/herzmobil?x=1", "www.herzmobil.at", "herzmobil-tirol.at", "WWW.HERZMOBIL.AT"],
)
@pytest.mark.parametrize("length_preserving", [False, True])
def test_url_stays_well_formed_with_its_scheme_and_top_level_domain(original: str, length_preserving: bool) -> None:
    (new,) = replaced(original, (original, Entity.WEB), issuer_=issuer(length_preserving=length_preserving))
    found = list(UrlRule().find(new))
    assert len(found) == 1 and (found[0].start, found[0].end) == (0, len(new)), new
    assert new.lower().startswith(original.lower().split("tirol")[0].split("herzmobil")[0])
    host = re.sub(r"^(?i:https?://)?(?i:www\.)?", "", new).split("/")[0]
    assert host.lower().endswith(".at") and "herzmobil" not in new.lower() and "tirol" not in new.lower()
    if length_preserving:
        assert len(new) == len(original)
