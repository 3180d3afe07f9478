"""WebAnno TSV 3.3, the tab-separated format INCEpTION imports and exports, one document per file.

Chosen over UIMA CAS XMI because it needs no type-system file and no XML 1.1: its header declares
the span layer (``#T_SP=webanno.custom.PHI|entity``), INCEpTION fills a project's custom layer of
that name from it, and it is plain text that diff and grep read. Writing: a document is split into
whitespace tokens, cut again at every mention boundary (so no mention needs sub-token lines); a
"sentence" is a line of the note (blank lines join the next one, a multi-line sentence is several
``#Text=`` lines), so reading the file gives the text back exactly. Offsets in the file are UTF-16
code units (INCEpTION is Java); here they are converted from and to Python string indices.
Reading takes any TSV 3.x file: the mention column is found by its layer and feature in the header
(``webanno.custom.PHI|entity``, else INCEpTION's ``NamedEntity|value``); other layers are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from masketeer_gui.formats.document import Document, FormatError, Mention

LAYER, FEATURE = "webanno.custom.PHI", "entity"
NAMED_ENTITY = ("de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity", "value")
HEADER = "#FORMAT=WebAnno TSV 3.3"
_RESERVED = re.compile(r"(\\|\[|\]|\||_|->|;|\*)")
_TOKENS = re.compile(r"\S+")
_TOKEN_LINE = re.compile(r"(\d+)-(\d+)(?:\.\d+)?\t(\d+)-(\d+)\t")
_VALUE = re.compile(r"^(?P<label>.*?)(?:\[(?P<id>\d+)\])?$", re.DOTALL)


def dump_document(doc: Document, layer: str = LAYER, feature: str = FEATURE) -> str:
    """The TSV file of one document."""
    text = doc.text
    tokens = _tokens(text, doc.mentions)
    values = _token_values(tokens, doc.mentions)
    units = _Utf16(text)
    lines = [HEADER, f"#T_SP={layer}|{feature}", "", ""]
    for number, (start, end, members) in enumerate(_sentences(text, tokens), 1):
        lines.extend("#Text=" + _escape(part, text_line=True) for part in text[start:end].split("\n"))
        for position, index in enumerate(members, 1):
            begin, finish = tokens[index]
            cells = [f"{number}-{position}", f"{units.at(begin)}-{units.at(finish)}", _escape(text[begin:finish])]
            lines.append("\t".join([*cells, values[index] or "_"]))
        lines.append("")
    return "\n".join(lines) + "\n"


def _tokens(text: str, mentions: Iterable[Mention]) -> list[tuple[int, int]]:
    """Whitespace tokens, cut at every mention boundary that falls inside one."""
    cuts = sorted({m.start for m in mentions} | {m.end for m in mentions})
    tokens = []
    for match in _TOKENS.finditer(text):
        start = match.start()
        for cut in (c for c in cuts if match.start() < c < match.end()):
            tokens.append((start, cut))
            start = cut
        tokens.append((start, match.end()))
    return tokens


def _token_values(tokens: list[tuple[int, int]], mentions: Iterable[Mention]) -> list[str]:
    """Per token its feature cell: ``PAT``, ``PAT[3]`` for a multi-token or stacked mention, ``a|b``."""
    covered: list[list[int]] = []
    members: list[list[str]] = [[] for _ in tokens]
    ordered = sorted(mentions)
    for m in ordered:
        covered.append([i for i, (start, end) in enumerate(tokens) if m.start <= start and end <= m.end])
    stacked = {i for cover in covered for i in cover if sum(i in c for c in covered) > 1}
    next_id = 1
    for m, cover in zip(ordered, covered, strict=True):
        label = _escape(m.label)
        if len(cover) > 1 or stacked.intersection(cover):
            label, next_id = f"{label}[{next_id}]", next_id + 1
        for i in cover:
            members[i].append(label)
    return ["|".join(cell) for cell in members]


def _sentences(text: str, tokens: list[tuple[int, int]]) -> list[tuple[int, int, list[int]]]:
    """``(start, end, token indices)``: each a run of lines ending in one with a token; together
    with one newline between each two they are the whole text."""
    sentences: list[tuple[int, int, list[int]]] = []
    start, index = 0, 0
    while index < len(tokens):
        line_end = text.find("\n", tokens[index][0])
        line_end = len(text) if line_end < 0 else line_end
        members = []
        while index < len(tokens) and tokens[index][0] < line_end:
            members.append(index)
            index += 1
        sentences.append((start, line_end, members))
        start = line_end + 1
    if sentences and start <= len(text):  # trailing blank lines belong to the last sentence
        first, _, members = sentences[-1]
        sentences[-1] = (first, len(text), members)
    return sentences


def _escape(value: str, text_line: bool = False) -> str:
    escaped = _RESERVED.sub(r"\\\1", value).replace("\t", "\\t")
    return escaped if text_line else escaped.replace("\n", "\\n")


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), value)


class _Utf16:
    """Python string index -> UTF-16 code unit offset (identity unless the text leaves the BMP)."""

    def __init__(self, text: str) -> None:
        self._prefix: list[int] | None = None
        if any(ord(c) > 0xFFFF for c in text):
            self._prefix = [0]
            for c in text:
                self._prefix.append(self._prefix[-1] + (2 if ord(c) > 0xFFFF else 1))

    def at(self, index: int) -> int:
        return index if self._prefix is None else self._prefix[index]


@dataclass
class _Sentence:
    parts: list[str] = field(default_factory=list)
    tokens: list[tuple[int, int, str, str]] = field(default_factory=list)  # begin, end (UTF-16), token, cell


def load_document(content: str, source: str, note_id: str) -> Document:
    """A document from one TSV file (``source`` names it in errors)."""
    lines = content.split("\n")
    column = _mention_column(lines, source)
    sentences = _read_sentences(lines, source)
    text, to_index = _rebuild_text(sentences, source)
    mentions = _mentions(sentences, column, to_index, source)
    return Document(note_id, text, tuple(sorted(mentions)))


def _mention_column(lines: list[str], source: str) -> int | None:
    """Index of the mention feature among a token line's cells, None if the file has no such layer."""
    if not lines or not lines[0].startswith("#FORMAT=WebAnno TSV 3"):
        raise FormatError(f"{source}:1: not a WebAnno TSV 3 file")
    position, found = 3, {}
    for line in lines[1:]:
        if not line.startswith("#T_"):
            break
        layer, *features = line.split("=", 1)[1].split("|")
        for offset, name in enumerate(features):
            found[(layer, name)] = position + offset
        position += len(features)
    return found.get((LAYER, FEATURE), found.get(NAMED_ENTITY))


