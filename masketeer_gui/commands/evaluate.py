"""``masketeer evaluate …``: the evaluation workspace from the command line (issue 5; paper 2.3.1, Tables 5-8).

``sample`` draws and freezes a stratified sample (as ``masketeer sample``); ``score`` prints Table 8
per annotator, per entity type and per masker (and entity-level scores against imported gold);
``agreement`` gives kappa, alpha, pairwise F1 and the disagreements; ``compare`` re-scores the
sample's marks against a newer run; ``report`` writes the HTML report (plus CSV/JSON);
``export-gold`` / ``import-gold`` move gold annotations in and out. ``--sample`` defaults to the
latest sample. Nothing printed contains note text; the report only with ``--include-text``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError
from masketeer_gui.commands import sample as sample_command
from masketeer_gui.commands.project import positive

# evaluation.formats.GoldFormat's values (spelled out so that --help imports no evaluation code)
GOLD_FORMATS = ("jsonl", "brat", "conll", "inception-tsv", "spacy", "prodigy", "doccano")
IMPORTABLE_FORMATS = tuple(f for f in GOLD_FORMATS if f != "conll")

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers

Handler = Callable[[argparse.Namespace], int]


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="evaluate the engine on a marked sample: metrics, agreement, runs compared, reports, gold",
        description="Evaluate the engine as the Masketeer paper did (2.3.1, Tables 5-8) on a frozen, marked sample: "
        "metrics with 95% CIs, inter-annotator agreement, runs compared, reports, gold in and out. No command "
        "prints note text; the report shows it only with --include-text.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    draw = actions.add_parser("sample", help="draw and freeze a stratified sample (same as `masketeer sample`)")
    draw.add_argument("project", type=Path, metavar="P.db")
    draw.add_argument("--n", type=positive, default=200, help="number of notes (default 200)")
    draw.add_argument("--seed", type=int, required=True, help="random seed: same seed, same sample")
    draw.add_argument("--by-length", action="store_true", help="also stratify by note-length tertiles")
    draw.add_argument("--name", default="", help="a name for the sample")
    draw.add_argument("--plan", action="store_true", help="only show the strata and quotas; save nothing")
    draw.add_argument("-o", "--output", type=Path, metavar="IDS.jsonl", help="write the sampled note ids")
    draw.set_defaults(handler=sample_command.run)
    score = _sampled(actions, "score", "Table 8 with 95%% CIs per annotator, entity type and masker")
    score.add_argument("--annotator", metavar="NAME", help="only this annotator's marks")
    agree = _sampled(actions, "agreement", "Cohen's kappa, Krippendorff's alpha, pairwise F1, disagreements")
    agree.add_argument("--limit", type=int, default=50, metavar="N", help="disagreements to list (default 50)")
    comp = _sampled(actions, "compare", "re-score the sample's marks against a newer run")
    comp.add_argument("--run", type=positive, metavar="RUN_ID", help="the newer run (default: the latest)")
    comp.add_argument("--annotator", metavar="NAME", help="whose marks (needed when several marked)")
    _report_parser(actions)
    _gold_parsers(actions)


def _sampled(actions: Subparsers, name: str, help_text: str, json_flag: bool = True) -> argparse.ArgumentParser:
    parser = actions.add_parser(name, help=help_text)
    parser.add_argument("project", type=Path, metavar="P.db")
    parser.add_argument("--sample", type=positive, metavar="ID", help="the sample (default: the latest)")
    if json_flag:
        parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.set_defaults(handler=lazy(name))
    return parser


def _report_parser(actions: Subparsers) -> None:
    report = _sampled(actions, "report", "write a self-contained HTML report (and CSV/JSON)", json_flag=False)
    report.add_argument("-o", "--output", type=Path, required=True, metavar="REPORT.html")
    report.add_argument("--csv", type=Path, metavar="OUT.csv", help="also write the numbers as CSV")
    report.add_argument("--json", dest="json_file", type=Path, metavar="OUT.json", help="also write them as JSON")
    report.add_argument(
        "--include-text", action="store_true", help="show note text around disagreements (do not share)"
    )
    report.add_argument("--compare", nargs="?", const=0, type=int, metavar="RUN_ID", help="add a comparison with a run")
    report.add_argument("--annotator", metavar="NAME", help="whose marks the comparison follows")
    report.add_argument("--title", default="Masketeer evaluation report")


def _gold_parsers(actions: Subparsers) -> None:
    export = actions.add_parser("export-gold", help="write a sample's gold (an annotator's TP+FN, or imported gold)")
    export.add_argument("project", type=Path, metavar="P.db")
    export.add_argument("--sample", type=positive, metavar="ID", help="the sample (default: the latest)")
    export.add_argument("--format", choices=GOLD_FORMATS, required=True)
    export.add_argument(
        "-o", "--output", type=Path, required=True, metavar="PATH", help="a file (a folder for brat, inception-tsv)"
    )
    source = export.add_mutually_exclusive_group()
    source.add_argument("--annotator", metavar="NAME", help="whose marks (needed when several marked)")
    source.add_argument("--imported", action="store_true", help="the gold imported with import-gold")
    export.add_argument("--include-text", action="store_true", help="jsonl: add each span's text")
    export.set_defaults(handler=lazy("export_gold"))
    load = actions.add_parser(
        "import-gold", help="import gold (JSONL with offsets, BRAT, INCEpTION TSV, spaCy, Prodigy or doccano JSONL)"
    )
    load.add_argument("project", type=Path, metavar="P.db")
    load.add_argument("input", type=Path, metavar="FILE", help="a .jsonl file, a folder (BRAT, TSV), .ann or .tsv")
    load.add_argument("--format", choices=IMPORTABLE_FORMATS, help="default: from the file name")
    load.add_argument("--sample", type=positive, metavar="ID", help="with --annotator: the sample to mark")
    load.add_argument("--annotator", metavar="NAME", help="also record the gold as this annotator's marks")
    load.set_defaults(handler=lazy("import_gold"))


def lazy(name: str) -> Handler:
    """The handler ``name`` of ``_evaluate_actions`` (imported when run, so ``--help`` stays fast);
    evaluation input problems become usage errors (exit 2)."""

    def run(args: argparse.Namespace) -> int:
        from masketeer_gui.commands import _evaluate_actions
        from masketeer_gui.evaluation.gold import GoldFormatError
        from masketeer_gui.evaluation.project_io import EvaluationInputError

        try:
            handler: Handler = getattr(_evaluate_actions, name)
            return handler(args)
        except (EvaluationInputError, GoldFormatError) as exc:
            raise UsageError(str(exc)) from None

    return run
