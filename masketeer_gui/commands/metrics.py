"""``masketeer metrics``: Table 8 of the paper for a confusion matrix, with 95% intervals."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.evaluation.metrics import Estimate, Metrics

_ROWS = (
    ("Accuracy", "accuracy", True),
    ("Specificity", "specificity", False),
    ("Sensitivity", "sensitivity", False),
    ("Precision", "precision", False),
)  # Table 8 order


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "metrics",
        help="accuracy, sensitivity, specificity and precision with 95%% confidence intervals",
        description="Clopper-Pearson intervals for accuracy, sensitivity and specificity; the standard "
        "logit interval of Mercaldo, Lau & Zhou (2007) for precision.",
    )
    for name in ("tp", "fp", "fn", "tn"):
        parser.add_argument(f"--{name}", type=_count, required=True, metavar="N", help=f"number of {name.upper()}s")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from masketeer_gui.evaluation.metrics import evaluate

    metrics = evaluate(args.tp, args.fp, args.fn, args.tn)
    print(json.dumps(metrics.to_dict()) if args.json else format_table(metrics, args))
    return 0


def format_table(metrics: Metrics, args: argparse.Namespace) -> str:
    """An aligned table like the paper's Table 8 (accuracy in percent, the rest as proportions)."""
    rows = [("Metric", "Result", "95% CI", "Method")]
    for label, name, percent in _ROWS:
        estimate: Estimate = getattr(metrics, name)
        rows.append((label, *_cells(estimate, percent), _method(estimate)))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[3] for row in rows
    ]
    total = args.tp + args.fp + args.fn + args.tn
    lines.append(f"TP={args.tp} FP={args.fp} FN={args.fn} TN={args.tn} (n={total})")
    return "\n".join(line.rstrip() for line in lines)


def _cells(estimate: Estimate, percent: bool) -> tuple[str, str]:
    if estimate.value is None or estimate.ci_low is None or estimate.ci_high is None:
        return "n/a", "(no cases in the denominator)"
    if percent:
        return f"{estimate.value:.2%}", f"[{estimate.ci_low * 100:.2f}-{estimate.ci_high * 100:.2f}%]"
    return f"{estimate.value:.3f}", f"[{estimate.ci_low:.3f}-{estimate.ci_high:.3f}]"


def _method(estimate: Estimate) -> str:
    if estimate.value is None:
        return ""
    if estimate.method == "standard logit":
        return "standard logit (Mercaldo et al. 2007)"
    return estimate.method


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    return value
