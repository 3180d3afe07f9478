"""The worker thread: jobs report progress and rows by signals, run one at a time, can be
cancelled, tell environment errors from bugs, and the thread stops cleanly."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QThread

from masketeer_gui.store.errors import DiskFullError, InvalidChangeError
from masketeer_gui.ui.progress import eta_text, progress_text
from masketeer_gui.ui.workers import Job, Progress, WorkerHost
from tests.ui.rows import make_rows

pytestmark = pytest.mark.gui


@pytest.fixture
def host(qtbot):
    worker = WorkerHost("test-worker")
    yield worker
    worker.shutdown()


def counting(n: int, rows_per_step: int = 0, pause: float = 0.0):
    rows = make_rows(max(n * rows_per_step, 1))

    def fn(progress, cancelled):
        for i in range(1, n + 1):
            if cancelled():
                return i - 1
            time.sleep(pause)
            progress(i, n, rows[(i - 1) * rows_per_step : i * rows_per_step])
        return n

    return fn


def test_job_runs_off_the_gui_thread_and_reports(qtbot, host):
    threads: list[QThread] = []

    def fn(progress, cancelled):
        threads.append(QThread.currentThread())
        return counting(10, 3)(progress, cancelled)

    progress: list[Progress] = []
    rows: list[int] = []
    host.progressed.connect(lambda _job, p: progress.append(p))
    host.rowsReady.connect(lambda _job, r: rows.append(len(r)))
    with qtbot.waitSignal(host.succeeded, timeout=5000) as blocker:
        host.submit(Job("Counting", fn, interval=0.0, tag="x"))
    job, result = blocker.args
    assert result == 10 and job.meta == {"tag": "x"}
    assert threads[0] is not QThread.currentThread()
    assert [p.done for p in progress] == list(range(1, 11)) and progress[-1].total == 10
    assert sum(rows) == 30


def test_progress_is_throttled_but_the_last_report_always_comes(qtbot, host):
    progress: list[Progress] = []
    host.progressed.connect(lambda _job, p: progress.append(p))
    with qtbot.waitSignal(host.succeeded, timeout=5000):
        host.submit(Job("Many", counting(5000), interval=10.0))
    assert [p.done for p in progress] == [5000]


def test_jobs_run_one_after_another_and_busy_changes_twice(qtbot, host):
    order: list[str] = []
    busy: list[bool] = []
    host.busyChanged.connect(busy.append)

    def job(name):
        def fn(progress, cancelled):
            order.append(f"{name}+")
            time.sleep(0.02)
            order.append(f"{name}-")
            return name

        return Job(name, fn)

    with qtbot.waitSignals([host.succeeded] * 1, timeout=5000):
        host.submit(job("a"))
        host.submit(job("b"))
    qtbot.waitUntil(lambda: busy == [True, False])
    assert order == ["a+", "a-", "b+", "b-"]


def test_cancel_stops_a_running_job(qtbot, host):
    started = threading.Event()

    def fn(progress, cancelled):
        started.set()
        while not cancelled():
            time.sleep(0.005)
        return "stopped"

    with qtbot.waitSignal(host.succeeded, timeout=5000) as blocker:
        host.submit(Job("Endless", fn))
        assert started.wait(5)
        host.cancel_all()
    assert blocker.args[1] == "stopped"


@pytest.mark.parametrize(
    ("error", "environment", "text"),
    [
        (DiskFullError("/x/p.db"), True, "disk is full"),
        (InvalidChangeError("nothing to undo"), True, "nothing to undo"),  # refused: no bug (issue 12 B.3)
        (ZeroDivisionError("boom"), False, "ZeroDivisionError"),
    ],
)
def test_failures_are_reported_in_words(qtbot, host, error, environment, text, capsys):
    def fn(progress, cancelled):
        raise error

    with qtbot.waitSignal(host.failed, timeout=5000) as blocker:
        host.submit(Job("Failing", fn))
    _job, message, is_environment = blocker.args
    assert text in message and is_environment is environment
    qtbot.waitUntil(lambda: not host.busy)


def test_shutdown_waits_for_the_thread(qtbot):
    host = WorkerHost("short-lived")
    host.submit(Job("Slow", counting(50, pause=0.01)))
    host.shutdown()
    assert host._thread.isFinished()


@pytest.mark.parametrize(("seconds", "text"), [(3.4, "3 s"), (65, "1 min 5 s"), (3725, "1 h 2 min")])
def test_eta_text(seconds, text):
    assert eta_text(seconds) == text


def test_progress_text_shows_rate_and_time_left():
    text = progress_text(Progress("Running", 1234, 35579, 3100.0, 11.1))
    assert text == "Running: 1,234 / 35,579 notes · 3,100 notes/s · 11 s left"
    assert "left" not in progress_text(Progress("Running", 10, 10, 5.0, 0.0))
