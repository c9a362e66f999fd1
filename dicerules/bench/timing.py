"""bench's measuring and its tables: the arithmetic of runs, the seeded random play
every suite times, and the text of the figures.

Each figure is the median of its runs with their spread, the (largest - smallest) /
median. How a driver picks weighs on the result, pyspiel's most: its dice are chance
nodes that the caller samples in Python. ``scan`` (the default) picks with one
``random()`` each time, an index into the legal actions or a scan of a chance node's
cumulative probabilities: the cheapest way known, the one that favours pyspiel.
``stdlib`` drives every side the common standard-library way: ``random.choice`` for
every decision, ``random.choices`` at pyspiel's chance nodes.

The measuring functions take a clock, and the formatting functions take numbers, so
both can be tested without timing anything.
"""

from __future__ import annotations

import gc
import importlib
import math
import os
import random
import statistics
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from dicerules.game import AnyGame

Clock = Callable[[], float]


Play = Callable[[float, Clock], "Sample"]


SCAN: Final = "scan"


STDLIB: Final = "stdlib"


SAMPLERS: Final = {
    SCAN: "one random() a pick: an index into the legal actions, a scan of a chance"
    " node's cumulative probabilities",
    STDLIB: "random.choice for every decision, random.choices at pyspiel's chance nodes",
}
"""How a driver picks, by name, with what bench prints of it."""


@attrs.frozen
class Sample:
    """One timed run: how much play fitted in ``seconds``."""

    decisions: int
    rounds: int
    seconds: float


@attrs.frozen
class Figure:
    """The median of several measured rates (or times) and their spread."""

    median: float
    spread: float | None  # (largest - smallest) / median: the noise the runs saw; None: one run
    runs: tuple[float, ...] = attrs.field(default=(), eq=False, repr=False)
    """Each run's value, in the order they ran (for ratios run by run, ``record.note``)."""


def summarize(values: Sequence[float]) -> Figure:
    """The median of ``values`` and their spread (None for a single value, which has
    none); ValueError if there are none."""
    if not values:
        raise ValueError("no runs to summarize")
    middle = statistics.median(values)
    if len(values) == 1:
        return Figure(middle, None, tuple(values))
    spread = (max(values) - min(values)) / middle if middle else 0.0
    return Figure(middle, spread, tuple(values))


def sample_spreads(samples: Mapping[str, Sequence[Sample]]) -> Iterator[float | None]:
    """The spread of the decisions/s and of the rounds/s (where there are rounds) of each
    contender's ``samples``."""
    for runs in samples.values():
        yield summarize(rates(runs)).spread
        if any(sample.rounds for sample in runs):
            yield summarize(rates(runs, rounds=True)).spread


def ratio(numerator: float, denominator: float) -> float | None:
    """``numerator / denominator``, or None when the denominator is 0."""
    return numerator / denominator if denominator else None


def rates(samples: Iterable[Sample], rounds: bool = False) -> list[float]:
    """Decisions (or rounds) per second of each sample."""
    return [(s.rounds if rounds else s.decisions) / s.seconds for s in samples]


def is_scan(sampler: str) -> bool:
    """Whether ``sampler`` is SCAN; ValueError if it is no sampler at all."""
    if sampler not in SAMPLERS:
        raise ValueError(f"no sampler named {sampler!r}; the samplers are: {', '.join(SAMPLERS)}")
    return sampler == SCAN


def random_play(
    game: AnyGame,
    rules: object,
    rounds_of: Callable[[Any], int] | None,
    seed: int = 0,
    sampler: str = SCAN,
) -> Play:
    """A function playing seeded random games of ``game`` until its time is up.

    Game k of a run is ``new_game(rules, seed=k)``; the chooser is seeded with
    ``seed``, so every run plays the same games move for move. ``sampler`` is a
    name in SAMPLERS.
    """
    return random_play_with(game, rules, rounds_of, game.legal_actions, seed, sampler)


def random_play_with(
    game: AnyGame,
    rules: object,
    rounds_of: Callable[[Any], int] | None,
    legal_actions: Callable[[Any], tuple[Any, ...]],
    seed: int,
    sampler: str,
) -> Play:
    """``random_play``, the legal actions of each decision asked of ``legal_actions``."""
    new_game, apply, is_terminal = game.new_game, game.apply, game.is_terminal
    scan = is_scan(sampler)

    def play(seconds: float, clock: Clock) -> Sample:
        chooser = random.Random(seed)
        choose, choice = chooser.random, chooser.choice
        decisions = rounds = game_seed = 0
        start = clock()
        while True:
            state = new_game(rules, seed=game_seed)
            game_seed += 1
            while not is_terminal(state):
                actions = legal_actions(state)
                if scan:
                    state = apply(state, actions[int(choose() * len(actions))])
                else:
                    state = apply(state, choice(actions))
                decisions += 1
            if rounds_of is not None:
                rounds += rounds_of(state)
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, rounds, elapsed)

    return play


def seconds_per_call(call: Callable[[], object], seconds: float, clock: Clock) -> float:
    """The mean time of ``call``, called in growing batches until ``seconds`` have passed."""
    calls, batch = 0, 1
    start = clock()
    while True:
        for _ in range(batch):
            call()
        calls += batch
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / calls
        batch = min(batch * 2, 1024)


def alternate(
    calls: Sequence[Callable[[], object]], seconds: float, repeats: int, clock: Clock
) -> list[Figure]:
    """The time per call of each of ``calls``, timed in turn ``repeats`` times."""
    times: list[list[float]] = [[] for _ in calls]
    for _ in range(repeats):
        for call, kept in zip(calls, times, strict=True):
            gc.collect()  # each run starts with no garbage left by the one before
            kept.append(seconds_per_call(call, seconds, clock))
    return [summarize(kept) for kept in times]


