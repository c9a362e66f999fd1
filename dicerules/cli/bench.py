"""``dicerules bench``: the speed of the engines (dicerules.bench does the timing)."""

from __future__ import annotations

import argparse
from typing import TextIO

from dicerules import bench


def configure(command: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    bench.configure(command)


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """Hand over to dicerules.bench."""
    return bench.main(args)
