"""Long jobs (runs, imports, re-runs) on one worker thread, reported through Qt signals.

A ``Job`` wraps a plain function ``fn(progress, cancelled)`` (a store call). It streams
finished rows and progress (notes done, notes/s, seconds left) at most every ``interval``
seconds, so the GUI thread handles a few signals per second, never one per note. Jobs run
one after another on the host's thread; ``stop_jobs`` cancels and waits for the running one (before
its project is closed), ``shutdown`` cancels, quits and waits (closeEvent).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QMetaObject, QObject, Qt, QThread, Signal, Slot

from masketeer_gui.ui.errors import describe
from masketeer_gui.ui.project_api import CancelCheck, NoteRow, ProgressCallback

SWITCH_INTERVAL_S = 0.001
WORKER_NICE = 10
STOP_TIMEOUT_S = 30.0  # jobs check for a cancel between chunks; a list preview does not, and may take seconds
_NICE = threading.local()
JobFunction = Callable[[ProgressCallback, CancelCheck], Any]


@dataclass(frozen=True, slots=True)
class Progress:
    """One progress report: what is done, how fast, how long is left."""

    label: str
    done: int
    total: int
    rate: float  # notes per second
    eta: float  # seconds left (0 when unknown)


def _yield_cpu_to_the_gui() -> None:
    """Run this (worker) thread at a lower CPU priority than the GUI thread, where the OS allows it.

    On a busy machine with two cores the scheduler otherwise lets the worker and other processes
    run while the GUI thread waits 100-300 ms for a core. Linux keeps a nice value per thread.
    """
    if getattr(_NICE, "done", False) or not hasattr(os, "setpriority"):
        return
    _NICE.done = True
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)


class Job(QObject):
    """One long call on the worker thread; signals are queued to the GUI thread."""

    progressed = Signal(object)  # Progress
    rowsReady = Signal(list)  # list[NoteRow]
    succeeded = Signal(object)  # the function's result
    failed = Signal(str, bool)  # plain message, environment error (True) or bug (False)
    ended = Signal()

    def __init__(self, label: str, fn: JobFunction, interval: float = 0.1, **meta: Any) -> None:
        super().__init__()
        self.label = label
        self.meta = meta  # what the submitter wants back with the result (note ids, focus…)
        self._fn = fn
        self._interval = interval
        self._cancel = threading.Event()
        self._pending: list[NoteRow] = []
        self._last_emit = 0.0
        self._started = 0.0
        self._returned = threading.Event()  # set once the function has returned (or raised)

    def cancel(self) -> None:
        self._cancel.set()

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def wait(self, timeout_s: float) -> bool:
        """Block until the job's function has returned (it no longer uses its project); False on timeout."""
        return self._returned.wait(timeout_s)

    @Slot()
    def run(self) -> None:
        _yield_cpu_to_the_gui()
        self._started = self._last_emit = time.monotonic()
        try:
            result = self._fn(self._report, self.is_cancelled)
        except Exception as exc:  # in plain words; a bug also says what, and the window stays alive
            message, bug = describe(exc)
            if bug:
                traceback.print_exc()
            self.failed.emit(message, not bug)
        else:
            self._flush()
            self.succeeded.emit(result)
        finally:
            self._returned.set()
            app = QCoreApplication.instance()
            if app is not None:  # hand the object back, so the GUI thread may delete it
                self.moveToThread(app.thread())
            self.ended.emit()

    def _report(self, done: int, total: int, rows: Sequence[NoteRow]) -> None:
        self._pending.extend(rows)
        now = time.monotonic()
        if now - self._last_emit >= self._interval or done >= total:
            self._last_emit = now
            self._flush()
            elapsed = max(now - self._started, 1e-6)
            rate = done / elapsed
            eta = (total - done) / rate if rate > 0 else 0.0
            self.progressed.emit(Progress(self.label, done, total, rate, eta))

    def _flush(self) -> None:
        if self._pending:
            rows, self._pending = self._pending, []
            self.rowsReady.emit(rows)


class WorkerHost(QObject):
    """Runs queued jobs one at a time on its own thread and re-emits their signals with the job."""

    busyChanged = Signal(bool)
    started = Signal(object)  # job
    progressed = Signal(object, object)  # job, Progress
    rowsReady = Signal(object, list)  # job, list[NoteRow]
    succeeded = Signal(object, object)  # job, result
    failed = Signal(object, str, bool)  # job, message, environment error?

    def __init__(self, name: str = "masketeer-worker", parent: Any = None) -> None:
        super().__init__(parent)
        # A CPU-bound worker keeps the GIL for the whole switch interval (5 ms by default) each
        # time the GUI thread asks for it, and painting a table asks hundreds of times.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        self._thread = QThread()
        self._thread.setObjectName(name)
        self._thread.start()
        self._queue: deque[Job] = deque()
        self._current: Job | None = None
        self._busy = False

    @property
    def busy(self) -> bool:
        return self._current is not None

    @property
    def current(self) -> Job | None:
        return self._current

    def submit(self, job: Job) -> Job:
        """Queue ``job``; it starts when the jobs before it have ended."""
        queued = Qt.ConnectionType.QueuedConnection
        job.progressed.connect(self._on_progressed, queued)
        job.rowsReady.connect(self._on_rows, queued)
        job.succeeded.connect(self._on_succeeded, queued)
        job.failed.connect(self._on_failed, queued)
        job.ended.connect(self._on_ended, queued)
        job.moveToThread(self._thread)
        self._queue.append(job)
        if self._current is None:
            self._start_next()
        return job

    def cancel_all(self) -> None:
        for job in self._queue:
            job.cancel()
        self._queue.clear()
        if self._current is not None:
            self._current.cancel()

    def stop_jobs(self, timeout_s: float = STOP_TIMEOUT_S) -> bool:
        """Cancel every job and wait until the running one has returned, so that the project it reads or
        writes can be closed (a closed project's connections would otherwise be reopened by the job and
        left to the garbage collector). False when it did not return within ``timeout_s``."""
        current = self._current
        self.cancel_all()
        return current is None or current.wait(timeout_s)

    def _on_progressed(self, progress: Progress) -> None:
        self.progressed.emit(self._current, progress)

    def _on_rows(self, rows: list[NoteRow]) -> None:
        self.rowsReady.emit(self._current, rows)

    def _on_succeeded(self, result: Any) -> None:
        self.succeeded.emit(self._current, result)

    def _on_failed(self, message: str, environment: bool) -> None:
        self.failed.emit(self._current, message, environment)

    def _start_next(self) -> None:
        self._current = self._queue.popleft() if self._queue else None
        if self._current is not None:
            self.started.emit(self._current)
            QMetaObject.invokeMethod(self._current, "run", Qt.ConnectionType.QueuedConnection)
        busy = self._current is not None
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)

    def _on_ended(self) -> None:
        self._current = None
        self._start_next()

    def shutdown(self, timeout_ms: int = 10_000) -> None:
        """Cancel everything and stop the thread (before the window goes away)."""
        self.cancel_all()
        self._thread.quit()
        if not self._thread.wait(timeout_ms):
            self._thread.terminate()
            self._thread.wait()
