"""dicerules bench: speed of random legal play, side by side with pyspiel when present.

Every game is played through its public functions (new_game, legal_actions, apply,
is_terminal) by a seeded random chooser, for ``--seconds`` per run; the runs of
all contenders are interleaved, ``--repeats`` times, so machine noise falls on all
of them alike, and each figure is the median of its runs with their spread, the
(largest - smallest) / median. When OpenSpiel is installed (the ``bench`` extra)
its liars_dice(numdice=5), driven from Python the plain way, runs among them; the
comparison game is liars-dice classic with 2 seats of 5 dice, seat 0 opening.

How a driver picks weighs on the result, pyspiel's most: its dice are chance nodes
that the caller samples in Python. ``--sampler scan`` (the default) picks with one
``random()`` each time, an index into the legal actions or a scan of a chance node's
cumulative probabilities: the cheapest way known, the one that favours pyspiel.
``--sampler stdlib`` drives both sides the common standard-library way:
``random.choice`` for every decision, ``random.choices`` at pyspiel's chance nodes.

A second table checks the costs that must not grow with a game's length, on one
long game of liars-dice: 10 seats of 10 twenty-sided dice, every seat making the
smallest raise and challenging only when no raise is left, so a round lasts about
2,000 bids and the game passes 10,000 actions in its sixth round.

The measuring functions take a clock, and the formatting functions take numbers,
so both can be tested without timing anything.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import math
import os
import random
import statistics
import sys
import time
import types
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from dicerules.game import GAMES, AnyGame
from dicerules.games import liars_dice
from dicerules.records import record, replay

__all__ = ["configure", "main"]

Clock = Callable[[], float]
Play = Callable[[float, Clock], "Sample"]

COMPARISON: Final = "liars-dice-2x5"
COMPARISON_RULES: Final = liars_dice.Rules(players=2, dice_per_player=5, first_opener="seat0")
PYSPIEL_NAME: Final = "pyspiel liars_dice(numdice=5)"

LONG_RULES: Final = liars_dice.Rules(players=10, dice_per_player=10, sides=20)
LONG_STEPS: Final = 10_000
SHORT_STEP: Final = 10
SHORT_REPLAY: Final = 1_000
FLAT_TARGET: Final = 1.2

SCAN: Final = "scan"
STDLIB: Final = "stdlib"
SAMPLERS: Final = {
    SCAN: "one random() a pick: an index into the legal actions, a scan of a chance"
    " node's cumulative probabilities",
    STDLIB: "random.choice for every decision, random.choices at pyspiel's chance nodes",
}
"""How a driver picks, by name, with what bench prints of it."""


# ------------------------------------------------------------------ the arithmetic


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
    spread: float  # (largest - smallest) / median: the noise the runs saw


def summarize(values: Sequence[float]) -> Figure:
    """The median of ``values`` and their spread; ValueError if there are none."""
    if not values:
        raise ValueError("no runs to summarize")
    middle = statistics.median(values)
    spread = (max(values) - min(values)) / middle if middle else 0.0
    return Figure(middle, spread)


def ratio(numerator: float, denominator: float) -> float | None:
    """``numerator / denominator``, or None when the denominator is 0."""
    return numerator / denominator if denominator else None


def rates(samples: Iterable[Sample], rounds: bool = False) -> list[float]:
    """Decisions (or rounds) per second of each sample."""
    return [(s.rounds if rounds else s.decisions) / s.seconds for s in samples]


# ----------------------------------------------------------------- the contenders


@attrs.frozen
class Contender:
    """Something to time: a name, and a function that plays for a budget of seconds."""

    name: str
    play: Play
    has_rounds: bool


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
    new_game, legal_actions = game.new_game, game.legal_actions
    apply, is_terminal = game.apply, game.is_terminal
    scan = _is_scan(sampler)

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


def pyspiel_play(pyspiel: Any, seed: int = 0, sampler: str = SCAN) -> Play:
    """A function playing seeded random games of pyspiel's liars_dice(numdice=5).

    The plain way from Python: a chance node's outcome is drawn by its probability
    from ``chance_outcomes()``, a decision uniformly from ``legal_actions()``, both
    picked as ``sampler`` (a name in SAMPLERS) says. One pyspiel game is one round.
    """
    game = pyspiel.load_game("liars_dice", {"numdice": 5})
    scan = _is_scan(sampler)

    def play(seconds: float, clock: Clock) -> Sample:
        chooser = random.Random(seed)
        choose, choice, choices = chooser.random, chooser.choice, chooser.choices
        decisions = rounds = 0
        start = clock()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    if scan:
                        state.apply_action(draw_outcome(state.chance_outcomes(), choose()))
                    else:
                        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                        state.apply_action(choices(outcomes, weights)[0])
                elif scan:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(choose() * len(actions))])
                    decisions += 1
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
            rounds += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, rounds, elapsed)

    return play


def draw_outcome(outcomes: Sequence[tuple[int, float]], uniform: float) -> int:
    """The outcome ``uniform`` (0 <= uniform < 1) falls on, by cumulative probability."""
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if uniform < total:
            return outcome
    return outcomes[-1][0]  # rounding left the sum a hair under 1


def _is_scan(sampler: str) -> bool:
    """Whether ``sampler`` is SCAN; ValueError if it is no sampler at all."""
    if sampler not in SAMPLERS:
        raise ValueError(f"no sampler named {sampler!r}; the samplers are: {', '.join(SAMPLERS)}")
    return sampler == SCAN


def _liars_dice_rounds(state: liars_dice.State) -> int:
    return state.round  # the round that ended the game is the last one played


def contenders(sampler: str = SCAN) -> dict[str, Contender]:
    """Every benchmark by name: each game with its default rules, then the comparison."""
    table = {}
    for name, game in GAMES.items():
        rounds = _liars_dice_rounds if game is liars_dice.GAME else None
        play = random_play(game, None, rounds, sampler=sampler)
        table[name] = Contender(name, play, rounds is not None)
    table[COMPARISON] = Contender(
        COMPARISON,
        random_play(liars_dice.GAME, COMPARISON_RULES, _liars_dice_rounds, sampler=sampler),
        True,
    )
    return table


def select(names: Sequence[str], sampler: str = SCAN) -> list[Contender]:
    """The contenders ``names`` asks for (all when empty), in table order.

    ValueError names the unknown ones and the known ones.
    """
    table = contenders(sampler)
    unknown = [name for name in names if name not in table]
    if unknown:
        raise ValueError(
            f"no benchmark named {', '.join(map(repr, unknown))}; the names are: {', '.join(table)}"
        )
    wanted = set(names)
    return [c for name, c in table.items() if not names or name in wanted]


def run_interleaved(
    players: Sequence[Contender], seconds: float, repeats: int, clock: Clock
) -> dict[str, list[Sample]]:
    """``repeats`` rounds of runs, each contender once per round, in turn."""
    samples: dict[str, list[Sample]] = {c.name: [] for c in players}
    for _ in range(repeats):
        for contender in players:
            samples[contender.name].append(contender.play(seconds, clock))
    return samples


# -------------------------------------------------------------- the long game


def long_game(steps: int = LONG_STEPS) -> list[liars_dice.State]:
    """The states of the long game, from new_game to after ``steps`` actions."""
    state = liars_dice.new_game(LONG_RULES, seed=0)
    states = [state]
    for _ in range(steps):
        # The smallest raise comes first; a challenge is first only when alone.
        state = liars_dice.apply(state, liars_dice.legal_actions(state)[0])
        states.append(state)
    return states


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


def _skip(obj: object) -> bool:
    """Objects a state points to that are code, not data: classes, modules, functions."""
    return isinstance(obj, type | types.ModuleType | types.FunctionType | types.BuiltinFunctionType)


def bytes_per_state(states: Sequence[object]) -> float:
    """The memory of ``states`` per state, every object reachable from them counted once.

    The size is ``sys.getsizeof`` summed over the distinct objects reachable through
    ``gc.get_referents``; classes, modules and functions are not counted.
    """
    seen: set[int] = set()
    total = 0
    stack: list[object] = list(states)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or _skip(obj):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total / len(states) if states else 0.0


@attrs.frozen
class LongGame:
    """What the long game showed."""

    apply_short: Figure
    apply_long: Figure
    replay_short: Figure
    replay_long: Figure
    bytes_per_state: float


def measure_long_game(seconds: float, repeats: int, clock: Clock) -> LongGame:
    """Apply at step 10 and at step 10,000, replays of 1,000 and 10,000 actions, memory."""
    states = long_game()
    memory = bytes_per_state(states)
    early, late = states[SHORT_STEP], states[LONG_STEPS]
    early_action = liars_dice.legal_actions(early)[0]
    late_action = liars_dice.legal_actions(late)[0]
    short_record, long_record = record(states[SHORT_REPLAY]), record(late)
    del states  # only what is timed stays alive while it is timed
    apply_short, apply_long = alternate(
        [
            lambda: liars_dice.apply(early, early_action),
            lambda: liars_dice.apply(late, late_action),
        ],
        seconds / 4,
        repeats,
        clock,
    )
    replay_short, replay_long = alternate(
        [lambda: replay(short_record), lambda: replay(long_record)], seconds / 4, repeats, clock
    )
    return LongGame(apply_short, apply_long, replay_short, replay_long, memory)


# ------------------------------------------------------------------ the output


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


def ratio_text(value: float | None) -> str:
    """``2.1`` -> ``2.10x``; None -> ``-``."""
    return "-" if value is None else f"{value:.2f}x"


_UNITS: Final = (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9))


def time_text(seconds: float) -> str:
    """A short duration in the unit that suits it: ``1.52 us``, ``15.1 ms``, ``1.20 s``."""
    unit, scale = next(((u, s) for u, s in _UNITS if seconds >= s), _UNITS[-1])
    value = seconds / scale
    return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"


def speed_table(
    players: Sequence[Contender], samples: dict[str, list[Sample]], reference: str | None
) -> str:
    """The table of decisions/s and rounds/s, with ratios to ``reference`` when given."""
    header = ["game", "decisions/s", "spread", "rounds/s", "spread"]
    if reference is not None:
        header += ["decisions vs pyspiel", "rounds vs pyspiel"]
        ref_decisions = summarize(rates(samples[reference])).median
        ref_rounds = summarize(rates(samples[reference], rounds=True)).median
    rows = []
    for contender in players:
        decisions = summarize(rates(samples[contender.name]))
        row = [contender.name, rate_text(decisions.median), percent_text(decisions.spread)]
        rounds = None
        if contender.has_rounds:
            rounds = summarize(rates(samples[contender.name], rounds=True))
            row += [rate_text(rounds.median), percent_text(rounds.spread)]
        else:
            row += ["-", "-"]
        if reference is not None:
            row.append(ratio_text(ratio(decisions.median, ref_decisions)))
            # Rounds compare only between games of the same size: the comparison game.
            if rounds is not None and contender.name in (COMPARISON, reference):
                row.append(ratio_text(ratio(rounds.median, ref_rounds)))
            else:
                row.append("-")
        rows.append(row)
    return format_table(header, rows)


def long_game_table(result: LongGame) -> str:
    """The table of the long game's flatness, linearity and memory."""
    apply_ratio = ratio(result.apply_long.median, result.apply_short.median)
    replay_ratio = ratio(result.replay_long.median, result.replay_short.median)
    rows = [
        [f"apply at step {SHORT_STEP:,}", time_text(result.apply_short.median),
         percent_text(result.apply_short.spread), "", ""],
        [f"apply at step {LONG_STEPS:,}", time_text(result.apply_long.median),
         percent_text(result.apply_long.spread), ratio_text(apply_ratio),
         f"<= {FLAT_TARGET}x"],
        [f"replay of {SHORT_REPLAY:,} actions", time_text(result.replay_short.median),
         percent_text(result.replay_short.spread), "", ""],
        [f"replay of {LONG_STEPS:,} actions", time_text(result.replay_long.median),
         percent_text(result.replay_long.spread), ratio_text(replay_ratio),
         f"~{LONG_STEPS // SHORT_REPLAY}x (linear)"],
        ["bytes per state", f"{result.bytes_per_state:,.0f}", "", "", ""],
    ]  # fmt: skip
    return format_table(["long game", "value", "spread", "ratio", "target"], rows)


