"""NameLists (the --names JSON), blacklist entries, corrections and NoteContext."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.engine.lists import (
    BlacklistEntry,
    Correction,
    CorrectionAction,
    ListFileError,
    NameLists,
    NoteContext,
)
from masketeer_gui.engine.span import Entity

CONTRACT_EXAMPLE: dict[str, Any] = {
    "patients": ["Maria Huber", "Gstrein"],
    "hcps": ["Ulrike Hofer"],
    "persons": [],
    "medical_sites": ["BKH Schwaz"],
    "whitelist": ["Rumpf"],
    "blacklist": ["Hias", {"term": "Sepp", "entity": "PAT"}],
}


def test_contract_example_parses() -> None:
    lists = NameLists.from_mapping(CONTRACT_EXAMPLE)
    assert lists.patients == ("Maria Huber", "Gstrein")
    assert lists.hcps == ("Ulrike Hofer",)
    assert lists.persons == ()
    assert lists.medical_sites == ("BKH Schwaz",)
    assert lists.whitelist == ("Rumpf",)
    assert lists.blacklist == (BlacklistEntry("Hias", Entity.PER), BlacklistEntry("Sepp", Entity.PAT))


def test_every_key_is_optional() -> None:
    assert NameLists.from_mapping({}) == NameLists()


def test_entries_are_stripped_and_blanks_dropped() -> None:
    lists = NameLists.from_mapping({"patients": ["  Huber ", "", "   "], "blacklist": [" Hias ", {"term": " Sepp"}]})
    assert lists.patients == ("Huber",)
    assert [b.term for b in lists.blacklist] == ["Hias", "Sepp"]


def test_to_mapping_round_trips() -> None:
    lists = NameLists.from_mapping(CONTRACT_EXAMPLE)
    again = NameLists.from_mapping(json.loads(json.dumps(lists.to_mapping())))
    assert again == lists


def test_merged_keeps_both_self_first() -> None:
    a = NameLists(patients=("Huber",), blacklist=(BlacklistEntry("Hias"),))
    b = NameLists(patients=("Gstrein",), hcps=("Hofer",), blacklist=(BlacklistEntry("Sepp", Entity.PAT),))
    merged = a.merged(b)
    assert merged.patients == ("Huber", "Gstrein")
    assert merged.hcps == ("Hofer",)
    assert [e.term for e in merged.blacklist] == ["Hias", "Sepp"]


SECRET = "Zangerl"


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ([SECRET], "expected a JSON object"),
        ({"patienten": [SECRET]}, "unknown key(s) patienten"),
        ({"patients": SECRET}, "'patients' must be a list of names"),
        ({"patients": [{"name": SECRET}]}, "patient entry 1 has no usable 'id'"),
        ({"patients": ["Huber", {"id": "P1"}]}, "patient entry 2 must be a name"),
        ({"hcps": [SECRET, 3]}, "'hcps' must be a list of strings"),
        ({"blacklist": [{"term": SECRET, "entity": "DOC"}]}, "blacklist entry 1 has an unknown entity type"),
        ({"blacklist": ["Hias", {"entity": "PAT"}]}, "blacklist entry 2 must be a term"),
        ({"blacklist": [7]}, "blacklist entry 1 must be a term"),
        ({"blacklist": ["  "]}, "blacklist entry 1 must be a term"),
    ],
)
def test_bad_mapping_is_reported_without_names(data: Any, fragment: str) -> None:
    with pytest.raises(ListFileError) as info:
        NameLists.from_mapping(data, "names.json")
    message = str(info.value)
    assert message.startswith("names.json: ")
    assert fragment in message
    assert SECRET not in message


def test_from_json_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "names.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE), encoding="utf-8")
    assert NameLists.from_json(path) == NameLists.from_mapping(CONTRACT_EXAMPLE)


def test_from_json_names_file_and_line_of_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "names.json"
    path.write_text('{\n"patients": ["Zangerl",\n}\n', encoding="utf-8")
    with pytest.raises(ListFileError) as info:
        NameLists.from_json(path)
    assert str(info.value).startswith(f"{path}:3: invalid JSON")
    assert SECRET not in str(info.value)


def test_from_json_rejects_non_utf8(tmp_path: Path) -> None:
    path = tmp_path / "names.json"
    path.write_bytes('{"patients": ["Müller"]}'.encode("latin-1"))
    with pytest.raises(ListFileError, match="not UTF-8"):
        NameLists.from_json(path)


def test_from_json_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ListFileError, match="cannot read"):
        NameLists.from_json(tmp_path / "missing.json")


def test_note_context_of_accepts_iterables() -> None:
    correction = Correction(0, 5, CorrectionAction.ADD, Entity.PAT)
    context = NoteContext.of(whitelist=iter(["Rumpf"]), blacklist=[BlacklistEntry("Hias")], corrections=[correction])
    assert context == NoteContext(("Rumpf",), (BlacklistEntry("Hias"),), (correction,))
    assert NoteContext.of() == NoteContext()


def test_correction_action_values() -> None:
    assert [a.value for a in CorrectionAction] == ["add", "remove", "retype"]
    assert CorrectionAction("retype") is CorrectionAction.RETYPE


def test_patients_may_map_ids_to_names() -> None:
    lists = NameLists.from_mapping(
        {"patients": [{"id": "P017", "name": " Maria Huber "}, "Gstrein", {"id": 18, "name": "Anna Egger"}]}
    )
    assert lists.patients == ("Maria Huber", "Gstrein", "Anna Egger")
    assert lists.patient_names() == {"P017": ("Maria Huber",), "18": ("Anna Egger",)}
    again = NameLists.from_mapping(json.loads(json.dumps(lists.to_mapping())))
    assert again == lists
    assert lists.to_mapping()["patients"][0] == {"id": "P017", "name": "Maria Huber"}
    assert lists.merged(lists).patient_ids == lists.patient_ids * 2
