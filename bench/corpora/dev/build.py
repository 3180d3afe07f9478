#!/usr/bin/env python3
"""Build notes.jsonl and gold.jsonl from src/batch_NN.txt (inline {TYPE:surface} markup).

Dependency-free. Usage: python3 build.py [--prefix V] [--markdown]
Checks: balanced braces, known types, no empty or whitespace-padded spans, spans on word boundaries,
patient ids of the form V001. With --markdown, also prints the README's count table.
"""

import argparse
import json
import re
import sys
from pathlib import Path

TYPES = {"PAT", "HCP", "PER", "SIT", "ADD", "ZIP", "PHO", "MAI", "WEB", "OPT"}
HERE = Path(__file__).resolve().parent


class MarkupError(Exception):
    pass


def parse_note(raw, where):
    """Return (text, spans) for one note's marked-up text."""
    out = []
    spans = []
    pos = 0  # index in output text
    i = 0
    n = len(raw)
    while i < n:
        ch = raw[i]
        if ch == "}":
            raise MarkupError(f"{where}: stray '}}' at offset {i}")
        if ch != "{":
            out.append(ch)
            pos += 1
            i += 1
            continue
        m = re.match(r"\{([A-Z]+):", raw[i:])
        if not m:
            raise MarkupError(f"{where}: '{{' without TYPE: at offset {i}: {raw[i : i + 30]!r}")
        typ = m.group(1)
        if typ not in TYPES:
            raise MarkupError(f"{where}: unknown type {typ!r}")
        j = raw.find("}", i + m.end())
        if j < 0:
            raise MarkupError(f"{where}: unclosed span at offset {i}")
        surface = raw[i + m.end() : j]
        if "{" in surface or "\n" in surface:
            raise MarkupError(f"{where}: nested span or newline inside span: {surface!r}")
        if not surface.strip():
            raise MarkupError(f"{where}: empty span of type {typ}")
        if surface != surface.strip():
            raise MarkupError(f"{where}: span with outer whitespace: {surface!r}")
        spans.append(
            {
                "start": pos,
                "end": pos + len(surface),
                "entity": typ,
                "text": surface,
                "optional": typ == "OPT",
            }
        )
        out.append(surface)
        pos += len(surface)
        i = j + 1
    text = "".join(out)
    for s in spans:
        assert text[s["start"] : s["end"]] == s["text"]
        before = text[s["start"] - 1] if s["start"] > 0 else " "
        after = text[s["end"]] if s["end"] < len(text) else " "
        if before.isalnum() or after.isalnum():
            raise MarkupError(f"{where}: span {s['text']!r} does not cover whole word tokens")
    return text, spans


def read_notes(src_dir):
    for path in sorted(src_dir.glob("batch_*.txt")):
        content = path.read_text(encoding="utf-8")
        chunks = re.split(r"^---[ \t]*$", content, flags=re.M)
        for k, chunk in enumerate(chunks, 1):
            chunk = chunk.strip("\n")
            if not chunk.strip():
                continue
            lines = chunk.split("\n")
            patient = None
            if lines[0].startswith("#patient:"):
                patient = lines[0].split(":", 1)[1].strip()
                lines = lines[1:]
                if not re.fullmatch(r"[A-Z]\d{3}", patient):
                    raise SystemExit(f"{path.name}#{k}: bad patient id {patient!r}")
            raw = "\n".join(lines).strip()
            yield f"{path.name}#{k}", raw, patient


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--prefix", default="V")
    ap.add_argument("--markdown", action="store_true", help="print the count table for README.md")
    ap.add_argument("--src", default=str(HERE / "src"))
    ap.add_argument("--out", default=str(HERE))
    args = ap.parse_args(argv)
    notes, golds = [], []
    counts = {}
    errors = []
    for idx, (where, raw, patient) in enumerate(read_notes(Path(args.src)), 1):
        try:
            text, spans = parse_note(raw, where)
        except MarkupError as e:
            errors.append(str(e))
            continue
        nid = f"{args.prefix}{idx:04d}"
        rec = {"id": nid, "text": text}
        if patient:
            rec["patient_id"] = patient
        notes.append(rec)
        golds.append({"id": nid, "spans": spans})
        for s in spans:
            counts[s["entity"]] = counts.get(s["entity"], 0) + 1
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    out = Path(args.out)
    with open(out / "notes.jsonl", "w", encoding="utf-8") as f:
        for r in notes:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(out / "gold.jsonl", "w", encoding="utf-8") as f:
        for r in golds:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    req = [g for g in golds if any(not s["optional"] for s in g["spans"])]
    print(f"{len(notes)} notes, {len(req)} with required PHI, {len(notes) - len(req)} without")
    print(" ".join(f"{k} {counts[k]}" for k in sorted(counts)))
    with_pid = sum(1 for r in notes if "patient_id" in r)
    patients = len({r["patient_id"] for r in notes if "patient_id" in r})
    print(f"{with_pid} notes carry a patient_id ({patients} patients)")
    if args.markdown:
        none = sum(1 for g in golds if not g["spans"])
        print(
            f"\n{len(notes)} notes: {len(req)} with required PHI, {len(notes) - len(req)} without "
            f"({none} with no span at all, {len(notes) - len(req) - none} with only optional spans).\n"
        )
        print("| type | spans |\n|---|---|")
        req_types = sorted((k for k in counts if k != "OPT"), key=lambda k: (-counts[k], k))
        for k in req_types:
            print(f"| {k} | {counts[k]} |")
        print(f"| required total | {sum(counts[k] for k in req_types)} |")
        print(f"| OPT | {counts.get('OPT', 0)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
