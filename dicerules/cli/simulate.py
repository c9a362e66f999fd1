"""``dicerules simulate``: bots against bots, many seeded games, a table of results.

The games are played by ``dicerules.simulate``; this command reads the command line,
builds the executor (``--workers``: a local pool of processes; ``--scheduler``: a
Dask cluster) and prints what the Simulation says.
"""

from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager, suppress
from typing import Any, TextIO

from dicerules import bots
from dicerules.cli.options import (
    FileProblem,
    UsageError,
    check_replaceable,
    check_writable,
    find_game,
    make_rules,
    terminal_width,
    width,
    wrapped,
)
from dicerules.errors import DiceRulesError
from dicerules.game import AnyGame
from dicerules.simulate import (
    Interrupted,
    Simulation,
    Stop,
    WorkersLost,
    default_chunk,
    simulate,
    simulate_batch,
    worker_pool,
)


def usable_cpus() -> int:
    """How many processors this process may run on (at least 1): the cap of ``--workers``."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13: the affinity mask too
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on every platform
        return max(1, os.cpu_count() or 1)


@contextmanager
def cluster(address: str, stop: Stop) -> Iterator[Executor]:
    """The executor of the Dask scheduler at ``address``; Dask's log is silent from
    ``stop``'s first signal until the client is closed (``Silent``), and as it was
    after."""
    try:
        from distributed import Client as DaskClient
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask: python -m pip install 'dicerules[cluster]'"
        ) from None
    connect: Any = DaskClient  # distributed has no type hints
    try:
        client = connect(address, timeout=10)
    except Exception as error:  # an address it cannot parse, or no scheduler there
        raise FileProblem(f"cannot reach the Dask scheduler at {address}: {error}") from None
    executor = client.get_executor()
    silent, silenced = Silent(), list[logging.Logger]()

    def quiet() -> None:  # Dask's loggers then, those made since the stop too
        for name, logger in list(logging.root.manager.loggerDict.items()):
            if not isinstance(logger, logging.Logger) or name.split(".")[0] not in DASK_LOGS:
                continue  # a placeholder logs nothing
            if silent not in logger.filters:
                logger.addFilter(silent)
                silenced.append(logger)

    stop.heard.append(quiet)
    try:
        yield executor
    finally:
        quiet()
        try:
            with suppress(Exception):  # the tasks cancelled are settled before the close
                executor.shutdown(wait=True)
            client.close()
        finally:
            stop.heard.remove(quiet)
            for logger in silenced:
                logger.removeFilter(silent)


DASK_LOGS = ("distributed", "tornado")
"""The loggers, with those below them, of the Dask client and its event loop."""


class Silent(logging.Filter):
    """Drops every record: a run's filter on Dask's loggers from a stop until the close.

    A stop cancels the tasks not back: a result on its way is then dropped, and Dask
    logs the cancelled future's traceback (from its executor's callback, on the
    client's thread, at any time until the client is closed) and a "Couldn't gather"
    warning. The run is over and told: that is no error of the command's. Only the
    run's own filter is added and then taken away: a logger's level, handlers and other
    filters stay as the program sets them, during the run and after."""

    def filter(self, record: logging.LogRecord) -> bool:
        return False


@contextmanager
def executor(args: argparse.Namespace, workers: int, stop: Stop) -> Iterator[Executor | None]:
    """The executor the command line asks for: a cluster, local workers, or none."""
    if args.scheduler is not None:
        with cluster(args.scheduler, stop) as found:
            yield found
    elif workers > 1:
        with worker_pool(workers, stop) as pool:  # no worker outlives the command
            yield pool
    else:
        yield None


def stopped_line(line: str, stop: Stop, out: TextIO) -> None:
    """The line of a run stopped, on standard error: on a terminal wrapped to it, and
    after a second Ctrl-C (its ``^C`` echoed where the cursor was) on a line of its
    own, as the table that follows is."""
    echoed = stop.hard and stop.signal == signal.SIGINT
    if not stop.terminal:
        print(line, file=sys.stderr)
        if echoed and terminal_width(out):  # the echo is on the table's terminal
            print(file=out)
        return
    fresh = "\n" if echoed else ""
    print(fresh + "\n".join(wrapped(line, stop.terminal)), file=sys.stderr)


def show(sim: Simulation, args: argparse.Namespace, out: TextIO) -> None:
    """Print ``sim`` in the format asked for."""
    if args.format == "csv":
        rows = sim.to_rows()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return
    if args.format == "json":
        print(json.dumps(sim.to_rows(), indent=2), file=out)
        return
    out.write(sim.table(width(out), preset=args.preset))
    if args.records is not None:
        done = len(sim.outcomes)
        print(f"\n{done} record{'s' if done != 1 else ''} written to {args.records}.", file=out)


def simulate_in_batch(
    game: AnyGame, rules: Any, names: tuple[str, ...], args: argparse.Namespace, out: TextIO
) -> int:
    """``simulate --batch``: uniform bots in every seat, the games stepped many at a time."""
    if set(names) != {"uniform"}:
        raise UsageError("--batch plays the uniform bot in every seat: give --bots uniform")
    for given, name in ((args.records, "--records"), (args.scheduler, "--scheduler")):
        if given is not None:
            raise UsageError(f"--batch plays in this process and keeps no records: drop {name}")
    if args.workers != 1 or args.resume:
        raise UsageError("--batch plays in this process: drop --workers and --resume")
    try:
        sim = simulate_batch(game, args.games, rules=rules, seed=args.seed)
    except ImportError:
        raise UsageError("--batch needs NumPy: python -m pip install 'dicerules[batch]'") from None
    show(sim, args, out)
    return 0


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Bots against bots, many seeded games, a table of wins per bot and per seat."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, args.players, args.rule)
    players = game.seats(rules)
    acting = game.acting_seats(rules)
    try:
        names = bots.lineup(args.bots, game, len(acting), house=len(acting) < players)
    except DiceRulesError as error:
        raise UsageError(f"--bots {args.bots}: {error}") from None
    check_writable(args.records)
    check_replaceable(args.records, args.force, "--records")
    if args.resume and args.records is None:
        raise UsageError("--resume continues the run whose records --records FILE names")
    if args.scheduler is not None and args.workers != 1:
        raise UsageError("--workers and --scheduler: give one (the cluster has its workers)")
    total = args.games
    if args.batch:
        return simulate_in_batch(game, rules, names, args, out)
    usable = usable_cpus()
    if args.workers > usable:
        print(f"dicerules simulate: --workers {args.workers}: this machine lets the run use"
              f" {usable} processor{'s' if usable != 1 else ''}; {usable}"
              f" worker{'s' if usable != 1 else ''} it is.",
              file=sys.stderr)  # fmt: skip
    chunk = default_chunk(total, min(args.workers, usable))
    workers = min(args.workers, usable, -(-total // chunk))  # no more workers than chunks
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    status = 0
    resume = " (--resume continues)" if args.records else ""
    # The signals are caught before the workers start: one during their start-up
    # stops the run as any other does.
    with Stop() as stop, executor(args, workers, stop) as pool:
        stop.terminal = terminal_width(sys.stderr)
        try:
            sim = simulate(game, total, bots=names, rules=rules, seed=args.seed,
                           executor=pool, chunk=chunk, records=args.records,
                           progress=progress, resume=args.resume)  # fmt: skip
        except Interrupted as stopped:
            sim, status = stopped.simulation, 128 + stopped.signal
            how = "Ctrl-C" if stopped.signal == signal.SIGINT else "SIGTERM"
            stopped_line(f"dicerules simulate: stopped by {how} after {len(sim.outcomes)} of"
                         f" {total} games{resume}", stop, out)  # fmt: skip
        except OSError as error:  # of the records file, which it names
            if error.filename is None:
                raise
            raise FileProblem(f"cannot write {error.filename}: {error.strerror}") from None
        except WorkersLost as lost:
            sim, status = lost.simulation, 1
            print(f"dicerules simulate: error: {lost}{resume}", file=sys.stderr)
    show(sim, args, out)
    return status
