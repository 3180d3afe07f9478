"""Chance-corrected agreement coefficients on nominal values: Cohen's kappa and Krippendorff's alpha.

Written out here (no numpy) so the evaluation runs anywhere the engine runs; the tests check
both against the ``krippendorff`` package and Krippendorff's published worked example.
Values are any hashable labels; ``None`` is a missing value. A coefficient whose expected
disagreement is zero (every value the same) is undefined and returned as None.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from itertools import permutations


def cohen_kappa(first: Sequence[Hashable | None], second: Sequence[Hashable | None]) -> float | None:
    """Cohen's kappa of two annotators over the units both of them judged (position by position)."""
    if len(first) != len(second):
        raise ValueError("both annotators need a value (or None) for every unit")
    pairs = [(a, b) for a, b in zip(first, second, strict=True) if a is not None and b is not None]
    if not pairs:
        return None
    n = len(pairs)
    observed = sum(a == b for a, b in pairs) / n
    left, right = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    expected = sum(left[k] * right[k] for k in left) / (n * n)
    return None if expected >= 1 else (observed - expected) / (1 - expected)


def krippendorff_alpha(units: Sequence[Sequence[Hashable | None]]) -> float | None:
    """Krippendorff's alpha (nominal) of units, each a sequence of its annotators' values (None: missing).

    alpha = 1 - D_o / D_e from the coincidence matrix: within each unit with m >= 2 values every
    ordered pair of values from different annotators adds 1 / (m - 1) (Krippendorff 2011).
    """
    coincidences: defaultdict[tuple[Hashable, Hashable], float] = defaultdict(float)
    for unit in units:
        values = [v for v in unit if v is not None]
        if len(values) < 2:
            continue
        weight = 1 / (len(values) - 1)
        for c, k in permutations(values, 2):
            coincidences[(c, k)] += weight
    totals: defaultdict[Hashable, float] = defaultdict(float)
    for (c, _), weight in coincidences.items():
        totals[c] += weight
    n = sum(totals.values())
    observed = sum(w for (c, k), w in coincidences.items() if c != k)
    expected = (n * n - sum(t * t for t in totals.values())) / (n - 1) if n > 1 else 0.0
    return None if expected <= 0 else 1 - observed / expected


def percent_agreement(first: Sequence[Hashable | None], second: Sequence[Hashable | None]) -> float | None:
    """Share of the units both judged on which they gave the same value."""
    pairs = [(a, b) for a, b in zip(first, second, strict=True) if a is not None and b is not None]
    return sum(a == b for a, b in pairs) / len(pairs) if pairs else None
