#!/usr/bin/env python3
"""The worked example of the evaluation workspace (issue 5), on the bundled synthetic demo corpus.

Creates a project from ``resources/demo/`` (notes, name lists), runs the engine, draws the paper's
200-note sample stratified by spans per note, and lets two simulated evaluators mark it from the
demo's gold file: "anna" marks exactly what the gold says (the paper's rules, Table 5), "ben"
disagrees on about 5% of his decisions (seeded). Then two list changes (one fixing a miss, one
careless whitelist entry) and an incremental run give something to compare. Finally
``masketeer evaluate report`` writes ``report.html`` (+ CSV and JSON) next to this script and,
if Chromium is installed, ``report.png``.

Everything here is synthetic. Run from the repository root:

    .venv/bin/python docs/evaluation/make_worked_example.py [--project demo-eval.db] [--no-png]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from masketeer_gui.cli import main as masketeer  # noqa: E402
from masketeer_gui.engine.lists import NameLists  # noqa: E402
from masketeer_gui.engine.span import NAME_ENTITIES, Entity  # noqa: E402
from masketeer_gui.evaluation import project_io as io  # noqa: E402
from masketeer_gui.evaluation.decisions import Decision, Label, decisions_from_gold  # noqa: E402
from masketeer_gui.evaluation.formats import GoldFormat, import_gold  # noqa: E402
from masketeer_gui.store import Project  # noqa: E402
from masketeer_gui.store.rows import TermKind, TermSpec  # noqa: E402

DEMO = ROOT / "resources" / "demo"
OUT = Path(__file__).resolve().parent
SAMPLE_SEED, NOISE_SEED, NOISE = 2024, 7, 0.05


def build_project(path: Path) -> None:
    """The demo corpus and its name lists in a fresh project, analysed once."""
    with Project.create(path, user="worked-example") as project:
        project.import_corpus(DEMO / "notes.jsonl")
        project.terms.import_names(NameLists.from_json(DEMO / "names.json"), why="demo name lists")
        run = project.runs.run(incremental=False, workers=2)
        print(f"run {run.id}: {run.notes_analyzed} notes, {run.spans_found} spans")


def perfect(view: io.SampleView, gold: dict[str, tuple], who: str) -> list[Decision]:
    """What an evaluator following the gold exactly would mark."""
    return [
        d
        for n in view.notes
        for d in decisions_from_gold(n.external_id, gold[n.external_id], view.spans[n.external_id], who)
    ]


def noisy(decisions: list[Decision], who: str, rng: random.Random) -> list[Decision]:
    """The same marks with about ``NOISE`` of them changed: a label flipped, a type mistaken, a miss overlooked."""
    out: list[Decision] = []
    for d in decisions:
        d = replace(d, annotator=who)
        if rng.random() >= NOISE or d.label is Label.TN:
            out.append(d)
        elif d.label is Label.TP and rng.random() < 0.5:
            out.append(replace(d, label=Label.FP, judged=None))
        elif d.label is Label.TP:
            others = sorted(NAME_ENTITIES - {d.entity}) if d.entity in NAME_ENTITIES else [Entity.PER]
            out.append(replace(d, judged=rng.choice(others)))
        elif d.label is Label.FP:
            out.append(replace(d, label=Label.TP, judged=d.predicted))
        # an FN left out: the evaluator overlooked the missed name
    judged = {d.note_id for d in out}
    return out + [Decision(note, Label.TN, annotator=who) for note in sorted({d.note_id for d in decisions} - judged)]


def mark(path: Path) -> None:
    """Import the gold, let both evaluators mark the sample."""
    with Project.open(path) as project:
        view = io.sample_view(project, 1)
        texts = {n.external_id: project.notes.get(n.note_id).text for n in view.notes}
        gold = import_gold(GoldFormat.JSONL, DEMO / "gold.jsonl")
        io.save_gold(project, gold, "gold.jsonl")
        sample_gold = {note: gold[note] for note in texts}
        anna = perfect(view, sample_gold, "anna")
        ben = noisy(anna, "ben", random.Random(NOISE_SEED))
        io.record_decisions(project, view, anna + ben)
        changed = len(set(anna) - {replace(b, annotator="anna") for b in ben})
        print(f"marks: anna {len(anna)}, ben {len(ben)} ({changed} of anna's not made the same way by ben)")
        _change_lists(project, anna, texts)


def _change_lists(project: Project, anna: list[Decision], texts: dict[str, str]) -> None:
    """Two list changes, then an incremental run: blacklist the most frequent miss (a fix) and whitelist the
    most frequent correctly masked name (a careless entry: a regression), so the comparison shows both."""
    fns = Counter(
        (texts[d.note_id][d.start : d.end], d.entity) for d in anna if d.label is Label.FN and d.start is not None
    )
    tps = Counter(texts[d.note_id][d.start : d.end] for d in anna if d.label is Label.TP and d.start is not None)
    if fns:
        (missed, entity), _ = fns.most_common(1)[0]
        project.terms.add(TermSpec(TermKind.BLACKLIST, missed, entity), why="worked example: frequent miss")
    if tps:
        project.terms.add(TermSpec(TermKind.WHITELIST, tps.most_common(1)[0][0]), why="worked example: careless entry")
    run = project.runs.run(incremental=True)
    print(f"run {run.id} (after one blacklist and one whitelist entry): {run.notes_analyzed} notes re-analysed")


def report(path: Path) -> Path:
    html = OUT / "report.html"
    argv = ["evaluate", "report", str(path), "--sample", "1", "-o", str(html), "--csv", str(OUT / "report.csv")]
    argv += [
        "--json",
        str(OUT / "report.json"),
        "--compare",
        "--annotator",
        "anna",
        "--title",
        "Worked example: demo corpus",
    ]
    if masketeer(argv) != 0:
        raise SystemExit("the report failed")
    for action in ("score", "agreement"):
        masketeer(
            ["evaluate", action, str(path), "--sample", "1", *(["--limit", "5"] if action == "agreement" else [])]
        )
    return html


def screenshot(html: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser is None:
        print("no Chromium found: skipping report.png")
        return
    png = OUT / "report.png"
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--screenshot={png}"]
    subprocess.run([*command, "--window-size=1200,2400", html.as_uri()], check=True, capture_output=True, timeout=120)
    print(f"wrote {png}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", type=Path, help="keep the project here (default: a temporary folder)")
    parser.add_argument("--no-png", action="store_true", help="do not render report.png")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.project or Path(folder) / "demo-eval.db"
        if path.exists():
            raise SystemExit(f"{path} exists; choose another --project")
        build_project(path)
        if masketeer(
            ["evaluate", "sample", str(path), "--n", "200", "--seed", str(SAMPLE_SEED), "--name", "worked example"]
        ):
            raise SystemExit("sampling failed")
        mark(path)
        html = report(path)
    if not args.no_png:
        screenshot(html)


if __name__ == "__main__":
    main()
