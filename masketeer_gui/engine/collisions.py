"""Tag collisions settled by a rule on the SET of a run's references, not on the order they were seen.

A tag is cut from the reference's HMAC digest (``engine.pseudonyms``), so two distinct references
can share one (with 8 base-36 characters, about 1.8e-3 for a run with 100,000 distinct references).
The rule: group the run's distinct references (their digests) by base tag; where a group holds more
than one, EVERY reference in it takes the shortest longer tag at which the group's tags all differ.
A longer tag extends its base tag (same digest, more characters), so it never meets a base tag or
another group's tag. ``collision_tags`` is a pure function of the set of digests: the CLI, its worker
processes and a Spark aggregation (group by base tag, keep the groups of two or more) reach the same
tags whatever the order or partitioning. A run's references are the ones it rendered: each name as
its own note types it and, where the corpus settles it otherwise, as settled (both, when they differ).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.pseudonyms import DEFAULT_LENGTH, tag_from_digest
from masketeer_gui.engine.render import Tagger
from masketeer_gui.engine.retype import NoteTyping, Retag, SettledTypes, settled_line
from masketeer_gui.engine.span import Entity

_MAX_LENGTH = 50  # 36^50 > 2^256: two distinct SHA-256 digests differ at this length at the latest


def collision_tags(references: Iterable[tuple[Entity, bytes]], length: int = DEFAULT_LENGTH) -> dict[bytes, str]:
    """The lengthened tag of every digest whose base tag another digest shares (others keep theirs).

    ``references``: ``(entity, digest)`` pairs, repeats allowed; any subset that holds every member
    of each colliding group gives the same answer as the whole set.
    """
    groups: dict[str, tuple[Entity, set[bytes]]] = {}
    for entity, digest in references:
        groups.setdefault(tag_from_digest(entity, digest, length), (entity, set()))[1].add(digest)
    tags: dict[bytes, str] = {}
    for entity, digests in groups.values():
        if len(digests) > 1:
            tags.update(lengthen_group(entity, digests, length))
    return tags


def lengthen_group(entity: Entity, digests: Iterable[bytes], length: int = DEFAULT_LENGTH) -> dict[bytes, str]:
    """Tags for one colliding group: the shortest length above ``length`` at which all of them differ."""
    members = set(digests)
    size = length + 1
    while size < _MAX_LENGTH and len({tag_from_digest(entity, d, size) for d in members}) < len(members):
        size += 1
    return {digest: tag_from_digest(entity, digest, size) for digest in members}


def retyped_references(typing: NoteTyping, settled: SettledTypes) -> Iterator[tuple[Entity, str]]:
    """The ``(entity, reference)`` of each name in a note that the corpus settles on another type:
    references the run renders besides those of the first pass, so they take part in the rule."""
    for move in settled.moves(typing):
        yield move.new, move.reference


def settled_retag(tagger: Tagger, final: Mapping[bytes, str]) -> Retag:
    """``engine.retype``'s retag: the reference's tag, lengthened where ``final`` (``collision_tags``) says."""

    def retag(entity: Entity, reference: str) -> str:
        tag, digest = tagger.tag(entity, reference)
        return final.get(digest, tag)

    return retag


class TagCollisions:
    """One streamed run's base tags and digests, gathered for ``collision_tags`` after the last note.

    Keeps per base tag the first digest seen with it, the other digests seen with it (rare), and for
    the note spans that carry such another digest, which one: so a post-pass over the written lines
    knows every span's digest without keeping the references or the notes. Order only decides what
    is stored, never the tags: ``final_tags`` depends on the set of digests alone.
    """

    def __init__(self, length: int = DEFAULT_LENGTH) -> None:
        self._length = length
        self._first: dict[str, bytes] = {}
        self._others: dict[str, set[bytes]] = {}
        self._spans: dict[tuple[int, int], bytes] = {}

    def add(self, tag: str, digest: bytes, where: tuple[int, int] | None = None) -> None:
        """Record one rendered span's base ``tag`` and digest; ``where``: its (note, span) index."""
        if self._first.setdefault(tag, digest) != digest:
            self._other(tag, digest, where)

    def add_note(self, note: int, tags: Iterable[tuple[str, bytes]]) -> None:
        """Record the ``(tag, digest)`` of each span of note number ``note``."""
        known = self._first.setdefault
        for index, (tag, digest) in enumerate(tags):
            if known(tag, digest) != digest:
                self._other(tag, digest, (note, index))

    def add_notes(self, first: int, notes: Iterable[Sequence[tuple[str, bytes]]]) -> None:
        """``add_note`` for consecutive notes numbered from ``first`` (a chunk's: one call, not one per note)."""
        known = self._first.setdefault
        for note, tags in enumerate(notes, first):
            for tag, digest in tags:
                if known(tag, digest) != digest:  # rare: the note again, span by span (those seen add nothing)
                    self.add_note(note, tags)
                    break

    def _other(self, tag: str, digest: bytes, where: tuple[int, int] | None) -> None:
        self._others.setdefault(tag, set()).add(digest)
        if where is not None:
            self._spans[where] = digest

    def final_tags(self) -> dict[bytes, str]:
        """``collision_tags`` of every digest recorded so far (only the colliding ones are returned)."""
        groups = [(entity, digest) for tag in self._others for entity, digest in self._group(tag)]
        return collision_tags(groups, self._length)

    def colliding(self) -> list[bytes]:
        """The base tags (as bytes) that more than one digest carries: only lines holding one change."""
        return [tag.encode() for tag in self._others]

    def lengthened(self, record: Mapping[str, Any], note: int, final: Mapping[bytes, str]) -> dict[int, str]:
        """Per span of ``record`` (note number ``note``) still carrying a colliding base tag, its
        ``final`` tag (from ``final_tags``)."""
        return {
            index: final[self._spans.get((note, index)) or self._first[span["pseudonym"]]]
            for index, span in enumerate(record["spans"])
            if span["pseudonym"] in self._others
        }

    def settle_line(self, line: bytes, note: int, final: Mapping[bytes, str]) -> bytes:
        """``line`` (note number ``note``) with each span still carrying a colliding base tag given its
        ``final`` tag; most lines come back unparsed."""
        if not self._others or not any(tag in line for tag in self.colliding()):
            return line
        record = fastjson.loads(line)
        return settled_line(line, lengthened=self.lengthened(record, note, final), record=record)

    def _group(self, tag: str) -> list[tuple[Entity, bytes]]:
        entity = Entity(tag[1 : tag.index("-")])
        return [(entity, self._first[tag]), *((entity, digest) for digest in self._others[tag])]
