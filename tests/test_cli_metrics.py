"""``masketeer metrics``: Table 8 as a table and as docs/CONTRACT.md JSON."""

from __future__ import annotations

import json

import pytest

from masketeer_gui.cli import main

PAPER = ["--tp", "214", "--fp", "6", "--fn", "13", "--tn", "83"]


def test_table_reproduces_the_paper(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metrics", *PAPER]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["Metric", "Result", "95%"]
    assert lines[1].split()[:3] == ["Accuracy", "93.99%", "[90.77-96.34%]"]
    assert lines[2].split()[:3] == ["Specificity", "0.933", "[0.859-0.975]"]
    assert lines[3].split()[:3] == ["Sensitivity", "0.943", "[0.904-0.969]"]
    assert lines[4].split()[:3] == ["Precision", "0.973", "[0.943-0.987]"]
    assert "Mercaldo" in lines[4]
    assert lines[5] == "TP=214 FP=6 FN=13 TN=83 (n=316)"
    assert len({line.index("[") for line in lines[1:5]}) == 1  # aligned


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metrics", *PAPER, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["accuracy", "sensitivity", "specificity", "precision"]
    assert all(list(v) == ["value", "ci_low", "ci_high"] for v in data.values())
    assert round(data["precision"]["ci_low"], 3) == 0.943


def test_zero_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metrics", "--tp", "0", "--fp", "0", "--fn", "0", "--tn", "9"]) == 0
    out = capsys.readouterr().out
    assert "Sensitivity  n/a" in out and "Specificity  1.000" in out
    assert main(["metrics", "--tp", "0", "--fp", "0", "--fn", "0", "--tn", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["precision"] == {
        "value": None,
        "ci_low": None,
        "ci_high": None,
    }


@pytest.mark.parametrize("bad", [["--tp", "-1"], ["--tp", "x"], []])
def test_bad_counts_exit_2(capsys: pytest.CaptureFixture[str], bad: list[str]) -> None:
    argv = ["metrics", "--fp", "1", "--fn", "1", "--tn", "1", *bad]
    assert main(argv) == 2
    assert "--tp" in capsys.readouterr().err
