"""`dicerules simulate` stopped by Ctrl-C or SIGTERM, with worker processes: the games
finished are counted and written, whole, and no worker outlives the command."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import cli

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
    command = [sys.executable, "-m", "dicerules", *RUN, "--workers", "2", "--records", str(path)]
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
