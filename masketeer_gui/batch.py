"""The one batch runner: a task over a stream of payloads in worker processes, results in input order.

Both batch paths use it: ``masketeer deidentify`` (``parallel.py``) and project runs
(``store/job.py``, the GUI's runs too). A ``Workload`` is a module-level ``task(state, payload)``
and the worker ``state`` (an engine, say) built once in the parent. On Linux the pool forks after
that, so workers inherit the state (no per-worker dictionary loading, and a broken engine fails
before any worker starts); elsewhere each spawned worker rebuilds it with ``rebuild`` (or, without
one, the work is done in this process). At most ``in_flight × workers`` payloads are out at once,
so memory stays flat for any corpus size; a worker that dies (e.g. killed for memory) fails the
run with ``BrokenProcessPool`` instead of hanging.

Workers die with their parent: on Linux the kernel kills them when it ends (``PR_SET_PDEATHSIG``),
elsewhere a watchdog thread notices the new parent. So a killed run leaves no orphans behind to
hold its files (and the project lock, whose descriptors ``store.locking`` closes in every child).
Ctrl-C is the parent's business: workers ignore SIGINT.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # multiprocessing and ctypes are imported when a pool starts: a one-process run needs neither
    from concurrent.futures import Future, ProcessPoolExecutor

State = TypeVar("State")
Payload = TypeVar("Payload")
Result = TypeVar("Result")
Key = TypeVar("Key")

_PR_SET_PDEATHSIG = 1  # linux/prctl.h
PIPE_BYTES = 1 << 20  # the pool's pipes: a chunk's result or payload in one write (Linux's pipe-max-size for all users)
WATCHDOG_PERIOD_S = 0.5


@dataclass(frozen=True)
class Workload(Generic[State, Payload, Result]):
    """What each worker does: ``task(state, payload)``; ``task`` and ``rebuild`` must be picklable."""

    task: Callable[[State, Payload], Result]
    state: State  # built in the parent; forked workers inherit it
    rebuild: Callable[[], State] | None = None  # how a spawned worker builds its own state
    # In a worker, what a task leaves alive (the state's memos grown by it, and its result until sent) is frozen
    # (``gc.freeze``) with the collector paused for the task: no later collection walks it again. For a task
    # that makes no reference cycles (``parallel.ChunkWorker``: tested), else they would never be collected.
    freeze_leftovers: bool = False


def start_method() -> str:
    """ "fork" on Linux, "spawn" elsewhere (where forking a threaded process is unsafe)."""
    return "fork" if sys.platform == "linux" else "spawn"


def run_ordered(
    workload: Workload[State, Payload, Result],
    items: Iterable[tuple[Key, Payload]],
    workers: int,
    *,
    in_flight: int = 2,
) -> Iterator[tuple[Key, Result]]:
    """``(key, task(state, payload))`` for each item, in order; keys stay in this process.

    With ``workers <= 1``, or where workers could get no state, everything runs here.
    """
    method = start_method()
    if workers <= 1 or (method != "fork" and workload.rebuild is None):
        for key, payload in items:
            yield key, workload.task(workload.state, payload)
        return
    yield from _run_pool(workload, iter(items), workers, in_flight, method)


def _run_pool(
    workload: Workload[State, Payload, Result],
    items: Iterator[tuple[Key, Payload]],
    workers: int,
    in_flight: int,
    method: str,
) -> Iterator[tuple[Key, Result]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(method)
    source = (workload.state, None) if method == "fork" else (None, workload.rebuild)
    task = (workload.task, workload.freeze_leftovers)
    pending: deque[tuple[Key, Future[Result]]] = deque()
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(source, task, os.getpid())
    )
    widen_pipes(pool)
    reaper: threading.Thread | None = None
    try:
        for index, (key, payload) in enumerate(items):
            pending.append((key, _submit(pool, payload, first=index == 0)))
            if len(pending) >= in_flight * workers:
                done, future = pending.popleft()
                yield done, future.result()
        # Every payload is queued: the pool ends its workers once they are done, and this process does not wait
        # for them to exit (~25 ms, while the caller could already use the last result): the pool's thread reaps
        # them (``reap_workers`` waits for that). Where that thread cannot be found, the pool is waited for.
        reaper = getattr(pool, "_executor_manager_thread", None)
        if reaper is not None:
            pool.shutdown(wait=False)
            # The pool is kept with its thread until then: collecting it takes the pool's shutdown lock (Python
            # 3.12+), which that thread holds while it waits for the workers, so this process would wait after all.
            _REAPERS[:] = [*(held for held in _REAPERS if held[0].is_alive()), (reaper, pool)]
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
    except BaseException:  # bad input, a failed payload, Ctrl-C, or the consumer gave up
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    if reaper is None:
        pool.shutdown(wait=True)


_REAPERS: list[tuple[threading.Thread, ProcessPoolExecutor]] = []  # pools shut down without waiting, each with
# the thread that reaps its workers last


def reap_workers() -> None:
    """Wait until the workers of every finished run have exited and been reaped (at once, usually: they end while
    the caller settles the run). Before a process ends without the interpreter's teardown (``cli.end_process``):
    so no worker outlives it, and their CPU time counts among its children's."""
    while _REAPERS:
        thread, _pool = _REAPERS.pop()
        thread.join()


