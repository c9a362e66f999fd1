"""`dicerules play` in a pseudo-terminal: readline's editing, history, completion, Ctrl-C."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

import dicerules

ROOT = Path(dicerules.__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="drives a Linux pseudo-terminal"
)

LEFT, UP, CTRL_C = "\x1b[D", "\x1b[A", "\x03"

_ON_THE_TERMINAL = """
import fcntl, os, signal, struct, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
for number in (signal.SIGINT, signal.SIGTERM):
    signal.signal(number, signal.SIG_DFL)
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""
"""Run in the child: take the terminal (so Ctrl-C there is SIGINT), size it, put Ctrl-C
and SIGTERM back to their defaults (a suite started as a script's background job
ignores Ctrl-C, and an ignored signal stays ignored across exec), then become
``python ARGS``."""


class Terminal:
    """A child process on a pseudo-terminal of 80 columns, read until a text shows."""

    def __init__(self, argv: list[str], path: str = "") -> None:
        import pty
        import subprocess

        # Started by subprocess (no fork of this process, which may hold threads), in a
        # session of its own that takes the terminal as its controlling one, at 80 x 24.
        self.fd, child = pty.openpty()
        python_path = os.pathsep.join(filter(None, [str(ROOT), path]))
        env = {**os.environ, "PYTHONPATH": python_path, "TERM": "xterm", "INPUTRC": "/dev/null"}
        env.pop("COLUMNS", None)  # the width is the terminal's
        command = [sys.executable, "-c", _ON_THE_TERMINAL, "-m", "dicerules", *argv]
        self.process = subprocess.Popen(
            command, stdin=child, stdout=child, stderr=child, env=env, start_new_session=True
        )
        os.close(child)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60) -> str:
        """Everything shown up to ``text`` (which must come within ``timeout`` seconds)."""
        import select

        end = time.monotonic() + timeout
        while text not in self.seen:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                raise AssertionError(f"{text!r} never came; the screen:\n{self.seen}")
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:  # the child has gone
                chunk = b""
            if not chunk:
                raise AssertionError(f"{text!r} never came; the screen:\n{self.seen}")
            self.seen += chunk.decode("utf-8", "replace")
        shown, _, self.seen = self.seen.partition(text)
        return shown + text

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def interrupt(self, text: str, tries: int = 5) -> str:
        """Ctrl-C typed, again each few seconds (as a person would) until ``text`` shows.

        A Ctrl-C that reaches the terminal while the line editor is not yet reading can
        be lost, as it can at a real keyboard; the program's answer to one is the test.
        """
        for _ in range(tries - 1):
            self.type(CTRL_C)
            try:
                return self.expect(text, timeout=5)
            except AssertionError:
                if self.seen.strip():  # it answered: let it finish, never interrupt that
                    return self.expect(text)
        self.type(CTRL_C)
        return self.expect(text)

    def status(self, timeout: float = 60) -> int:
        """The child's exit status; a child still running after ``timeout`` seconds is killed."""
        import subprocess

        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        os.close(self.fd)
        return code


def test_play_edits_lines_recalls_them_completes_and_stops_at_ctrl_c(tmp_path: Path) -> None:
    pytest.importorskip("readline")
    record = tmp_path / "game.json"
    argv = ["play", "liars-dice", "--players", "3", "--seed", "7", "--bots", "random"]
    term = Terminal([*argv, "--record", str(record)])
    passed = False
    try:
        intro = term.expect("your move> ")
        assert "Tab completes a move; Up recalls an earlier line." in " ".join(intro.split())
        term.type(f"x4{LEFT}{LEFT}3\r")  # typed x4, two steps left, then the 3 before it
        assert "seat 0 (you) bids 3x4." in term.expect("your move> ")
        term.type("cha\t\r")  # Tab completes the only legal action starting so
        shown = term.expect("your move> ")
        assert "seat 0 (you) challenges seat 2's 7x4." in shown
        assert "Round 2: " in shown
        term.type(f"{UP}{UP}\r")  # the line before last: 3x4, a legal opening again
        shown = term.expect("your move> ")
        assert "seat 0 (you) bids 3x4." in shown
        assert "notation" not in shown  # no escape code ever reached the parser
        shown = term.interrupt("Record saved to ")
        assert "You left the game." in shown
        passed = True
    finally:
        status = term.status(timeout=60 if passed else 0)
    assert status == 130
    rec = dicerules.GameRecord.from_json(record.read_text())
    assert [rec.actions[0], rec.actions[3]] == ["3x4", "challenge"]
    assert rec.actions.count("3x4") == 2


def test_play_waits_for_enter_before_the_other_seats_moves_scroll_off() -> None:
    # As the house in eighteen's first round, seat 0 sees the other seats' whole round:
    # more than a 24-row screen holds, so play waits for Enter before it scrolls.
    term = Terminal(["play", "eighteen", "--seed", "3"])
    passed = False
    try:
        first = term.expect("(more below: press Enter) ")
        assert "your move> " not in first
        assert len(first.splitlines()) <= 24  # the waiting line at the screen's foot
        term.type("\r")
        more = term.expect("(more below: press Enter) ").removeprefix("\r\n")  # the Enter
        assert "Round 1 is scored" in more
        assert "your move> " not in more
        assert len(more.splitlines()) <= 24  # under the last wait: nothing scrolled off
        term.type("\r")
        rest = term.expect("your move> ").removeprefix("\r\n")
        assert "Your dice: 4-4-2 (10)." in rest
        assert len(rest.splitlines()) <= 24
        term.type("quit\r")
        term.expect("You left the game.")
        passed = True
    finally:
        status = term.status(timeout=60 if passed else 0)
    assert status == 0


SLOW_BOT = """import os, time
class Slow:
    name = "slow"
    def choose(self, view, legal):
        open(os.path.join(os.path.dirname(__file__), "moved"), "w").close()
        time.sleep(0.5)
        return legal[-1]
"""


def test_a_stopped_simulation_keeps_its_lines_whole_after_each_ctrl_c(tmp_path: Path) -> None:
    # The terminal echoes each Ctrl-C as ^C where the cursor is: what follows it (the
    # stop's notes, the table) begins a line of its own, wrapped to the 80 columns.
    (tmp_path / "slow_bot.py").write_text(SLOW_BOT)
    argv = ["simulate", "liars-dice", "--players", "2", "--games", "64", "--bots", "slow_bot:Slow"]
    term = Terminal(argv, path=str(tmp_path))
    passed = False
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "moved").exists():  # the run is under way
            assert time.monotonic() < deadline and term.process.poll() is None
            time.sleep(0.02)
        shown = term.interrupt("at once)")  # wrapped: "(Ctrl-C again stops" / "at once)"
        term.type(CTRL_C)
        shown += term.expect("seat 1 ")
        shown += term.expect("\n")
        passed = True
    finally:
        status = term.status(timeout=60 if passed else 0)
    assert status == 130
    assert "^C" in shown and not re.search(r"\^C[^\r\n]", shown), shown  # ^C ends its line
    for line in shown.replace("\r\n", "\n").split("\n"):
        assert max(map(len, line.split("\r"))) <= 80, line  # what the screen shows of it
    assert "dicerules simulate: stopped by Ctrl-C after" in " ".join(shown.split())
