"""Responsiveness of the review workspace on a 35,579-note project (issue 4's targets).

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_gui.py [--n 35579] [--switches 300] [--fresh]

1. Corpus and project: ``python -m masketeer_gui.synth`` notes (else ``fallback_corpus``) imported
   into a project under ``bench/out/`` (kept between runs unless ``--fresh``).
2. Full run from the window (Ctrl+R path, worker thread) with a 5 ms QTimer heartbeat: the longest
   gap between heartbeats is the longest event-loop stall (target: none over 100 ms); notes/s.
3. Opening the (run) project to a usable window: window built, note list loaded, first note shown
   and painted (target < 2 s).
4. Note switch latency: select the next row and repaint the note view, N times (target < 50 ms).
5. Sorting and filtering the 35k-row list once each.
Prints figures only (no note text).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
OUT = ROOT / "bench" / "out"

T_IMPORT = time.perf_counter()
from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

IMPORT_QT_S = time.perf_counter() - T_IMPORT

from masketeer_gui.store import Project  # noqa: E402
from masketeer_gui.ui.main_window import MainWindow  # noqa: E402
from masketeer_gui.ui.note_list_model import COL_SPANS  # noqa: E402


def make_corpus(n: int) -> tuple[Path, Path | None]:
    OUT.mkdir(parents=True, exist_ok=True)
    corpus, names = OUT / f"gui-corpus-{n}.jsonl", OUT / f"gui-names-{n}.json"
    if corpus.exists():
        return corpus, names if names.exists() else None
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "masketeer_gui.synth",
            "--n",
            str(n),
            "--seed",
            "4",
            "-o",
            str(corpus),
            "--names",
            str(names),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        from fallback_corpus import write_corpus

        write_corpus(corpus, n, seed=4)
        return corpus, None
    return corpus, names


def make_project(n: int, fresh: bool) -> Path:
    path = OUT / f"gui-{n}.db"
    if path.exists() and not fresh:
        return path
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    corpus, names = make_corpus(n)
    started = time.perf_counter()
    with Project.create(path) as project:
        project.import_corpus(corpus)
        if names is not None:
            from masketeer_gui.engine.lists import NameLists

            project.terms.import_names(NameLists.from_json(names))
    print(f"project: {n:,} notes imported in {time.perf_counter() - started:.1f} s")
    return path


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_signal(signal, timeout_ms: int = 600_000) -> list:  # type: ignore[no-untyped-def]
    loop, got = QEventLoop(), []
    signal.connect(lambda *args: (got.append(args), loop.quit()))
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    return got


def open_window(path: Path, settings: QSettings) -> tuple[MainWindow, float]:
    started = time.perf_counter()
    window = MainWindow(settings)
    window.resize(1280, 800)
    window.show()
    QTest.qWaitForWindowExposed(window)
    assert window.projects.open_path(path)
    window.note_view.original.viewport().repaint()
    window.table.viewport().repaint()
    return window, time.perf_counter() - started


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def full_run(window: MainWindow) -> None:
    gaps: list[float] = []
    last = [time.perf_counter()]
    worst = [0.0, 0.0]  # gap, when (s after the start)

    def beat() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        if gaps[-1] > worst[0]:
            worst[:] = [gaps[-1], now - started]
        last[0] = now

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(beat)
    started = time.perf_counter()
    timer.start()
    window.run_all(full=True)
    done = wait_signal(window.runFinished)
    elapsed = time.perf_counter() - started
    timer.stop()
    notes = done[0][0] if done else 0
    gaps.sort()
    print(f"full run: {notes:,} notes in {elapsed:.1f} s = {notes / elapsed:,.0f} notes/s (worker thread)")
    p99, over = gaps[int(len(gaps) * 0.99)], sum(1 for g in gaps if g > 0.1)
    print(
        f"event loop during the run: {len(gaps):,} heartbeats (5 ms timer), longest gap {_ms(gaps[-1])}"
        f" (ending {worst[1]:.2f} s into the run),"
    )
    print(
        f"  p99 {_ms(p99)}, median {_ms(statistics.median(gaps))}, gaps over 100 ms: {over}"
        "  [target: no stall > 100 ms]"
    )


def switches(window: MainWindow, count: int) -> None:
    times = []
    for row in range(1, count + 1):
        started = time.perf_counter()
        window.select_proxy_row(row)
        window.note_view.original.viewport().repaint()
        window.note_view.pseudo.viewport().repaint()
        times.append(time.perf_counter() - started)
    times.sort()
    median, p95 = statistics.median(times), times[int(count * 0.95)]
    print(f"note switch (select + load + paint), {count} notes: median {_ms(median)}, p95 {_ms(p95)},")
    print(f"  max {_ms(times[-1])}  [target < 50 ms]")


def list_operations(window: MainWindow) -> None:
    for label, action in (
        ("sort by spans (35k rows)", lambda: window.proxy.sort(COL_SPANS, Qt.SortOrder.DescendingOrder)),
        ("filter 'Open & flagged'", lambda: window.filter.setCurrentText("Open & flagged")),
        ("search a patient id (after the 150 ms typing pause)", lambda: window.proxy.set_search("P00")),
        ("clear the search", lambda: window.proxy.set_search("")),
        ("back to 'All notes'", lambda: window.filter.setCurrentText("All notes")),
    ):
        started = time.perf_counter()
        action()
        window.table.viewport().repaint()
        shown = window.proxy.rowCount()
        print(f"{label}: {_ms(time.perf_counter() - started)} ({shown:,} rows shown)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=35_579)
    parser.add_argument("--switches", type=int, default=300)
    parser.add_argument("--fresh", action="store_true", help="rebuild the project")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(OUT / "bench-gui.ini"), QSettings.Format.IniFormat)
    settings.clear()
    path = make_project(args.n, args.fresh)
    print(
        f"import PySide6 (QtCore/QtWidgets): {IMPORT_QT_S:.2f} s; machine load average {os.getloadavg()[0]:.1f}"
        f" on {os.cpu_count()} cores"
    )
    window, opened = open_window(path, settings)
    print(f"open project, not run yet, to a usable window: {opened:.2f} s")
    full_run(window)
    window.close()
    window, opened = open_window(path, settings)
    print(f"open the run project to a usable window (list + first note painted): {opened:.2f} s  [target < 2 s]")
    switches(window, min(args.switches, window.proxy.rowCount() - 1))
    list_operations(window)
    window.close()
    wait(10)
    del app


if __name__ == "__main__":
    main()