def _read_sentences(lines: list[str], source: str) -> list[_Sentence]:
    sentences: list[_Sentence] = []
    for number, line in enumerate(lines, 1):
        if line.startswith("#Text="):
            if not sentences or sentences[-1].tokens:
                sentences.append(_Sentence())
            sentences[-1].parts.append(_unescape(line[len("#Text=") :]))
        elif line and not line.startswith("#"):
            match = _TOKEN_LINE.match(line)
            if match is None or not sentences:
                raise FormatError(f"{source}:{number}: expected a token line 'S-T<TAB>BEGIN-END<TAB>TOKEN…'")
            cells = line.rstrip("\t").split("\t")
            cell = "\t".join(cells[3:])
            sentences[-1].tokens.append((int(match[3]), int(match[4]), _unescape(cells[2]), cell))
    return sentences


def _rebuild_text(sentences: list[_Sentence], source: str) -> tuple[str, dict[int, int]]:
    """The document text (each sentence at its offset, gaps as newlines) and UTF-16 -> index."""
    parts: list[str] = []
    units = 0
    for sentence in sentences:
        text = "\n".join(sentence.parts)
        if sentence.tokens:
            begin, _, token, _ = sentence.tokens[0]
            lead = text.find(token)
            start = begin - _units(text[: max(lead, 0)])
            if start < units:
                raise FormatError(f"{source}: sentences overlap (token offsets do not match the #Text lines)")
            parts.append("\n" * (start - units))
            units = start
        parts.append(text)
        units += _units(text)
    full = "".join(parts)
    to_index, position = {0: 0}, 0
    for index, char in enumerate(full, 1):
        position += 2 if ord(char) > 0xFFFF else 1
        to_index[position] = index
    return full, to_index


def _units(text: str) -> int:
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _mentions(sentences: list[_Sentence], column: int | None, to_index: dict[int, int], source: str) -> list[Mention]:
    if column is None:
        return []
    grouped: dict[str, list[int]] = {}
    labels: dict[str, str] = {}
    singles: list[Mention] = []
    for sentence in sentences:
        for begin, end, _, cell in sentence.tokens:
            cells = cell.split("\t")
            value = cells[column - 3] if column - 3 < len(cells) else "_"
            if begin not in to_index or end not in to_index:
                raise FormatError(f"{source}: token offsets {begin}-{end} are outside the text")
            for item in _split_values(value):
                match = _VALUE.match(item)
                assert match is not None
                label = _unescape(match["label"])
                if label in ("", "_", "*"):
                    continue
                if match["id"] is None:
                    singles.append(Mention(to_index[begin], to_index[end], label))
                else:
                    grouped.setdefault(match["id"], []).extend((to_index[begin], to_index[end]))
                    labels[match["id"]] = label
    return singles + [Mention(min(span), max(span), labels[key]) for key, span in grouped.items()]


def _split_values(value: str) -> list[str]:
    """A cell's stacked values, split at unescaped ``|``."""
    if value in ("", "_"):
        return []
    return [part for part in re.split(r"(?<!\\)\|", value) if part]
