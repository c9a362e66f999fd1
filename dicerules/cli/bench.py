"""``dicerules bench``: the speed of the engines (dicerules.bench does the timing)."""

from __future__ import annotations

import argparse
import io
from typing import TextIO, cast

from dicerules import bench
from dicerules.cli.options import count, seconds, width, wrapped


def configure(command: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    bench.configure(command, count=count, seconds=seconds)


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """Hand over to dicerules.bench, at the width of the terminal (tables told to fit it,
    the other lines wrapped)."""
    args.columns = width(out)
    return bench.main(args, cast(TextIO, Wrapping(out, args.columns)))


class Wrapping(io.TextIOBase):
    """A text stream that writes each whole line to ``out`` wrapped to ``columns``."""

    def __init__(self, out: TextIO, columns: int) -> None:
        self.out, self.columns, self.held = out, columns, ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *done, self.held = (self.held + text).split("\n")
        for line in done:
            for part in wrapped(line, self.columns):
                print(part, file=self.out)
        return len(text)

    def flush(self) -> None:
        self.out.flush()
