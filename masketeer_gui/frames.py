"""``deidentify_frame``: de-identify a pandas column; pandas is imported only when it is called."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from masketeer_gui._optional import require

if TYPE_CHECKING:
    from masketeer_gui.api import Engine, Result


def deidentify_frame(
    df: Any,
    text_col: str = "text",
    id_col: str | None = None,
    patient_col: str | None = None,
    *,
    engine: Engine | None = None,
    workers: int = 1,
    spans_col: str | None = "spans",
) -> Any:
    """A copy of ``df`` with ``text_col`` de-identified and, unless ``spans_col`` is None, a column of
    each row's spans (the CONTRACT output form, with offsets into the original text).

    ``id_col`` names the note ids (default: the row position), ``patient_col`` the patient ids that
    scope surrogates. Without ``engine`` a default ``Engine()`` (random key, tags) is used.
    Missing texts (None/NaN) raise ``ValueError`` naming the row position, never its content.
    """
    pandas = require("pandas", "pandas", "deidentify_frame")
    if not isinstance(df, pandas.DataFrame):
        raise TypeError("deidentify_frame expects a pandas DataFrame")
    for column in (text_col, id_col, patient_col):
        if column is not None and column not in df.columns:
            raise KeyError(f"no column {column!r} in the frame")
    if engine is None:
        from masketeer_gui.api import Engine

        engine = Engine()
    results = list(engine.pipe(_notes(df, text_col, id_col, patient_col, pandas), workers=workers))
    out = df.copy()
    out[text_col] = [result.text for result in results]
    if spans_col is not None:
        out[spans_col] = [_spans(result) for result in results]
    return out


def _notes(df: Any, text_col: str, id_col: str | None, patient_col: str | None, pandas: Any) -> Iterator[dict]:
    texts = df[text_col].tolist()
    ids = df[id_col].tolist() if id_col else range(len(texts))
    patients = df[patient_col].tolist() if patient_col else [None] * len(texts)
    for position, (note_id, text, patient) in enumerate(zip(ids, texts, patients, strict=True)):
        if not isinstance(text, str):
            raise ValueError(f"row {position}: {text_col!r} is not a text (missing or of another type)")
        has_patient = patient is not None and not pandas.isna(patient)
        yield {"id": str(note_id), "text": text, "patient_id": str(patient) if has_patient else None}


def _spans(result: Result) -> list[dict[str, Any]]:
    spans: list[dict[str, Any]] = result.to_record()["spans"]
    return spans
