"""``masketeer evaluate …`` end to end on the fake engine: sample, gold in, marks, score, agreement, compare, report."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import project as project_command
from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation.decisions import Label
from masketeer_gui.evaluation.formats import GoldFormat, import_gold
from masketeer_gui.evaluation.gold import gold_from_decisions
from masketeer_gui.store import Project
from tests.evaluation.corpus import NAMES
from tests.store.fakes import FakeEngine


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    engine = FakeEngine()
    monkeypatch.setattr(project_command, "ANALYZER_FACTORY", engine)
    return engine


@pytest.fixture
def db(tmp_path: Path, corpus_files: tuple[Path, Path]) -> Path:
    path = tmp_path / "p.db"
    for argv in (["project", "init"], ["project", "import", None], ["project", "run", "--workers", "1"]):
        args = [a if a is not None else str(corpus_files[0]) for a in argv]
        assert main([*args[:2], str(path), *args[2:]]) == 0
    return path


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> Any:
    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def _second_annotator(path: Path, engine: FakeEngine, flips: int) -> None:
    """'bob' copies the gold annotator's marks and flips some TP/FP labels (seeded)."""
    with Project.open(path, analyzer_factory=engine) as project:
        view = io.sample_view(project, 1)
        gold = io.sample_decisions(project, view, "gold")
        rng = random.Random(1)
        flip = set(rng.sample([i for i, d in enumerate(gold) if d.label in (Label.TP, Label.FP)], flips))
        swapped = {Label.TP: Label.FP, Label.FP: Label.TP}
        bob = [
            replace(
                d,
                annotator="bob",
                label=swapped[d.label] if i in flip else d.label,
                judged=None if i in flip else d.judged,
            )
            for i, d in enumerate(gold)
        ]
        io.record_decisions(project, view, bob)


def test_the_evaluation_loop(db: Path, tmp_path: Path, corpus_files: tuple[Path, Path], fake_engine: FakeEngine,
                             capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["evaluate", "sample", str(db), "--n", "30", "--seed", "3", "-o", str(tmp_path / "ids.jsonl")]) == 0
    assert "sample 1 frozen, 30 notes" in capsys.readouterr().err
    assert main(["evaluate", "import-gold", str(db), str(corpus_files[1]), "--annotator", "gold"]) == 0
    assert "60 notes" in capsys.readouterr().err

    score = _json(capsys, ["evaluate", "score", str(db), "--json"])
    (gold_metrics,) = score["metrics"]
    counts = {k: gold_metrics["overall"][k] for k in ("tp", "fp", "fn", "tn")}
    assert all(counts.values())  # the corpus has every kind of case
    table8 = _json(capsys, ["metrics", *(f"--{k}={v}" for k, v in counts.items()), "--json"])
    assert {m: gold_metrics["overall"][m] for m in table8} == table8
    assert {r["key"] for r in gold_metrics["by_entity"]} == {"HCP", "PAT", "PER"}
    strict_all = next(r for r in score["gold"] if (r["matching"], r["entity"]) == ("strict", "all"))
    assert strict_all["gold"] == counts["tp"] + counts["fn"]  # one prediction per found name in this corpus

    _second_annotator(db, fake_engine, flips=3)
    agreement = _json(capsys, ["evaluate", "agreement", str(db), "--sample", "1", "--json"])
    assert agreement["annotators"] == ["bob", "gold"]
    assert len([d for d in agreement["disagreements"] if d["issue"] == "label"]) == 3
    assert 0 < agreement["pairs"][0]["kappa"] < 1
    assert main(["evaluate", "agreement", str(db), "--limit", "2"]) == 0
    listed = capsys.readouterr().out
    assert "Disagreements: 3" in listed and "... 1 more" in listed

    assert main(["terms", "add", str(db), "--whitelist", "Doktor"]) == 0
    assert main(["project", "run", str(db), "--incremental", "--workers", "1"]) == 0
    compared = _json(capsys, ["evaluate", "compare", str(db), "--annotator", "gold", "--json"])
    assert compared["details"] == {"FP gone": counts["fp"]}
    assert compared["new"]["overall"]["fp"] == 0 and compared["new"]["overall"]["tp"] == counts["tp"]

    report = tmp_path / "report.html"
    argv = [
        "evaluate",
        "report",
        str(db),
        "-o",
        str(report),
        "--csv",
        str(tmp_path / "r.csv"),
        "--json",
        str(tmp_path / "r.json"),
    ]
    assert main([*argv, "--compare", "--annotator", "gold"]) == 0
    html = report.read_text(encoding="utf-8")
    for anchor in ("table8", "entities", "maskers", "gold", "agreement", "disagreements", "compare", "reproducibility"):
        assert f'id="{anchor}"' in html
    assert not any(name in html for name in NAMES)  # no note text by default
    assert (
        json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["comparison"]["counts"]["fixed"] == counts["fp"]
    )
    assert (tmp_path / "r.csv").read_text(encoding="utf-8").startswith("section,annotator,group,key")
    assert main([*argv, "--include-text"]) == 0
    assert any(name in report.read_text(encoding="utf-8") for name in NAMES)


