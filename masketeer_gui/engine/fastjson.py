"""JSON in and out at corpus speed: orjson when installed, the standard library otherwise.

Both paths read ``bytes`` or ``str`` and write compact UTF-8 ``bytes`` (no ASCII escaping),
so the output files are byte-identical whichever library is present.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - exercised only without orjson
    orjson = None  # type: ignore[assignment]

JSONDecodeError = json.JSONDecodeError  # orjson's error is a subclass of it


def loads(data: bytes | str) -> Any:
    """Parse one JSON document; raises ``JSONDecodeError`` (or ``UnicodeDecodeError`` for bad bytes)."""
    if orjson is not None:
        return orjson.loads(data)
    return json.loads(data)


def loader() -> Callable[[bytes | str], Any]:
    """``loads`` itself, for a loop that parses line after line (no call in between)."""
    return orjson.loads if orjson is not None else json.loads


def dumps(obj: Any) -> bytes:
    """Compact UTF-8 JSON without a trailing newline."""
    if orjson is not None:
        return orjson.dumps(obj)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def dumper() -> Callable[[Any], bytes]:
    """``dumps`` itself (``orjson.dumps`` when installed), for a loop that writes piece after piece."""
    return orjson.dumps if orjson is not None else dumps


def dumps_line(obj: Any) -> bytes:
    """``dumps(obj)`` and a newline: one JSONL line (orjson appends it without copying the line)."""
    if orjson is not None:
        return orjson.dumps(obj, option=orjson.OPT_APPEND_NEWLINE)
    return dumps(obj) + b"\n"
