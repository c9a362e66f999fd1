"""`dicerules simulate` stopped by Ctrl-C or SIGTERM, with worker processes: the games
finished are counted and written, whole, and no worker outlives the command."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_helpers import cli
from helpers import python_at_default_signals

import dicerules
from dicerules.cli.simulate import usable_cpus

ROOT = Path(dicerules.__file__).resolve().parent.parent
RUN = ("simulate", "liars-dice", "--players", "2", "--bots", "random", "--games", "100000")

pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc"),
    pytest.mark.skipif(usable_cpus() < 2, reason="--workers 2 needs two processors to use"),
]


def _descendants(pid: int) -> set[int]:
    """The processes below ``pid``, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, wanted = set(), {pid}
    while wanted:
        wanted = {child for child, parent in parents.items() if parent in wanted} - found
        found |= wanted
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _stop_a_run(tmp_path: Path, number: int, group: bool) -> tuple[int, str, str, Path, set[int]]:
    """Start a long run with two workers, signal it once records are written; what it left."""
    path = tmp_path / "games.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = python_at_default_signals("-m", "dicerules", *RUN, "--workers", "2", "--records",
                                        str(path))  # fmt: skip
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env, start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (path.exists() and path.stat().st_size > 0):
            assert time.monotonic() < deadline and child.poll() is None, "no records written"
            time.sleep(0.05)
        workers = _descendants(child.pid)
        if group:  # a terminal's Ctrl-C goes to every process of the foreground group
            os.killpg(child.pid, number)
        else:
            os.kill(child.pid, number)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    return child.returncode, out, err, path, workers


def _check_what_was_left(out: str, path: Path, err: str) -> None:
    told = " ".join(out.split())
    match = re.search(r"2 seats: (\d+) of 100000 games \(the run was stopped\)", told)
    assert match, out
    done = int(match.group(1))
    text = path.read_text()
    assert text.endswith("\n") and len(text.splitlines()) == done > 0  # whole lines, all counted
    assert f"\n{done} record{'s' if done != 1 else ''} written to {path}." in out
    assert "(--resume continues)" in err and "Traceback" not in err
    # The games finished are those an uninterrupted run plays first, and the table counts them.
    first = cli(*RUN[:-1], str(done), "--records", str(path.with_suffix(".first")))
    assert path.with_suffix(".first").read_text() == text
    assert out.split("\n\n")[1:3] == first.out.split("\n\n")[1:3]  # the two tables


def _no_orphans(workers: set[int]) -> None:
    assert len(workers) >= 2  # the two workers (and the pool's helpers) were seen
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]


def test_ctrl_c_with_workers_prints_the_games_finished_and_exits_130(tmp_path: Path) -> None:
    status, out, err, path, workers = _stop_a_run(tmp_path, signal.SIGINT, group=True)
    assert status == 130, err
    assert "stopped by Ctrl-C after" in err
    _check_what_was_left(out, path, err)
    _no_orphans(workers)


@pytest.mark.parametrize("group", [False, True], ids=["to the command", "to its workers too"])
def test_sigterm_with_workers_stops_them_and_keeps_the_games_finished(
    tmp_path: Path, group: bool
) -> None:
    status, out, err, path, workers = _stop_a_run(tmp_path, signal.SIGTERM, group=group)
    assert status == 128 + signal.SIGTERM, err
    assert "stopped by SIGTERM after" in err
    _check_what_was_left(out, path, err)
    _no_orphans(workers)


def test_resume_ends_with_the_table_and_file_of_a_run_never_stopped(tmp_path: Path) -> None:
    argv = ("simulate", "pig", "--games", "120", "--bots", "expert,random", "--seed", "4")
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    full = cli(*argv, "--records", str(whole))
    lines = whole.read_bytes().splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:50]) + lines[50][:-7])  # killed mid-line
    resumed = cli(*argv, "--records", str(cut), "--resume", "--workers", "2")
    assert (resumed.status, resumed.out) == (0, full.out.replace(str(whole), str(cut)))
    assert cut.read_bytes() == whole.read_bytes()
    other = cli(*argv[:-1], "5", "--records", str(cut), "--resume")
    assert other.status == 1 and "is not game 0 of this run" in other.err
    alone = cli(*argv, "--resume")
    assert alone.status == 2 and "--resume continues the run" in alone.err


