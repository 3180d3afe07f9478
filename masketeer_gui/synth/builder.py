"""Text with gold: pieces that know whether they are PHI or a trap, templates, and the note assembler.

A note is built from ``Piece`` objects; the assembler concatenates them and records each PHI
piece's offsets as a gold span, so gold offsets are correct by construction.
Template syntax: ``{slot}`` is filled by a renderer; ``[[trap|text]]`` is literal text marked as a trap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

from masketeer_gui.engine.span import Entity
from masketeer_gui.synth.gold import GoldSpan, TrapSpan


class Piece(NamedTuple):
    """A stretch of note text: plain (``entity`` None), PHI (gold span) or a trap (``trap`` set).

    ``fixed`` plain pieces (salutations, punctuation around names) never get spelling noise.
    """

    text: str
    entity: Entity | None = None
    tags: tuple[str, ...] = ()
    trap: str = ""
    fixed: bool = False

    @property
    def plain(self) -> bool:
        return self.entity is None and not self.trap and not self.fixed


def lit(text: str) -> Piece:
    """Fixed plain text (no spelling noise)."""
    return Piece(text, fixed=True)


Sentence = list[Piece]
_PARTS = re.compile(r"\{(\w+)\}|\[\[([\w-]+)\|([^\]]*)\]\]")
LITERAL, SLOT, TRAP = 0, 1, 2


@lru_cache(maxsize=8192)
def parse(template: str) -> tuple[tuple[int, str, str], ...]:
    """``template`` as (LITERAL, text, "") / (SLOT, name, "") / (TRAP, kind, text) parts."""
    parts: list[tuple[int, str, str]] = []
    pos = 0
    for match in _PARTS.finditer(template):
        if match.start() > pos:
            parts.append((LITERAL, template[pos : match.start()], ""))
        if match.group(1):
            parts.append((SLOT, match.group(1), ""))
        else:
            parts.append((TRAP, match.group(2), match.group(3)))
        pos = match.end()
    if pos < len(template):
        parts.append((LITERAL, template[pos:], ""))
    return tuple(parts)


def slot_names(template: str) -> list[str]:
    return [name for kind, name, _ in parse(template) if kind == SLOT]


def render(template: str, fill: Callable[[str], Sentence]) -> Sentence:
    """Fill ``template``, asking ``fill(slot_name)`` for each slot's pieces."""
    out: Sentence = []
    for kind, name, text in parse(template):
        if kind == LITERAL:
            out.append(Piece(name))
        elif kind == TRAP:
            out.append(Piece(text, trap=name))
        else:
            out.extend(fill(name))
    return out


def token_count(pieces: Iterable[Piece]) -> int:
    """White-space tokens of the joined pieces (the paper's note length measure)."""
    return len("".join(p.text for p in pieces).split())


def assemble(pieces: Iterable[Piece]) -> tuple[str, list[GoldSpan], list[TrapSpan]]:
    """Concatenate ``pieces``; return the text, its gold spans and its trap spans."""
    parts: list[str] = []
    spans: list[GoldSpan] = []
    traps: list[TrapSpan] = []
    pos = 0
    for piece in pieces:
        end = pos + len(piece.text)
        if piece.entity is not None:
            spans.append(GoldSpan(pos, end, piece.entity, piece.tags, piece.text))
        elif piece.trap:
            traps.append(TrapSpan(pos, end, piece.trap))
        parts.append(piece.text)
        pos = end
    return "".join(parts), spans, traps
