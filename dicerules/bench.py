"""dicerules bench: speed of random legal play, side by side with pyspiel when present."""

from __future__ import annotations

import argparse

__all__ = ["configure", "main"]


def configure(parser: argparse.ArgumentParser) -> None:
    """Add bench's arguments to its command-line ``parser``."""
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--seconds", type=float, default=1.0)


def main(args: argparse.Namespace) -> int:
    """Run the benchmarks ``args`` asks for, print the table, return the exit status."""
    raise NotImplementedError("dicerules bench is not built yet")
