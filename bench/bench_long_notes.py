"""Time and memory per KB on long and hostile notes: the engine must be linear in note length.

    .venv/bin/python bench/bench_long_notes.py [--sizes 10,40,160,640,1024,4096] [--kinds phones,markup]
                                               [--budget 120]

Each kind of note is grown from 10 KB to 4 MB (one note each time) and measured in a fresh child
process with the shipped engine and synthetic deployment lists (with a whitelist and a blacklist, so
curation runs too):
- ``analyze``: ``Deidentifier.analyze``, CPU ms per KB (best of several runs for small notes);
- ``note``: what ``masketeer deidentify --stats --risk`` does per note in its worker (analyze, render
  with keyed tags, statistics, risk), CPU ms per KB;
- ``peak``: the child's peak resident memory after that note (the notes grow, so the largest so far
  sets it), in MB, and what it grew over the engine alone, per character of note;
then per kind the ratio of the largest to the smallest ms-per-KB figure. Linear time keeps it near 1
(goal: < 2); a quadratic step doubles the figure with each doubling of the note. A kind stops growing
before a note that would take over ``--budget`` CPU seconds if time were quadratic (for older commits).

Kinds (all text invented or from ``masketeer_gui.synth``): ``realistic`` synthetic notes one after the
other; ``phones``, ``urls`` and ``names`` (with salutations) repeated with varying digits and names;
``whitespace`` long runs of spaces and no-break spaces after street words; ``markup`` nested ``<div>``s;
``words`` one capitalised word half the note long, twice (once after "Frau").
Figures go to ``bench/out/long_notes.json``. Run it against another checkout with
``PYTHONPATH=/that/checkout .venv/bin/python bench/bench_long_notes.py``.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.synth import SynthCorpus

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH, so another checkout can be measured with this script

KINDS = ("realistic", "phones", "urls", "names", "whitespace", "markup", "words")
SIZES_KB = (10, 40, 160, 640, 1024, 4096)
MIN_SECONDS = 0.3  # small notes are run again until this much CPU time has passed; the best run counts


def _cycle(unit: Callable[[int], str], size: int) -> str:
    """``unit(0) + unit(1) + …`` cut to ``size`` characters."""
    parts, length, k = [], 0, 0
    while length < size:
        piece = unit(k)
        parts.append(piece)
        length += len(piece)
        k += 1
    return "".join(parts)[:size]


@cache
def _synthetic() -> SynthCorpus:
    """2,000 synthetic notes and their deployment lists (the same for every kind and size)."""
    from masketeer_gui.synth import generate

    return generate(2000, 1)


def realistic_text(size: int) -> str:
    """Synthetic notes (``masketeer_gui.synth``), one per line, repeated to ``size`` characters."""
    notes = [note["text"] for note in _synthetic().notes]
    return _cycle(lambda k: notes[k % len(notes)] + "\n", size)


_SURNAMES = ("Tomasini", "Lindmoser", "Gruberbauer", "Pfeifhofer", "Wackerle", "Zangerl", "Oberdanner")


def make_note(kind: str, size: int) -> str:
    """One note of ``kind`` (see the module docstring) with ``size`` characters."""
    if kind == "realistic":
        return realistic_text(size)
    if kind == "phones":
        return _cycle(lambda k: f"Tel. 0512 504 {10000 + k * 37 % 90000}, Fax +43 664 {1000000 + k}; ", size)
    if kind == "urls":
        return _cycle(lambda k: f"siehe www.klinik-{k % 97}.at/info?id={k} oder pflege{k}@beispiel.at ", size)
    if kind == "names":
        return _cycle(
            lambda k: f"Frau Dr. {_SURNAMES[k % 7]} und Herr {_SURNAMES[(k + 3) % 7]}-Egger riefen an. ", size
        )
    if kind == "whitespace":
        room = max(0, size - 28)  # two runs after street words, then a house number
        first, second = room // 2, room - room // 2
        return ("Befund Hauptstraße" + " " * first + "Gasse" + (" \u00a0" * second)[:second] + "12 ok")[:size]
    if kind == "markup":
        depth = max(1, (size - 4) // 11)
        return ("<div>" * depth + "Text" + "</div>" * depth).ljust(size)[:size]
    if kind == "words":  # one letter repeated: an old quadratic look-up costs time here, not memory too
        word = "Zangerl" + "a" * max(0, size // 2 - 20)
        return ("Befund " + word + " und Frau " + word)[:size].ljust(size, "a")
    raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")


def deployment_lists() -> NameLists:
    """Synthetic ``--names`` lists with a whitelist and a blacklist of names the notes contain."""
    from masketeer_gui.engine.lists import NameLists

    names = dict(_synthetic().names)
    surnames = sorted({n.split()[-1] for n in names["patients"]})
    names["whitelist"] = [*surnames[:20], _SURNAMES[0]]
    names["blacklist"] = [*surnames[20:40], {"term": _SURNAMES[1], "entity": "PAT"}]
    return NameLists.from_mapping(names)


class NoteRunner:
    """The shipped engine and the deidentify worker's per-note path, on the lists above."""

    def __init__(self) -> None:
        from masketeer_gui.engine.pipeline import Deidentifier
        from masketeer_gui.parallel import ChunkWorker, EngineSpec

        names = deployment_lists()
        self.engine = Deidentifier.default(names)
        spec = EngineSpec(lambda _: self.engine, names, b"k" * 32, want_stats=True, want_risk=True)
        self.worker = ChunkWorker(spec)
        self.note("warm up " + realistic_text(20_000))  # lazy indexes (fuzzy matching) are built once

    def analyze(self, text: str) -> None:
        self.engine.analyze(text)

    def note(self, text: str) -> None:
        self.worker.process([("N1", text, "")])


