"""``bench --batch``, and the ``batch`` rows of the first table: ``dicerules.batch``
playing many games at a time, beside the scalar engine's random play (with and
without the observation Encoding a learner reads), and its VectorEnv beside the
PettingZoo environment of the same game.

How a batch row plays: ``BatchEngine.play_uniform`` in rows of ``BATCH_GAMES`` (10,000)
games, ``BATCH_CALL`` times as many games a call, each game that ends giving its row
to the next seed, as ``batch.simulate`` plays a long series; the decisions and rounds
counted are those of the games played, whole. The targets: ``batch.simulate`` 15
times the scalar engine for every game and preset, the learner's loop 10 times the
scalar engine with its Encoding, ``VectorEnv`` 5 times PettingZoo's AEC env (the
first acting seat's decisions), and liars-dice 2x5's batch row 25 times pyspiel's
rounds.

Measured on 2 shared cores at a load average of 9 to 11, CPU time (``--clock cpu``),
three runs (``bench --all``, the run of tests/bench/performance.json): liars-dice
2x5's batch row 26.1 times pyspiel's rounds (25.8 in a run before; 17 to 18 before
the changes below, interleaved with 20 to 23 after them, at a load of 8);
``batch.simulate`` over the scalar engine 14.0 (eighteen ``twenty-three``) to 31.1
times (2x5), eighteen's presets 14.0 to 15.3; the learner's loop 17.8 to 28.5 times;
``VectorEnv`` 52 to 140 times. What bought
it, each measured on its own: ``vector.roll`` takes one count for all rows without
zeroing past it and makes one block's draws the dice in place, and ``play_uniform``
reads and writes the bots' streams at flat indices (2x5: a fifth fewer instructions,
callgrind); the liars-dice kernel makes its bids over whole arrays (a gather or a
scatter of most rows costs 3 to 5 element-wise passes); rows begun anew as their
games end (twenty-four ``house-rules`` 1.2 times faster a game, liars-dice 2x5 1.08
times, eighteen and link the same within the noise); link counts a round's white
dice with one ``bincount`` (5 times faster than comparing every die with every face)
and reads the seat to act's cells at flat indices (1.25 times faster a game);
eighteen draws a rolled die with ``vector.pick``. Then eighteen's turn orders and next
seats read from tables, its rows set as blocks of bytes and its sums over seats a seat
at a time, and liars-dice's n-th legal id one lookup (one run of
``bench --batch eighteen``, load 3.4 to 4.7: eighteen's ``batch.simulate`` 17.6 to
22.2 times the scalar engine, 13.4 to 16.0 in a run just before;
``bench liars-dice-2x5``, two runs at a load of 5.5 to 7.7: its batch row 31.1 and
25.8 times pyspiel's rounds). A BatchState's bytes a game are the seeds and the
kernel's arrays, plus 8 bytes a game a step for the ids ``state(b, i)`` replays. A
million games of 2x5 by ``batch.simulate`` in chunks of 10,000 peaked at 136 MB
resident, the outcome arrays included (measured when each chunk was a batch of its
own, its outcomes joined at the end: two copies of them, one now). How each kernel got
its speed, and what was tried and left, is in its module's docstring
(``dicerules.games.<name>.batch``, ``dicerules.vector``, ``dicerules.kernels``).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from dicerules.bench.record import clock_name, note
from dicerules.bench.timing import (
    SAMPLERS,
    SCAN,
    Clock,
    Play,
    Sample,
    env_play,
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
"""Games a batch row plays at once: its rows."""

BATCH_CALL: Final = 4
"""``batch_play`` plays this many times ``BATCH_GAMES`` games a call, each game that
ends giving its row to the next (``BatchEngine.play_uniform``), as ``batch.simulate``
plays many games: only the last games of a call play in a thinning batch."""


def batch_play(game: AnyGame, rules: object, games: int = BATCH_GAMES) -> Play | None:
    """A function playing ``games`` games at a time of ``game`` in ``dicerules.batch``,
    ``uniform`` bots in every seat, until its time is up, ``BATCH_CALL`` times as many
    a call; None without NumPy or action ids, and for a game without a kernel (its
    batch engine is its scalar engine, timed already). Its rounds are the game's
    rounds, as ``benchmarks.rounds`` counts them."""
    engine = _kernel_engine(game, rules)
    if engine is None:
        return None
    vector = importlib.import_module("dicerules.vector")
    np = importlib.import_module("numpy")
    seed = vector.to_seeds([0])

    def play(seconds: float, clock: Clock) -> Sample:
        decisions = rounds = first = 0
        start = clock()
        while True:
            index = np.arange(first + 1, first + BATCH_CALL * games + 1, dtype=np.uint64)
            outcome = engine.play_uniform(vector.splitmix64(seed, index), rows=games)
            first += BATCH_CALL * games
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
    game: AnyGame, rules: object, games: int = BATCH_GAMES, seed: int = 0
) -> Play | None:
    """A learner's loop over ``games`` games at a time in ``dicerules.batch``: each step
    ``observation(b, current_player(b))``, ``legal_mask``, a random legal id a game
    picked from the mask by the caller (the first legal one in a random order of the
    ids, one order a step), ``step`` and ``reset_done``, so that every game is always
    being played. None as for ``batch_play``, and for a game without an observation."""
    engine = _kernel_engine(game, rules)
    if engine is None or game.observation is None:
        return None
    np = importlib.import_module("numpy")

    def play(seconds: float, clock: Clock) -> Sample:
        shuffle = np.random.default_rng(seed).permutation
        decisions = 0
        start = clock()
        b = engine.new_games(np.arange(games, dtype=np.uint64))
        while True:
            engine.observation(b, engine.current_player(b))
            mask = engine.legal_mask(b)
            b = engine.reset_done(engine.step(b, _pick(np, mask, shuffle)))
            decisions += games
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, 0, elapsed)

    return play


def _pick(np: Any, mask: Any, shuffle: Any) -> Any:
    """A random legal id a row of ``mask`` (the first legal one in a random order of the
    ids); -1 in a row of none."""
    order = shuffle(mask.shape[1])
    return np.where(mask.any(axis=1), order[mask[:, order].argmax(axis=1)], -1)


def vector_env_play(
    game: AnyGame, rules: object, games: int = BATCH_GAMES, seed: int = 0
) -> Play | None:
    """``batch.VectorEnv`` of ``games`` games, its learner in the first acting seat
    picking a random legal id a game from ``action_masks`` (``uniform`` in the other
    seats): the learner's decisions. None without gymnasium, as for ``learner_play``."""
    if learner_play(game, rules, 1) is None:
        return None
    try:
        env_class = importlib.import_module("dicerules.batch.env").VectorEnv
    except ImportError:
        return None
    np = importlib.import_module("numpy")
    seat = game.acting_seats(game.default_rules if rules is None else rules)[0]

    def play(seconds: float, clock: Clock) -> Sample:
        shuffle = np.random.default_rng(seed).permutation
        env = env_class(game, games, rules=rules, seat=seat)
        decisions = 0
        start = clock()
        _, infos = env.reset(seed=seed)
        while True:
            mask = infos["action_mask"]
            *_, after = env.step(_pick(np, mask, shuffle))
            decisions += int(infos["acts"].sum())  # a game that ended has every id marked
            infos = after
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, 0, elapsed)

    return play


