"""Curated lists that every run applies: deployment names (``--names``), whitelist, blacklist, corrections.

These are the "last word" of the pipeline (STYLE.md: the allow-list as a final filter): the
ensemble proposes, then manual corrections, the blacklist and the whitelist decide, in one place.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from masketeer_gui.engine.span import Entity

LIST_KEYS = ("patients", "hcps", "persons", "medical_sites", "whitelist", "blacklist")


class ListFileError(ValueError):
    """A names file is malformed; the message names the file (never its names)."""


@dataclass(frozen=True, slots=True)
class BlacklistEntry:
    """A term that is always masked, with the entity type it gets."""

    term: str
    entity: Entity = Entity.PER


@dataclass(frozen=True, slots=True)
class NameLists:
    """Deployment lists as a hospital database stores them (full names or single parts)."""

    patients: tuple[str, ...] = ()
    hcps: tuple[str, ...] = ()
    persons: tuple[str, ...] = ()
    medical_sites: tuple[str, ...] = ()
    whitelist: tuple[str, ...] = ()
    blacklist: tuple[BlacklistEntry, ...] = ()
    patient_ids: tuple[tuple[str, str], ...] = ()  # (patient id, name) for entries written {"id", "name"}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "<names>") -> NameLists:
        """Build from the docs/CONTRACT.md JSON shape; unknown keys and bad entries raise ListFileError."""
        if not isinstance(data, Mapping):
            raise ListFileError(f"{source}: expected a JSON object with keys {', '.join(LIST_KEYS)}")
        unknown = sorted(set(data) - set(LIST_KEYS))
        if unknown:
            raise ListFileError(f"{source}: unknown key(s) {', '.join(unknown)}")
        plain = {key: _strings(data.get(key, []), source, key) for key in LIST_KEYS[1:-1]}
        patients, patient_ids = _patients(data.get("patients", []), source)
        blacklist = tuple(_blacklist_entry(item, source, i) for i, item in enumerate(data.get("blacklist", [])))
        return cls(patients=patients, blacklist=blacklist, patient_ids=patient_ids, **plain)

    @classmethod
    def from_json(cls, path: Path) -> NameLists:
        """Read a ``--names`` file; errors name the file and line."""
        try:
            raw = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ListFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        except OSError as exc:
            raise ListFileError(f"{path}: cannot read ({exc.strerror})") from None
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ListFileError(f"{path}:{exc.lineno}: invalid JSON ({exc.msg})") from None
        return cls.from_mapping(data, str(path))

    def merged(self, other: NameLists) -> NameLists:
        """Both lists' entries, ``self`` first."""
        return NameLists(
            self.patients + other.patients,
            self.hcps + other.hcps,
            self.persons + other.persons,
            self.medical_sites + other.medical_sites,
            self.whitelist + other.whitelist,
            self.blacklist + other.blacklist,
            self.patient_ids + other.patient_ids,
        )

    def patient_names(self) -> dict[str, tuple[str, ...]]:
        """The listed names of each patient id ("P017" -> ("Maria Huber",))."""
        out: dict[str, tuple[str, ...]] = {}
        for patient_id, name in self.patient_ids:
            out[patient_id] = (*out.get(patient_id, ()), name)
        return out

    def to_mapping(self) -> dict[str, Any]:
        """The docs/CONTRACT.md JSON shape; patients with an id as ``{"id", "name"}``."""
        out: dict[str, Any] = {key: list(getattr(self, key)) for key in LIST_KEYS[:-1]}
        with_id = list(self.patient_ids)
        patients: list[Any] = []
        for name in self.patients:
            match = next((pair for pair in with_id if pair[1] == name), None)
            if match is None:
                patients.append(name)
            else:
                with_id.remove(match)
                patients.append({"id": match[0], "name": name})
        out["patients"] = patients
        out["blacklist"] = [{"term": b.term, "entity": str(b.entity)} for b in self.blacklist]
        return out


def _strings(value: object, source: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ListFileError(f"{source}: '{key}' must be a list of strings")
    return tuple(v.strip() for v in value if v.strip())


def _patients(value: object, source: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Patient names, plain or ``{"id": "P017", "name": "Maria Huber"}``; the id-mapped ones also as pairs."""
    if not isinstance(value, list):
        raise ListFileError(f"{source}: 'patients' must be a list of names or {{'id', 'name'}} entries")
    names: list[str] = []
    pairs: list[tuple[str, str]] = []
    for index, item in enumerate(value):
        if isinstance(item, str):
            if item.strip():
                names.append(item.strip())
            continue
        if not (isinstance(item, Mapping) and isinstance(item.get("name"), str) and item["name"].strip()):
            raise ListFileError(f"{source}: patient entry {index + 1} must be a name or {{'id', 'name'}}")
        patient_id = item.get("id")
        if not isinstance(patient_id, str | int) or isinstance(patient_id, bool) or not str(patient_id).strip():
            raise ListFileError(f"{source}: patient entry {index + 1} has no usable 'id'")
        names.append(item["name"].strip())
        pairs.append((str(patient_id).strip(), item["name"].strip()))
    return tuple(names), tuple(pairs)


def _blacklist_entry(item: object, source: str, index: int) -> BlacklistEntry:
    if isinstance(item, str) and item.strip():
        return BlacklistEntry(item.strip())
    if isinstance(item, Mapping) and isinstance(item.get("term"), str) and item["term"].strip():
        try:
            return BlacklistEntry(item["term"].strip(), Entity(item.get("entity", "PER")))
        except ValueError:
            raise ListFileError(f"{source}: blacklist entry {index + 1} has an unknown entity type") from None
    raise ListFileError(f"{source}: blacklist entry {index + 1} must be a term or {{'term', 'entity'}}")


class CorrectionAction(StrEnum):
    """What a manual correction does to the engine's result for one note."""

    ADD = "add"  # mask this stretch (a missed PHI, false negative)
    REMOVE = "remove"  # unmask any span overlapping this stretch (a false positive)
    RETYPE = "retype"  # keep the span but give it another entity type


@dataclass(frozen=True, slots=True)
class Correction:
    """A manual correction anchored to offsets in one note's original text."""

    start: int
    end: int
    action: CorrectionAction
    entity: Entity | None = None


@dataclass(frozen=True, slots=True)
class Protected:
    """A stretch a reviewer accepted as PHI: every later run keeps it masked, whatever the whitelist says."""

    start: int
    end: int
    entity: Entity


@dataclass(frozen=True, slots=True)
class NoteContext:
    """Per-note additions (scoped terms, manual corrections, accepted spans) on top of the run's lists.

    ``patient_id`` names the patient the note is filed under (the record's ``patient_id``): with
    the lists' ``{"id", "name"}`` entries it tells the engine who the note's own patient is.
    """

    whitelist: tuple[str, ...] = ()
    blacklist: tuple[BlacklistEntry, ...] = ()
    corrections: tuple[Correction, ...] = field(default=())
    protected: tuple[Protected, ...] = ()
    patient_id: str = ""

    @staticmethod
    def of(
        whitelist: Iterable[str] = (),
        blacklist: Iterable[BlacklistEntry] = (),
        corrections: Iterable[Correction] = (),
        protected: Iterable[Protected] = (),
        patient_id: str = "",
    ) -> NoteContext:
        return NoteContext(tuple(whitelist), tuple(blacklist), tuple(corrections), tuple(protected), patient_id)
