"""bench/eval_accuracy.py end to end on fabricated predictions (no engine needed)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from masketeer_gui.synth.generator import generate
from masketeer_gui.synth.gold import write_jsonl

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "eval_accuracy.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("eval_accuracy", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    corpus = generate(120, 99)
    paths = {k: tmp_path / f"{k}.jsonl" for k in ("corpus", "gold", "perfect", "empty")}
    write_jsonl(paths["corpus"], corpus.notes)
    write_jsonl(paths["gold"], (g.to_dict() for g in corpus.gold))
    write_jsonl(paths["perfect"], ({"id": g.id, "spans": [s.to_dict() for s in g.spans]} for g in corpus.gold))
    write_jsonl(paths["empty"], ({"id": g.id, "spans": []} for g in corpus.gold))
    return paths


def _run(script: ModuleType, files: dict[str, Path], predictions: str, tmp_path: Path) -> dict:
    out = tmp_path / "report.json"
    argv = [
        "--corpus",
        str(files["corpus"]),
        "--gold",
        str(files["gold"]),
        "--predictions",
        str(files[predictions]),
    ]
    assert script.main([*argv, "--sample", "50", "--json", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_perfect_predictions_score_one(script: ModuleType, files: dict[str, Path], tmp_path: Path) -> None:
    report = _run(script, files, "perfect", tmp_path)
    assert report["notes"] == 120
    assert report["paper"]["fp"] == report["paper"]["fn"] == 0
    assert report["paper"]["accuracy"] == 1.0 and report["exact"]["f1"] == 1.0
    assert report["entity_agreement"] == 1.0
    assert report["sample"]["size"] == 50 and report["sample"]["accuracy"] == 1.0
    assert all(v["hit"] == 0 for v in report["traps"].values())


def test_no_predictions_miss_everything(
    script: ModuleType, files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _run(script, files, "empty", tmp_path)
    assert report["paper"]["tp"] == 0 and report["paper"]["sensitivity"] == 0.0
    gold_lines = files["gold"].read_text(encoding="utf-8").splitlines()
    assert report["paper"]["tn"] == sum('"spans":[]' in line for line in gold_lines)
    printed = capsys.readouterr().out
    assert "Paper-style" in printed and "Most frequent false negatives" in printed


def test_corpus_needs_gold(script: ModuleType) -> None:
    with pytest.raises(SystemExit):
        script.main(["--corpus", "x.jsonl"])
