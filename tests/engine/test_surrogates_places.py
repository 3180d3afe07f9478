"""Address, ZIP+town and medical-site surrogates: same kind and layout, real pairs, fictitious sites."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.normalize import fold, fold_phrase
from masketeer_gui.engine.rules import AddressRule, ZipRule
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.surrogates.places import street_kind
from tests.engine.surrogate_helpers import issuer, lexicon, replaced

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LEX = lexicon()
AUSTRIAN = sorted((code, town) for code, towns in LEX.zip_towns.items() for town in towns if town.isalpha())


@pytest.mark.parametrize(
    ("original", "kind", "ending"),
    [
        ("Anichstraße 35", "straße", "straße"),
        ("Museumstr. 11a", "straße", "str."),
        ("Bahnhofstrasse 4/3", "straße", "strasse"),
        ("Kirchgasse 7, Top 3", "gasse", "gasse"),
        ("Rennweg 2", "weg", "weg"),
        ("Hauptplatz 1", "platz", "platz"),
        ("Innrain 52", "", ""),
    ],
)
def test_address_keeps_street_kind_spelling_and_number_layout(original: str, kind: str, ending: str) -> None:
    (new,) = replaced(f"wohnt {original}.", (original, Entity.ADD))
    street, number = re.match(r"(\D*?)\s*(\d.*)$", new).groups()  # type: ignore[union-attr]
    old_street, old_number = re.match(r"(\D*?)\s*(\d.*)$", original).groups()  # type: ignore[union-attr]
    assert street.endswith(ending) and fold(street) != fold(old_street)
    assert street_kind(street) == kind or not kind
    assert re.sub(r"\d", "9", number) == re.sub(r"\d", "9", old_number) and number != old_number
    if kind:
        assert [(s.start, s.end) for s in AddressRule().find(new)] == [(0, len(new))]


def test_one_street_keeps_one_surrogate_street() -> None:
    first = replaced("Anichstraße 35", ("Anichstraße 35", Entity.ADD))[0]
    second = replaced("Anichstraße 2", ("Anichstraße 2", Entity.ADD))[0]
    assert first.split()[0] == second.split()[0]


@FAST
@given(st.sampled_from(AUSTRIAN), st.sampled_from(["", "A-", "AT-"]))
def test_zip_becomes_a_real_pair_of_the_same_region(pair: tuple[str, str], prefix: str) -> None:
    code, town = pair
    original = f"{prefix}{code} {town}"
    (new,) = replaced(f"in {original} wohnhaft", (original, Entity.ZIP), ref=f"{code} {fold_phrase(town)}")
    assert new.startswith(prefix)
    new_code, _, new_town = new[len(prefix) :].partition(" ")
    assert new_town in LEX.zip_towns[new_code] and new_code[0] == code[0]
    assert new_code != code and fold(new_town) != fold(town)
    assert [(s.start, s.end) for s in ZipRule(LEX.zip_towns).find(new)] == [(0, len(new))]


@pytest.mark.parametrize("original", ["D-80331 München", "83435 Bad Reichenhall"])
def test_german_zip_stays_german(original: str) -> None:
    (new,) = replaced(original, (original, Entity.ZIP))
    assert re.fullmatch(r"(D-)?\d{5} [\w -]+", new) and new.startswith("D-") == original.startswith("D-")
    assert fold(new) != fold(original)


def test_zip_alone_stays_a_code() -> None:
    (new,) = replaced("PLZ 6020", ("6020", Entity.ZIP))
    assert new.isdigit() and len(new) == 4 and new != "6020" and new in LEX.zip_towns


@pytest.mark.parametrize("original", ["BKH Schwaz", "LKH Hall", "Klinik Innsbruck", "Natters", "Herzmobil Tirol"])
@pytest.mark.parametrize("length_preserving", [False, True])
def test_site_is_fictitious_and_keeps_its_head(original: str, length_preserving: bool) -> None:
    (new,) = replaced(original, (original, Entity.SIT), issuer_=issuer(length_preserving=length_preserving))
    head, _, place = new.rpartition(" ")
    if fold(original.split()[0]) in LEX.site_words:
        assert head == original.split()[0]
    assert place and fold(place) not in LEX.towns and fold(place) not in fold(original)
    assert all(fold_phrase(new) != fold_phrase(site) for site in LEX.medical_sites)
    if length_preserving:
        assert len(new) == len(original)


@FAST
@given(st.sampled_from(AUSTRIAN))
def test_length_preserving_zip(pair: tuple[str, str]) -> None:
    original = f"{pair[0]} {pair[1]}"
    (new,) = replaced(original, (original, Entity.ZIP), issuer_=issuer(length_preserving=True))
    assert len(new) == len(original)
