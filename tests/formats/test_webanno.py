"""WebAnno TSV 3.3 (INCEpTION): exact round trips, UTF-16 offsets, reading INCEpTION's own files."""

from __future__ import annotations

import pytest

from masketeer_gui.formats import Document, FormatError, Mention
from masketeer_gui.formats.webanno import dump_document, load_document

TEXT = "Bitte Dr. Wendelin Oberlechner informieren."
LINES = "\n\n  Frau Pfandlbauer\n\n\tHerr Krummeck \n"
RESERVED = "a_b [x] c|d e;f g*h i->j k\\l Gruber"


def round_trip(doc: Document) -> Document:
    return load_document(dump_document(doc), "n.tsv", doc.id)


@pytest.mark.parametrize(
    "doc",
    [
        Document("plain", TEXT, (Mention(10, 30, "HCP"),)),
        Document("one-token", TEXT, (Mention(19, 30, "HCP"),)),
        Document("inside-a-token", "Station:Oberlechner,Tel.0512", (Mention(8, 19, "HCP"), Mention(24, 28, "PHO"))),
        Document("stacked", TEXT, (Mention(10, 30, "PER"), Mention(19, 30, "PAT"))),
        Document("lines", LINES, (Mention(9, 20, "PAT"), Mention(LINES.index("Krummeck"), len(LINES) - 2, "PAT"))),
        Document("reserved", RESERVED, (Mention(RESERVED.index("Gruber"), len(RESERVED), "PAT"),)),
        Document("astral", "😊 Frau 😊Pfandlbauer kam 😊.", (Mention(10, 21, "PAT"),)),
        Document("nothing", "Keine Namen hier.", ()),
    ],
    ids=lambda doc: doc.id,
)
def test_round_trip_gives_text_and_mentions_back(doc: Document) -> None:
    assert round_trip(doc) == Document(doc.id, doc.text, tuple(sorted(doc.mentions)))


def test_layout_is_what_inception_reads() -> None:
    tsv = dump_document(Document("n", TEXT, (Mention(10, 30, "HCP"),))).split("\n")
    assert tsv[:4] == ["#FORMAT=WebAnno TSV 3.3", "#T_SP=webanno.custom.PHI|entity", "", ""]
    assert tsv[4] == "#Text=" + TEXT
    assert tsv[5:10] == [
        "1-1\t0-5\tBitte\t_",
        "1-2\t6-9\tDr.\t_",
        "1-3\t10-18\tWendelin\tHCP[1]",
        "1-4\t19-30\tOberlechner\tHCP[1]",
        "1-5\t31-43\tinformieren.\t_",
    ]


def test_offsets_in_the_file_are_utf16_code_units() -> None:
    tsv = dump_document(Document("n", "😊 Gruber", (Mention(2, 8, "PAT"),)))
    assert "1-2\t3-9\tGruber\tPAT" in tsv.split("\n")


def test_reads_an_inception_export_with_other_layers_and_trailing_tabs() -> None:
    tsv = "\n".join(
        [
            "#FORMAT=WebAnno TSV 3.3",
            "#T_SP=de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS|PosValue|coarseValue",
            "#T_SP=webanno.custom.PHI|entity",
            "",
            "",
            "#Text=Dr. Krummeck kam.",
            "1-1\t0-3\tDr.\tNN\t_\t_\t",
            "1-2\t4-12\tKrummeck\tNE\t_\tHCP\t",
            "1-3\t13-17\tkam.\t_\t_\t_\t",
            "",
            "#Text=Frau Pfandlbauer",
            "2-1\t18-22\tFrau\t_\t_\t_\t",
            "2-2\t23-34\tPfandlbauer\t_\t_\tPAT\t",
            "",
        ]
    )
    doc = load_document(tsv, "x.tsv", "x")
    assert doc.text == "Dr. Krummeck kam.\nFrau Pfandlbauer"
    assert [(doc.text[m.start : m.end], m.label) for m in doc.mentions] == [("Krummeck", "HCP"), ("Pfandlbauer", "PAT")]


def test_named_entity_layer_is_read_when_there_is_no_phi_layer() -> None:
    tsv = "#FORMAT=WebAnno TSV 3.2\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|identifier|value\n\n\n"
    tsv += "#Text=Herr Krummeck\n1-1\t0-4\tHerr\t_\t_\n1-2\t5-13\tKrummeck\t_\tPAT\n"
    assert load_document(tsv, "x.tsv", "x").mentions == (Mention(5, 13, "PAT"),)


@pytest.mark.parametrize(
    ("content", "where"),
    [("hello\n", "x.tsv:1"), ("#FORMAT=WebAnno TSV 3.3\n\n\n#Text=a\nnot a token line\n", "x.tsv:5")],
)
def test_bad_files_name_file_and_line(content: str, where: str) -> None:
    with pytest.raises(FormatError, match=where):
        load_document(content, "x.tsv", "x")


def test_stacked_mentions_carry_disambiguation_ids() -> None:
    tsv = dump_document(Document("n", "Herr Krummeck", (Mention(5, 13, "PAT"), Mention(5, 13, "PER")))).split("\n")
    assert "1-2\t5-13\tKrummeck\tPAT[1]|PER[2]" in tsv