SLOW_BOT = """import os, time
class Slow:
    name = "slow"
    def __init__(self, seed):
        pass
    def choose(self, view, legal):
        with open(os.path.join(os.path.dirname(__file__), "choices.log"), "a") as log:
            log.write(f"{{os.getpid()}}\\n")
        time.sleep({pause})
        return legal[-1]
"""
"""A bot that thinks ``pause`` seconds a move; each move it begins is a line of its
process's id in ``choices.log``, beside it. It opens with the highest bid, and the
other seat can only call it: a game of two moves."""
STARTING = """import sys, time
if any("spawn_main" in a for a in sys.orig_argv):
    time.sleep(2)  # a slow start-up of a worker
"""
SHORT = ("simulate", "liars-dice", "--players", "2", "--rule", "dice_per_player=1", "--games", "64")


def _start(tmp_path: Path, argv: tuple[str, ...], extra: str = "") -> subprocess.Popen[str]:
    """``dicerules`` with two workers, in a session of its own; ``extra`` a folder on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), extra]))}
    command = python_at_default_signals("-m", "dicerules", *argv, "--workers", "2")
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)  # fmt: skip


def _workers_of(child: subprocess.Popen[str], count: int = 2) -> set[int]:
    deadline = time.monotonic() + 30
    while len(found := _descendants(child.pid)) < count:
        assert time.monotonic() < deadline and child.poll() is None, "no workers"
        time.sleep(0.02)
    return found


def _begun(tmp_path: Path, child: subprocess.Popen[str], choices: int, workers: int = 1) -> None:
    """Wait until ``workers`` workers have each begun ``choices`` moves of the slow bot."""
    log = tmp_path / "choices.log"
    deadline = time.monotonic() + 60
    while True:
        pids = log.read_text().split() if log.exists() else []
        if sum(pids.count(pid) >= choices for pid in set(pids)) >= workers:
            return
        assert time.monotonic() < deadline and child.poll() is None, "the bot never moved"
        time.sleep(0.02)


def _finish(child: subprocess.Popen[str], timeout: float) -> tuple[int, str, str, float]:
    started = time.monotonic()
    try:
        out, err = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    return child.returncode, out, err, time.monotonic() - started


BOTH = [
    pytest.param(signal.SIGINT, True, id="Ctrl-C at the terminal"),
    pytest.param(signal.SIGTERM, False, id="SIGTERM from a supervisor", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("number", "group"), BOTH)
def test_a_signal_while_the_workers_start_stops_the_run(
    tmp_path: Path, number: int, group: bool
) -> None:
    (tmp_path / "sitecustomize.py").write_text(STARTING)
    child = _start(tmp_path, RUN, extra=str(tmp_path))
    workers = _workers_of(child)
    time.sleep(0.3)  # the workers are importing
    (os.killpg if group else os.kill)(child.pid, number)
    status, out, err, _ = _finish(child, 30)
    assert status == 128 + number, err
    assert "after 0 of 100000 games" in err and "Traceback" not in err
    assert "0 of 100000 games (the run was stopped)" in " ".join(out.split())
    _no_orphans(workers)


@pytest.mark.parametrize(("number", "group"), BOTH)
def test_the_first_signal_waits_for_the_games_in_hand_only(
    tmp_path: Path, number: int, group: bool
) -> None:
    (tmp_path / "slow_bot.py").write_text(SLOW_BOT.format(pause=0.4))
    path = tmp_path / "games.jsonl"
    argv = (*SHORT, "--bots", "slow_bot:Slow", "--records", str(path))
    child = _start(tmp_path, argv, extra=str(tmp_path))
    workers = _workers_of(child)
    _begun(tmp_path, child, choices=3)  # a worker's first game (16 a chunk) is over
    (os.killpg if group else os.kill)(child.pid, number)
    status, out, err, took = _finish(child, 30)
    assert status == 128 + number, err
    assert "waiting for the 2 games in hand" in err, err
    assert took < 5  # the games in hand, not the rest of the chunks (over 10 s)
    told = " ".join(out.split())
    done = int(re.search(r"2 seats: (\d+) of 64 games", told).group(1))  # type: ignore[union-attr]
    text = path.read_text()
    assert text.endswith("\n") and len(text.splitlines()) == done > 0
    _no_orphans(workers)


@pytest.mark.parametrize(
    ("number", "group"),
    [(signal.SIGINT, True), (signal.SIGTERM, False)],
    ids=["Ctrl-C at the terminal", "SIGTERM from a supervisor"],
)
def test_a_second_signal_stops_at_once(tmp_path: Path, number: int, group: bool) -> None:
    (tmp_path / "slow_bot.py").write_text(SLOW_BOT.format(pause=30))
    path = tmp_path / "games.jsonl"
    argv = (*SHORT, "--bots", "slow_bot:Slow", "--records", str(path))
    child = _start(tmp_path, argv, extra=str(tmp_path))
    workers = _workers_of(child)
    _begun(tmp_path, child, choices=1, workers=2)  # in their first game, each move 30 s
    send = os.killpg if group else os.kill
    send(child.pid, number)
    time.sleep(0.3)
    send(child.pid, number)
    status, _, err, took = _finish(child, 20)
    assert status == 128 + number and took < 10, err
    assert "Traceback" not in err and "after 0 of 64 games" in err
    assert path.read_text() == ""
    _no_orphans(workers)


def test_a_lost_worker_is_one_line_with_the_games_finished(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    child = _start(tmp_path, (*RUN, "--records", str(path)))
    deadline = time.monotonic() + 60
    while not (path.exists() and path.stat().st_size > 0):
        assert time.monotonic() < deadline and child.poll() is None, "no records written"
        time.sleep(0.05)
    workers = _descendants(child.pid)
    spawned = [pid for pid in workers if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    os.kill(spawned[0], signal.SIGKILL)  # as the out-of-memory killer does
    status, out, err, _ = _finish(child, 60)
    assert status == 1
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "a worker process was lost" in err and "(--resume continues)" in err
    done = int(re.search(r"after (\d+) of 100000", err).group(1))  # type: ignore[union-attr]
    assert f"{done} of 100000 games (the run was stopped)" in " ".join(out.split())
    assert len(path.read_text().splitlines()) == done and path.read_text().endswith("\n")
    _no_orphans(workers)


DIES_SENDING = """import gc, os, signal, struct
from multiprocessing.connection import Connection

