"""Cohen's kappa and Krippendorff's alpha against published examples and the ``krippendorff`` package."""

from __future__ import annotations

import math

import krippendorff
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.evaluation.reliability import cohen_kappa, krippendorff_alpha, percent_agreement

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", nominal example: 4 coders, 12 units.
_ = None
KRIPPENDORFF_2011 = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
    [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
]


def _units(coders: list[list[int | None]]) -> list[list[int | None]]:
    return [list(unit) for unit in zip(*coders, strict=True)]


def _table(yes_yes: int, yes_no: int, no_yes: int, no_no: int) -> tuple[list[str], list[str]]:
    pairs = [("y", "y")] * yes_yes + [("y", "n")] * yes_no + [("n", "y")] * no_yes + [("n", "n")] * no_no
    return [a for a, _ in pairs], [b for _, b in pairs]


def test_alpha_of_the_published_worked_example() -> None:
    alpha = krippendorff_alpha(_units(KRIPPENDORFF_2011))
    assert alpha is not None and round(alpha, 3) == 0.743


@pytest.mark.parametrize(
    ("cells", "kappa"),
    [
        ((20, 5, 10, 15), 0.4),  # Wikipedia "Cohen's kappa", first example: p_o = 0.7, p_e = 0.5
        ((45, 15, 25, 15), 0.1304),  # same agreement, different marginals
        ((25, 35, 5, 35), 0.2593),
        ((10, 0, 0, 10), 1.0),
        ((0, 10, 10, 0), -1.0),
    ],
)
def test_kappa_of_published_tables(cells: tuple[int, int, int, int], kappa: float) -> None:
    first, second = _table(*cells)
    result = cohen_kappa(first, second)
    assert result is not None and round(result, 4) == kappa


def test_kappa_ignores_units_one_annotator_did_not_judge() -> None:
    first, second = _table(20, 5, 10, 15)
    assert cohen_kappa([*first, "y", None], [*second, None, "n"]) == pytest.approx(0.4)
    assert percent_agreement([*first, None], [*second, "y"]) == pytest.approx(0.7)


@pytest.mark.parametrize(
    ("first", "second"),
    [([], []), (["TP", "TP"], ["TP", "TP"]), ([None, "TP"], ["FP", None])],
)
def test_kappa_is_undefined_without_variation_or_overlap(first: list[str | None], second: list[str | None]) -> None:
    assert cohen_kappa(first, second) is None


def test_kappa_needs_aligned_units() -> None:
    with pytest.raises(ValueError, match="every unit"):
        cohen_kappa(["TP"], ["TP", "FP"])


def test_alpha_is_undefined_when_every_value_is_the_same() -> None:
    assert krippendorff_alpha([["TP", "TP"], ["TP", None]]) is None
    assert krippendorff_alpha([["TP", None], [None, "FP"]]) is None  # nothing pairable


def _reference(coders: list[list[int | None]]) -> float | None:
    data = np.array([[np.nan if v is None else v for v in row] for row in coders], dtype=float)
    try:
        value = float(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))
    except ValueError:  # "There has to be more than one value in the domain."
        return None
    return None if math.isnan(value) else value


def test_alpha_matches_the_package_on_the_worked_example() -> None:
    assert krippendorff_alpha(_units(KRIPPENDORFF_2011)) == pytest.approx(_reference(KRIPPENDORFF_2011), abs=1e-12)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 5).flatmap(
        lambda coders: st.lists(
            st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=coders, max_size=coders), min_size=2, max_size=25
        )
    )
)
def test_alpha_matches_the_krippendorff_package(units: list[list[int | None]]) -> None:
    coders = [list(row) for row in zip(*units, strict=True)]
    pairable = [[v for v in unit if v is not None] for unit in units]
    values = {v for unit in pairable if len(unit) >= 2 for v in unit}
    expected = _reference(coders) if len(values) >= 2 else None
    ours = krippendorff_alpha(units)
    if expected is None:
        assert ours is None
    else:
        assert ours == pytest.approx(expected, abs=1e-9)


def test_alpha_accepts_labels_of_any_kind() -> None:
    numbers = krippendorff_alpha(_units(KRIPPENDORFF_2011))
    names = {1: "TP", 2: "FP", 3: "FN", 4: "none", 5: "TP:PAT"}
    labelled = [[None if v is None else names[v] for v in unit] for unit in _units(KRIPPENDORFF_2011)]
    assert krippendorff_alpha(labelled) == numbers
