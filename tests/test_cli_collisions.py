"""``masketeer deidentify`` settles tag collisions by the order-free rule (forced with one-character tags)."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from tests.fake_analyzer import fake_factory


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)


def notes(order: list[int]) -> list[str]:
    """Eighty invented patients and ten doctors: far more references than 36 one-character tags."""
    return [json.dumps({"id": f"N{i}", "text": f"Frau Wendelgart{i} und Dr. Quastl{i % 10}."}) for i in order]


def tags_by_note(tmp_path: Path, order: list[int], workers: int) -> dict[str, list[str]]:
    source, out, key = tmp_path / f"in{workers}.jsonl", tmp_path / f"out{workers}.jsonl", tmp_path / "k.key"
    source.write_text("\n".join(notes(order)) + "\n", encoding="utf-8")
    args = ["deidentify", source, "-o", out, "--key-file", key, "--tag-length", "1", "--workers", str(workers)]
    assert main([str(a) for a in args] + ["--chunk-size", "16"]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == [f"N{i}" for i in order]
    return {r["id"]: [s["pseudonym"] for s in r["spans"]] for r in records}


def test_tags_do_not_depend_on_the_order_or_the_workers(tmp_path: Path) -> None:
    forward = tags_by_note(tmp_path, list(range(80)), 1)
    backward = tags_by_note(tmp_path, list(reversed(range(80))), 2)
    assert backward == forward


def test_each_tag_names_one_reference_and_shared_base_tags_all_lengthen(tmp_path: Path) -> None:
    tags = tags_by_note(tmp_path, list(range(80)), 1)
    owners: dict[str, set[str]] = defaultdict(set)
    for index in range(80):
        patient, doctor = tags[f"N{index}"]
        owners[patient].add(f"p{index}")
        owners[doctor].add(f"d{index % 10}")
    assert all(len(refs) == 1 for refs in owners.values())
    lengthened = [tag for tag in owners if len(tag) > len("[PAT-X]")]
    assert len(lengthened) > 40  # 80 patients in 36 slots
    base = {tag[: len("[PAT-X")] for tag in lengthened}
    assert not any(tag[:-1] in base for tag in owners if len(tag) == len("[PAT-X]"))  # no pair kept a short one
