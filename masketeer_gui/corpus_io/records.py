"""The record types every reader yields, and the one place that decides what a bad record is."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from masketeer_gui.engine.native import mypyc_attr


@mypyc_attr(native_class=False)  # compiled (scripts/build_compiled.sh), still a Python class: pickled, made by slots
@dataclass(frozen=True, slots=True)
class NoteRecord:
    """One note: its id, its text, the other input fields, and where it came from."""

    id: str
    text: str
    meta: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    line: int = 0


@mypyc_attr(native_class=False)  # pickled (a worker's bad records)
@dataclass(frozen=True, slots=True)
class BadRecord:
    """A malformed record that was skipped: where it is and why (never its content)."""

    source: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}" if self.line > 0 else f"{self.source}: {self.message}"


def display_path(path: Path | str) -> str:
    """``path`` as text that can be printed and written as UTF-8 (bytes of a non-UTF-8 name as ``\\xNN``)."""
    text = str(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return text


class CorpusError(ValueError):
    """Input that cannot be read; ``str`` is ``"{path}:{line}: {message}"`` and never quotes note text.

    ``line`` 0 means the file as a whole (it does not exist, has an unsupported type…),
    and then the line part is left out.
    """

    def __init__(self, path: Path | str, line: int, message: str) -> None:
        self.path = display_path(path)
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line <= 0:
            return f"{self.path}: {self.message}"
        return f"{self.path}:{self.line}: {self.message}"


def unreadable(exc: OSError, path: Path | str) -> CorpusError:
    """The ``CorpusError`` for an input that could not be read (the file the error names, else ``path``)."""
    return CorpusError(exc.filename or path, 0, f"cannot read ({exc.strerror or 'error'})")


class RecordFactory:
    """Turns raw fields into ``NoteRecord``s, or into bad-record reports (raised or passed on)."""

    def __init__(
        self,
        id_col: str,
        text_col: str,
        skip_bad: bool,
        on_bad: Callable[[BadRecord], None] | None,
        patient_col: str = "patient_id",
    ) -> None:
        self.id_col = id_col
        self.text_col = text_col
        self.patient_col = patient_col
        self._skip_bad = skip_bad
        self._on_bad = on_bad

    def bad(self, source: str, line: int, message: str) -> None:
        """Report a bad record: raise without ``skip_bad``, else tell ``on_bad`` and return."""
        if not self._skip_bad:
            raise CorpusError(source, line, message)
        if self._on_bad is not None:
            self._on_bad(BadRecord(source, line, message))

    def from_mapping(self, fields: Mapping[str, Any], source: str, line: int) -> NoteRecord | None:
        """A record from a JSON object or CSV row, or None (after reporting) if it is malformed."""
        id_col, text_col = self.id_col, self.text_col
        raw_id = fields.get(id_col)
        text = fields.get(text_col)
        if type(raw_id) is not str or type(text) is not str or not raw_id or raw_id.isspace():  # else surely good
            checked = self._checked(raw_id, text, source, line)
            if checked is None:
                return None
            raw_id, text = checked
        if len(fields) <= 2:
            meta: dict[str, Any] = {}
        else:  # a copy without the two columns (in the input's order): copied and cut in C, not key by key
            meta = dict(fields)
            del meta[id_col]
            if text_col != id_col:
                del meta[text_col]
            if self.patient_col != "patient_id" and self.patient_col in meta:  # a mapped column is the patient id
                meta["patient_id"] = meta.pop(self.patient_col)
        return made_record(raw_id, text, meta, source, line)

    def _checked(self, raw_id: object, text: object, source: str, line: int) -> tuple[str, str] | None:
        """The id and text as strings, or None (after reporting) if either is malformed."""
        problem = _id_problem(raw_id, self.id_col) or _text_problem(text, self.text_col)
        if problem:
            self.bad(source, line, problem)
            return None
        return str(raw_id), str(text)

    def note_maker(self, key: str) -> Callable[[Mapping[str, Any], str, int], tuple[str, str, Any, int] | None] | None:
        """A ``from_mapping`` that makes no record: ``(id, text, meta.get(key), line)`` of the record it would make
        (None after reporting a malformed one), for a worker that needs no more. None where the meta is not the
        fields without the id and text (a mapped patient column, one column for both)."""
        id_col, text_col = self.id_col, self.text_col
        if self.patient_col != "patient_id" or id_col == text_col:
            return None
        in_meta = key not in (id_col, text_col)
        checked = self._checked

        def make(fields: Mapping[str, Any], source: str, line: int) -> tuple[str, str, Any, int] | None:
            raw_id = fields.get(id_col)
            text = fields.get(text_col)
            if type(raw_id) is not str or type(text) is not str or not raw_id or raw_id.isspace():
                made = checked(raw_id, text, source, line)
                if made is None:
                    return None
                raw_id, text = made
            return raw_id, text, fields.get(key) if in_meta else None, line

        return make


def _record_maker() -> Callable[[str, str, dict[str, Any], str, int], NoteRecord]:
    """``NoteRecord(id, text, meta, source, line)`` for values known to be right, made about twice as fast as the
    frozen dataclass's ``__init__`` makes it (one ``object.__setattr__`` call per field) by its slots' setters."""
    new = object.__new__
    set_id, set_text, set_meta, set_source, set_line = (
        vars(NoteRecord)[name].__set__ for name in ("id", "text", "meta", "source", "line")
    )

    def make(note_id: str, text: str, meta: dict[str, Any], source: str, line: int) -> NoteRecord:
        record = new(NoteRecord)
        set_id(record, note_id)
        set_text(record, text)
        set_meta(record, meta)
        set_source(record, source)
        set_line(record, line)
        return record

    return make


made_record = _record_maker()  # per record of a corpus


def _id_problem(value: object, column: str) -> str:
    if value is None:
        return f"missing '{column}'"
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return f"'{column}' must be a string or a number"
    if isinstance(value, str) and not value.strip():
        return f"empty '{column}'"
    return ""


def _text_problem(value: object, column: str) -> str:
    if value is None:
        return f"missing '{column}'"
    if not isinstance(value, str):
        return f"'{column}' must be a string"
    return ""
