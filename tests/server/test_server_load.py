"""examples/server/load.py, briefly: the server under load beside the bare commits and
the bare echo, each line it prints there, and its refusal of a bad argument."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import server_support  # noqa: F401  (first: without the server, the module skips)

LOAD = Path(__file__).resolve().parents[2] / "examples" / "server" / "load.py"


def load(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(LOAD), *args], capture_output=True, text=True, timeout=300
    )


def test_load_prints_the_server_beside_the_bare_commits_and_echo() -> None:
    done = load("--games", "2", "--seconds", "1", "--warmup", "0.5", "--bare")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    expected = [
        r"load\.py: 2 games of liars-dice at once \(2 seats: 4 sockets\), .* load average .*",
        r"  SQLite synced commits, 1 connection: [\d,]+/s",
        r"  echo \(Starlette on uvicorn, 4 sockets\): [\d,]+ round trips/s, p50 .* ms,"
        r" p99 .* ms; server CPU .*, client .*",
        r"  server on SQLite: [\d,]+ moves/s, p50 .* ms, p99 .* ms, \d+ games finished;"
        r" server CPU .*, client .*",
        r"  the server's share: [\d.]+ of the commits, [\d.]+ of the echo",
        r"load average [\d.]+ at the end",
    ]
    assert len(lines) == len(expected), done.stdout
    for line, pattern in zip(lines, expected, strict=True):
        assert re.fullmatch(pattern, line), (line, pattern)


def test_think_holds_each_move_back() -> None:
    # 2 games whose seats each wait 0.1 s before a move: each game answers at most
    # 1.5 / 0.1 + 1 moves in the 1.5 s counted (without the wait, two make hundreds).
    done = load("--games", "2", "--seconds", "1.5", "--warmup", "0.5", "--think", "0.1")
    assert done.returncode == 0, done.stderr
    head, served, _ = done.stdout.splitlines()
    assert "s counted; each move 0.1 s after its view; load average" in head, head
    found = re.fullmatch(r"  server on SQLite: ([\d,]+) moves/s, p50 .*", served)
    assert found is not None, served
    assert 0 < int(found[1].replace(",", "")) <= 2 * (1.5 / 0.1 + 1) / 1.5, served


def test_load_refuses_a_negative_think() -> None:
    done = load("--think", "-1")
    assert done.returncode == 2 and done.stdout == ""
    assert "--think at least 0" in done.stderr


def test_load_refuses_a_game_of_one_seat() -> None:
    done = load("--players", "1")
    assert done.returncode == 2 and done.stdout == ""
    assert "--players at least 2" in done.stderr


def test_the_bare_commits_can_be_measured_again_in_the_same_folder(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("load", LOAD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for _ in range(2):  # as --rounds does
        assert module.sqlite_commits(tmp_path, 0.05) > 0
    assert list(tmp_path.iterdir()) == []
