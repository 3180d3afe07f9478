"""The one batch runner: order kept, state inherited by forked workers, failures surface, nothing left behind."""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

import pytest

from masketeer_gui import batch
from masketeer_gui.batch import Workload, run_ordered


def _scaled(state: dict[str, int], payload: int) -> tuple[int, int]:
    return payload * state["factor"], os.getpid()


def _failing(state: object, payload: int) -> int:
    if payload == 7:
        raise ValueError("payload seven")
    return payload


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_back_in_input_order(workers: int) -> None:
    workload = Workload(_scaled, {"factor": 3}, rebuild=lambda: {"factor": 3})
    results = list(run_ordered(workload, ((f"k{i}", i) for i in range(50)), workers))
    assert [key for key, _ in results] == [f"k{i}" for i in range(50)]
    assert [value for _, (value, _pid) in results] == [3 * i for i in range(50)]
    if workers == 1:
        assert {pid for _, (_value, pid) in results} == {os.getpid()}


@pytest.mark.skipif(sys.platform != "linux", reason="forked workers")
def test_forked_workers_inherit_the_state_and_do_the_work() -> None:
    unpicklable = {"factor": 2, "lock": __import__("threading").Lock()}  # could never be sent to a worker
    results = list(run_ordered(Workload(_scaled, unpicklable), ((i, i) for i in range(40)), 2, in_flight=1))
    assert [value for _, (value, _pid) in results] == [2 * i for i in range(40)]
    assert os.getpid() not in {pid for _, (_value, pid) in results}


@pytest.mark.parametrize("count", [20, 9])  # 9: payload seven fails after the last one was queued
@pytest.mark.parametrize("workers", [1, 2])
def test_a_failed_payload_fails_the_run(workers: int, count: int) -> None:
    with pytest.raises(ValueError, match="payload seven"):
        list(run_ordered(Workload(_failing, None, rebuild=lambda: None), ((i, i) for i in range(count)), workers))


def _collecting(state: object, payload: int) -> tuple[bool, int]:
    import gc

    return gc.isenabled(), os.getpid()


@pytest.mark.skipif(sys.platform != "linux", reason="forked workers")
def test_workers_collect_garbage_even_when_the_parent_paused_its_collector() -> None:
    import gc

    was = gc.isenabled()
    gc.disable()  # as ``masketeer deidentify`` does for its run
    try:
        results = list(run_ordered(Workload(_collecting, None), ((i, i) for i in range(8)), 2, in_flight=1))
        assert not gc.isenabled()  # the parent's own setting is left alone
    finally:
        if was:
            gc.enable()
    assert os.getpid() not in {pid for _, (_enabled, pid) in results}
    assert all(enabled for _, (enabled, _pid) in results)


@pytest.mark.skipif(sys.platform != "linux", reason="pipe sizes are set on Linux")
def test_a_pool_passes_a_whole_chunk_through_its_pipes_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A payload or a result of up to ``PIPE_BYTES`` fits its pipe: neither end waits for the other to read."""
    import fcntl

    from masketeer_gui import batch

    sizes: list[int] = []

    def widened(pool: object) -> None:
        widen_pipes(pool)  # type: ignore[arg-type]
        for queue in (pool._call_queue, pool._result_queue):  # type: ignore[attr-defined]
            sizes.extend(fcntl.fcntl(end.fileno(), fcntl.F_GETPIPE_SZ) for end in (queue._reader, queue._writer))

    widen_pipes = batch.widen_pipes
    monkeypatch.setattr(batch, "widen_pipes", widened)
    results = list(run_ordered(Workload(_scaled, {"factor": 2}), ((i, i) for i in range(8)), 2))
    assert [value for _, (value, _pid) in results] == [2 * i for i in range(8)]
    assert sizes == [batch.PIPE_BYTES] * 4


def test_pipes_stay_as_they_are_where_they_cannot_be_widened(monkeypatch: pytest.MonkeyPatch) -> None:
    import fcntl

    from masketeer_gui import batch

    def refused(*args: object) -> int:
        raise PermissionError("over pipe-max-size")

    monkeypatch.setattr(fcntl, "fcntl", refused)
    batch.widen_pipes(object())  # type: ignore[arg-type]  # a pool without queues: nothing to do
    results = list(run_ordered(Workload(_scaled, {"factor": 1}), ((i, i) for i in range(8)), 2))
    assert [value for _, (value, _pid) in results] == list(range(8))


_KEPT: list[list[int]] = []  # what a task leaves alive: a memo grown by it


def _freeze_count(state: object, payload: int) -> tuple[int, int]:
    import gc

    _KEPT.append([payload])
    return os.getpid(), gc.get_freeze_count()


@pytest.mark.skipif(sys.platform != "linux", reason="forked workers")
@pytest.mark.parametrize("freeze", [True, False])
def test_a_workers_leftovers_are_frozen_when_asked(freeze: bool) -> None:
    """With ``freeze_leftovers`` each task's leftovers join the frozen objects: no collection walks them again."""
    workload = Workload(_freeze_count, None, freeze_leftovers=freeze)
    per_worker: dict[int, list[int]] = {}
    for _, (pid, count) in run_ordered(workload, ((i, i) for i in range(12)), 2, in_flight=1):
        per_worker.setdefault(pid, []).append(count)
    for counts in per_worker.values():
        growing = all(later > earlier for earlier, later in itertools.pairwise(counts))
        assert growing if freeze else len(set(counts)) == 1


