"""The command line: files in the docs/CONTRACT.md formats, the bundled demo corpus up to date."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.synth.cli import main
from masketeer_gui.synth.generator import generate
from masketeer_gui.synth.gold import read_gold, read_jsonl

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
DEMO_NOTES, DEMO_SEED = 600, 2024


def test_main_writes_corpus_gold_names_and_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, gold, names, stats = (tmp_path / f for f in ("c.jsonl", "g.jsonl", "n.json", "s.json"))
    assert (
        main(
            [
                "--n",
                "40",
                "--seed",
                "3",
                "-o",
                str(out),
                "--gold",
                str(gold),
                "--names",
                str(names),
                "--stats",
                str(stats),
            ]
        )
        == 0
    )
    notes = list(read_jsonl(out))
    assert len(notes) == 40 and notes == generate(40, 3).notes
    assert [g.id for g in read_gold(gold)] == [n["id"] for n in notes]
    assert NameLists.from_json(names).patients
    assert json.loads(stats.read_text(encoding="utf-8"))["notes"] == 40
    err = capsys.readouterr().err
    assert "40 notes" in err
    assert all(n["text"] not in err for n in notes if len(n["text"]) > 10)  # no note text on stderr


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--n", "0", "-o", str(tmp_path / "c.jsonl")])
    assert exc.value.code == 2


def test_unwritable_output_exits_2(tmp_path: Path) -> None:
    assert main(["--n", "5", "-o", str(tmp_path / "missing" / "c.jsonl")]) == 2


def test_python_dash_m_works(tmp_path: Path) -> None:
    out = tmp_path / "c.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "masketeer_gui.synth", "--n", "10", "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 10


def test_bundled_demo_is_what_the_generator_makes() -> None:
    """If this fails after a generator change, regenerate: python -m masketeer_gui.synth --n 600 --seed 2024
    -o resources/demo/notes.jsonl --gold resources/demo/gold.jsonl --names resources/demo/names.json"""
    corpus = generate(DEMO_NOTES, DEMO_SEED)
    assert list(read_jsonl(DEMO / "notes.jsonl")) == corpus.notes
    assert read_gold(DEMO / "gold.jsonl") == corpus.gold
    assert json.loads((DEMO / "names.json").read_text(encoding="utf-8")) == corpus.names
