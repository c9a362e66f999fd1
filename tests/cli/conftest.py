"""Fixtures for the command-line tests: ``cli`` runs ``dicerules.cli.main`` in this process."""

from __future__ import annotations

import io
import sys

import pytest
from cli_helpers import Cli, Done

from dicerules.cli import main


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """``cli(*argv, stdin="")`` runs ``main(argv)`` with ``stdin`` as standard input."""

    def run(*argv: str, stdin: str = "") -> Done:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        try:
            status = main(list(argv))
        except SystemExit as done:  # argparse: --help, --version, a bad command line
            status = done.code if isinstance(done.code, int) else 1
        out, err = capsys.readouterr()
        return Done(status, out, err)

    return run
