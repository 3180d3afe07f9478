"""Leak check: a name masked in one place but left in another (same note, same patient, or listed)."""

from __future__ import annotations

from typing import Any

import pytest

from masketeer_gui.engine.leak import find_leaks, listed_forms, loose, name_forms
from masketeer_gui.engine.lists import NameLists


def record(original: str, masked: list[tuple[str, str]], pseudonym: str = "[PAT-ABCDEFGH]") -> dict[str, Any]:
    """A deidentify output record of ``original`` with each ``(word, entity)`` masked at its first place."""
    spans: list[dict[str, Any]] = []
    position = 0
    for word, entity in masked:
        start = original.index(word, position)
        spans.append({"start": start, "end": start + len(word), "entity": entity, "pseudonym": pseudonym})
        position = start + len(word)
    text: list[str] = []
    last = 0
    for span in spans:
        text += [original[last : span["start"]], span["pseudonym"]]
        last = span["end"]
    return {"id": "N1", "text": "".join([*text, original[last:]]), "spans": spans}


def leaked_words(original: str, masked: list[tuple[str, str]]) -> list[str]:
    out = record(original, masked)
    own = name_forms(original, out["spans"])
    return [out["text"][k.start : k.end] for k in find_leaks(out, own)]


@pytest.mark.parametrize(
    ("original", "masked", "leaked"),
    [
        ("Frau Maria Huber kam. Später rief Huber an.", [("Maria", "PAT"), ("Huber", "PAT")], ["Huber"]),
        ("Frau Huber kam. Hubers Tochter rief an.", [("Huber", "PAT")], ["Hubers"]),
        ("Frau Huber kam. Huber's Tochter rief an.", [("Huber", "PAT")], ["Huber's"]),
        ("Frau Huber-Egger kam. Egger rief an.", [("Huber-Egger", "PAT")], ["Egger"]),
        ("Frau Müller kam. MUELLER rief an.", [("Müller", "PAT")], ["MUELLER"]),
        ("Frau Müller kam. Muller rief an.", [("Müller", "PAT")], ["Muller"]),
        ("Frau Huber kam. Die Tochter Maria-Huber rief an.", [("Huber", "PAT")], ["Huber"]),
        ("Frau Huber kam. Alles gut.", [("Huber", "PAT")], []),
        ("Frau Huber kam. Hubert rief an.", [("Huber", "PAT")], []),
        ("Dr. U. Hofer kam. Um 9 Uhr.", [("U", "HCP"), ("Hofer", "HCP")], []),  # initials are never searched
        ("BKH Schwaz, dann Schwaz.", [("BKH Schwaz", "SIT")], []),  # only person names
    ],
)
def test_partial_leaks_in_the_same_note(original: str, masked: list[tuple[str, str]], leaked: list[str]) -> None:
    assert leaked_words(original, masked) == leaked


def test_leak_from_another_note_of_the_patient_and_from_the_lists() -> None:
    first = "Frau Gstrein kam."
    patient = name_forms(first, record(first, [("Gstrein", "PAT")])["spans"])
    second = "Gstrein rief an. Zangerl auch."
    out = record(second, [])
    listed = listed_forms(NameLists(hcps=("Dr. Ulrike Zangerl",), whitelist=("Ulrike",)))
    leaks = find_leaks(out, set(), patient, listed)
    assert [(out["text"][k.start : k.end], k.source) for k in leaks] == [("Gstrein", "patient"), ("Zangerl", "list")]
    assert "ulrike" not in listed and "dr" not in listed


def test_surrogates_in_the_output_are_not_leaks() -> None:
    original = "Frau Huber kam. Gruber rief an."
    out = record(original, [("Huber", "PAT"), ("Gruber", "PAT")], pseudonym="Gruber")
    own = name_forms(original, out["spans"])
    assert find_leaks(out, own) == []


def test_loose_forms() -> None:
    assert loose("Müller") == loose("Mueller") == loose("MULLER") == "muller"
    assert loose("Groß") == loose("Gross")


def test_ordinary_words_count_only_in_their_own_note() -> None:
    words = {"sommer", "max"}.__contains__
    first = "Frau Sommer kam mit Max."
    masked = record(first, [("Sommer", "PAT"), ("Max", "PER")])
    assert name_forms(first, masked["spans"], words) == set()
    assert listed_forms(NameLists(patients=("Anna Sommer",)), words) == {"anna"}
    same_note = "Frau Sommer kam im Sommer, max. 2 Mal."
    out = record(same_note, [("Sommer", "PAT")])
    leaks = find_leaks(out, name_forms(same_note, out["spans"]) | {"max"}, is_word=words)
    assert [out["text"][k.start : k.end] for k in leaks] == ["Sommer"]  # the noun is flagged for review, "max" not
