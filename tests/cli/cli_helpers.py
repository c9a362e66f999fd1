"""What the command-line tests share: the result of one run of ``dicerules.cli.main``."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Done(NamedTuple):
    """What one run of the command line gave: its exit status and its two outputs."""

    status: int
    out: str
    err: str


Cli = Callable[..., Done]
"""``cli(*argv, stdin="")``: the ``cli`` fixture of conftest.py."""
