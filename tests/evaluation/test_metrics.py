"""Table 8 metrics: the paper's numbers, exact Clopper–Pearson bounds, and zero counts."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from masketeer_gui.evaluation.betainc import beta_cdf, beta_quantile
from masketeer_gui.evaluation.metrics import clopper_pearson, evaluate, precision_logit

PAPER = {"tp": 214, "fp": 6, "fn": 13, "tn": 83}  # Masketeer 2.0, Table 8


@pytest.mark.parametrize(
    ("metric", "digits", "expected"),
    [
        ("accuracy", 4, (0.9399, 0.9077, 0.9634)),
        ("specificity", 3, (0.933, 0.859, 0.975)),
        ("sensitivity", 3, (0.943, 0.904, 0.969)),
        ("precision", 3, (0.973, 0.943, 0.987)),
    ],
)
def test_reproduces_table_8(metric: str, digits: int, expected: tuple[float, float, float]) -> None:
    estimate = getattr(evaluate(**PAPER), metric)
    assert (
        round(estimate.value, digits),
        round(estimate.ci_low, digits),
        round(estimate.ci_high, digits),
    ) == expected


def test_precision_is_not_the_plain_binomial_logit() -> None:
    """sqrt(1/TP + 1/FP) would give [0.941, 0.988]; Mercaldo's PPV variance gives the paper's interval."""
    estimate = precision_logit(**PAPER)
    assert estimate.method == "standard logit"
    assert estimate.ci_low == pytest.approx(0.943, abs=5e-4)


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.30850),
        (5, 10, 0.18709, 0.81291),
        (10, 10, 0.69150, 1.0),
        (1, 1, 0.025, 1.0),
        (3, 7, 0.09899, 0.81595),
    ],
)
def test_clopper_pearson_known_values(k: int, n: int, low: float, high: float) -> None:
    estimate = clopper_pearson(k, n)
    assert estimate.ci_low == pytest.approx(low, abs=1e-5)
    assert estimate.ci_high == pytest.approx(high, abs=1e-5)


def _binomial_tail_at_least(k: int, n: int, p: float) -> float:
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@given(n=st.integers(1, 80), data=st.data())
def test_clopper_pearson_bounds_solve_the_binomial_tails(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    estimate = clopper_pearson(k, n)
    assert estimate.ci_low is not None and estimate.ci_high is not None
    assert estimate.ci_low <= k / n <= estimate.ci_high
    if k > 0:
        assert _binomial_tail_at_least(k, n, estimate.ci_low) == pytest.approx(0.025, abs=1e-9)
    if k < n:
        assert 1 - _binomial_tail_at_least(k + 1, n, estimate.ci_high) == pytest.approx(0.025, abs=1e-9)


@given(
    a=st.floats(0.5, 5000),
    b=st.floats(0.5, 5000),
    p=st.floats(1e-6, 1 - 1e-6),
)
@example(a=714.0, b=0.5, p=0.999999)
@example(a=2141.0, b=0.5, p=0.999999)
@example(a=5000.0, b=0.5, p=1 - 1e-6)
def test_beta_quantile_inverts_the_cdf(a: float, b: float, p: float) -> None:
    """The quantile is ``p``'s crossing to one float: the CDF at the floats either side brackets ``p``.

    1e-7: with b < 1 the CDF near x = 1 is so steep that its continued fraction keeps ~8 digits there
    (a = 54, b = 0.5, p = 0.99999 gave 1e-8 on Python 3.13), and one float further it may change by more than
    1e-7 (a = 2141, b = 0.5: no float has a CDF within 1e-7 of p = 0.999999); the intervals use p = 0.025 / 0.975.
    """
    x = beta_quantile(p, a, b)
    below, above = math.nextafter(x, 0), math.nextafter(x, 1)
    assert beta_cdf(below, a, b) - 1e-7 <= p <= beta_cdf(above, a, b) + 1e-7


def test_beta_cdf_closed_forms() -> None:
    assert beta_cdf(0.3, 1, 1) == pytest.approx(0.3)
    assert beta_cdf(0.3, 2, 1) == pytest.approx(0.09)
    assert beta_cdf(0.5, 7, 7) == pytest.approx(0.5)
    assert (beta_cdf(0, 2, 3), beta_cdf(1, 2, 3)) == (0.0, 1.0)


def test_large_counts_are_fast_and_sane() -> None:
    estimate = clopper_pearson(999_990, 1_000_000)
    assert estimate.ci_low is not None and estimate.ci_high is not None
    assert estimate.ci_low < 0.99999 < estimate.ci_high < 1


@pytest.mark.parametrize(
    ("counts", "value", "low", "high", "method"),
    [
        # FP = 0: precision 1, exact one-sided-looking interval [(alpha/2)^(1/TP), 1]
        (
            {"tp": 10, "fp": 0, "fn": 2, "tn": 5},
            1.0,
            0.025 ** (1 / 10),
            1.0,
            "Clopper-Pearson (logit undefined)",
        ),
        # TP = 0: precision 0
        (
            {"tp": 0, "fp": 4, "fn": 2, "tn": 5},
            0.0,
            0.0,
            1 - 0.025 ** (1 / 4),
            "Clopper-Pearson (logit undefined)",
        ),
        # FN = TN = 0: Mercaldo's variance is 0
        ({"tp": 8, "fp": 2, "fn": 0, "tn": 0}, 0.8, 0.44390, 0.97479, "Clopper-Pearson (logit undefined)"),
    ],
)
def test_precision_fallbacks(counts: dict[str, int], value: float, low: float, high: float, method: str) -> None:
    estimate = precision_logit(**counts)
    assert (estimate.value, estimate.method) == (value, method)
    assert estimate.ci_low == pytest.approx(low, abs=1e-5)
    assert estimate.ci_high == pytest.approx(high, abs=1e-5)


def test_empty_denominators_have_no_value() -> None:
    metrics = evaluate(tp=0, fp=0, fn=0, tn=5)
    assert metrics.sensitivity.to_dict() == {"value": None, "ci_low": None, "ci_high": None}
    assert metrics.precision.to_dict() == {"value": None, "ci_low": None, "ci_high": None}
    assert metrics.specificity.value == 1.0
    assert evaluate(0, 0, 0, 0).accuracy.value is None


def test_json_shape_and_negative_counts() -> None:
    assert list(evaluate(**PAPER).to_dict()) == ["accuracy", "sensitivity", "specificity", "precision"]
    with pytest.raises(ValueError, match="negative"):
        evaluate(-1, 0, 0, 0)
