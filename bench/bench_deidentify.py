"""Speed of ``masketeer deidentify`` as a whole process, and the paper's Figure 3 as tables.

    .venv/bin/python bench/bench_deidentify.py [--n 35579] [--seed 1] [--corpus FILE.jsonl]

1. Throughput: the CLI in a subprocess (reading and writing JSONL) with the default workers
   and with ``--workers 1``: wall time, notes/s, peak RSS of the largest process in the tree.
2. Figure 3a: time per note (analyze + render, in this process, best of ``--repeat`` passes)
   by note length in tokens, with a least-squares line (ms per 100 tokens) and R².
3. Figure 3b: CLI wall time for random subsamples of 5,000 .. 35,000 notes, line and R².
The corpus comes from ``python -m masketeer_gui.synth`` when available, else ``fallback_corpus``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fallback_corpus import write_corpus  # noqa: E402

from masketeer_gui.engine.stats import count_tokens  # noqa: E402

# Runs a command, then prints its children's peak RSS and CPU seconds: a fresh reading per run.
_RUSAGE_WRAPPER = (
    "import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]); "
    "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr); sys.exit(code)"
)


class Run(NamedTuple):
    """One CLI measurement: wall seconds, CPU seconds of the whole process tree, peak RSS (KiB)."""

    wall: float
    cpu: float
    rss_kib: int


def make_corpus(folder: Path, n: int, seed: int) -> tuple[Path, Path | None]:
    """``(corpus.jsonl, names.json or None)``: from the synth module if it runs, else the fallback."""
    corpus, names = folder / "corpus.jsonl", folder / "names.json"
    command = [sys.executable, "-m", "masketeer_gui.synth", "--n", str(n), "--seed", str(seed),
               "-o", str(corpus), "--gold", str(folder / "gold.jsonl"), "--names", str(names)]  # fmt: skip
    if subprocess.run(command, cwd=ROOT, capture_output=True, check=False).returncode == 0:
        print(f"corpus: masketeer_gui.synth, {n} notes, seed {seed}")
        return corpus, names
    write_corpus(corpus, n, seed)
    print(f"corpus: bench/fallback_corpus.py ({n} notes, seed {seed}; masketeer_gui.synth not available)")
    return corpus, None


def run_cli(corpus: Path, out: Path, names: Path | None, workers: int | None, repeat: int) -> Run:
    """``masketeer deidentify`` ``repeat`` times: best wall and CPU seconds, largest peak RSS.

    RSS is the largest process of the tree (children's ``ru_maxrss``); CPU time adds up all of
    them, and unlike wall time barely changes when other programs compete for the cores."""
    runs = [_run_cli_once(corpus, out, names, workers) for _ in range(repeat)]
    return Run(min(r.wall for r in runs), min(r.cpu for r in runs), max(r.rss_kib for r in runs))


def _run_cli_once(corpus: Path, out: Path, names: Path | None, workers: int | None) -> Run:
    command = [sys.executable, "-m", "masketeer_gui.cli", "deidentify", str(corpus), "-o", str(out)]
    command += ["--names", str(names)] if names else []
    command += ["--workers", str(workers)] if workers else []
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    wrapped = [sys.executable, "-c", _RUSAGE_WRAPPER, *command]
    done = subprocess.run(wrapped, cwd=ROOT, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"masketeer deidentify failed ({done.returncode}):\n{done.stderr}")
    rss, cpu = done.stderr.strip().splitlines()[-1].split()
    return Run(wall, float(cpu), int(rss))


def fit_line(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """Least-squares ``(slope, intercept, R²)``."""
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    slope = sxy / sxx if sxx else 0.0
    intercept = mean_y - slope * mean_x
    ss_res = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys, strict=True))
    ss_tot = sum((y - mean_y) ** 2 for y in ys)
    return slope, intercept, 1 - ss_res / ss_tot if ss_tot else 1.0


def _burn(_: int) -> float:
    start = time.perf_counter()
    total = 0
    for i in range(5_000_000):
        total += i
    return time.perf_counter() - start


def machine_check() -> float:
    """Speed-up of a pure CPU loop on all cores (ideal = core count): tells how busy the machine is."""
    import multiprocessing

    cores = len(os.sched_getaffinity(0))
    start = time.perf_counter()
    _burn(0)
    single = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(cores) as pool:
        start = time.perf_counter()
        pool.map(_burn, range(cores))
        parallel = time.perf_counter() - start
    speedup = cores * single / parallel
    print(f"machine: {cores} cores; CPU-loop speed-up on {cores} processes: {speedup:.2f} (ideal {cores})")
    return speedup


def throughput(corpus: Path, names: Path | None, out_dir: Path, n: int, repeat: int) -> dict[str, object]:
    results: dict[str, object] = {}
    print(f"\n1. Throughput, whole process (JSONL in and out, {n:,} notes, best of {repeat})")
    print(f"{'workers':>11} {'wall s':>7} {'notes/s':>8} {'CPU s':>6} {'notes/CPU-s':>11} {'peak RSS MiB':>12}")
    for label, workers in ((f"default ({len(os.sched_getaffinity(0))})", None), ("1", 1)):
        run = run_cli(corpus, out_dir / "out.jsonl", names, workers, repeat)
        results[label] = {**run._asdict(), "notes_per_s": n / run.wall, "notes_per_cpu_s": n / run.cpu}
        print(
            f"{label:>11} {run.wall:7.2f} {n / run.wall:8,.0f} {run.cpu:6.2f} {n / run.cpu:11,.0f}"
            f" {run.rss_kib / 1024:12.0f}"
        )
    return results


def note_timings(corpus: Path, names: Path | None, repeat: int) -> list[tuple[int, float]]:
    """``(tokens, seconds)`` per note for analyze + render in this process (Figure 3a); each note's
    time is the best of ``repeat`` passes over the corpus, which filters out other processes' noise."""
    from masketeer_gui.commands.deidentify import default_factory
    from masketeer_gui.engine.lists import NameLists
    from masketeer_gui.engine.pseudonyms import new_key
    from masketeer_gui.engine.render import Tagger, render_note

    analyzer = default_factory(NameLists.from_json(names) if names else None)
    tagger = Tagger(new_key())
    texts = [json.loads(line)["text"] for line in corpus.open(encoding="utf-8")]
    best = [float("inf")] * len(texts)
    gc.disable()
    try:
        for _ in range(repeat):
            for index, text in enumerate(texts):
                start = time.perf_counter()
                render_note("x", text, analyzer.analyze(text), tagger)
                best[index] = min(best[index], time.perf_counter() - start)
    finally:
        gc.enable()
    return [(count_tokens(text), seconds) for text, seconds in zip(texts, best, strict=True)]


def figure_3a(timings: list[tuple[int, float]], bucket: int = 25) -> dict[str, float]:
    print(f"\n2. Figure 3a: time per note by length (analyze + render, one process, {bucket}-token buckets)")
    print(f"{'tokens':>10} {'notes':>7} {'ms/note':>8}")
    buckets: dict[int, list[float]] = {}
    for tokens, seconds in timings:
        buckets.setdefault(tokens // bucket, []).append(seconds * 1000)
    centres, means = [], []
    for key in sorted(buckets):
        values = buckets[key]
        mean = sum(values) / len(values)
        print(f"{key * bucket:>4}-{key * bucket + bucket - 1:<5} {len(values):7,} {mean:8.3f}")
        if len(values) >= 20:  # buckets with few notes are noise
            centres.append(key * bucket + bucket / 2)
            means.append(sum(values) / len(values))
    slope, _, r2 = fit_line(centres, means)
    raw_slope, _, raw_r2 = fit_line([t for t, _ in timings], [s * 1000 for _, s in timings])
    print(f"fit on bucket means (>= 20 notes): {slope * 100:.3f} ms per 100 tokens, R² = {r2:.4f}")
    print(f"fit on single notes: {raw_slope * 100:.3f} ms per 100 tokens, R² = {raw_r2:.4f}")
    print("(paper: about 5 ms per 100 tokens, R² = 0.9897)")
    return {"ms_per_100_tokens": slope * 100, "r2": r2, "single_note_r2": raw_r2}


def figure_3b(
    corpus: Path, names: Path | None, out_dir: Path, sizes: list[int], seed: int, repeat: int
) -> dict[str, float]:
    print(f"\n3. Figure 3b: whole-process time by corpus size (random subsamples, best of {repeat})")
    print(f"{'notes':>8} {'wall s':>8} {'CPU s':>8}")
    lines = corpus.read_text(encoding="utf-8").splitlines(keepends=True)
    rng = random.Random(seed)
    xs, walls, cpus = [], [], []
    for size in sizes:
        sample = out_dir / f"sample{size}.jsonl"
        sample.write_text("".join(rng.sample(lines, min(size, len(lines)))), encoding="utf-8")
        run = run_cli(sample, out_dir / "out.jsonl", names, None, repeat)
        xs.append(size)
        walls.append(run.wall)
        cpus.append(run.cpu)
        print(f"{size:8,} {run.wall:8.2f} {run.cpu:8.2f}")
    results: dict[str, float] = {}
    for label, ys in (("wall", walls), ("cpu", cpus)):
        slope, intercept, r2 = fit_line(xs, ys)
        per_5000 = slope * 5000
        print(f"fit, {label} time: {per_5000:.2f} s per 5,000 notes (+{intercept:.2f} s), R² = {r2:.4f}")
        results |= {
            f"{label}_s_per_5000_notes": slope * 5000,
            f"{label}_startup_s": intercept,
            f"{label}_r2": r2,
        }
    print("(paper, wall time: about 9 s per 5,000 notes, R² = 0.9999)")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=35_579)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpus", type=Path, help="use this JSONL corpus instead of generating one")
    parser.add_argument("--names", type=Path, help="names file for the engine (with --corpus)")
    parser.add_argument("--out-dir", type=Path, default=ROOT / "bench" / "out")
    parser.add_argument("--sizes", default="5000,10000,15000,20000,25000,30000,35000")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best counts")
    args = parser.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    corpus, names = (args.corpus, args.names) if args.corpus else make_corpus(args.out_dir, args.n, args.seed)
    n = sum(1 for line in corpus.open(encoding="utf-8") if line.strip())
    results: dict[str, object] = {"notes": n, "machine_speedup": machine_check()}
    results["throughput"] = throughput(corpus, names, args.out_dir, n, args.repeat)
    results["figure_3a"] = figure_3a(note_timings(corpus, names, args.repeat))
    sizes = [int(s) for s in args.sizes.split(",") if s]
    results["figure_3b"] = figure_3b(corpus, names, args.out_dir, sizes, args.seed, args.repeat)
    (args.out_dir / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nresults: {args.out_dir / 'results.json'}")


if __name__ == "__main__":
    main()