# ----------------------------------------------------------------- the command


def load_pyspiel() -> Any | None:
    """The pyspiel module, or None when OpenSpiel is not installed (or will not load)."""
    try:
        return importlib.import_module("pyspiel")
    except (ImportError, OSError):  # OSError: a shared library of the wheel is missing
        return None


def configure(parser: argparse.ArgumentParser) -> None:
    """Add bench's arguments to its command-line ``parser``."""
    names = ", ".join(contenders())
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help=f"what to time (default: all of {names})"
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="seconds of play per run (default 1)"
    )
    parser.add_argument(
        "--repeats", type=int, default=5, help="runs of each, interleaved (default 5)"
    )
    parser.add_argument(
        "--sampler",
        choices=tuple(SAMPLERS),
        default=SCAN,
        help="how every pick is made (default scan): scan, one random() a pick, the"
        " cheapest for pyspiel's chance nodes; stdlib, random.choice and random.choices",
    )


def check_arguments(seconds: float, repeats: int) -> None:
    """ValueError unless ``seconds`` is a positive finite number and ``repeats`` >= 1."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"--seconds must be a positive number, got {seconds}")
    if repeats < 1:
        raise ValueError(f"--repeats must be at least 1, got {repeats}")


def report(
    names: Sequence[str],
    seconds: float,
    repeats: int,
    *,
    clock: Clock = time.perf_counter,
    pyspiel: Any | None = None,
    sampler: str = SCAN,
) -> str:
    """Run the benchmarks and return the whole text bench prints."""
    check_arguments(seconds, repeats)
    players = select(names, sampler)
    timed = list(players)
    lines = [
        f"dicerules bench: random legal play through the public API; {repeats}"
        f" run{'' if repeats == 1 else 's'} of {seconds:g} s each, interleaved; median"
        " and spread ((max - min) / median)",
        f"python {sys.version.split()[0]}, {sys.platform}, {os.cpu_count()} cores",
        f"sampler: {sampler}, {SAMPLERS[sampler]}",
    ]
    reference = None
    if pyspiel is None:
        lines.append("pyspiel: not installed (python -m pip install 'dicerules[bench]')")
    else:
        lines.append(f"pyspiel: {getattr(pyspiel, '__version__', 'version unknown')}")
        reference = PYSPIEL_NAME
        timed.append(Contender(PYSPIEL_NAME, pyspiel_play(pyspiel, sampler=sampler), True))
    samples = run_interleaved(timed, seconds, repeats, clock)
    lines += ["", speed_table(timed, samples, reference), ""]
    lines.append(
        "long game: liars-dice, 10 seats x 10 dice of 20 sides, each seat making the"
        " smallest raise (a challenge when none is left)"
    )
    lines.append(long_game_table(measure_long_game(seconds, repeats, clock)))
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    """Run the benchmarks ``args`` asks for, print the table, return the exit status."""
    try:
        check_arguments(args.seconds, args.repeats)
        select(args.games)
    except ValueError as error:
        print(f"dicerules bench: error: {error}", file=sys.stderr)
        return 2
    text = report(
        args.games, args.seconds, args.repeats, pyspiel=load_pyspiel(), sampler=args.sampler
    )
    print(text)
    return 0