def _exit_when_released(state: str, payload: int) -> int:
    """Payload 0's pool process, when it ends, waits for the file ``state`` (at most 20 s)."""
    if payload == 0:
        from multiprocessing import util

        util.Finalize(None, _wait_for, args=(state,), exitpriority=0)  # run as the pool process ends
    return payload


def _wait_for(path: str) -> None:
    import time

    deadline = time.monotonic() + 20
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.mark.skipif(sys.platform != "linux", reason="forked workers")
def test_the_run_does_not_wait_for_its_workers_to_exit(tmp_path: Path) -> None:
    """Once every payload is queued the pool is shut down without waiting: the last result comes back while a
    worker is still ending (the pool's thread reaps it), and then it is gone."""
    import multiprocessing

    release = tmp_path / "release"
    results = list(run_ordered(Workload(_exit_when_released, str(release)), ((i, i) for i in range(6)), 2, in_flight=1))
    assert [value for _, value in results] == list(range(6))
    assert multiprocessing.active_children()  # still ending
    release.touch()
    batch.reap_workers()
    assert not multiprocessing.active_children() and not batch._REAPERS


@pytest.mark.skipif(sys.platform != "linux", reason="forked workers")
def test_only_the_threads_still_reaping_workers_are_kept() -> None:
    """A long-lived process (the app) runs many pools: the reaping threads of those done are let go."""
    for _ in range(3):
        assert list(run_ordered(Workload(_scaled, {"factor": 1}), ((i, i) for i in range(4)), 2, in_flight=1))
        batch._REAPERS[-1][0].join()
    assert len(batch._REAPERS) == 1
    batch.reap_workers()
    assert not batch._REAPERS


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
def test_a_worker_arms_the_parent_death_signal() -> None:
    import subprocess

    probe = (
        "import ctypes, signal; from masketeer_gui.batch import _set_parent_death_signal; "
        "assert _set_parent_death_signal(signal.SIGUSR1); armed = ctypes.c_int(); "
        "ctypes.CDLL(None).prctl(2, ctypes.byref(armed), 0, 0, 0); print(armed.value)"  # PR_GET_PDEATHSIG
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert int(done.stdout) == __import__("signal").SIGUSR1


_HELD_AT_EXIT = """
import atexit, sys
atexit.register(lambda: print("held at exit:", len(sys.modules["masketeer_gui.batch"]._REAPERS)))  # runs last
from masketeer_gui.batch import Workload, run_ordered
from tests.test_batch import _scaled
assert len(list(run_ordered(Workload(_scaled, {"factor": 1}), ((i, i) for i in range(4)), 2, in_flight=1))) == 4
"""


@pytest.mark.skipif(sys.platform != "linux", reason="forked workers")
def test_a_normal_exit_lets_go_of_the_pools_before_the_teardown() -> None:
    """A process that ends without ``reap_workers`` (the app, a script) lets its pools go at exit, before the
    interpreter's teardown would collect them with their clean-up's modules gone."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", _HELD_AT_EXIT], cwd=root, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "held at exit: 0" in done.stdout