def check_arguments(seconds: float, repeats: int) -> None:
    """ValueError unless ``seconds`` is a positive finite number and ``repeats`` >= 1."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"--seconds must be a positive number, got {seconds}")
    if repeats < 1:
        raise ValueError(f"--repeats must be at least 1, got {repeats}")


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns padded to their widest cell: the first left-aligned, the others right."""
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join((first, *rest)).rstrip()

    return "\n".join(line(row) for row in (header, *rows))


def rate_text(value: float) -> str:
    """A rate with thousands separators: ``243,117``."""
    return f"{value:,.0f}"


def percent_text(value: float) -> str:
    """A fraction as a whole percentage: ``0.034`` -> ``3%``."""
    return f"{value * 100:.0f}%"


def spread_text(spread: float | None) -> str:
    """A spread as ``percent_text`` says it; ``-`` for a single run, which has none."""
    return "-" if spread is None else percent_text(spread)


def runs_text(repeats: int) -> str:
    """What a table's spreads are, said in its header: ``one run, no spread`` for one."""
    if repeats == 1:
        return "one run, no spread"
    return "median and spread ((max - min) / median)"


SPREAD_LIMIT: Final = 0.10
"""The spread above which bench calls its figures unreliable."""


def spread_warning(spreads: Iterable[float | None]) -> Iterator[str]:
    """A warning line when the largest of ``spreads`` is over SPREAD_LIMIT: runs that
    disagree that much measured the machine's other work as much as the engines."""
    worst = max((spread for spread in spreads if spread is not None), default=0.0)
    if worst > SPREAD_LIMIT:
        yield (
            f"warning: these figures are unreliable: a spread of {percent_text(worst)}"
            f" (over {percent_text(SPREAD_LIMIT)}) says the runs disagree; time again on"
            " an idle machine"
        )


def load_warning(load: float | None, processors: int | None) -> Iterator[str]:
    """A warning line when the ``load`` average is over the number of ``processors``:
    other work then takes turns with the one timed."""
    if load is not None and processors and load > processors:
        yield (
            f"warning: these figures are unreliable: a load average of {load:.2f} over"
            f" {processors} processors says other programs share them; time again on an"
            " idle machine"
        )


def load_average() -> float | None:
    """The load average of the last minute; None where the system has none."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def machine_line() -> str:
    """The line each suite tells its Python and machine in."""
    return f"python {sys.version.split()[0]}, {sys.platform}, {os.cpu_count()} cores"


def ratio_text(value: float | None) -> str:
    """``2.1`` -> ``2.10x``; None -> ``-``."""
    return "-" if value is None else f"{value:.2f}x"


_UNITS: Final = (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9))


def time_text(seconds: float) -> str:
    """A short duration in the unit that suits it: ``1.52 us``, ``15.1 ms``, ``1.20 s``."""
    unit, scale = next(((u, s) for u, s in _UNITS if seconds >= s), _UNITS[-1])
    value = seconds / scale
    return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"


def table_line(cells: Sequence[str], widths: Sequence[int]) -> str:
    """Cells padded to ``widths``: the first left-aligned, the others right; two spaces apart."""
    first = cells[0].ljust(widths[0])
    rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
    return "  ".join((first, *rest)).rstrip()


def row_block(header: Sequence[str], cells: Sequence[str], columns: int) -> list[str]:
    """A row told as lines of ``label value`` that fit ``columns``, for a table too wide.

    The first cell on a line of its own, then each other cell after its label (a
    ``spread`` in brackets after the figure it belongs to), cells that are ``-`` or
    empty left out.
    """
    told: list[str] = []
    for label, cell in zip(header[1:], cells[1:], strict=True):
        if cell in ("", "-"):
            continue
        if label == "spread" and told:
            told[-1] += f" (spread {cell})"
        else:
            told.append(f"{label} {cell}")
    body = textwrap.wrap(
        ", ".join(told),
        columns,
        initial_indent="  ",
        subsequent_indent="    ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [cells[0], *body]


def fitted_rows(
    header: Sequence[str], rows: Iterable[Sequence[str]], widths: Sequence[int], columns: int | None
) -> Iterator[str]:
    """The table's lines: the header and a line a row; a block a row (``row_block``) when
    the header is wider than ``columns`` (None: any width)."""
    if columns is None or len(table_line(header, widths)) <= columns:
        yield table_line(header, widths)
        for row in rows:
            yield table_line(row, widths)
        return
    for row in rows:
        yield from row_block(header, row, columns)


def load_pyspiel() -> Any | None:
    """The pyspiel module, or None when OpenSpiel is not installed (or will not load)."""
    try:
        return importlib.import_module("pyspiel")
    except (ImportError, OSError):  # OSError: a shared library of the wheel is missing
        return None


def env_play(env: Any, seed: int = 0, sampler: str = SCAN, agent: str | None = None) -> Play:
    """A function playing seeded random games through a PettingZoo AEC environment.

    Game k of a run follows ``reset(seed=k)``; every decision is picked among the
    ones the action mask allows, as ``sampler`` says (a finished agent steps None).
    It counts every agent's decisions, or ``agent``'s alone.
    """
    scan = is_scan(sampler)

    def play(seconds: float, clock: Clock) -> Sample:
        chooser = random.Random(seed)
        choose, choice = chooser.random, chooser.choice
        decisions = game_seed = 0
        start = clock()
        while True:
            env.reset(seed=game_seed)
            game_seed += 1
            for name in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                allowed = observation["action_mask"].nonzero()[0].tolist()
                if scan:
                    env.step(allowed[int(choose() * len(allowed))])
                else:
                    env.step(choice(allowed))
                decisions += agent is None or name == agent
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, 0, elapsed)

    return play
