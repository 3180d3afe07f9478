"""Gold in the formats of other tools (INCEpTION TSV, spaCy, Prodigy, doccano): round trips and checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masketeer_gui.commands.evaluate import GOLD_FORMATS, IMPORTABLE_FORMATS
from masketeer_gui.evaluation.formats import (
    IMPORTABLE,
    TOOL_FORMATS,
    GoldFormat,
    GoldFormatError,
    export_gold,
    import_gold,
)
from tests.evaluation.test_formats import GOLD, TEXTS


@pytest.mark.parametrize("fmt", list(TOOL_FORMATS))
def test_round_trip(tmp_path: Path, fmt: GoldFormat) -> None:
    target = tmp_path / ("tsv" if fmt is GoldFormat.INCEPTION_TSV else "gold.jsonl")
    assert export_gold(fmt, target, GOLD, TEXTS) == 3
    assert import_gold(fmt, target, TEXTS) == GOLD
    assert import_gold(fmt, target) == GOLD


def test_tsv_files_sit_at_the_note_ids(tmp_path: Path) -> None:
    export_gold(GoldFormat.INCEPTION_TSV, tmp_path, GOLD, TEXTS)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.tsv")) == [
        "N1.tsv",
        "N2.tsv",
        "dir/N3.tsv",
    ]


@pytest.mark.parametrize("fmt", list(TOOL_FORMATS))
def test_export_needs_the_texts(tmp_path: Path, fmt: GoldFormat) -> None:
    with pytest.raises(ValueError, match="texts"):
        export_gold(fmt, tmp_path / "x", GOLD)


def test_a_file_whose_text_is_not_the_notes_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    export_gold(GoldFormat.DOCCANO, path, GOLD, TEXTS)
    with pytest.raises(GoldFormatError, match="'N2': its text is not the note's text"):
        import_gold(GoldFormat.DOCCANO, path, {**TEXTS, "N2": "Ein anderer Text."})


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"id": "N2", "text": TEXTS["N2"], "label": [[0, 5, "NAME"]]}, "unknown entity type"),
        ({"id": "N2", "text": TEXTS["N2"], "label": [[0, 99, "PAT"]]}, "gold.jsonl:1: offsets 0..99"),
    ],
)
def test_bad_gold_names_the_file(tmp_path: Path, line: dict, message: str) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(GoldFormatError, match=message):
        import_gold(GoldFormat.DOCCANO, path)


def test_the_cli_offers_every_format() -> None:
    assert tuple(GoldFormat) == GOLD_FORMATS
    assert IMPORTABLE_FORMATS == IMPORTABLE


def test_import_gold_guesses_tsv_from_the_names(tmp_path: Path) -> None:
    from masketeer_gui.commands._evaluate_actions import _guess_format

    export_gold(GoldFormat.INCEPTION_TSV, tmp_path / "tsv", GOLD, TEXTS)
    assert _guess_format(tmp_path / "tsv") is GoldFormat.INCEPTION_TSV
    assert _guess_format(tmp_path / "tsv" / "N1.tsv") is GoldFormat.INCEPTION_TSV
    export_gold(GoldFormat.BRAT, tmp_path / "brat", GOLD, TEXTS)
    assert _guess_format(tmp_path / "brat") is GoldFormat.BRAT
