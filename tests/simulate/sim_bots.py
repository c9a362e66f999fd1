"""Bots and executors the simulate tests share (importable by worker processes)."""

from __future__ import annotations

import multiprocessing
import queue
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from dicerules.simulate import ignore_interrupts


class FirstLegal:
    """A bot of every game: the first legal action, always."""

    name = "first"

    def choose(self, view: object, legal_actions: tuple[Any, ...]) -> Any:
        return legal_actions[0]


class InterruptAfter:
    """A bot that sends this process a signal at its ``after``-th choice in the process."""

    name = "first"
    calls = 0
    after = 0
    number = signal.SIGINT

    def choose(self, view: object, legal_actions: tuple[Any, ...]) -> Any:
        InterruptAfter.calls += 1
        if InterruptAfter.calls == InterruptAfter.after:
            signal.raise_signal(InterruptAfter.number)
        return legal_actions[0]


def process_pool(workers: int = 2) -> ProcessPoolExecutor:
    """A pool of fresh interpreters (no fork of a process that holds threads)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=ignore_interrupts,
    )


class Backwards(Executor):
    """An executor that runs what it was handed in batches, each in reverse order:
    the chunks come back in an order other than the games'."""

    _max_workers = 2

    def __init__(self) -> None:
        self.tasks: queue.Queue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]]
        self.tasks = queue.Queue()
        self.order: list[int] = []  # the first game of each chunk, as it was finished
        self.most_out = 0
        self.out = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            self.out += 1
            self.most_out = max(self.most_out, self.out)
        self.tasks.put((future, fn, args))
        return future

    def _work(self) -> None:
        while True:
            batch = [self.tasks.get()]
            time.sleep(0.02)  # let more come in
            while not self.tasks.empty():
                batch.append(self.tasks.get())
            for future, fn, args in reversed(batch):
                if future.set_running_or_notify_cancel():
                    self.order.append(args[1])
                    future.set_result(fn(*args))
                with self._lock:
                    self.out -= 1


def cli_out(*argv: str) -> str:
    """What ``dicerules argv`` prints on standard output, run in this process, its text
    wrapped at 80 columns (``COLUMNS`` unset, as off a terminal)."""
    import contextlib
    import io

    from helpers import columns

    from dicerules.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()), columns(None):
        assert main(list(argv)) == 0
    return out.getvalue()


def a_lock() -> object:
    """A result that does not pickle."""
    return threading.Lock()


def pid_after(seconds: float) -> int:
    """This process's id, after ``seconds``."""
    import os

    time.sleep(seconds)
    return os.getpid()
