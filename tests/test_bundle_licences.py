"""packaging/collect_licenses.py: the desktop bundle's licence texts and SBOM, from installed metadata."""

from __future__ import annotations

import importlib.util
import json
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "packaging" / "collect_licenses.py"


@pytest.fixture(scope="module")
def collector() -> ModuleType:
    pytest.importorskip("packaging", reason="the build tool 'packaging' is not installed")
    spec = importlib.util.spec_from_file_location("collect_licenses", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_gui_closure_ships_qt_and_the_engine_dependencies(collector: ModuleType) -> None:
    pytest.importorskip("PySide6", reason="the gui extra is not installed")
    shipped = collector.shipped()
    assert {"masketeer-gui", "pyside6-essentials", "shiboken6", "sqlalchemy", "regex"} <= set(shipped)
    assert not {"pytest", "ruff", "mypy", "faker", "hypothesis"} & set(shipped)  # dev and data extras stay out


def test_licence_texts_and_sbom_are_written(collector: ModuleType, tmp_path: Path) -> None:
    pytest.importorskip("PySide6", reason="the gui extra is not installed")
    assert collector.main(tmp_path) == 0
    licences = tmp_path / "licenses"
    qt = next(licences.glob("pyside6-essentials-*"))
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (qt / "LGPL-3.0.txt").read_text(encoding="utf-8")
    assert (next(licences.glob("masketeer-gui-*")) / "NOTICE").is_file()
    assert (next(licences.glob("python-*")) / "LICENSE.txt").is_file()
    for folder in licences.iterdir():
        assert any(folder.iterdir()), f"{folder.name} has no licence text"
    bom = json.loads((tmp_path / "sbom.cdx.json").read_text(encoding="utf-8"))
    assert bom["bomFormat"] == "CycloneDX" and bom["metadata"]["component"]["name"] == "masketeer-gui"
    versions = {c["name"]: c.get("version") for c in bom["components"]}
    assert versions["sqlalchemy"] == metadata.version("sqlalchemy")
    refs = {c["bom-ref"] for c in bom["components"]} | {bom["metadata"]["component"]["bom-ref"]}
    assert all(d["ref"] in refs and set(d["dependsOn"]) <= refs for d in bom["dependencies"])
