"""FHIR R4 ``DocumentReference`` as NDJSON: notes in, de-identified documents out.

Reading: the note is the first ``content[].attachment`` whose ``contentType`` is ``text/plain``
and that has ``data`` (base64; the ``charset`` parameter is honoured, UTF-8 by default); the note
id is the resource ``id`` and the patient id the id part of ``subject.reference``
(``Patient/123`` -> ``123``, also at the end of an absolute URL), else ``subject.identifier.value``.
Writing: the same resource with the de-identified text as its only attachment, a ``PSEUDED``
security label, and nothing that may carry PHI as free text (``text`` narrative, ``description``,
the ``display`` of references, attachment titles and URLs). ``id`` and reference targets are kept,
so the document still joins to its patient and encounter.
"""

from __future__ import annotations

import base64
import binascii
import copy
from collections.abc import Mapping
from typing import Any

from masketeer_gui.formats.document import FormatError

RESOURCE_TYPE = "DocumentReference"
PSEUDED = {
    "system": "http://terminology.hl7.org/CodeSystem/v3-ObservationValue",
    "code": "PSEUDED",
    "display": "pseudonymized",
}
_FREE_TEXT = ("text", "description")


def is_fhir_line(record: Mapping[str, Any]) -> bool:
    """True for a FHIR resource, what tells a FHIR NDJSON file from a corpus JSONL: a ``resourceType``
    and no ``text`` string (a resource's ``text`` is a Narrative object; a corpus line's is the note)."""
    return isinstance(record.get("resourceType"), str) and not isinstance(record.get("text"), str)


def note_of(resource: Mapping[str, Any]) -> tuple[str, str, str | None]:
    """``(id, text, patient id or None)`` of a DocumentReference; ``FormatError`` says what is missing."""
    if resource.get("resourceType") != RESOURCE_TYPE:
        raise FormatError(f"expected resourceType {RESOURCE_TYPE}")
    note_id = resource.get("id")
    if not isinstance(note_id, str) or not note_id.strip():
        raise FormatError("missing 'id'")
    return note_id, _attachment_text(resource), patient_of(resource)


def patient_of(resource: Mapping[str, Any]) -> str | None:
    subject = resource.get("subject")
    if not isinstance(subject, Mapping):
        return None
    reference = subject.get("reference")
    if isinstance(reference, str) and "Patient/" in reference:
        return reference.rsplit("Patient/", 1)[1].split("/", 1)[0] or None
    identifier = subject.get("identifier")
    value = identifier.get("value") if isinstance(identifier, Mapping) else None
    return value if isinstance(value, str) and value else None


def _attachment_text(resource: Mapping[str, Any]) -> str:
    content = resource.get("content")
    if not isinstance(content, list):
        raise FormatError("missing 'content'")
    for index, item in enumerate(content):
        attachment = item.get("attachment") if isinstance(item, Mapping) else None
        if not isinstance(attachment, Mapping) or "data" not in attachment:
            continue
        kind = str(attachment.get("contentType", "text/plain"))
        if kind.split(";")[0].strip().lower() != "text/plain":
            continue
        try:
            raw = base64.b64decode(attachment["data"], validate=True)
            return raw.decode(_charset(kind))
        except (binascii.Error, TypeError, ValueError):
            raise FormatError(f"content[{index}].attachment.data is not base64 {_charset(kind)} text") from None
    raise FormatError("no content[].attachment with contentType text/plain and data")


def _charset(content_type: str) -> str:
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip():
            return value.strip().strip('"')
    return "utf-8"


def deidentified(resource: Mapping[str, Any], text: str) -> dict[str, Any]:
    """The resource with ``text`` as its only (base64 UTF-8) attachment and free-text fields removed."""
    out = _without_displays(copy.deepcopy(dict(resource)))
    for key in _FREE_TEXT:
        out.pop(key, None)
    first = next((c for c in out.get("content", []) if isinstance(c, dict)), {})
    attachment = {"contentType": "text/plain; charset=utf-8", "data": _base64(text)}
    language = first.get("attachment", {}).get("language") if isinstance(first.get("attachment"), dict) else None
    if language:
        attachment["language"] = language
    item: dict[str, Any] = {"attachment": attachment}
    if "format" in first:
        item["format"] = first["format"]
    out["content"] = [item]
    meta = out.setdefault("meta", {})
    labels = meta.setdefault("security", [])
    if not any(label.get("code") == PSEUDED["code"] for label in labels if isinstance(label, dict)):
        labels.append(dict(PSEUDED))
    return out


def with_text(resource: dict[str, Any], text: str) -> dict[str, Any]:
    """A ``deidentified`` resource given another text: ``deidentified(source, text)`` of the same source."""
    resource["content"][0]["attachment"]["data"] = _base64(text)
    return resource


def _base64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def _without_displays(value: Any) -> Any:
    """Drop ``display`` from every Reference (it holds names: "Dr. …"); codings keep theirs."""
    if isinstance(value, dict):
        if "reference" in value or "identifier" in value:
            value.pop("display", None)
        for item in value.values():
            _without_displays(item)
    elif isinstance(value, list):
        for item in value:
            _without_displays(item)
    return value


def document_reference(note_id: str, text: str, patient_id: str | None = None) -> dict[str, Any]:
    """A minimal current DocumentReference holding ``text`` (for tests and exports)."""
    resource: dict[str, Any] = {
        "resourceType": RESOURCE_TYPE,
        "id": note_id,
        "status": "current",
        "content": [
            {
                "attachment": {
                    "contentType": "text/plain; charset=utf-8",
                    "data": base64.b64encode(text.encode("utf-8")).decode("ascii"),
                }
            }
        ],
    }
    if patient_id is not None:
        resource["subject"] = {"reference": f"Patient/{patient_id}"}
    return resource