def dies_sending() -> None:
    (pipe,) = [o for o in gc.get_objects() if isinstance(o, Connection)]  # the worker's
    os.write(pipe.fileno(), struct.pack("!i", 1 << 20) + b"a part")  # of a long answer
    os.kill(os.getpid(), signal.SIGKILL)
"""
LOSES_ONE = """from concurrent.futures import BrokenExecutor
from dicerules.simulate import Stop, worker_pool
import dying
with Stop() as stop:
    try:
        with worker_pool(2, stop) as pool:
            pool.submit(dying.dies_sending).result(timeout=30)
    except BrokenExecutor:
        print("lost")
"""


def test_a_worker_lost_while_it_sends_its_games_breaks_the_pool(tmp_path: Path) -> None:
    # Killed halfway through a result, a worker once left the pool's thread waiting
    # for the rest of it and the other workers waiting for the lock it held: the pool
    # never learned it was broken, and the run hung. Each worker now answers on a pipe
    # of its own, whose end is its death.
    (tmp_path / "dying.py").write_text(DIES_SENDING)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)])}
    pipe = subprocess.PIPE
    child = subprocess.Popen(python_at_default_signals("-c", LOSES_ONE), stdout=pipe, stderr=pipe,
                             text=True, env=env, start_new_session=True)  # fmt: skip
    workers = _workers_of(child)
    status, out, err, took = _finish(child, 60)
    assert (status, out) == (0, "lost\n"), err
    assert took < 20 and "Traceback" not in err, err
    _no_orphans(workers)
