"""``masketeer deidentify`` of two or more commits side by side, interleaved, in one run.

    .venv/bin/python bench/bench_compare.py                      # HEAD~1 against the work tree
    .venv/bin/python bench/bench_compare.py --rev 305b2d6 --rev HEAD --rounds 5
    .venv/bin/python bench/bench_compare.py --rev 305b2d6 --corpus my.jsonl --names names.json

Each ``--rev`` is checked out into a temporary git worktree under ``bench/out/`` (removed afterwards); the
work tree itself is ``.`` (the default last contender). Every round runs the CLI of each contender once, in
turn, with this interpreter and ``PYTHONPATH`` pointing at the contender, so a busy machine slows all of
them alike. Printed per contender: the best and median wall time, notes/s from the best wall time, the
CPU seconds of the whole process tree (best and median: the steadier figure on a shared machine), the
peak RSS, the ratio to the first contender, and whether its output is byte-identical to the first's.
A ``--startup`` figure runs each CLI on a three-note corpus: the time to the first note, start-up included
(``--startup-only``: that figure alone).
"""

from __future__ import annotations

import argparse
import filecmp
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

# ("-P": the current folder must not shadow the contender on sys.path.)
# Runs a command, then prints its wall time and its children's CPU seconds and peak RSS: fresh per run.
_WRAPPER = (
    "import resource, subprocess, sys, time; t = time.perf_counter(); code = subprocess.call(sys.argv[1:]); "
    "wall = time.perf_counter() - t; u = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(wall, u.ru_utime + u.ru_stime, u.ru_maxrss, file=sys.stderr); sys.exit(code)"
)
# The program as its console script runs it (``cli.entry``; a commit before it had none: ``main``).
_CLI = "import sys; from masketeer_gui import cli; getattr(cli, 'entry', lambda: sys.exit(cli.main()))()"


class Contender(NamedTuple):
    """A label (the revision as given) and the source tree its CLI runs from."""

    label: str
    tree: Path


class Run(NamedTuple):
    """One CLI run: wall seconds, CPU seconds of the process tree, peak RSS in KiB."""

    wall: float
    cpu: float
    rss_kib: int


def checkout(rev: str, folder: Path) -> Contender:
    """``rev`` as a detached worktree in ``folder`` (``.`` is the work tree itself)."""
    if rev == ".":
        return Contender("work tree", ROOT)
    tree = folder / rev.replace("/", "_").replace("~", "-")
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(tree), rev],
                   check=True, capture_output=True)  # fmt: skip
    return Contender(rev, tree)


def run_cli(contender: Contender, corpus: Path, out: Path, extra: list[str]) -> Run:
    """One ``masketeer deidentify`` of ``corpus`` by ``contender``, measured by a wrapper process.

    The caches (lexicon, indices) live in a folder of this comparison: other checkouts sharing the user
    cache cannot evict them between the warm-up and the measured rounds.
    """
    command = [sys.executable, "-c", _WRAPPER, sys.executable, "-P", "-c", _CLI, "deidentify", str(corpus),
               "-o", str(out), *extra]  # fmt: skip
    env = {"PYTHONPATH": str(contender.tree), "PATH": "/usr/bin:/bin", "HOME": str(Path.home()),
           "MASKETEER_CACHE_DIR": str(out.parent / "cache")}  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{contender.label}: deidentify failed:\n{done.stderr[-2000:]}")
    wall, cpu, rss = done.stderr.strip().splitlines()[-1].split()
    return Run(float(wall), float(cpu), int(rss))


def corpus_for(args: argparse.Namespace, folder: Path) -> tuple[Path, Path | None]:
    """The corpus and names file: given, or synthetic from the work tree's generator."""
    if args.corpus is not None:
        return args.corpus, args.names
    corpus, names = folder / "corpus.jsonl", folder / "names.json"
    subprocess.run([sys.executable, "-m", "masketeer_gui.synth", "--n", str(args.n), "--seed", str(args.seed),
                    "-o", str(corpus), "--gold", str(folder / "gold.jsonl"), "--names", str(names)],
                   cwd=ROOT, check=True, capture_output=True)  # fmt: skip
    return corpus, names


def report(title: str, contenders: list[Contender], runs: dict[str, list[Run]], n: int, outs: dict[str, Path]) -> None:
    """One table: per contender best/median wall and CPU, notes/s, RSS, ratio, identical output."""
    print(f"\n{title}")
    print(f"{'contender':<14} {'wall best':>9} {'median':>7} {'notes/s':>8} {'CPU best':>9} {'median':>7} "
          f"{'RSS MiB':>8} {'CPU ratio':>9}  output")  # fmt: skip
    first = contenders[0].label
    base_cpu = statistics.median(run.cpu for run in runs[first])
    for contender in contenders:
        rs = runs[contender.label]
        best_wall, cpu_median = min(r.wall for r in rs), statistics.median(r.cpu for r in rs)
        identical = filecmp.cmp(outs[first], outs[contender.label], shallow=False)
        same = "-" if contender.label == first else ("identical" if identical else "DIFFERS")
        print(f"{contender.label:<14} {best_wall:>8.2f}s {statistics.median(r.wall for r in rs):>6.2f}s "
              f"{n / best_wall:>8.0f} {min(r.cpu for r in rs):>8.2f}s {cpu_median:>6.2f}s "
              f"{max(r.rss_kib for r in rs) // 1024:>8} {cpu_median / base_cpu:>8.2f}x  {same}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", action="append", help="a commit to compare (repeatable; '.' is the work tree)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--n", type=int, default=35_579)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--names", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--startup", action="store_true", help="also time a three-note corpus")
    parser.add_argument("--startup-only", action="store_true", help="time the three-note corpus only")
    args = parser.parse_args(argv)
    revs = args.rev or ["HEAD~1"]
    if "." not in revs:
        revs.append(".")
    (ROOT / "bench" / "out").mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "bench" / "out", prefix="compare-") as tmp:
        folder = Path(tmp)
        contenders = [checkout(rev, folder) for rev in revs]
        try:
            corpus, names = corpus_for(args, folder)
            n = sum(1 for _ in corpus.open("rb"))
            extra = ["--key-file", str(folder / "key"), "--workers", str(args.workers)]
            extra += ["--names", str(names)] if names else []
            print(f"corpus: {corpus.name}, {n} notes; {args.workers} workers; {args.rounds} rounds, interleaved")
            small = folder / "three.jsonl"
            small.write_bytes(b"".join(corpus.open("rb").readlines()[:3]))
            for contender in contenders:  # warm-up: each builds its lexicon cache once, outside the figures
                run_cli(contender, small, folder / "warm-up.jsonl", extra)
            suites = [] if args.startup_only else [("throughput", corpus, n)]
            suites += [("start-up (three notes)", small, 3)] if args.startup or args.startup_only else []
            for title, path, count in suites:
                runs: dict[str, list[Run]] = {c.label: [] for c in contenders}
                outs = {c.label: folder / f"out-{index}.jsonl" for index, c in enumerate(contenders)}
                for _ in range(args.rounds):
                    for contender in contenders:
                        runs[contender.label].append(run_cli(contender, path, outs[contender.label], extra))
                report(title, contenders, runs, count, outs)
        finally:
            for contender in contenders:
                if contender.tree != ROOT:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(contender.tree)],
                                   check=False, capture_output=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
