"""Where ``deidentify`` writes its output records: JSONL (the CONTRACT), Parquet, or FHIR NDJSON.

Every sink writes into the run's ``AtomicFile``, so any format appears whole or not at all.
``--output-format`` chooses; by default ``.parquet`` gives Parquet, FHIR input written to
``.ndjson`` gives FHIR DocumentReferences, and anything else the CONTRACT JSONL.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from masketeer_gui.atomic import AtomicFile
    from masketeer_gui.corpus_io import NoteRecord

FORMATS = ("jsonl", "parquet", "fhir")


class Sink(Protocol):
    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None: ...

    def close(self) -> None: ...


class LineSink(Sink, Protocol):
    """A sink that needs only the output lines, not the input records (so a second pass can feed it)."""

    def write_lines(self, lines: list[bytes]) -> None: ...


def output_format(requested: str | None, output: Path, fhir_input: bool) -> str:
    """The format to write: the one asked for, else the one the names imply."""
    if requested:
        return requested
    if output.suffix.lower() == ".parquet":
        return "parquet"
    return "fhir" if fhir_input and output.suffix.lower() == ".ndjson" else "jsonl"


def open_sink(fmt: str, output: AtomicFile) -> Sink:
    if fmt == "parquet":
        return _ParquetSink(output)
    if fmt == "fhir":
        return _FhirSink(output)
    return _JsonlSink(output)


class _JsonlSink:
    def __init__(self, output: AtomicFile) -> None:
        self._output = output

    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None:
        self.write_lines(lines)

    def write_lines(self, lines: list[bytes]) -> None:
        self._output.write(b"".join(lines))

    def close(self) -> None:
        pass


class _ParquetSink:
    def __init__(self, output: AtomicFile) -> None:
        from masketeer_gui.formats.parquet import OutputWriter

        self._writer = OutputWriter(output.handle)

    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None:
        self.write_lines(lines)

    def write_lines(self, lines: list[bytes]) -> None:
        from masketeer_gui.engine import fastjson

        self._writer.write([fastjson.loads(line) for line in lines])

    def close(self) -> None:
        self._writer.close()


class _FhirSink:
    def __init__(self, output: AtomicFile) -> None:
        self._output = output

    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None:
        from masketeer_gui.engine import fastjson
        from masketeer_gui.formats.fhir import deidentified, document_reference

        out = []
        for record, line in zip(chunk, lines, strict=True):
            text = fastjson.loads(line)["text"]
            source = record.meta.get("fhir")
            if isinstance(source, dict):
                resource = deidentified(source, text)
            else:
                patient = record.meta.get("patient_id")
                resource = deidentified(document_reference(record.id, "", _text_or_none(patient)), text)
            out.append(fastjson.dumps(resource) + b"\n")
        self._output.write(b"".join(out))

    def close(self) -> None:
        pass


def _text_or_none(value: object) -> str | None:
    return None if value is None or isinstance(value, dict | list) else str(value)
