"""``dicerules bench --json FILE``: every ratio a run measures, written down with the
machine, the Python and the load average it was measured at.

A suite notes each ratio it prints with ``note``: a key (``suite/group/row/measure``,
such as ``scalar/scan/liars-dice-2x5/rounds vs pyspiel``), each run's value on both
sides and the clock it read. Nothing is kept unless a ``recording`` is open, so a
suite notes its ratios whether or not anyone records them; any suite's rows go in
the same way. A row's ratio is the ratio of the medians, the one the tables print;
its spread is that of the ratios run by run ((largest - smallest) / median; the runs
of both sides are interleaved, so run i of each side met the same moment of the
machine). Each row holds the load average of the last minute read when the row
before it was noted (or the recording began) and when it was noted itself, so its
label says what the machine did while it was measured: ``idle`` only if every
reading was under ``IDLE_LOAD``, else ``loaded (load low-high)``.

The file is one JSON object: ``format``, the ``command`` that made it, ``machine``
(CPU model, cores, OS, Python and the versions of NumPy and OpenSpiel), ``load``
(the load averages of the last 1, 5 and 15 minutes at its start and at its end) and
``rows``. ``read`` reads one back.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import importlib.metadata
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from dicerules.bench.timing import load_average, ratio, summarize

FORMAT: Final = 1
"""The version of the file's layout."""

IDLE_LOAD: Final = 0.5
"""A figure is called idle only if the load average stayed under this while it was measured."""

CLOCKS: Final = {"wall": "wall-clock time", "cpu": "the process's CPU time"}
"""The clocks a ratio can be read on, by name, with what they measure."""


@attrs.frozen
class Row:
    """One recorded ratio (see the module's docstring)."""

    key: str
    ratio: float | None
    spread: float | None
    runs: tuple[float | None, ...]
    clock: str
    load: tuple[float | None, float | None]
    target: str = ""


@attrs.define
class Record:
    """The rows of one recording, as they are noted, and the load as it went."""

    command: str
    started: str
    load_start: tuple[float, ...] | None
    rows: list[Row] = attrs.Factory(list)
    last_load: float | None = None

    def add(self, row: Row) -> None:
        self.rows.append(row)


_RECORD: contextvars.ContextVar[Record | None] = contextvars.ContextVar(
    "bench_record", default=None
)


def _loads() -> tuple[float, ...] | None:
    """The load averages of the last 1, 5 and 15 minutes; None where there are none."""
    try:
        return tuple(round(value, 2) for value in os.getloadavg())
    except OSError:
        return None


@contextlib.contextmanager
def recording(command: str) -> Iterator[Record]:
    """Keep every ratio ``note`` is told of, until the block ends, in the Record given."""
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    record = Record(command, now.isoformat(), _loads(), last_load=load_average())
    token = _RECORD.set(record)
    try:
        yield record
    finally:
        _RECORD.reset(token)


def note(
    key: str,
    tops: Sequence[float],
    bottoms: Sequence[float],
    *,
    clock: str = "wall",
    target: str = "",
) -> None:
    """Record the ratio of ``tops`` over ``bottoms`` (each run's value on each side, run
    i of both timed together) under ``key``, if a recording is open; else nothing."""
    record = _RECORD.get()
    if record is None:
        return
    if clock not in CLOCKS:
        raise ValueError(f"no clock named {clock!r}; the clocks are: {', '.join(CLOCKS)}")
    runs = tuple(ratio(top, bottom) for top, bottom in zip(tops, bottoms, strict=True))
    known = [value for value in runs if value is not None]
    spread = summarize(known).spread if len(known) > 1 else None
    median = ratio(summarize(tops).median, summarize(bottoms).median)
    now = load_average()
    loads = (_rounded(record.last_load), _rounded(now))
    record.last_load = now
    shown = tuple(_rounded(value, 4) for value in runs)
    record.add(Row(key, _rounded(median, 4), _rounded(spread, 4), shown, clock, loads, target))


def clock_name(clock: Callable[[], float]) -> str:
    """The name in CLOCKS of ``clock``: ``cpu`` for ``time.process_time``, else ``wall``."""
    return "cpu" if clock is time.process_time else "wall"


def _rounded(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def machine() -> dict[str, Any]:
    """What the figures were measured on: CPU model, cores, OS, Python, NumPy, OpenSpiel."""
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": _version("numpy"),
        "open_spiel": _version("open_spiel"),
    }


def _cpu_model() -> str:
    """The processor's model name (``/proc/cpuinfo`` on Linux), else what platform says."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        text = ""
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name.strip() == "model name":
            return value.strip()
    return platform.processor() or platform.machine()


def _version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def to_json(record: Record, facts: dict[str, Any] | None = None) -> dict[str, Any]:
    """The file's object for ``record`` (``facts``: the machine, by default this one's)."""
    return {
        "format": FORMAT,
        "command": record.command,
        "started": record.started,
        "machine": machine() if facts is None else facts,
        "load": {"start": record.load_start, "end": _loads()},
        "rows": [attrs.asdict(row) for row in record.rows],
    }


def write(path: str | os.PathLike[str], record: Record) -> None:
    """Write ``record`` as JSON to ``path``, a row a line (a change reads well in a diff)."""
    document = to_json(record)
    rows = document.pop("rows")
    head = json.dumps(document, indent=1)[:-2]  # without its closing brace
    lines = ",\n  ".join(json.dumps(row) for row in rows)
    body = f'{head},\n "rows": [\n  {lines}\n ]\n}}\n' if rows else f'{head},\n "rows": []\n}}\n'
    Path(path).write_text(body)


def read(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A file ``write`` wrote, its rows as Rows; ValueError for another layout."""
    document: dict[str, Any] = json.loads(Path(path).read_text())
    if document.get("format") != FORMAT:
        raise ValueError(f"{path}: not a bench record of format {FORMAT}")
    document["rows"] = [
        Row(**{**row, "runs": tuple(row["runs"]), "load": tuple(row["load"])})
        for row in document["rows"]
    ]
    return document


def load_label(rows: Sequence[Row]) -> str:
    """``idle`` if every load reading of ``rows`` is under IDLE_LOAD, else ``loaded (load
    low-high)``; ``load unknown`` where the system tells none."""
    readings = [value for row in rows for value in row.load if value is not None]
    if not readings:
        return "load unknown"
    if max(readings) < IDLE_LOAD:
        return "idle"
    low, high = min(readings), max(readings)
    return (
        f"loaded (load {low:.1f})"
        if f"{low:.1f}" == f"{high:.1f}"
        else (f"loaded (load {low:.1f}-{high:.1f})")
    )


def command_line(argv: Sequence[str] | None = None) -> str:
    """The command as typed: ``dicerules bench ...``."""
    words = list(sys.argv[1:] if argv is None else argv)
    return " ".join(["dicerules", *words])
