"""``bench --simulate``: ``dicerules.simulate``'s overhead over a bare loop of
play_match, and its speed on 2 local workers and on a 2-worker Dask LocalCluster.

Measured on 2 cores (Python 3.11, ``--repeats 5``): simulate 1.01x the bare loop,
1.90x on 2 local workers, 1.70x on a 2-worker LocalCluster; the machine's speed swung
by half from one second to the next that day (a plain loop timed 0.10 s or 0.15 s a
million steps), so the spreads were 28 to 65% and only the ratios count (two more runs
gave the LocalCluster 1.88x and 1.44x, the local workers 2.20x and 1.85x). With Dask's
defaults the LocalCluster gave 1.49x and 1.52x: the scheduler runs in the calling
process, on the workers' processors, and spent 1.3 s of processor time in a run of
20,000 games, half of it on its ticks while idle. Counted in instructions (callgrind,
300 games in a fresh process, imports subtracted), simulate takes 1.4% more than the
bare loop (2.1732e9 against 2.1601e9, of which 1.2130e9 is starting Python and
importing): it seats the bots once a rotation, reads winners and scores, counts the
actions from the tape and adds 9 bytes a seat to the outcomes; the tallies are taken
in one pass at the end.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final

from dicerules.bench.record import note
from dicerules.bench.timing import (
    Clock,
    Figure,
    format_table,
    machine_line,
    rate_text,
    ratio,
    ratio_text,
    runs_text,
    spread_text,
    spread_warning,
    summarize,
    time_text,
)
from dicerules.game import GAMES


def simulate_games(wanted: Sequence[str] = ()) -> list[str]:
    """The games ``bench --simulate`` times: those of ``wanted`` that are games, else
    every game whose benchmarks ask for it (``Benchmarks.simulate``)."""
    if wanted:
        return [name for name in wanted if name in GAMES]
    return [name for name, game in GAMES.items() if game.benchmarks.simulate]


SIMULATE_GAMES: Final = 20_000


SIMULATE_TARGETS: Final = {"simulate": ">= 0.95x", "2 local workers": ">= 1.7x",
                           "2-worker LocalCluster": ">= 1.6x"}  # fmt: skip
"""The ratios each row must reach, to the bare loop (simulate) or to simulate (workers)."""


QUIET_DASK: Final = {"distributed.worker.profile.enabled": False,
                     "distributed.admin.tick.interval": "1s"}  # fmt: skip
"""The Dask settings the bench's LocalCluster starts with: no sampling profiler in the
workers and a tick of 1 s (20 ms by default) for the event loops' health check. Both
are diagnostics; on 2 cores, where the scheduler shares the workers' processors, they
cost about a tenth of the run."""


Run = Callable[[], object]


def bare_loop(game_name: str, games: int) -> Run:
    """``games`` games of random bots by ``play_match`` in a plain loop, seeded as
    simulate seeds them: the floor simulate's own overhead is measured from."""
    from dicerules import bots
    from dicerules.game import get_game
    from dicerules.match import bot_seed, game_seed, play_match

    def run() -> None:
        game = get_game(game_name)
        rules = game.default_rules
        seats = range(game.seats(rules))
        for index in range(games):
            seed = game_seed(0, index)
            table = [bots.make("random", game, bot_seed(seed, seat)) for seat in seats]
            play_match(game, rules, table, seed)

    return run


def simulate_runs(game: str, games: int, executors: Mapping[str, Any]) -> dict[str, Run]:
    """The runs simulate's table times: the bare loop, simulate in this process, and
    simulate on each of ``executors`` (started and warmed up already)."""
    from dicerules.simulate import simulate

    def on(executor: Any) -> Run:
        return lambda: simulate(game, games, executor=executor)

    runs: dict[str, Run] = {"play_match loop": bare_loop(game, games), "simulate": on(None)}
    runs.update((name, on(executor)) for name, executor in executors.items())
    return runs


