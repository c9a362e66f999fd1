"""``dicerules bench``'s arguments, and the choice of the suite they ask for."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from dicerules.bench.batch import BATCH_GAMES, batch_lines
from dicerules.bench.cfr import cfr_lines
from dicerules.bench.record import CLOCKS, command_line, recording, write
from dicerules.bench.scalar import check_names, lines, load_adapters, names
from dicerules.bench.simulate import SIMULATE_GAMES, simulate_games, simulate_lines
from dicerules.bench.timing import (
    SAMPLERS,
    SCAN,
    STDLIB,
    check_arguments,
    load_average,
    load_pyspiel,
    load_warning,
)
from dicerules.game import GAMES


def configure(
    parser: argparse.ArgumentParser,
    *,
    count: Callable[[int], Callable[[str], int]] | None = None,
    seconds: Callable[[str], float] = float,
) -> None:
    """Add bench's arguments to its command-line ``parser``.

    ``count(low)`` parses a whole number of ``low`` or more and ``seconds`` a time, for
    the command line's own words (default: ``int`` and ``float``, checked later by
    ``check_arguments``).
    """
    whole: Callable[[int], Callable[[str], int]] = count or (lambda low: int)
    parser.add_argument(
        "games",
        nargs="*",
        metavar="GAME",
        help=f"what to time (default: all of {', '.join(names())})",
    )
    parser.add_argument(
        "--seconds",
        type=seconds,
        default=1.0,
        metavar="S",
        help="seconds of play per run (default 1)",
    )
    parser.add_argument(
        "--repeats",
        type=whole(1),
        default=5,
        metavar="N",
        help="runs of each, interleaved (default 5)",
    )
    parser.add_argument(
        "--sampler",
        choices=tuple(SAMPLERS),
        default=SCAN,
        metavar="SAMPLER",
        help="how every pick is made: scan (the default), one random() a pick, the"
        " cheapest for pyspiel's chance nodes; or stdlib, random.choice and random.choices",
    )
    parser.add_argument(
        "--simulate",
        nargs="?",
        type=whole(1),
        const=SIMULATE_GAMES,
        metavar="N",
        help=f"time simulate instead: N games ({SIMULATE_GAMES:,}) of random play of each"
        f" GAME (default: {', '.join(simulate_games()) or 'none'}) by a loop of play_match,"
        " by simulate, on 2 workers and on a 2-worker LocalCluster",
    )
    parser.add_argument(
        "--batch",
        action="store_true",
        help="time the batch engines instead: for each rule set of each game with a kernel,"
        " batch.simulate against random play, and step, legal_mask and observation"
        " against random play with the Encoding",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="time every suite in turn: the first table, --batch, --simulate, each"
        " counterpart under the stdlib sampler, then --cfr, as the README's Performance"
        " table lists them",
    )
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="write every ratio measured to FILE as JSON, with the machine, the Python, the"
        " load average as it went and each ratio's spread (dicerules.bench.record)",
    )
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        metavar="CLOCK",
        help="what a run's time is read on: wall (the default) or cpu, this process's CPU"
        " time, steadier on a busy machine (--simulate, whose workers are other processes,"
        " and --cfr keep their own)",
    )
    parser.add_argument(
        "--cfr",
        action="store_true",
        help="time OpenSpiel's CFR instead, on each game's solver rules: its Python"
        " TabularPolicy and CFRSolver through the adapter and on OpenSpiel's own game, its"
        " C++ CFRSolver on the native tree (EFG) and on its own game: build seconds,"
        " memory, iterations, exploitability; then dicerules.solvers' CFR, CFR+ and"
        " exploitability beside OpenSpiel's C++ on the same tree, in CPU time",
    )


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run the benchmarks ``args`` asks for, printing each line as it is known.

    A warning comes first when the machine is busy (its load average over its
    processors), and again at the end if it became busy meanwhile (but after
    ``--simulate``, whose own workers load it). With ``--json FILE``, FILE is written
    again as each line with new ratios is printed, and once more at the end. Returns
    the exit status: 2, and one line on stderr, for bad arguments.
    """
    try:
        check_arguments(args.seconds, args.repeats)
        check_names(args.games)
        if getattr(args, "simulate", None) is not None and args.simulate < 1:
            raise ValueError(f"--simulate must be 1 or more, got {args.simulate}")
    except ValueError as error:
        print(f"dicerules bench: error: {error}", file=sys.stderr)
        return 2
    stream = sys.stdout if out is None else out
    path: str | None = getattr(args, "json", None)
    with contextlib.ExitStack() as stack:
        record = None if path is None else stack.enter_context(recording(command_line()))
        busy = list(load_warning(load_average(), os.cpu_count()))
        written = 0
        for line in itertools.chain(busy, suite_lines(args)):
            print(line, file=stream, flush=True)
            if path is not None and record is not None and len(record.rows) > written:
                write(path, record)  # as each ratio comes: a run cut short keeps them
                written = len(record.rows)
        if not busy and getattr(args, "simulate", None) is None:
            for line in load_warning(load_average(), os.cpu_count()):
                print(line, file=stream, flush=True)
        if path is not None and record is not None:
            write(path, record)
            print(f"{len(record.rows)} ratios written to {path}", file=stream, flush=True)
    return 0


def suite_lines(args: argparse.Namespace) -> Iterator[str]:
    """The lines of the suite ``args`` asks for, each as soon as it is known."""
    if getattr(args, "all", False):
        yield from all_lines(args)
    elif getattr(args, "simulate", None) is not None:
        for name in simulate_games(args.games):
            yield from simulate_lines(args.simulate, args.repeats, game=name)
    elif getattr(args, "batch", False):
        columns = getattr(args, "columns", None)
        yield from batch_lines(args.games, args.seconds, args.repeats, sampler=args.sampler,
                               columns=columns, clock=_clock(args))  # fmt: skip
    elif getattr(args, "cfr", False):
        yield from cfr_lines(args.games, args.repeats, columns=getattr(args, "columns", None))
    else:
        pyspiel = load_pyspiel()  # only now: loading OpenSpiel takes a while
        yield from lines(
            args.games,
            args.seconds,
            args.repeats,
            pyspiel=pyspiel,
            adapters=load_adapters(pyspiel) if getattr(args, "adapters", True) else {},
            sampler=args.sampler,
            columns=getattr(args, "columns", None),
            batch=BATCH_GAMES,
            clock=_clock(args),
        )


def all_lines(args: argparse.Namespace) -> Iterator[str]:
    """``--all``: every suite in turn, each as its own option runs it (the games named,
    or all): the first table, ``--batch``, ``--simulate``, each counterpart's first
    table again under the stdlib sampler, and ``--cfr`` last, the longest (a run cut
    short with ``--json`` keeps every ratio printed before)."""

    def suite(**change: Any) -> Iterator[str]:
        yield from suite_lines(argparse.Namespace(**{**vars(args), "all": False, **change}))
        yield ""

    yield from suite()
    yield from suite(batch=True)
    yield from suite(simulate=SIMULATE_GAMES)
    labels = [name for name in names() if name not in GAMES]  # the counterparts
    wanted = [name for name in labels if not args.games or name in args.games]
    if wanted:
        yield from suite(sampler=STDLIB, games=wanted, adapters=False)
    yield from suite_lines(argparse.Namespace(**{**vars(args), "all": False, "cfr": True}))


def _clock(args: argparse.Namespace) -> Callable[[], float]:
    """The clock ``--clock`` names."""
    return time.process_time if getattr(args, "clock", "wall") == "cpu" else time.perf_counter
