"""dicerules.simulate.WorkerPool: worker processes fed one task at a time, each on a
pipe of its own, on public APIs only; a worker lost breaks the pool, busy or at rest."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from sim_bots import a_lock, pid_after

from dicerules.simulate import RemoteTraceback, WorkerPool, executor_workers

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    made = WorkerPool(2, multiprocessing.get_context("spawn"), int)
    try:
        yield made
    finally:
        made.kill()
        made.shutdown(wait=True, cancel_futures=True)


def _dead(pid: int) -> bool:
    """Whether process ``pid`` ends (or is a zombie: ended, not yet waited for) within 30 s."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":
            return True
        time.sleep(0.02)
    return False


def test_results_and_errors_come_back_with_the_workers_traceback(pool: WorkerPool) -> None:
    assert executor_workers(pool) == 2
    assert [f.result(timeout=60) for f in [pool.submit(pow, 2, n) for n in range(6)]] == [
        1, 2, 4, 8, 16, 32,
    ]  # fmt: skip
    with pytest.raises(ValueError, match="invalid literal") as raised:
        pool.submit(int, "x").result(timeout=60)
    assert isinstance(raised.value.__cause__, RemoteTraceback)
    assert "Traceback" in str(raised.value.__cause__)
    with pytest.raises(AttributeError, match="local object"):  # the words vary by Python
        pool.submit(lambda: 1).result(timeout=60)  # the task does not pickle
    with pytest.raises(TypeError, match="cannot pickle"):
        pool.submit(a_lock).result(timeout=60)  # nor its result
    assert pool.submit(pow, 3, 2).result(timeout=60) == 9  # and the pool goes on


def test_shutdown_cancels_the_tasks_not_handed_out(pool: WorkerPool) -> None:
    running = [pool.submit(pid_after, 1.0) for _ in range(2)]
    waiting = [pool.submit(pow, 2, 2) for _ in range(5)]
    while not all(f.running() for f in running):
        time.sleep(0.01)
    pool.shutdown(wait=True, cancel_futures=True)
    assert len({f.result() for f in running}) == 2  # the two workers, each its own
    assert all(f.cancelled() for f in waiting)
    with pytest.raises(RuntimeError, match="after shutdown"):
        pool.submit(pow, 2, 2)
    assert all(_dead(pid) for pid in {f.result() for f in running})


@pytest.mark.parametrize("busy", [True, False], ids=["busy", "at rest"])
def test_a_worker_lost_breaks_the_pool(pool: WorkerPool, busy: bool) -> None:
    pids = {f.result(timeout=60) for f in [pool.submit(pid_after, 0.5) for _ in range(2)]}
    assert len(pids) == 2
    running = [pool.submit(pid_after, 30) for _ in range(2 if busy else 0)]
    waiting = [pool.submit(pid_after, 30) for _ in range(3 if busy else 0)]
    while not all(f.running() for f in running):
        time.sleep(0.01)
    os.kill(min(pids), signal.SIGKILL)  # as the out-of-memory killer does
    for future in [*running, *waiting]:
        with pytest.raises(BrokenProcessPool, match="killed, or out of memory"):
            future.result(timeout=60)
    deadline = time.monotonic() + 60
    while True:  # at rest, the pool learns of it from the worker's end alone
        try:
            pool.submit(pow, 2, 2)
        except BrokenProcessPool:
            break
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert all(_dead(pid) for pid in pids)  # the other worker was killed too


def test_kill_ends_the_tasks_running_at_once(pool: WorkerPool) -> None:
    running = [pool.submit(pid_after, 30) for _ in range(2)]
    while not all(f.running() for f in running):
        time.sleep(0.01)
    pool.kill()
    for future in running:
        with pytest.raises(BrokenProcessPool):
            future.result(timeout=30)
