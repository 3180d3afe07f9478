"""The desktop integration claims our own MIME type, and its magic matches a real project file."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from masketeer_gui.store import Project

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
MIME = "application/x-masketeer-project"


def _matches(data: bytes, match: ET.Element) -> bool:
    offset, value = int(match.get("offset", "0")), match.get("value", "")
    if match.get("type") == "string":
        expected = value.encode()
    else:
        assert match.get("type") == "big32"
        expected = int(value, 16).to_bytes(4, "big")
    return data[offset : offset + len(expected)] == expected and all(
        _matches(data, child) for child in match.findall("m:match", NS)
    )


def _magic() -> ET.Element:
    mime = ET.parse(RESOURCES / "masketeer-gui-mime.xml").getroot().find("m:mime-type", NS)
    assert mime is not None and mime.get("type") == MIME
    (match,) = mime.findall("m:magic/m:match", NS)
    return match


def test_the_desktop_file_claims_only_the_project_type() -> None:
    lines = (RESOURCES / "masketeer-gui.desktop").read_text(encoding="utf-8").splitlines()
    (mime_line,) = [line for line in lines if line.startswith("MimeType=")]
    assert mime_line == f"MimeType={MIME};"


def test_the_magic_matches_a_new_project_file(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    Project.create(path).close()
    assert _matches(path.read_bytes()[:100], _magic())


def test_the_magic_does_not_match_another_sqlite_file(tmp_path: Path) -> None:
    import sqlite3
    from contextlib import closing

    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("CREATE TABLE t (x)")
        connection.commit()
    assert not _matches(path.read_bytes()[:100], _magic())