def cpu_seconds(run: Callable[[str], None], text: str) -> float:
    """Best CPU time of ``run(text)`` over repeats lasting at least ``MIN_SECONDS`` in all: this thread's (a
    note runs in one), so another thread of the process (a test suite's, a pool's) cannot add to it."""
    best, spent = float("inf"), 0.0
    while spent < MIN_SECONDS:
        gc.collect()
        start = time.thread_time()
        run(text)
        took = time.thread_time() - start
        best, spent = min(best, took), spent + took
    return best


def peak_rss_bytes() -> int:
    """This process's peak resident memory so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def measure_kind(kind: str, sizes_kb: Sequence[int], budget: float) -> list[dict[str, float]]:
    """Rows for one kind, smallest note first; stops before a note that could take over ``budget`` seconds."""
    runner = NoteRunner()
    base_rss = peak_rss_bytes()
    rows: list[dict[str, float]] = []
    last_kb, last_seconds = 1, 0.0
    for kb in sizes_kb:
        if last_seconds * (kb / last_kb) ** 2 > budget:  # were it quadratic
            break
        text = make_note(kind, kb * 1024)
        analyze = cpu_seconds(runner.analyze, text)
        note = cpu_seconds(runner.note, text)
        peak = peak_rss_bytes()
        row = {"kb": kb, "analyze_ms_per_kb": 1000 * analyze / kb, "note_ms_per_kb": 1000 * note / kb,
               "peak_mb": peak / 1e6, "bytes_per_char": (peak - base_rss) / len(text)}  # fmt: skip
        rows.append(row)
        print(json.dumps(row), flush=True)
        last_kb, last_seconds = kb, max(analyze, note)
    return rows


def _child(kind: str, sizes_kb: Sequence[int], budget: float) -> list[dict[str, float]]:
    """``measure_kind`` in a fresh process, so one kind's memory and caches do not colour the next."""
    command = [sys.executable, __file__, "--child", kind, "--sizes", ",".join(map(str, sizes_kb)),
               "--budget", str(budget)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"{kind}: the child process failed (exit {done.returncode})")
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def ratio(rows: Sequence[dict[str, float]], key: str) -> float:
    """Largest over smallest per-KB figure of ``key`` (1.0 is perfectly linear)."""
    values = [row[key] for row in rows]
    return max(values) / min(values) if values else float("nan")


def print_table(results: dict[str, list[dict[str, float]]], sizes_kb: Sequence[int]) -> None:
    print(f"{'kind':<11} {'KB':>6} {'analyze ms/KB':>14} {'note ms/KB':>11} {'peak RSS MB':>12} {'B/char':>7}")
    for kind, rows in results.items():
        for row in rows:
            memory = f"{row['peak_mb']:12.1f} {row['bytes_per_char']:7.1f}"
            print(f"{kind:<11} {row['kb']:>6} {row['analyze_ms_per_kb']:14.2f} {row['note_ms_per_kb']:11.2f} {memory}")
        missing = [str(kb) for kb in sizes_kb if kb not in {row["kb"] for row in rows}]
        if missing:
            print(f"{kind:<11} {'/'.join(missing):>6} {'(over --budget: not run)':>26}")
        analyze, note = ratio(rows, "analyze_ms_per_kb"), ratio(rows, "note_ms_per_kb")
        verdict = "ok" if max(analyze, note) < 2 and not missing else "NOT LINEAR"
        print(f"{kind:<11} {'ratio':>6} {analyze:14.2f} {note:11.2f}  (max/min ms per KB; goal < 2: {verdict})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES_KB)), help="note sizes in KB")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, of: {', '.join(KINDS)}")
    parser.add_argument("--budget", type=float, default=120.0, help="CPU seconds a note may take (if quadratic)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes_kb = sorted(int(s) for s in args.sizes.split(","))
    if args.child:
        measure_kind(args.child, sizes_kb, args.budget)
        return 0
    results = {}
    for kind in args.kinds.split(","):
        make_note(kind, 1)  # an unknown kind fails here, before any child starts
        print(f"{kind}: {', '.join(map(str, sizes_kb))} KB …", file=sys.stderr, flush=True)
        results[kind] = _child(kind, sizes_kb, args.budget)
    print_table(results, sizes_kb)
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "long_notes.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
