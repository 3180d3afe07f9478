"""The documentation's examples run: every ``python`` block of the listed pages, in order, in one namespace."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["docs/examples/quickstart.md", "docs/API.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
NEEDS = re.compile(r"#\s*needs:\s*([\w.]+)")


def blocks(page: str) -> list[str]:
    return BLOCK.findall((ROOT / page).read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = blocks(page)
    assert code, f"{page} has no python blocks"
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    skipped = []
    for number, block in enumerate(code, 1):
        needs = NEEDS.match(block)
        if needs and importlib.util.find_spec(needs[1]) is None:
            skipped.append(needs[1])
            continue
        exec(compile(block, f"{page} (python block {number})", "exec"), namespace)
    if skipped:
        pytest.skip(f"{page}: blocks needing {', '.join(sorted(set(skipped)))} were not run (optional packages)")


def test_the_runner_fails_on_a_broken_block(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```python\nassert 1 == 2\n```\n", encoding="utf-8")
    (block,) = BLOCK.findall(page.read_text(encoding="utf-8"))
    with pytest.raises(AssertionError):
        exec(compile(block, "page", "exec"), {})
