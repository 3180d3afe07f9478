"""The one span type: what the engine finds, the store saves and the GUI paints."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MemberDescriptorType
from typing import Any, Final

from masketeer_gui.engine.native import mypyc_attr


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


@mypyc_attr(acyclic=True)  # compiled, spans are not tracked by the cyclic GC (no field can refer back to one)
@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Span:
    """A masked stretch ``text[start:end]`` of the ORIGINAL note, with who masked it and why.

    ``reason`` is a short human explanation ("after salutation 'Dr.'"); it may quote the
    note's own words but never another note's. ``flags`` mark low-confidence decisions
    that a reviewer should look at (e.g. ``"fuzzy"``). ``ref`` is the normalised
    reference used for corpus-wide pseudonyms (the span's own text when empty).

    A frozen dataclass whose ``__init__``, ``__eq__``, ``__hash__``, ``__repr__`` and ``__reduce__`` are written
    out (they do what the generated ones did), so that the optional compiled build (mypyc) compiles them too: its
    engine then builds a span natively and reads its fields as C struct fields. ``entity`` may be given as its
    string (``Span(0, 4, "PAT", ...)``); ``__init__`` converts it. ``__reduce__`` rebuilds a span through the
    constructor: a compiled frozen class cannot be unpickled or copied field by field.
    """

    start: int
    end: int
    entity: Entity
    masker: str
    reason: str
    flags: tuple[str, ...]
    ref: str

    def __init__(
        self,
        start: int,
        end: int,
        entity: Entity | str,
        masker: str,
        reason: str = "",
        flags: tuple[str, ...] = (),
        ref: str = "",
    ) -> None:
        if not (0 <= start < end):
            raise ValueError(f"invalid span offsets {start}..{end}")
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "entity", entity if isinstance(entity, Entity) else Entity(entity))
        object.__setattr__(self, "masker", masker)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "flags", flags)
        object.__setattr__(self, "ref", ref)

    def _fields(self) -> tuple[int, int, Entity, str, str, tuple[str, ...], str]:
        return (self.start, self.end, self.entity, self.masker, self.reason, self.flags, self.ref)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Span)
        return (self.start, self.end, self.entity, self.masker, self.reason, self.flags, self.ref) == (
            other.start,
            other.end,
            other.entity,
            other.masker,
            other.reason,
            other.flags,
            other.ref,
        )

    def __hash__(self) -> int:
        return hash((self.start, self.end, self.entity, self.masker, self.reason, self.flags, self.ref))

    def __repr__(self) -> str:
        return (
            f"Span(start={self.start!r}, end={self.end!r}, entity={self.entity!r}, masker={self.masker!r}, "
            f"reason={self.reason!r}, flags={self.flags!r}, ref={self.ref!r})"
        )

    def __reduce__(self) -> tuple[type[Span], tuple[int, int, Entity, str, str, tuple[str, ...], str]]:
        return Span, self._fields()

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
_FIELDS: dict[str, Any] = dict(vars(Span))  # its descriptors (vars(): to mypyc a native class has no __dict__)
_SETTERS = tuple(_FIELDS[name].__set__ for name in ("start", "end", "entity", "masker", "reason", "flags", "ref"))
_set_start, _set_end, _set_entity, _set_masker, _set_reason, _set_flags, _set_ref = _SETTERS
# True when this module is compiled (scripts/build_compiled.sh): the fields are a native class's, not slots.
COMPILED: Final = not isinstance(_FIELDS["start"], MemberDescriptorType)


def trusted_span(
    start: int, end: int, entity: Entity, masker: str, reason: str, flags: tuple[str, ...], ref: str
) -> Span:
    """``Span(start, end, entity, masker, reason, flags, ref)`` for engine code whose offsets are valid already (a
    token's, another span's) and whose ``entity`` is an ``Entity``. Interpreted, the fields are set through their
    slots, without the frozen class's ``object.__setattr__`` per field and ``__init__``'s checks (half the cost;
    the engine makes one per masked word); compiled, the native constructor is cheaper still."""
    if COMPILED:
        return Span(start, end, entity, masker, reason, flags, ref)
    span: Span = _new_object(Span)
    _set_start(span, start)
    _set_end(span, end)
    _set_entity(span, entity)
    _set_masker(span, masker)
    _set_reason(span, reason)
    _set_flags(span, flags)
    _set_ref(span, ref)
    return span
