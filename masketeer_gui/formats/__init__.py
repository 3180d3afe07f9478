"""File formats other tools speak, import and export; no Qt, no store.

- ``spans_jsonl``: span JSONL of spaCy (``entities``), Prodigy (``spans``) and doccano (``label``).
- ``webanno``: WebAnno TSV 3.3, which INCEpTION imports into a custom span layer.
- ``fhir``: FHIR R4 ``DocumentReference`` NDJSON (notes as base64 ``text/plain`` attachments).
- ``parquet``: notes and de-identified output as Parquet (optional ``pyarrow``).
- ``presidio``: the engine as a Presidio ``EntityRecognizer`` (optional ``presidio-analyzer``).

Span formats exchange ``Document``s: a note's id, its text and its ``Mention``s (offsets into the
text, a label). Errors name the file and line, never note text.
"""

from masketeer_gui.formats.document import Document, FormatError, Mention

__all__ = ["Document", "FormatError", "Mention"]
