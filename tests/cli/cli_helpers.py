"""What the command-line tests share: ``cli``, one run of ``dicerules.cli.main`` in this process."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import NamedTuple

from helpers import columns as wrapped_at

from dicerules.cli import main


class Done(NamedTuple):
    """What one run of the command line gave: its exit status and its two outputs."""

    status: int
    out: str
    err: str


def cli(
    *argv: str,
    stdin: str | io.StringIO = "",
    err: io.StringIO | None = None,
    columns: int | None = None,
) -> Done:
    """``main(argv)`` with ``stdin`` (text, or a file) as standard input; standard error
    goes to ``err`` if given. ``COLUMNS`` is ``columns``, or unset (pytest-xdist's
    workers set it), so the text is wrapped at 80 columns unless told otherwise."""
    out, err = io.StringIO(), io.StringIO() if err is None else err
    given = sys.stdin
    sys.stdin = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    try:
        with redirect_stdout(out), redirect_stderr(err), wrapped_at(columns):
            try:
                status = main(list(argv))
            except SystemExit as done:  # argparse: --help, --version, a bad command line
                status = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = given
    return Done(status, out.getvalue(), err.getvalue())


def replays_exactly(run: Callable[..., Done], records: Path, game: str, games: int) -> str:
    """What ``run("replay", records)`` printed, once the records file a simulate run wrote
    is seen to hold ``games`` records of ``game``, one a line, each replaying exactly."""
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == games
    assert {json.loads(line)["game"] for line in lines} == {game}
    done = run("replay", str(records))
    assert (done.status, done.err) == (0, "")
    assert done.out.count("it replays exactly") == games
    return done.out