def aec_play(game: AnyGame, rules: object, seed: int = 0) -> Play | None:
    """``env_play`` of PettingZoo's AEC environment of ``game`` (``dicerules.pettingzoo``),
    the first acting seat's decisions counted, as ``vector_env_play`` counts them. None
    without PettingZoo, for a game it cannot play, or one not registered."""
    if game.observation is None or game.distinct_actions is None or game.name not in GAMES:
        return None
    try:
        zoo = importlib.import_module("dicerules.pettingzoo")
    except ImportError:
        return None
    seat = game.acting_seats(game.default_rules if rules is None else rules)[0]
    return env_play(zoo.env(game.name, rules), seed, agent=zoo.agent_name(seat))


def _kernel_engine(game: AnyGame, rules: object) -> Any | None:
    """The batch engine of ``game`` under ``rules`` when the game has a kernel; None
    without NumPy or action ids, or for a game stepped by the scalar loop."""
    try:
        engine = importlib.import_module("dicerules.batch").engine(game, rules)
    except (ImportError, ValueError):
        return None
    return None if engine.generic else engine


BATCH_TARGETS: Final = {"simulate": 15.0, "learner": 10.0, "vector": 5.0}
"""The ratios a batch engine must reach: ``batch.simulate``'s decisions/s over the
scalar engine's random play, the learner's loop over random play with the Encoding,
and the VectorEnv's learner decisions/s over PettingZoo's AEC environment's."""


BATCH_HEADER: Final = (
    "game, rules", "scalar", "spread", "simulate", "spread", "vs scalar",
    "scalar + encoding", "spread", "learner loop", "spread", "vs encoding",
    "pettingzoo", "spread", "VectorEnv", "spread", "vs pettingzoo", "bytes a game",
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
    aec: Play | None = None
    vector: Play | None = None


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
                    aec_play(game, rules),
                    vector_env_play(game, rules, games),
                )
            )
    return rows


def batch_cells(row: BatchRow, samples: Mapping[str, list[Sample]]) -> list[str]:
    """The cells of ``row`` from its ``samples`` (by ``scalar``, ``simulate``, ``encoded``,
    ``learner``, ``aec`` and ``vector``): each rate's median and spread, and the ratios."""
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
            *rate("aec"), *rate("vector"), times("vector", "aec"),
            f"{row.nbytes:,.0f}"]  # fmt: skip


_RATIOS: Final = (
    ("simulate", "scalar", "simulate vs scalar"),
    ("learner", "encoded", "learner loop vs encoding"),
    ("vector", "aec", "VectorEnv vs pettingzoo"),
)
"""The ratios of a batch row: which of its plays over which, and the name it is noted by."""


def note_batch_row(row: BatchRow, samples: Mapping[str, list[Sample]], clock: Clock) -> None:
    """``record.note`` the ratios of ``row``, as ``batch_cells`` prints them."""
    for top, bottom, name in _RATIOS:
        if top in samples and bottom in samples:
            target = f">= {BATCH_TARGETS[top]:g}x"
            note(f"batch/{row.name}/{name}", rates(samples[top]), rates(samples[bottom]),
                 clock=clock_name(clock), target=target)  # fmt: skip


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
        "learner loop: observation(b, current_player(b)), legal_mask, a random legal id a"
        " game, step and reset_done against legal_actions, apply and the Encoding of"
        f" view(state, 0), target >= {BATCH_TARGETS['learner']:g}x"
    )
    yield (
        "VectorEnv: batch.VectorEnv's step, a random legal id a game, against"
        " dicerules.pettingzoo's AEC env, decisions of the first acting seat, target >="
        f" {BATCH_TARGETS['vector']:g}x"
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
            if row.aec is not None and row.vector is not None:
                plays.update(aec=row.aec, vector=row.vector)
            samples: dict[str, list[Sample]] = {name: [] for name in plays}
            for _ in range(repeats):
                for name, play in plays.items():
                    samples[name].append(play(seconds, clock))
            spreads.extend(sample_spreads(samples))
            note_batch_row(row, samples, clock)
            yield batch_cells(row, samples)

    yield ""
    yield from fitted_rows(BATCH_HEADER, cells(), widths, columns)
    yield from spread_warning(spreads)
