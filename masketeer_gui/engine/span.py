"""The one span type: what the engine finds, the store saves and the GUI paints."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Entity(StrEnum):
    """The nine entity types of the Masketeer paper (Table 4)."""

    HCP = "HCP"  # healthcare professional
    PAT = "PAT"  # patient
    PER = "PER"  # other person, or ambiguous
    SIT = "SIT"  # medical site
    WEB = "WEB"  # website URL
    MAI = "MAI"  # e-mail address
    ADD = "ADD"  # street address
    PHO = "PHO"  # phone or fax number
    ZIP = "ZIP"  # ZIP code (with town)


ENTITY_NAMES: dict[Entity, str] = {
    Entity.HCP: "Healthcare professional",
    Entity.PAT: "Patient",
    Entity.PER: "Person",
    Entity.SIT: "Medical site",
    Entity.WEB: "Website URL",
    Entity.MAI: "E-mail address",
    Entity.ADD: "Street address",
    Entity.PHO: "Phone number",
    Entity.ZIP: "ZIP code",
}

NAME_ENTITIES = frozenset({Entity.HCP, Entity.PAT, Entity.PER})
# Flag of a first name proven by its place after a surname and a comma ("Pat.: Kranich, Dinesh"): typing joins
# the two into one person although no list knows the first name.
FIRST_NAME_FLAG = "first-name"


@dataclass(frozen=True, slots=True)
class Span:
    """A masked stretch ``text[start:end]`` of the ORIGINAL note, with who masked it and why.

    ``reason`` is a short human explanation ("after salutation 'Dr.'"); it may quote the
    note's own words but never another note's. ``flags`` mark low-confidence decisions
    that a reviewer should look at (e.g. ``"fuzzy"``). ``ref`` is the normalised
    reference used for corpus-wide pseudonyms (the span's own text when empty).
    """

    start: int
    end: int
    entity: Entity
    masker: str
    reason: str = ""
    flags: tuple[str, ...] = field(default=())
    ref: str = ""

    def __post_init__(self) -> None:
        if not (0 <= self.start < self.end):
            raise ValueError(f"invalid span offsets {self.start}..{self.end}")
        if not isinstance(self.entity, Entity):
            object.__setattr__(self, "entity", Entity(self.entity))

    @property
    def length(self) -> int:
        return self.end - self.start

    def overlaps(self, start: int, end: int) -> bool:
        """True if this span shares at least one character with ``[start, end)``."""
        return self.start < end and start < self.end

    def explain(self) -> str:
        """One line for a reviewer: masker, type and reason."""
        text = f"{ENTITY_NAMES[self.entity]} ({self.entity}) masked by {self.masker}"
        if self.reason:
            text += f": {self.reason}"
        if self.flags:
            text += f" [review: {', '.join(self.flags)}]"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The docs/CONTRACT.md output form (without the pseudonym, which the caller adds)."""
        out: dict[str, Any] = {
            "start": self.start,
            "end": self.end,
            "entity": str(self.entity),
            "masker": self.masker,
        }
        if self.reason:
            out["reason"] = self.reason
        if self.flags:
            out["flags"] = list(self.flags)
        return out


_new_object = object.__new__
_SETTERS = tuple(Span.__dict__[name].__set__ for name in ("start", "end", "entity", "masker", "reason", "flags", "ref"))
_set_start, _set_end, _set_entity, _set_masker, _set_reason, _set_flags, _set_ref = _SETTERS


def trusted_span(
    start: int, end: int, entity: Entity, masker: str, reason: str, flags: tuple[str, ...], ref: str
) -> Span:
    """``Span(start, end, entity, masker, reason, flags, ref)`` for engine code whose offsets are valid already (a
    token's, another span's) and whose ``entity`` is an ``Entity``: the fields are set through their slots, without
    the frozen dataclass's ``object.__setattr__`` per field and ``__post_init__``'s checks (half the cost; the
    engine makes one per masked word)."""
    span: Span = _new_object(Span)
    _set_start(span, start)
    _set_end(span, end)
    _set_entity(span, entity)
    _set_masker(span, masker)
    _set_reason(span, reason)
    _set_flags(span, flags)
    _set_ref(span, ref)
    return span
