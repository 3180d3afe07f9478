"""Evaluation metrics with the confidence intervals of the Masketeer paper's Table 8.

Accuracy, sensitivity and specificity get exact Clopper–Pearson intervals (beta quantiles,
computed here with ``math`` only). Precision gets the "standard logit" interval that
Mercaldo, Lau & Zhou (Stat. Med. 2007) give for a positive predictive value:

    logit(PPV) ± z · sqrt((1 - Se) / (Se · n1) + Sp / ((1 - Sp) · n0))
    = logit(PPV) ± z · sqrt(1/TP - 1/(TP+FN) + 1/FP - 1/(FP+TN))

with n1 = TP+FN and n0 = FP+TN. It reproduces the paper (TP 214, FP 6, FN 13, TN 83 gives
0.973 [0.943–0.987]); the plain binomial logit sqrt(1/TP + 1/FP) would give [0.941–0.988].
Where that interval is undefined (TP = 0 or FP = 0: PPV is 0 or 1) or degenerate (FN = TN = 0:
zero variance), precision falls back to the exact Clopper–Pearson interval of TP/(TP+FP),
which for PPV = 1 is [(α/2)^(1/TP), 1]. A metric whose denominator is 0 has no value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from masketeer_gui.evaluation.betainc import beta_quantile

ALPHA = 0.05


@dataclass(frozen=True, slots=True)
class Estimate:
    """A proportion with its confidence interval; all None when the denominator is 0."""

    value: float | None
    ci_low: float | None
    ci_high: float | None
    method: str = "Clopper-Pearson"

    def to_dict(self) -> dict[str, float | None]:
        return {"value": self.value, "ci_low": self.ci_low, "ci_high": self.ci_high}


@dataclass(frozen=True, slots=True)
class Metrics:
    """Table 8 for one confusion matrix."""

    accuracy: Estimate
    sensitivity: Estimate
    specificity: Estimate
    precision: Estimate

    def to_dict(self) -> dict[str, dict[str, float | None]]:
        """The docs/CONTRACT.md ``--json`` shape."""
        return {name: getattr(self, name).to_dict() for name in METRIC_NAMES}


METRIC_NAMES = ("accuracy", "sensitivity", "specificity", "precision")


def evaluate(tp: int, fp: int, fn: int, tn: int, alpha: float = ALPHA) -> Metrics:
    """All four metrics with (1 - alpha) intervals."""
    if min(tp, fp, fn, tn) < 0:
        raise ValueError("counts must not be negative")
    return Metrics(
        accuracy=clopper_pearson(tp + tn, tp + fp + fn + tn, alpha),
        sensitivity=clopper_pearson(tp, tp + fn, alpha),
        specificity=clopper_pearson(tn, tn + fp, alpha),
        precision=precision_logit(tp, fp, fn, tn, alpha),
    )


def clopper_pearson(successes: int, n: int, alpha: float = ALPHA) -> Estimate:
    """The exact (1 - alpha) interval of ``successes / n``."""
    if n == 0:
        return Estimate(None, None, None)
    k = successes
    low = 0.0 if k == 0 else beta_quantile(alpha / 2, k, n - k + 1)
    high = 1.0 if k == n else beta_quantile(1 - alpha / 2, k + 1, n - k)
    return Estimate(k / n, low, high)


def precision_logit(tp: int, fp: int, fn: int, tn: int, alpha: float = ALPHA) -> Estimate:
    """PPV with Mercaldo et al.'s standard logit interval (Clopper–Pearson where it is undefined)."""
    variance = (1 / tp - 1 / (tp + fn) + 1 / fp - 1 / (fp + tn)) if tp and fp else 0.0
    if variance <= 0:
        fallback = clopper_pearson(tp, tp + fp, alpha)
        return Estimate(fallback.value, fallback.ci_low, fallback.ci_high, "Clopper-Pearson (logit undefined)")
    z = NormalDist().inv_cdf(1 - alpha / 2)
    centre = math.log(tp / fp)
    half = z * math.sqrt(variance)
    return Estimate(tp / (tp + fp), _expit(centre - half), _expit(centre + half), "standard logit")


def _expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))
