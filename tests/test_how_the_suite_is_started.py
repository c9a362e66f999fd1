"""The suite passes however it is started: as a script's background job (Ctrl-C ignored,
and every child it starts with it), and in a wide terminal (``COLUMNS=200``). A few
tests that signal a child, or compare wrapped text, are run again so started."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import SOURCE

TESTS = Path(__file__).resolve().parent

SIGNALLING = [
    "cli/test_cli_pty.py::test_play_edits_lines_recalls_them_completes_and_stops_at_ctrl_c",
    "cli/test_cli_simulate_signals.py::test_ctrl_c_with_workers_prints_the_games_finished_and_exits_130",
    "simulate/test_simulate_library.py::test_ctrl_c_stops_after_the_game_in_hand",
]
"""Tests that send Ctrl-C: to a child on a terminal, to a child's process group, and to
this process."""

WRAPPING = [
    "cli/test_cli_commands.py::test_python_m_dicerules_runs_the_same_command_line",
    "simulate/test_simulate_library.py::test_the_table_is_what_the_command_line_prints",
]
"""Tests that compare text the command line wraps, in this process and in a child."""

IGNORING_CTRL_C = """import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""
"""Become ``python ARGS`` with Ctrl-C ignored, as ``trap "" INT`` leaves a script's
commands, and ``&`` a script's background job."""


def _pytest(tests: list[str], prefix: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """pytest of ``tests`` (relative to tests/), in a process of its own started by
    ``prefix``, with ``env`` added to this process's environment."""
    path = os.pathsep.join(filter(None, [SOURCE, os.environ.get("PYTHONPATH")]))
    argv = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]
    return subprocess.run(
        [*prefix, *argv, *(str(TESTS / test) for test in tests)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=TESTS.parent,
        env={**os.environ, "PYTHONPATH": path, **env},
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals and a pseudo-terminal")
def test_the_signal_tests_pass_started_with_ctrl_c_ignored() -> None:
    done = _pytest(SIGNALLING, [sys.executable, "-c", IGNORING_CTRL_C])
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(SIGNALLING)} passed" in done.stdout, done.stdout


def test_the_tests_of_wrapped_text_pass_in_a_wide_terminal() -> None:
    done = _pytest(WRAPPING, [sys.executable], COLUMNS="200")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout
