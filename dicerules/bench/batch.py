"""``bench --batch``, and the ``batch`` rows of the first table: ``dicerules.batch``
playing many games at a time, beside the scalar engine's random play (with and
without the observation Encoding a learner reads).

The targets: ``batch.simulate`` 10 times the scalar engine, the learner's loop 5 times
the scalar engine with its Encoding, and liars-dice 2x5's batch row 20 times pyspiel's
rounds. Measured on 2 cores (load about 1.5): ``batch.simulate`` 11 to 28 times the
scalar engine for every built-in game and preset (link and twenty-four
``house-rules`` lowest, 11.1x), the learner's loop 9 to 30 times (twenty-four
``house-rules`` lowest, 9.0x), liars-dice 2x5 26.6 times pyspiel's rounds with the
scan sampler (51.7x with stdlib); under heavier load 2x5 gave 17.9 to 23.3 times, the
thinnest margin. A BatchState's bytes a game are the seeds and the kernel's arrays,
plus 8 bytes a game a step for the ids ``state(b, i)`` replays. A million games of 2x5
by ``batch.simulate`` in chunks of 10,000 peaked at 136 MB resident, the outcome
arrays included. How each kernel got its speed, and what was tried and left, is in
its module's docstring (``dicerules.games.<name>.batch``, ``dicerules.vector``,
``dicerules.kernels``).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from dicerules.bench.timing import (
    SAMPLERS,
    SCAN,
    Clock,
    Play,
    Sample,
    fitted_rows,
    machine_line,
    random_play,
    random_play_with,
    rate_text,
    rates,
    ratio,
    ratio_text,
    runs_text,
    sample_spreads,
    spread_text,
    spread_warning,
    summarize,
)
from dicerules.game import GAMES, AnyGame

BATCH_GAMES: Final = 10_000
"""Games a batch row plays at once."""


def batch_play(game: AnyGame, rules: object, games: int = BATCH_GAMES) -> Play | None:
    """A function playing ``games`` games at a time of ``game`` in ``dicerules.batch``,
    ``uniform`` bots in every seat, until its time is up; None without NumPy or action
    ids, and for a game without a kernel (its batch engine is its scalar engine, timed
    already). Its rounds are the game's rounds, as ``benchmarks.rounds`` counts them."""
    engine = _kernel_engine(game, rules)
    if engine is None:
        return None
    vector = importlib.import_module("dicerules.vector")

    def play(seconds: float, clock: Clock) -> Sample:
        decisions = rounds = first = 0
        start = clock()
        while True:
            index = range(first + 1, first + games + 1)
            outcome = engine.play_uniform(vector.splitmix64(vector.to_seeds([0]), list(index)))
            first += games
            decisions += int(outcome.actions.sum())
            rounds += 0 if outcome.rounds is None else int(outcome.rounds.sum())
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, rounds, elapsed)

    return play


def encoded_play(
    game: AnyGame, rules: object, seat: int = 0, seed: int = 0, sampler: str = SCAN
) -> Play | None:
    """Random play as ``random_play``, and the observation Encoding of ``view(state, seat)``
    before each decision: what a learner reads of one game at a time. None for a game
    without an observation."""
    encoding = game.observation
    if encoding is None:
        return None
    encode, view, legal = encoding.encode, game.view, game.legal_actions
    rules = game.default_rules if rules is None else rules

    def encoded_legal_actions(state: Any) -> tuple[Any, ...]:
        encode(rules, view(state, seat))
        return legal(state)

    return random_play_with(game, rules, None, encoded_legal_actions, seed, sampler)


def learner_play(
    game: AnyGame, rules: object, games: int = BATCH_GAMES, seat: int = 0, seed: int = 0
) -> Play | None:
    """A learner's loop over ``games`` games at a time in ``dicerules.batch``: each step
    ``observation(b, seat)``, ``legal_mask``, a random legal id a game picked from the
    mask by the caller (the first legal one in a random order of the ids, one order a
    step), and ``step``, until every game is over. None as for ``batch_play``, and for a
    game without an observation."""
    engine = _kernel_engine(game, rules)
    if engine is None or game.observation is None:
        return None
    np = importlib.import_module("numpy")
    width = len(engine.actions)

    def play(seconds: float, clock: Clock) -> Sample:
        shuffle = np.random.default_rng(seed).permutation
        decisions = first = 0
        start = clock()
        while True:
            b = engine.new_games(np.arange(first, first + games, dtype=np.uint64))
            first += games
            while True:
                engine.observation(b, seat)
                mask = engine.legal_mask(b)
                live = mask.any(axis=1)
                playing = int(live.sum())
                if not playing:
                    break
                order = shuffle(width)
                ids = np.where(live, order[mask[:, order].argmax(axis=1)], -1)
                b = engine.step(b, ids)
                decisions += playing
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, 0, elapsed)

    return play


def _kernel_engine(game: AnyGame, rules: object) -> Any | None:
    """The batch engine of ``game`` under ``rules`` when the game has a kernel; None
    without NumPy or action ids, or for a game stepped by the scalar loop."""
    try:
        engine = importlib.import_module("dicerules.batch").engine(game, rules)
    except (ImportError, ValueError):
        return None
    return None if engine.generic else engine


BATCH_TARGETS: Final = {"simulate": 10.0, "learner": 5.0}
"""The ratios a batch engine must reach over the scalar engine: ``batch.simulate``'s
decisions/s over random play's, and the learner's loop over random play with the
Encoding."""


BATCH_HEADER: Final = (
    "game, rules", "scalar", "spread", "simulate", "spread", "vs scalar",
    "scalar + encoding", "spread", "step + mask + obs", "spread", "vs encoding", "bytes a game",
)  # fmt: skip


@attrs.frozen
class BatchRow:
    """One rule set of a game with a kernel, its four ways of playing timed together."""

    name: str
    rules: object
    scalar: Play
    simulate: Play
    encoded: Play | None
    learner: Play | None
    nbytes: float


def batch_rows(
    wanted: Sequence[str] = (), sampler: str = SCAN, games: int = BATCH_GAMES
) -> list[BatchRow]:
    """A row for every preset and counterpart of every game with a kernel (of the games
    ``wanted``, all when empty), in GAMES order; none without NumPy."""
    rows = []
    for game in GAMES.values():
        if wanted and game.name not in wanted:
            continue
        named = [(f"{game.name} {name}", rules) for name, rules in game.presets.items()]
        named += [(c.label, c.rules) for c in game.benchmarks.counterparts]
        for name, rules in named:
            engine = _kernel_engine(game, rules)
            simulate = batch_play(game, rules, games)
            if engine is None or simulate is None:
                continue
            nbytes = engine.new_games(range(games)).nbytes / games
            rows.append(
                BatchRow(
                    name,
                    rules,
                    random_play(game, rules, None, sampler=sampler),
                    simulate,
                    encoded_play(game, rules, sampler=sampler),
                    learner_play(game, rules, games),
                    nbytes,
                )
            )
    return rows


def batch_cells(row: BatchRow, samples: Mapping[str, list[Sample]]) -> list[str]:
    """The cells of ``row`` from its ``samples`` (by ``scalar``, ``simulate``, ``encoded``
    and ``learner``): each rate's median and spread, and the two ratios."""
    figures = {name: summarize(rates(runs)) for name, runs in samples.items()}

    def rate(name: str) -> list[str]:
        figure = figures.get(name)
        return ["-", "-"] if figure is None else [rate_text(figure.median),
                                                 spread_text(figure.spread)]  # fmt: skip

    def times(name: str, base: str) -> str:
        if name not in figures:
            return "-"
        return ratio_text(ratio(figures[name].median, figures[base].median))

    return [row.name, *rate("scalar"), *rate("simulate"), times("simulate", "scalar"),
            *rate("encoded"), *rate("learner"), times("learner", "encoded"),
            f"{row.nbytes:,.0f}"]  # fmt: skip


def batch_lines(
    wanted: Sequence[str],
    seconds: float,
    repeats: int,
    *,
    clock: Clock = time.perf_counter,
    sampler: str = SCAN,
    games: int = BATCH_GAMES,
    columns: int | None = None,
) -> Iterator[str]:
    """The lines of ``bench --batch``: for each rule set of each game with a kernel,
    ``batch.simulate`` against the scalar engine's random play, and a learner's loop
    (``step`` with its ids, ``legal_mask``, ``observation`` of seat 0) against the
    scalar engine with its Encoding of seat 0's view, each row's runs interleaved. A
    table wider than ``columns`` (None: any width) is told a block a row."""
    rows = batch_rows(wanted, sampler, games)
    yield (
        f"dicerules bench --batch: {games:,} games at a time; {repeats}"
        f" run{'' if repeats == 1 else 's'} of {seconds:g} s each, interleaved within each"
        f" row; decisions/s, {runs_text(repeats)}"
    )
    yield machine_line()
    yield f"sampler of the scalar rows: {sampler}, {SAMPLERS[sampler]}"
    yield (
        "simulate: batch.simulate (uniform bots) against the scalar engine's random play,"
        f" target >= {BATCH_TARGETS['simulate']:g}x"
    )
    yield (
        "step + mask + obs: observation(b, 0), legal_mask, a random legal id a game and step"
        " against legal_actions, apply and the Encoding of view(state, 0),"
        f" target >= {BATCH_TARGETS['learner']:g}x"
    )
    if not rows:
        yield "no game with a batch kernel (python -m pip install 'dicerules[batch]')"
        return
    widths = [max(len(BATCH_HEADER[0]), *(len(row.name) for row in rows)),
              *map(len, BATCH_HEADER[1:])]  # fmt: skip

    spreads: list[float | None] = []

    def cells() -> Iterator[list[str]]:
        for row in rows:
            plays = {"scalar": row.scalar, "simulate": row.simulate}
            if row.encoded is not None and row.learner is not None:
                plays.update(encoded=row.encoded, learner=row.learner)
            samples: dict[str, list[Sample]] = {name: [] for name in plays}
            for _ in range(repeats):
                for name, play in plays.items():
                    samples[name].append(play(seconds, clock))
            spreads.extend(sample_spreads(samples))
            yield batch_cells(row, samples)

    yield ""
    yield from fitted_rows(BATCH_HEADER, cells(), widths, columns)
    yield from spread_warning(spreads)
