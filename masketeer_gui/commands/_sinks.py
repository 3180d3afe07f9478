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
    """Where output records go: straight from the first pass (``write``), or from a settled second
    pass (``own_lines`` in the first, then ``write_lines`` and ``rerender``; ``settling.RunSettler``)."""

    own_form: bool  # whether its lines are its own (``own_lines``), not the output records

    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None: ...

    def own_lines(self, chunk: list[NoteRecord], lines: list[bytes]) -> list[bytes] | None:
        """The sink's own line per note when it is not the output record itself (else None)."""
        ...

    def write_lines(self, blocks: list[bytes]) -> None:
        """Write blocks of whole lines: output records, or the sink's own lines when it has them."""
        ...

    def rerender(self, own: bytes, line: bytes) -> bytes:
        """The sink's own line for a note whose output record settled to ``line``."""
        ...

    def close(self) -> None: ...


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


class _RecordSink:
    """A sink whose lines are the output records themselves."""

    own_form = False

    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None:
        self.write_lines(lines)

    def own_lines(self, chunk: list[NoteRecord], lines: list[bytes]) -> list[bytes] | None:
        return None

    def write_lines(self, blocks: list[bytes]) -> None:
        raise NotImplementedError

    def rerender(self, own: bytes, line: bytes) -> bytes:
        return line

    def close(self) -> None:
        pass


class _JsonlSink(_RecordSink):
    def __init__(self, output: AtomicFile) -> None:
        self._output = output

    def write_lines(self, blocks: list[bytes]) -> None:
        self._output.write(b"".join(blocks))


class _ParquetSink(_RecordSink):
    def __init__(self, output: AtomicFile) -> None:
        from masketeer_gui.formats.parquet import OutputWriter

        self._writer = OutputWriter(output.handle)

    def write_lines(self, blocks: list[bytes]) -> None:
        from masketeer_gui.engine import fastjson
        from masketeer_gui.settling import split_lines

        self._writer.write([fastjson.loads(line) for line in split_lines(blocks)])

    def close(self) -> None:
        self._writer.close()


class _FhirSink:
    """DocumentReferences: each input resource (or a minimal one) with the de-identified text."""

    own_form = True

    def __init__(self, output: AtomicFile) -> None:
        self._output = output

    def write(self, chunk: list[NoteRecord], lines: list[bytes]) -> None:
        self.write_lines(self.own_lines(chunk, lines))

    def own_lines(self, chunk: list[NoteRecord], lines: list[bytes]) -> list[bytes]:
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
        return out

    def write_lines(self, blocks: list[bytes]) -> None:
        self._output.write(b"".join(blocks))

    def rerender(self, own: bytes, line: bytes) -> bytes:
        """The de-identified resource ``own`` with the settled text of ``line``: what ``own_lines``
        would have written for it."""
        from masketeer_gui.engine import fastjson
        from masketeer_gui.formats.fhir import with_text

        return fastjson.dumps(with_text(fastjson.loads(own), fastjson.loads(line)["text"])) + b"\n"

    def close(self) -> None:
        pass


def _text_or_none(value: object) -> str | None:
    return None if value is None or isinstance(value, dict | list) else str(value)
