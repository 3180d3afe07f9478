"""Person-name surrogates: consistency, gender, structure, genitive, case, and never a listed real name."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.surrogates import load_pools
from tests.engine.surrogate_helpers import OTHER_KEY, issuer, lexicon, mask, replaced

POOLS = load_pools()
FEMALE = {fold(n) for n in POOLS.female.entries}
MALE = {fold(n) for n in POOLS.male.entries}
SURNAMES = {fold(n) for n in POOLS.surnames.entries}
LEX = lexicon()
FEMALE_NAMES = sorted(n for n, g in LEX.first_names.items() if g == "f" and n not in LEX.surnames and n.isalpha())
MALE_NAMES = sorted(n for n, g in LEX.first_names.items() if g == "m" and n not in LEX.surnames and n.isalpha())
SURNAME_LIST = sorted(n for n in LEX.surnames if n not in LEX.first_names and n.isalpha() and len(n) > 3)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cap(name: str) -> str:
    return name[:1].upper() + name[1:]


def test_full_name_then_surname_alone_keeps_the_surname() -> None:
    first, last = replaced("Frau Maria Huber kommt.", "Maria", "Huber")
    (alone,) = replaced("Später rief Huber an.", "Huber")
    assert alone == last and fold(first) in FEMALE and fold(last) in SURNAMES
    assert fold(first) != "maria" and fold(last) != "huber"


@FAST
@given(st.sampled_from(SURNAME_LIST), st.integers(0, 3))
def test_same_reference_same_surrogate_across_notes_and_issuers(surname: str, variant: int) -> None:
    written = [cap(surname), surname.upper(), surname, cap(surname)][variant]
    (in_one,) = replaced(f"Herr {cap(surname)} kam.", cap(surname))
    (in_other,) = replaced(f"Gestern: {written} ruft an.", written, issuer_=issuer())  # a fresh issuer: another process
    assert fold(in_one) == fold(in_other)


def test_spelling_variants_share_a_surrogate() -> None:
    out = [replaced(f"Frau {w} kam.", w)[0] for w in ("Müller", "Mueller", "MÜLLER")]
    assert fold(out[0]) == fold(out[1]) == fold(out[2]) and out[2].isupper()


def test_different_keys_choose_differently() -> None:
    names = SURNAME_LIST[:60]
    one = [replaced(f"Herr {cap(n)}.", cap(n))[0] for n in names]
    other = [replaced(f"Herr {cap(n)}.", cap(n), issuer_=issuer(OTHER_KEY))[0] for n in names]
    assert sum(a == b for a, b in zip(one, other, strict=True)) <= 6


def test_the_patient_scope_separates_namesakes() -> None:
    names = SURNAME_LIST[:40]
    p1 = [replaced(f"Herr {cap(n)}.", cap(n), scope="P1")[0] for n in names]
    p1_again = [replaced(f"Frau {cap(n)} war da.", cap(n), scope="P1")[0] for n in names]
    p2 = [replaced(f"Herr {cap(n)}.", cap(n), scope="P2")[0] for n in names]
    assert p1 == p1_again
    assert sum(a == b for a, b in zip(p1, p2, strict=True)) <= 4


@FAST
@given(st.sampled_from(FEMALE_NAMES), st.sampled_from(MALE_NAMES), st.sampled_from(SURNAME_LIST))
def test_first_name_gender_is_kept(female: str, male: str, surname: str) -> None:
    text = f"{cap(female)} {cap(surname)} und {cap(male)} {cap(surname)} kamen."
    her, her_surname, him, his_surname = replaced(text, cap(female), cap(surname), cap(male), cap(surname))
    assert fold(her) in FEMALE and fold(him) in MALE
    assert her_surname == his_surname and fold(her_surname) in SURNAMES


@pytest.mark.parametrize(
    ("text", "gender"),
    [
        ("Frau Kim Sonnleitner", "f"),
        ("Herr Kim Sonnleitner", "m"),
        ("Hr. Kim Sonnleitner", "m"),
        ("Sehr geehrte Frau Dr. Kim Sonnleitner", "f"),
        ("Dr.in Kim Sonnleitner", "f"),
        ("Patientin Kim Sonnleitner", "f"),
        ("Gatte Kim Sonnleitner", "m"),
    ],
)
def test_title_decides_the_gender_of_an_ambiguous_first_name(text: str, gender: str) -> None:
    first, _ = replaced(text, "Kim", "Sonnleitner")
    assert fold(first) in (FEMALE if gender == "f" else MALE)


@pytest.mark.parametrize(
    ("text", "part"),
    [("Frau Anna-Lena Sonnleitner", "Anna-Lena"), ("Frau Maria Huber-Egger", "Huber-Egger")],
)
def test_hyphenated_names_stay_hyphenated_part_by_part(text: str, part: str) -> None:
    first, last = part.split("-")
    (whole,) = replaced(text, part)
    left, right = whole.split("-")
    assert fold(left) != fold(first) and fold(right) != fold(last)
    pools = FEMALE if first == "Anna" else SURNAMES
    assert fold(left) in pools and fold(right) in pools
    if first == "Huber":
        assert left == replaced("Herr Huber", "Huber")[0] and right == replaced("Herr Egger", "Egger")[0]


@pytest.mark.parametrize("initial", ["M", "U", "A"])
def test_initials_stay_initials(initial: str) -> None:
    new, _ = replaced(f"Dr. {initial}. Hofer", initial, "Hofer")
    assert len(new) == 1 and new.isupper() and new != initial


@pytest.mark.parametrize(("word", "suffix"), [("Hubers", "s"), ("Huber's", "'s"), ("Huber’s", "’s")])
def test_genitive_is_kept(word: str, suffix: str) -> None:
    (base,) = replaced("Frau Huber", "Huber")
    (new,) = replaced(f"{word} Tochter rief an.", word)
    assert new == base + suffix


def test_genitive_after_s_takes_an_apostrophe() -> None:
    found = next((n for n in SURNAME_LIST if replaced(f"Herr {cap(n)}", cap(n))[0].endswith(("s", "z", "x"))), None)
    assert found is not None
    (base,) = replaced(f"Herr {cap(found)}", cap(found))
    (new,) = replaced(f"{cap(found)}s Frau", f"{cap(found)}s")
    assert new == base + "'"


@pytest.mark.parametrize(("word", "check"), [("HUBER", str.isupper), ("huber", str.islower), ("Huber", str.istitle)])
def test_capitalisation_is_kept(word: str, check: object) -> None:
    (new,) = replaced(f"Frau {word} kam", word)
    assert check(new)  # type: ignore[operator]


def test_particles_and_titles_inside_a_span_are_kept() -> None:
    text = "Brief an Dr. von Huber."
    (new,) = issuer().surrogates(text, mask(text, "Dr. von Huber", entity=Entity.HCP))
    assert new.startswith("Dr. von ") and fold(new.split()[-1]) in SURNAMES


@FAST
@given(st.lists(st.sampled_from(SURNAME_LIST), min_size=1, max_size=8, unique=True))
def test_surrogate_never_equals_a_listed_real_name(listed_pool_names: list[str]) -> None:
    pool_names = sorted(SURNAMES)[:400]  # list many pool names as real patients: the draw must avoid them
    names = NameLists(patients=tuple(cap(n) for n in pool_names[:300]) + tuple(cap(n) for n in listed_pool_names))
    forbidden = {fold(n) for n in names.patients}
    chooser = issuer(names=names)
    for original in listed_pool_names:
        (new,) = replaced(f"Herr {cap(original)}", cap(original), issuer_=chooser)
        assert fold(new) not in forbidden and fold(new) != original


@FAST
@given(st.sampled_from(FEMALE_NAMES), st.sampled_from(SURNAME_LIST))
def test_length_preserving_names(first: str, last: str) -> None:
    text = f"Frau {cap(first)} {cap(last)}s Befund"
    new = replaced(text, cap(first), f"{cap(last)}s", issuer_=issuer(length_preserving=True))
    assert [len(n) for n in new] == [len(first), len(last) + 1]


@pytest.mark.parametrize(
    ("text", "role"),
    [("Lieber Walter, danke!", "first"), ("LG Walter", "first"), ("Herr Walter kam.", "last"), ("Walter kam.", "last")],
)
def test_a_name_of_both_lists_is_a_first_name_after_a_greeting(text: str, role: str) -> None:
    assert "walter" in LEX.first_names and "walter" in LEX.surnames
    (new,) = replaced(text, "Walter")
    assert fold(new) in (MALE if role == "first" else SURNAMES)