# Also at a normal exit, before the interpreter's teardown: a pool still held then would be collected after the
# modules its clean-up needs are gone (an ignored exception printed on standard error).
atexit.register(reap_workers)


def widen_pipes(pool: ProcessPoolExecutor, size: int = PIPE_BYTES) -> None:
    """Let the pool's pipes (payloads to the workers, results back) hold ``size`` bytes (Linux; else left as they
    are): a worker then writes a chunk's result (~140 kB) at once and takes the next payload, instead of waiting
    for this process's result thread to read the result 64 kB at a time (it waits for the interpreter lock
    first, while the main thread handles the last result); the payload thread writes a payload at once alike."""
    try:
        import fcntl

        set_size = fcntl.F_SETPIPE_SZ
    except (ImportError, AttributeError):  # not Linux
        return
    for queue in (getattr(pool, "_call_queue", None), getattr(pool, "_result_queue", None)):
        reader = getattr(queue, "_reader", None)
        if reader is not None:
            with contextlib.suppress(OSError):  # above the user's pipe-max-size or pipe budget: the default stays
                fcntl.fcntl(reader.fileno(), set_size, size)


def _submit(pool: ProcessPoolExecutor, payload: Any, first: bool) -> Future[Any]:
    """Queue one payload. The first submit forks the workers: with the collector frozen then, the
    workers' collections never walk (and so never copy) the inherited state's memory pages."""
    if not first:
        return pool.submit(_call, payload)
    gc.freeze()
    try:
        return pool.submit(_call, payload)
    finally:
        gc.unfreeze()


_worker: tuple[Callable[[Any, Any], Any], Any, bool] | None = None  # the pool process's task, state, freezing


def _start_worker(
    source: tuple[Any, Callable[[], Any] | None], task: tuple[Callable[[Any, Any], Any], bool], parent: int
) -> None:
    """Pool initializer: die with the parent, ignore Ctrl-C, collect garbage (whether or not the parent had
    paused its collector when it forked), adopt or build the state."""
    global _worker
    gc.enable()
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    state, rebuild = source
    try:
        _worker = (task[0], rebuild() if rebuild is not None else state, task[1])
    except Exception:  # reported by _call (a raise here would print a traceback with its message)
        _worker = None


def _call(payload: Any) -> Any:
    if _worker is None:
        raise RuntimeError("the worker process could not be set up (e.g. the engine could not be built)")
    task, state, freeze = _worker
    if not freeze:
        return task(state, payload)
    gc.disable()
    try:
        return task(state, payload)
    finally:
        gc.freeze()  # ``Workload.freeze_leftovers``
        gc.enable()


def die_with_parent(parent: int) -> None:
    """End this process as soon as ``parent`` ends (it may have ended already)."""
    if sys.platform == "linux" and _set_parent_death_signal(signal.SIGKILL):
        if os.getppid() != parent:  # the parent died before the signal was armed
            os._exit(1)
        return
    thread = threading.Thread(target=_watch_parent, args=(parent,), name="parent-watchdog", daemon=True)
    thread.start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCHDOG_PERIOD_S)
    os._exit(1)


def _set_parent_death_signal(signum: int) -> bool:
    import ctypes

    try:  # the C library's ``prctl`` among the symbols this program already has loaded (``find_library`` would
        # run ``ldconfig`` in every worker: ~20 ms)
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
