"""What the command-line tests share: ``cli``, one run of ``dicerules.cli.main`` in this process."""

from __future__ import annotations

import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import NamedTuple

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
    given_columns = os.environ.pop("COLUMNS", None)
    if columns is not None:
        os.environ["COLUMNS"] = str(columns)
    sys.stdin = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as done:  # argparse: --help, --version, a bad command line
                status = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = given
        os.environ.pop("COLUMNS", None)
        if given_columns is not None:
            os.environ["COLUMNS"] = given_columns
    return Done(status, out.getvalue(), err.getvalue())
