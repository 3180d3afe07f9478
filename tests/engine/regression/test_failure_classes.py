"""Golden files per failure class of issue 9 (``"failure_class": n`` in the file), each with a known failure.

The notes and the checks are in ``test_regression.py``; this file makes sure the classes of the rules
(2 sites, 3 addresses, 4 phones, 7 German/Swiss letters) keep a golden file, and that each file states
what the engine still gets wrong, deduce style, instead of listing only what passes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HERE = Path(__file__).parent
RULE_CLASSES = {2, 3, 4, 7}


def by_class() -> dict[int, dict[str, object]]:
    files = (json.loads(path.read_text(encoding="utf-8")) for path in sorted(HERE.glob("*.json")))
    return {data["failure_class"]: data for data in files if "failure_class" in data}


def test_every_rule_class_has_a_golden_file() -> None:
    assert set(by_class()) >= RULE_CLASSES


@pytest.mark.parametrize("failure_class", sorted(RULE_CLASSES))
def test_class_file_has_passing_notes_and_known_failures(failure_class: int) -> None:
    data = by_class()[failure_class]
    examples = data["examples"]
    known = data["known_failures"]
    assert isinstance(examples, list) and isinstance(known, list)
    assert known, "state at least one form the engine still misses"
    assert len(examples) > 2 * len(known), "most notes of a class file must pass"
