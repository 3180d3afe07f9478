"""Without an optional package the feature says which extra to install; the package still imports."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from masketeer_gui._optional import MissingDependency


def test_presidio_adapter_without_presidio(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "presidio_analyzer", None)
    monkeypatch.delitem(sys.modules, "masketeer_gui.formats.presidio", raising=False)
    with pytest.raises(MissingDependency, match=r"'presidio-analyzer': pip install 'masketeer-gui\[presidio\]'"):
        importlib.import_module("masketeer_gui.formats.presidio")
    monkeypatch.delitem(sys.modules, "masketeer_gui.formats.presidio", raising=False)


def test_parquet_without_pyarrow(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from masketeer_gui.formats.parquet import read_rows

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingDependency, match=r"masketeer-gui\[parquet\]"):
        next(read_rows(tmp_path / "x.parquet"))
