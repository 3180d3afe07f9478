"""Gold as CoNLL IOB: one token per line with its tag (``Huber<TAB>B-PAT``), a blank line between sentences.

Tokens and sentences are the engine's (``engine.text.tokenize`` on the markup-blanked text, so
markup is not a token). Each note starts with a ``# doc_id = N17`` line. A token overlapping a
span is tagged: the first one ``B-TYPE``, the next ``I-TYPE``, so a span not on token boundaries
is widened to whole tokens. Reading a file back needs the notes' texts to find the offsets again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from masketeer_gui.engine.text import Token, blank_markup, tokenize
from masketeer_gui.evaluation.gold import Annotation, GoldFormatError, GoldSet, parse_annotation, write_text

DOC = "# doc_id = "


def tags(tokens: Sequence[Token], spans: Iterable[Annotation]) -> list[str]:
    """The IOB tag of every token."""
    out = ["O"] * len(tokens)
    for span in sorted(spans):
        inside = [i for i, t in enumerate(tokens) if t.start < span.end and span.start < t.end]
        for n, i in enumerate(inside):
            out[i] = f"{'B' if n == 0 else 'I'}-{span.entity}"
    return out


def note_lines(note_id: str, text: str, spans: Iterable[Annotation], abbreviations: frozenset[str]) -> list[str]:
    tokens = tokenize(blank_markup(text), abbreviations)
    lines = [DOC + note_id]
    previous = 0
    for token, tag in zip(tokens, tags(tokens, spans), strict=True):
        if token.sentence != previous:
            lines.append("")
            previous = token.sentence
        lines.append(f"{token.text}\t{tag}")
    return [*lines, ""]


def write_conll(
    path: Path,
    gold: Mapping[str, Iterable[Annotation]],
    texts: Mapping[str, str],
    abbreviations: frozenset[str] = frozenset(),
) -> int:
    """One file for every note of ``gold``; returns the number of notes."""
    lines = [
        line for note_id, spans in gold.items() for line in note_lines(note_id, texts[note_id], spans, abbreviations)
    ]
    write_text(path, "\n".join(lines) + "\n")
    return len(gold)


def read_conll(path: Path) -> dict[str, list[tuple[str, str]]]:
    """(token, tag) per note, in order (sentence breaks dropped)."""
    docs: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\n")
            if line.startswith(DOC):
                current = docs.setdefault(line[len(DOC) :], [])
            elif line.strip():
                token, _, tag = line.partition("\t")
                if current is None or not tag or (tag != "O" and tag[:2] not in ("B-", "I-")):
                    raise GoldFormatError(f"{path}:{number}: expected 'TOKEN<TAB>TAG' after a '{DOC.strip()}' line")
                current.append((token, tag))
    return docs


def conll_spans(text: str, rows: Sequence[tuple[str, str]], where: str) -> tuple[Annotation, ...]:
    """Offsets of the tagged spans, found by locating each token in ``text`` in turn."""
    blanked = blank_markup(text)
    spans: list[Annotation] = []
    start = end = position = 0
    open_type = ""
    for token, tag in rows:
        at = blanked.find(token, position)
        if at < 0:
            raise GoldFormatError(f"{where}: a token is not in the note's text")
        position = at + len(token)
        if open_type and (tag == "O" or tag.startswith("B-") or tag[2:] != open_type):
            spans.append(parse_annotation(start, end, open_type, where))
            open_type = ""
        if tag != "O":
            if not open_type:
                start, open_type = at, tag[2:]
            end = position
    if open_type:
        spans.append(parse_annotation(start, end, open_type, where))
    return tuple(spans)


def read_conll_gold(path: Path, texts: Mapping[str, str]) -> GoldSet:
    """Gold from a CoNLL file written by ``write_conll`` (the notes' texts give the offsets)."""
    gold: GoldSet = {}
    for note_id, rows in read_conll(path).items():
        if note_id not in texts:
            raise GoldFormatError(f"{path}: note {note_id!r} is not in the project")
        gold[note_id] = conll_spans(texts[note_id], rows, str(path))
    return gold