def time_runs(runs: Mapping[str, Run], repeats: int, clock: Clock) -> dict[str, Figure]:
    """Seconds each run takes, its runs interleaved ``repeats`` times: median, spread."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start = clock()
            run()
            seconds[name].append(clock() - start)
    return {name: summarize(values) for name, values in seconds.items()}


def simulate_table(figures: Mapping[str, Figure], games: int) -> str:
    """The rows of simulate's table: time, games a second and the ratio to their base."""
    base = figures["play_match loop"].median
    alone = figures.get("simulate", Figure(base, 0.0)).median
    rows = []
    for name, figure in figures.items():
        if name == "play_match loop":
            speed = "-"
        elif name == "simulate":
            speed = ratio_text(ratio(base, figure.median))
        else:
            speed = ratio_text(ratio(alone, figure.median))
        rate = rate_text(games / figure.median)
        target = SIMULATE_TARGETS.get(name, "")
        rows.append([name, time_text(figure.median), spread_text(figure.spread), rate, speed,
                     target])  # fmt: skip
    header = ["run", "time", "spread", "games/s", "speed", "target"]
    return format_table(header, rows)


def note_simulate(game: str, figures: Mapping[str, Figure]) -> None:
    """``record.note`` the speeds of ``simulate_table``: simulate over the bare loop,
    each executor over simulate (times, so each ratio is the base's over its own)."""
    for name, figure in figures.items():
        base = {"play_match loop": None, "simulate": "play_match loop"}.get(name, "simulate")
        if base is not None and base in figures:
            note(f"simulate/{game}/{name} over {base}", figures[base].runs, figure.runs,
                 target=SIMULATE_TARGETS.get(name, ""))  # fmt: skip


def _restore_environ(saved: Mapping[str, str]) -> None:
    """``os.environ`` as it was: a LocalCluster sets its workers' variables in its
    parent's environment too (``MALLOC_TRIM_THRESHOLD_``, one BLAS thread,
    ``PYTHONHASHSEED``), and every process the run starts after it would inherit them
    (NumPy's CFR five times slower in ``--cfr``'s children, under ``--all``)."""
    os.environ.clear()
    os.environ.update(saved)


def simulate_lines(
    games: int, repeats: int, clock: Clock = time.perf_counter, *, game: str
) -> Iterator[str]:
    """The lines of ``bench --simulate``: simulate's overhead over a bare loop of
    play_match, and its speed on 2 local workers and on a 2-worker Dask LocalCluster
    (when distributed is installed), each started and warmed up before it is timed."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from dicerules.simulate import ignore_interrupts, simulate

    yield f"dicerules bench --simulate: {games:,} games of random {game}, default rules;"
    yield (
        f"{repeats} run{'' if repeats == 1 else 's'} of each, interleaved; workers started first;"
        f" {runs_text(repeats)}"
    )
    yield machine_line()
    with contextlib.ExitStack() as stack:
        executors: dict[str, Any] = {}
        pool = stack.enter_context(ProcessPoolExecutor(2, initializer=ignore_interrupts,
                                   mp_context=multiprocessing.get_context("spawn")))  # fmt: skip
        executors["2 local workers"] = pool
        try:
            import distributed
            from dask import config as dask_config
        except ImportError:
            yield "LocalCluster: not timed (python -m pip install 'dicerules[cluster]')"
        else:
            dask: Any = distributed  # it has no type hints
            stack.callback(_restore_environ, dict(os.environ))  # once the cluster is closed
            stack.enter_context(dask_config.set(QUIET_DASK))  # read as the workers start
            yield "LocalCluster: the workers' profiler off, Dask's tick 1 s (QUIET_DASK)"
            cluster = stack.enter_context(dask.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=":0", worker_dashboard_address=None))  # fmt: skip
            client = stack.enter_context(dask.Client(cluster))
            executors["2-worker LocalCluster"] = client.get_executor()
        for executor in executors.values():  # started, and the workers have imported
            simulate(game, 64, executor=executor, chunk=16)
        figures = time_runs(simulate_runs(game, games, executors), repeats, clock)
    note_simulate(game, figures)
    yield ""
    yield from simulate_table(figures, games).splitlines()
    yield from spread_warning(figure.spread for figure in figures.values())
