"""``masketeer spark`` in local[1] and local[2] beside ``masketeer deidentify``, and their byte-identity.

    .venv/bin/python bench/bench_spark.py [--n 35579] [--seed 1] [--masters local[1],local[2]]

The corpus is bench_deidentify's (``masketeer synth``, 35,579 notes by default). The CLI runs as a
whole process with ``--workers 2``; each Spark master runs in its own process, which times the
session start, a first (cold: Python workers start and build the engine) and a second (warm) run of
the whole command on the same corpus, reading and writing JSONL. Every output is compared byte for
byte with the CLI's (same key file and names). Needs ``pip install -e '.[spark]'`` and Java 17+.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_deidentify import make_corpus  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=35_579, help="notes (default: the benchmark corpus)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--masters", default="local[1],local[2]", help="comma-separated Spark masters")
    parser.add_argument("--spark-worker", nargs=5, help=argparse.SUPPRESS)  # internal: one master's runs
    args = parser.parse_args()
    if args.spark_worker:
        spark_worker(*args.spark_worker)
        return
    with tempfile.TemporaryDirectory(prefix="bench-spark-") as tmp:
        folder = Path(tmp)
        corpus, names = make_corpus(folder, args.n, args.seed)
        key = folder / "project.key"
        cli_out = folder / "cli.jsonl"
        cli = run_cli(corpus, cli_out, names, key)
        print(f"\n{'run':<28}{'wall s':>9}{'notes/s':>10}  identical to the CLI")
        print(f"{'deidentify --workers 2':<28}{cli:>9.1f}{args.n / cli:>10.0f}  (reference)")
        for master in args.masters.split(","):
            result = run_master(master, corpus, names, key, folder)
            for label in ("cold", "warm"):
                seconds = result[label]
                same = (folder / f"{master}-{label}.jsonl").read_bytes() == cli_out.read_bytes()
                name = f"spark {master} ({label})"
                print(f"{name:<28}{seconds:>9.1f}{args.n / seconds:>10.0f}  {'yes' if same else 'NO'}")
            print(f"{'  session start ' + master:<28}{result['session']:>9.1f}")


def run_cli(corpus: Path, out: Path, names: Path | None, key: Path) -> float:
    command = [sys.executable, "-m", "masketeer_gui.cli", "deidentify", str(corpus), "-o", str(out)]
    command += [*(["--names", str(names)] if names else []), "--key-file", str(key), "--workers", "2"]
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return time.perf_counter() - start


def run_master(master: str, corpus: Path, names: Path | None, key: Path, folder: Path) -> dict[str, float]:
    """One master in its own process: ``{"session", "cold", "warm"}`` seconds."""
    command = [sys.executable, __file__, "--spark-worker", master, str(corpus), str(names or ""), str(key), str(folder)]
    done = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def spark_worker(master: str, corpus: str, names: str, key: str, folder: str) -> None:
    from masketeer_gui.cli import main as cli
    from masketeer_gui.integrations.spark import local_session

    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="masketeer-spark-") as scratch:
        session = local_session(master, local_dir=scratch)
        times = {"session": time.perf_counter() - start}
        for label in ("cold", "warm"):
            out = Path(folder) / f"{master}-{label}.jsonl"
            command = ["spark", corpus, "-o", str(out), "--key-file", key, *(["--names", names] if names else [])]
            start = time.perf_counter()
            if cli(command) != 0:
                sys.exit(f"masketeer spark failed on {master}")
            times[label] = time.perf_counter() - start
        session.stop()
    print(json.dumps(times))


if __name__ == "__main__":
    main()
