"""Privacy: the app opens no network connection, ever (checked statically and at run time)."""

from __future__ import annotations

import ast
import json
import socket
from pathlib import Path

import pytest

from masketeer_gui.cli import main

PACKAGE = Path(__file__).resolve().parents[1] / "masketeer_gui"
NETWORK_MODULES = ("socket", "ssl", "http", "urllib.request", "ftplib", "smtplib", "requests", "PySide6.QtNetwork")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_a_network_library(path: Path) -> None:
    bad = {name for name in _imports(path) for net in NETWORK_MODULES if name == net or name.startswith(net + ".")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_deidentify_and_a_project_run_open_no_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a network connection was attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    corpus = tmp_path / "notes.jsonl"
    notes = [{"id": i, "text": f"Frau Huber ruft an, Tel. 0664 123456{i}, www.herzmobil.at"} for i in range(5)]
    corpus.write_text("\n".join(json.dumps(n, ensure_ascii=False) for n in notes) + "\n", encoding="utf-8")
    assert main(["deidentify", str(corpus), "-o", str(tmp_path / "out.jsonl"), "--workers", "1"]) == 0
    project = tmp_path / "p.db"
    assert main(["project", "init", str(project)]) == 0
    assert main(["project", "import", str(project), str(corpus)]) == 0
    assert main(["project", "run", str(project)]) == 0