def test_gold_export_round_trips(db: Path, tmp_path: Path, corpus_files: tuple[Path, Path],
                                 capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["evaluate", "sample", str(db), "--n", "20", "--seed", "9"]) == 0
    assert main(["evaluate", "import-gold", str(db), str(corpus_files[1]), "--annotator", "gold"]) == 0
    with Project.open(db, readonly=True) as project:
        view = io.sample_view(project, 1)
        expected = gold_from_decisions(io.sample_decisions(project, view, "gold"))
    for fmt in ("jsonl", "brat", "conll"):
        target = tmp_path / f"out.{fmt}"
        assert main(["evaluate", "export-gold", str(db), "--format", fmt, "-o", str(target)]) == 0
        assert f"{len(expected)} notes" in capsys.readouterr().err
    assert import_gold(GoldFormat.JSONL, tmp_path / "out.jsonl") == expected
    assert import_gold(GoldFormat.BRAT, tmp_path / "out.brat") == expected
    assert "\tB-HCP" in (tmp_path / "out.conll").read_text(encoding="utf-8")
    # BRAT back into a project: the same gold, and the same marks for a new annotator
    assert main(["evaluate", "import-gold", str(db), str(tmp_path / "out.brat"), "--annotator", "brat"]) == 0
    with Project.open(db, readonly=True) as project:
        view = io.sample_view(project, 1)
        again = gold_from_decisions(io.sample_decisions(project, view, "brat"))
    assert again == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["evaluate", "score", "{db}"], "no sample yet"),
        (
            ["evaluate", "export-gold", "{db}", "--sample", "7", "--format", "jsonl", "-o", "{tmp}/x"],
            "no sample with id 7",
        ),
    ],
)
def test_usage_errors_exit_2(
    db: Path, tmp_path: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    filled = [a.format(db=db, tmp=tmp_path) for a in argv]
    assert main(filled) == 2
    assert message in capsys.readouterr().err


def test_errors_after_sampling(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "sample", str(db), "--n", "10", "--seed", "1"]) == 0
    assert main(["evaluate", "score", str(db)]) == 2
    assert "sample 1 has no marks yet" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "E000", "spans": []}\n{"id": "E001", "spans": [{"start": 0}]}\n', encoding="utf-8")
    assert main(["evaluate", "import-gold", str(db), str(bad)]) == 2
    assert "bad.jsonl:2:" in capsys.readouterr().err
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text('{"id": "nope", "spans": []}\n', encoding="utf-8")
    assert main(["evaluate", "import-gold", str(db), str(unknown)]) == 2
    assert "'nope' is not in the project" in capsys.readouterr().err
    assert main(["evaluate", "import-gold", str(db), str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["evaluate", "agreement", str(db)]) == 2  # no marks at all yet


def test_evaluate_sample_is_masketeer_sample(db: Path, tmp_path: Path) -> None:
    assert main(["evaluate", "sample", str(db), "--n", "25", "--seed", "4", "-o", str(tmp_path / "a.jsonl")]) == 0
    assert main(["sample", str(db), "--n", "25", "--seed", "4", "-o", str(tmp_path / "b.jsonl")]) == 0
    assert (tmp_path / "a.jsonl").read_text(encoding="utf-8") == (tmp_path / "b.jsonl").read_text(encoding="utf-8")


def test_sample_plan_is_reproducible_and_proportional(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    plans = []
    for _ in range(2):
        assert main(["evaluate", "sample", str(db), "--n", "25", "--seed", "4", "--plan"]) == 0
        plans.append(capsys.readouterr().out)
    assert plans[0] == plans[1]
    rows = [line.split() for line in plans[0].splitlines()[1:]]
    sizes, quotas = [int(r[1]) for r in rows], [int(r[2]) for r in rows]
    assert sum(quotas) == 25
    assert all(abs(q - 25 * s / sum(sizes)) < 1 for s, q in zip(sizes, quotas, strict=True))


def test_agreement_needs_two_annotators(
    db: Path, corpus_files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", "sample", str(db), "--n", "10", "--seed", "2"]) == 0
    assert main(["evaluate", "import-gold", str(db), str(corpus_files[1]), "--annotator", "gold"]) == 0
    assert main(["evaluate", "agreement", str(db)]) == 2
    assert "marked by one annotator only" in capsys.readouterr().err
    assert main(["evaluate", "import-gold", str(db), str(corpus_files[1]), "--annotator", "gold"]) == 2
    assert "'gold' has marks in sample 1 already" in capsys.readouterr().err
