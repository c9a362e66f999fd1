"""dicerules bench: speed of random legal play, beside OpenSpiel and through the adapters.

Every game is played through its public functions (new_game, legal_actions, apply,
is_terminal) by a seeded random chooser, for ``--seconds`` per run, ``--repeats``
times; each figure is the median of its runs with their spread, the
(largest - smallest) / median. The rows of one game are timed together, their runs
interleaved so that machine noise falls on all of them alike, and printed as soon as
that game is done (``lines`` yields the text line by line).

A game's rows, all read from its Game (``benchmarks``) and never from its name: the
game with its default rules; the same played through ``dicerules.openspiel`` and
``dicerules.pettingzoo`` where they are installed (``vs engine``: the wrapper's rate
over the engine's); each counterpart the game declares, a rule set that plays what
an OpenSpiel game plays, beside that pyspiel game (``decisions vs pyspiel``, and
``rounds vs pyspiel`` where a round is one pyspiel game). A game with no counterpart
of its own is timed beside the first counterpart any game declares, so that every
row has a ratio to pyspiel.

How a driver picks weighs on the result, pyspiel's most: its dice are chance nodes
that the caller samples in Python. ``--sampler scan`` (the default) picks with one
``random()`` each time, an index into the legal actions or a scan of a chance node's
cumulative probabilities: the cheapest way known, the one that favours pyspiel.
``--sampler stdlib`` drives every side the common standard-library way:
``random.choice`` for every decision, ``random.choices`` at pyspiel's chance nodes.

A second table checks the costs that must not grow with a game's length, on each
long game a game declares: ``apply`` at step 10 and at step 10,000, replays of 1,000
and 10,000 actions, and the memory of a state.

``--simulate`` times ``dicerules.simulate`` instead; ``--cfr`` times building
OpenSpiel's TabularPolicy and CFRSolver on each game's solver rules
(``Benchmarks.solver``) through ``dicerules.openspiel``, beside OpenSpiel's own game
and its ``precomputed_game`` (the floor of any Python game), each build in a fresh
process so that its peak memory is its own.

The measuring functions take a clock, and the formatting functions take numbers,
so both can be tested without timing anything.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import itertools
import math
import os
import random
import statistics
import sys
import textwrap
import time
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TextIO

import attrs

from dicerules.game import GAMES, AnyGame, Counterpart
from dicerules.records import record, replay

__all__ = ["configure", "lines", "main", "precomputed_game"]

Clock = Callable[[], float]
Play = Callable[[float, Clock], "Sample"]
Adapter = Callable[[AnyGame, str], Play]
"""A way to play a game through an adapter: ``(game, sampler)`` -> a Play."""

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

ADAPTERS: Final = ("openspiel", "pettingzoo")
"""The adapters bench plays every game through, when they are installed."""


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
    """Something to time: a name, and a function that plays for a budget of seconds.

    ``spiel`` names the pyspiel row its ``decisions vs pyspiel`` is taken against (a
    pyspiel row names itself), ``same_size`` says its rounds compare with that row's
    too, and ``engine`` names the row an adapter's ``vs engine`` is taken against.
    """

    name: str
    play: Play
    has_rounds: bool
    spiel: str | None = None
    same_size: bool = False
    engine: str | None = None


@attrs.frozen
class Group:
    """The rows of one game: timed together, their runs interleaved, shown together."""

    game: str
    contenders: tuple[Contender, ...]


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
    return _random_play(game, rules, rounds_of, game.legal_actions, seed, sampler)


def _random_play(
    game: AnyGame,
    rules: object,
    rounds_of: Callable[[Any], int] | None,
    legal_actions: Callable[[Any], tuple[Any, ...]],
    seed: int,
    sampler: str,
) -> Play:
    """``random_play``, the legal actions of each decision asked of ``legal_actions``."""
    new_game, apply, is_terminal = game.new_game, game.apply, game.is_terminal
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


def spiel_play(spiel_game: Any, seed: int = 0, sampler: str = SCAN) -> Play:
    """A function playing seeded random games of a loaded pyspiel game.

    The plain way from Python: a chance node's outcome is drawn by its probability
    from ``chance_outcomes()``, a decision uniformly from ``legal_actions()``, both
    picked as ``sampler`` (a name in SAMPLERS) says. A pyspiel game is one round.
    """
    scan = _is_scan(sampler)

    def play(seconds: float, clock: Clock) -> Sample:
        chooser = random.Random(seed)
        choose, choice, choices = chooser.random, chooser.choice, chooser.choices
        decisions = rounds = 0
        start = clock()
        while True:
            state = spiel_game.new_initial_state()
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


def pyspiel_play(pyspiel: Any, spiel: str, seed: int = 0, sampler: str = SCAN) -> Play:
    """``spiel_play`` of the game ``pyspiel.load_game(spiel)``, such as ``"pig(players=2)"``."""
    _is_scan(sampler)
    return spiel_play(pyspiel.load_game(spiel), seed, sampler)


def env_play(env: Any, seed: int = 0, sampler: str = SCAN) -> Play:
    """A function playing seeded random games through a PettingZoo AEC environment.

    Game k of a run follows ``reset(seed=k)``; every decision is picked among the
    ones the action mask allows, as ``sampler`` says (a finished agent steps None).
    """
    scan = _is_scan(sampler)

    def play(seconds: float, clock: Clock) -> Sample:
        chooser = random.Random(seed)
        choose, choice = chooser.random, chooser.choice
        decisions = game_seed = 0
        start = clock()
        while True:
            env.reset(seed=game_seed)
            game_seed += 1
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                allowed = observation["action_mask"].nonzero()[0].tolist()
                if scan:
                    env.step(allowed[int(choose() * len(allowed))])
                else:
                    env.step(choice(allowed))
                decisions += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, 0, elapsed)

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


def spiel_name(counterpart: Counterpart[Any, Any]) -> str:
    """The row of a counterpart's pyspiel game: ``pyspiel liars_dice(numdice=5)``."""
    return f"pyspiel {counterpart.spiel}"


def adapter_name(game: AnyGame, adapter: str) -> str:
    """The row of a game played through an adapter: ``<name> via pettingzoo``."""
    return f"{game.name} via {adapter}"


def names() -> list[str]:
    """What bench can time, by name: each game, each followed by its counterparts' labels."""
    result = []
    for game in GAMES.values():
        result.append(game.name)
        result += [counterpart.label for counterpart in game.benchmarks.counterparts]
    return result


def check_names(wanted: Sequence[str]) -> None:
    """ValueError naming the unknown names in ``wanted``, and the known ones."""
    known = names()
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise ValueError(
            f"no benchmark named {', '.join(map(repr, unknown))}; the names are: {', '.join(known)}"
        )


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

    return _random_play(game, rules, None, encoded_legal_actions, seed, sampler)


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


def _first_counterpart() -> Counterpart[Any, Any] | None:
    """The first counterpart any game declares, in GAMES order: the yardstick of the rest."""
    for game in GAMES.values():
        for counterpart in game.benchmarks.counterparts:
            return counterpart
    return None


def plan(
    wanted: Sequence[str] = (),
    sampler: str = SCAN,
    *,
    pyspiel: Any | None = None,
    adapters: Mapping[str, Adapter] | None = None,
    batch: int = 0,
) -> list[Group]:
    """The groups to time for the names ``wanted`` (all when empty), in GAMES order.

    A game's name asks for the game with its default rules, through each of
    ``adapters`` too; a counterpart's label for the counterpart, beside its pyspiel
    game when ``pyspiel`` is given. With ``batch`` games, each of those rows has a
    ``batch`` row too: ``dicerules.batch`` playing that many games at a time (when
    NumPy is installed). ValueError names the unknown names.
    """
    check_names(wanted)
    _is_scan(sampler)
    yardstick = _first_counterpart()
    groups = []
    for game in GAMES.values():
        rows = _rows(game, wanted, yardstick, pyspiel, adapters or {}, sampler, batch)
        if rows:
            groups.append(Group(game.name, rows))
    return groups


def _rows(
    game: AnyGame,
    wanted: Sequence[str],
    yardstick: Counterpart[Any, Any] | None,
    pyspiel: Any | None,
    adapters: Mapping[str, Adapter],
    sampler: str,
    batch: int = 0,
) -> tuple[Contender, ...]:
    """The rows of ``game`` that ``wanted`` asks for, then the pyspiel rows they compare with."""
    rows: list[Contender] = []
    spiels: dict[str, Contender] = {}

    def beside(counterpart: Counterpart[Any, Any] | None) -> str | None:
        """The row of ``counterpart``'s pyspiel game, timed in this group; None: no such row."""
        if pyspiel is None or counterpart is None:
            return None
        name = spiel_name(counterpart)
        if name not in spiels:
            play = pyspiel_play(pyspiel, counterpart.spiel, sampler=sampler)
            spiels[name] = Contender(name, play, True, name, True)
        return name

    counterparts = game.benchmarks.counterparts
    if not wanted or game.name in wanted:
        reference = beside(counterparts[0] if counterparts else yardstick)
        rounds = game.benchmarks.rounds
        play = random_play(game, None, rounds, sampler=sampler)
        rows.append(Contender(game.name, play, rounds is not None, reference))
        for adapter, through in adapters.items():
            try:
                play = through(game, sampler)
            except (ValueError, ImportError):  # the game cannot go through this adapter
                continue
            rows.append(Contender(adapter_name(game, adapter), play, False, engine=game.name))
        batched = batch_play(game, None, batch) if batch else None
        if batched is not None:
            name = f"{game.name} batch"
            rows.append(Contender(name, batched, rounds is not None, reference, engine=game.name))
    for counterpart in counterparts:
        if not wanted or counterpart.label in wanted:
            reference = beside(counterpart)
            play = random_play(game, counterpart.rules, counterpart.rounds, sampler=sampler)
            rows.append(Contender(counterpart.label, play, True, reference, True))
            batched = batch_play(game, counterpart.rules, batch) if batch else None
            if batched is not None:
                name = f"{counterpart.label} batch"
                rows.append(Contender(name, batched, True, reference, True, counterpart.label))
    return (*rows, *spiels.values())


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


def long_games(wanted: Sequence[str] = ()) -> list[AnyGame]:
    """The games whose long game bench times for the names ``wanted`` (all when empty)."""
    return [
        game
        for game in GAMES.values()
        if game.benchmarks.long_game is not None and (not wanted or game.name in wanted)
    ]


def long_game(game: AnyGame, steps: int = LONG_STEPS) -> list[Any]:
    """The states of ``game``'s long game, from new_game to after ``steps`` actions.

    ValueError if the game declares no long game, or if it ends too soon.
    """
    setting = game.benchmarks.long_game
    if setting is None:
        raise ValueError(f"{game.name} declares no long game")
    apply, legal_actions = game.apply, game.legal_actions
    state = game.new_game(setting.rules, seed=0)
    states = [state]
    for step in range(steps):
        actions = legal_actions(state)
        if not actions:
            raise ValueError(f"the long game of {game.name} ends after {step} actions")
        state = apply(state, actions[0])
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
class LongGameFigures:
    """What a long game showed."""

    apply_short: Figure
    apply_long: Figure
    replay_short: Figure
    replay_long: Figure
    bytes_per_state: float


def measure_long_game(game: AnyGame, seconds: float, repeats: int, clock: Clock) -> LongGameFigures:
    """Apply at step 10 and at step 10,000, replays of 1,000 and 10,000 actions, memory."""
    states = long_game(game)
    memory = bytes_per_state(states)
    early, late = states[SHORT_STEP], states[LONG_STEPS]
    apply, legal_actions = game.apply, game.legal_actions
    early_action, late_action = legal_actions(early)[0], legal_actions(late)[0]
    short_record, long_record = record(states[SHORT_REPLAY]), record(late)
    del states  # only what is timed stays alive while it is timed
    apply_short, apply_long = alternate(
        [lambda: apply(early, early_action), lambda: apply(late, late_action)],
        seconds / 4,
        repeats,
        clock,
    )
    replay_short, replay_long = alternate(
        [lambda: replay(short_record), lambda: replay(long_record)], seconds / 4, repeats, clock
    )
    return LongGameFigures(apply_short, apply_long, replay_short, replay_long, memory)


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


def speed_header(players: Sequence[Contender]) -> list[str]:
    """The speed table's columns: the ratio columns only where some row has them."""
    header = ["game", "decisions/s", "spread", "rounds/s", "spread"]
    if any(c.spiel is not None for c in players):
        header += ["decisions vs pyspiel", "rounds vs pyspiel"]
    if any(c.engine is not None for c in players):
        header.append("vs engine")
    return header


def column_widths(header: Sequence[str], players: Sequence[Contender]) -> list[int]:
    """Widths known before anything is timed: the names' for the first, the header's after."""
    return [max(len(header[0]), *(len(c.name) for c in players)), *map(len, header[1:])]


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


def speed_row(
    contender: Contender, samples: Mapping[str, list[Sample]], header: Sequence[str]
) -> list[str]:
    """The cells of ``contender``'s row, its ratios taken to rows of the same ``samples``."""

    def median(name: str, rounds: bool = False) -> float:
        return summarize(rates(samples[name], rounds)).median

    decisions = summarize(rates(samples[contender.name]))
    row = [contender.name, rate_text(decisions.median), percent_text(decisions.spread)]
    rounds = None
    if contender.has_rounds:
        rounds = summarize(rates(samples[contender.name], rounds=True))
        row += [rate_text(rounds.median), percent_text(rounds.spread)]
    else:
        row += ["-", "-"]
    if "decisions vs pyspiel" in header:
        spiel = contender.spiel
        if spiel is None:
            row += ["-", "-"]
        else:
            row.append(ratio_text(ratio(decisions.median, median(spiel))))
            # Rounds compare only between games of the same size: a counterpart and its pyspiel.
            if rounds is not None and contender.same_size:
                row.append(ratio_text(ratio(rounds.median, median(spiel, rounds=True))))
            else:
                row.append("-")
    if "vs engine" in header:
        engine = contender.engine
        row.append("-" if engine is None else ratio_text(ratio(decisions.median, median(engine))))
    return row


def speed_table(players: Sequence[Contender], samples: Mapping[str, list[Sample]]) -> str:
    """The table of decisions/s and rounds/s, with the ratios the rows ask for."""
    header = speed_header(players)
    widths = column_widths(header, players)
    rows = [speed_row(contender, samples, header) for contender in players]
    return "\n".join(table_line(row, widths) for row in (header, *rows))


LONG_HEADER: Final = ("long game", "value", "spread", "ratio", "target")


def long_game_table(result: LongGameFigures) -> str:
    """The table of the long game's flatness, linearity and memory."""
    return format_table(LONG_HEADER, long_game_rows(result))


def long_game_rows(result: LongGameFigures) -> list[list[str]]:
    """The rows of the long game's table (``long_game_table``)."""
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
    return rows


# ----------------------------------------------------------------- the command


def load_pyspiel() -> Any | None:
    """The pyspiel module, or None when OpenSpiel is not installed (or will not load)."""
    try:
        return importlib.import_module("pyspiel")
    except (ImportError, OSError):  # OSError: a shared library of the wheel is missing
        return None


def load_adapters(pyspiel: Any | None) -> dict[str, Adapter]:
    """The adapters that are installed, by name (``openspiel`` only with ``pyspiel``)."""
    result: dict[str, Adapter] = {}
    if pyspiel is not None:
        try:
            openspiel = importlib.import_module("dicerules.openspiel")
        except (ImportError, OSError):
            pass
        else:

            def through_openspiel(game: AnyGame, sampler: str) -> Play:
                return spiel_play(openspiel.game(game.name), sampler=sampler)

            result["openspiel"] = through_openspiel
    try:
        pettingzoo = importlib.import_module("dicerules.pettingzoo")
    except ImportError:
        pass
    else:

        def through_pettingzoo(game: AnyGame, sampler: str) -> Play:
            return env_play(pettingzoo.env(game.name), sampler=sampler)

        result["pettingzoo"] = through_pettingzoo
    return result


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
        help="how every pick is made (default scan): scan, one random() a pick, the"
        " cheapest for pyspiel's chance nodes; stdlib, random.choice and random.choices",
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
        "--cfr",
        action="store_true",
        help="time OpenSpiel's TabularPolicy and CFRSolver instead, built on each game's"
        " solver rules through the adapter, on OpenSpiel's own game and on a Python game of"
        " its answers worked out in advance (the floor): seconds and memory",
    )


def check_arguments(seconds: float, repeats: int) -> None:
    """ValueError unless ``seconds`` is a positive finite number and ``repeats`` >= 1."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"--seconds must be a positive number, got {seconds}")
    if repeats < 1:
        raise ValueError(f"--repeats must be at least 1, got {repeats}")


def lines(
    wanted: Sequence[str],
    seconds: float,
    repeats: int,
    *,
    clock: Clock = time.perf_counter,
    pyspiel: Any | None = None,
    adapters: Mapping[str, Adapter] | None = None,
    sampler: str = SCAN,
    columns: int | None = None,
    batch: int = 0,
) -> Iterator[str]:
    """Every line bench prints, each as soon as it is known.

    The header comes at once, then the speed table's header, then a game's rows as
    soon as that game has been timed, then each long game. ``wanted`` names games
    and counterparts (all when empty). A table wider than ``columns`` (None: any
    width) is told a block a row (``row_block``). ValueError for bad arguments or
    unknown names, raised before anything is timed or yielded.
    """
    check_arguments(seconds, repeats)
    groups = plan(wanted, sampler, pyspiel=pyspiel, adapters=adapters, batch=batch)
    lengthy = long_games(wanted)
    return _lines(
        groups, lengthy, seconds, repeats, clock, pyspiel, adapters or {}, sampler, columns
    )


def _lines(
    groups: Sequence[Group],
    lengthy: Sequence[AnyGame],
    seconds: float,
    repeats: int,
    clock: Clock,
    pyspiel: Any | None,
    adapters: Mapping[str, Adapter],
    sampler: str,
    columns: int | None = None,
) -> Iterator[str]:
    yield (
        f"dicerules bench: random legal play through the public API; {repeats}"
        f" run{'' if repeats == 1 else 's'} of {seconds:g} s each, interleaved within each"
        " game; median and spread ((max - min) / median)"
    )
    yield f"python {sys.version.split()[0]}, {sys.platform}, {os.cpu_count()} cores"
    yield f"sampler: {sampler}, {SAMPLERS[sampler]}"
    if pyspiel is None:
        yield "pyspiel: not installed (python -m pip install 'dicerules[bench]')"
    else:
        yield f"pyspiel: {getattr(pyspiel, '__version__', 'version unknown')}"
    if adapters:
        yield f"adapters: {', '.join(adapters)}"
    else:
        yield "adapters: none (python -m pip install 'dicerules[openspiel,pettingzoo]')"
    players = [contender for group in groups for contender in group.contenders]
    if players:
        header = speed_header(players)
        widths = column_widths(header, players)

        def speed_rows() -> Iterator[list[str]]:
            for group in groups:
                samples = run_interleaved(group.contenders, seconds, repeats, clock)
                for contender in group.contenders:
                    yield speed_row(contender, samples, header)

        yield ""
        yield from fitted_rows(header, speed_rows(), widths, columns)
    for game in lengthy:
        setting = game.benchmarks.long_game
        assert setting is not None
        yield ""
        yield f"long game: {game.name}, {setting.text}"
        rows = long_game_rows(measure_long_game(game, seconds, repeats, clock))
        table = format_table(LONG_HEADER, rows).splitlines()
        if columns is not None and max(map(len, table)) > columns:
            yield from (line for row in rows for line in row_block(LONG_HEADER, row, columns))
        else:
            yield from table


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run the benchmarks ``args`` asks for, printing each line as it is known.

    Returns the exit status: 2, and one line on stderr, for bad arguments.
    """
    try:
        check_arguments(args.seconds, args.repeats)
        check_names(args.games)
    except ValueError as error:
        print(f"dicerules bench: error: {error}", file=sys.stderr)
        return 2
    stream = sys.stdout if out is None else out
    if getattr(args, "simulate", None) is not None:
        if args.simulate < 1:
            print(f"dicerules bench: error: --simulate must be 1 or more, got {args.simulate}",
                  file=sys.stderr)  # fmt: skip
            return 2
        for name in simulate_games(args.games):
            for line in simulate_lines(args.simulate, args.repeats, game=name):
                print(line, file=stream, flush=True)
        return 0
    if getattr(args, "batch", False):
        columns = getattr(args, "columns", None)
        for line in batch_lines(args.games, args.seconds, args.repeats, sampler=args.sampler,
                                columns=columns):  # fmt: skip
            print(line, file=stream, flush=True)
        return 0
    if getattr(args, "cfr", False):
        for line in cfr_lines(args.games, args.repeats):
            print(line, file=stream, flush=True)
        return 0
    pyspiel = load_pyspiel()  # only now: loading OpenSpiel takes a while
    text = lines(
        args.games,
        args.seconds,
        args.repeats,
        pyspiel=pyspiel,
        adapters=load_adapters(pyspiel),
        sampler=args.sampler,
        columns=getattr(args, "columns", None),
        batch=BATCH_GAMES,
    )
    for line in text:
        print(line, file=stream, flush=True)
    return 0


# ------------------------------------------------------------------ the batch engines

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
                                                 percent_text(figure.spread)]  # fmt: skip

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
        " row; decisions/s, median and spread ((max - min) / median)"
    )
    yield f"python {sys.version.split()[0]}, {sys.platform}, {os.cpu_count()} cores"
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

    def cells() -> Iterator[list[str]]:
        for row in rows:
            plays = {"scalar": row.scalar, "simulate": row.simulate}
            if row.encoded is not None and row.learner is not None:
                plays.update(encoded=row.encoded, learner=row.learner)
            samples: dict[str, list[Sample]] = {name: [] for name in plays}
            for _ in range(repeats):
                for name, play in plays.items():
                    samples[name].append(play(seconds, clock))
            yield batch_cells(row, samples)

    yield ""
    yield from fitted_rows(BATCH_HEADER, cells(), widths, columns)


# ------------------------------------------------------------------ simulate's costs


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
        rows.append([name, time_text(figure.median), percent_text(figure.spread), rate, speed,
                     target])  # fmt: skip
    header = ["run", "time", "spread", "games/s", "speed", "target"]
    return format_table(header, rows)


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
    yield f"{repeats} run{'' if repeats == 1 else 's'} of each, interleaved; workers started first"
    yield f"python {sys.version.split()[0]}, {sys.platform}, {os.cpu_count()} cores"
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
    yield ""
    yield from simulate_table(figures, games).splitlines()


# ------------------------------------------------------------------ solvers' costs

CFR_TARGET: Final = "<= 3x"
"""What the adapter's time and memory must stay within, to OpenSpiel's own game."""

_CFR_CHILD: Final = """
import gc, json, resource, sys, time
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr
which, name, spiel = sys.argv[1:4]
which, _, gc_off = which.partition(" -")
if which == "adapter":
    import dicerules.openspiel
    from dicerules.game import get_game
    rules = get_game(name).benchmarks.solver.rules
if which == "floor":
    from dicerules.bench import precomputed_game
    spiel_game = precomputed_game(spiel)
if gc_off:
    gc.disable()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
start = time.perf_counter()
if which == "adapter":
    spiel_game = dicerules.openspiel.game(name, rules)
elif which == "openspiel":
    spiel_game = pyspiel.load_game(spiel)
tabular = policy.TabularPolicy(spiel_game)
solver = cfr.CFRSolver(spiel_game)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "peak": peak, "before": before,
                  "states": len(tabular.state_lookup)}))
"""
"""The child process one build runs in, so that its peak memory is its own (the
floor's clock and memory start once its tree has been worked out). A run named
``"... -gc"`` builds with Python's garbage collector disabled."""

CFR_RUNS: Final = ("openspiel", "adapter", "adapter -gc", "floor", "floor -gc")
"""The builds of ``bench --cfr``, in the order each repeat runs them."""

PRECOMPUTED_NAME: Final = "dicerules_bench_floor"
"""The start of the short names ``precomputed_game`` registers with pyspiel."""
_precomputed = itertools.count()


def precomputed_game(spiel: str) -> Any:
    """OpenSpiel's game ``spiel`` (``pyspiel.load_game``'s form) made again as a
    pyspiel Python game whose every answer was worked out beforehand, in one walk of
    its whole tree: the current player, legal actions, chance outcomes, each
    player's information state string and the returns of each state are looked up,
    and applying an action moves to a child made in advance.

    No Python game does less at a state, so building a solver on it is the least any
    Python game costs through pyspiel's Python-game interface (the ``floor`` row of
    ``bench --cfr``). The walk is recursive and keeps every state, so it is for games
    small enough for tabular solvers. Each call registers a game of its own with
    pyspiel, which keeps it (and its tree) until the interpreter exits."""
    pyspiel = importlib.import_module("pyspiel")
    native = pyspiel.load_game(spiel)
    players = native.num_players()

    class Node:
        __slots__ = ("chance", "children", "infos", "legal", "player", "returns", "terminal")

        def __init__(self, state: Any) -> None:
            self.terminal: bool = state.is_terminal()
            self.player: int = state.current_player()
            self.returns: list[float] = state.returns()
            self.chance: list[tuple[int, float]] = (
                state.chance_outcomes() if state.is_chance_node() else []
            )
            self.legal: list[int] = [] if self.terminal else state.legal_actions()
            self.infos: list[str] = (
                [state.information_state_string(p) for p in range(players)]
                if self.player >= 0
                else []
            )
            self.children = {action: Node(state.child(action)) for action in self.legal}

        def __deepcopy__(self, memo: object) -> Node:
            return self  # immutable once made, so a pyspiel clone shares it

    root = Node(native.new_initial_state())
    kind = native.get_type()
    name = f"{PRECOMPUTED_NAME}_{next(_precomputed)}"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{spiel}, precomputed",
        dynamics=kind.dynamics,
        chance_mode=kind.chance_mode,
        information=kind.information,
        utility=kind.utility,
        reward_model=kind.reward_model,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=native.num_distinct_actions(),
        max_chance_outcomes=native.max_chance_outcomes(),
        num_players=players,
        min_utility=native.min_utility(),
        max_utility=native.max_utility(),
        utility_sum=native.utility_sum() if kind.utility == kind.Utility.ZERO_SUM else None,
        max_game_length=native.max_game_length(),
    )

    class Observer:
        def __init__(self) -> None:
            self.tensor = None
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            pass

        def string_from(self, state: Any, player: int) -> str:
            return str(state.node.infos[player])

    state_base: Any = pyspiel.State
    game_base: Any = pyspiel.Game

    class State(state_base):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.node = root

        def current_player(self) -> int:
            return self.node.player

        def _legal_actions(self, player: int) -> list[int]:
            return self.node.legal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.node.chance

        def _apply_action(self, action: int) -> None:
            self.node = self.node.children[action]

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def is_terminal(self) -> bool:
            return self.node.terminal

        def returns(self) -> list[float]:
            return self.node.returns

        def __str__(self) -> str:
            return ""

    class Game(game_base):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, *unused: object) -> Observer:
            return Observer()

    pyspiel.register_game(game_type, Game)
    return pyspiel.load_game(name)


def cfr_games(wanted: Sequence[str] = ()) -> list[AnyGame]:
    """The games with solver rules (``Benchmarks.solver``), of ``wanted`` if given."""
    return [
        game
        for game in GAMES.values()
        if game.benchmarks.solver is not None and (not wanted or game.name in wanted)
    ]


def cfr_build(which: str, game: AnyGame) -> dict[str, float]:
    """One build of a TabularPolicy and a CFRSolver in a fresh process: ``which`` is
    ``"adapter"`` (the game's solver rules through dicerules.openspiel) or
    ``"openspiel"`` (its counterpart): seconds, peak memory, memory before, states."""
    import json
    import subprocess

    setting = game.benchmarks.solver
    assert setting is not None
    done = subprocess.run(
        [sys.executable, "-c", _CFR_CHILD, which, game.name, setting.spiel],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def cfr_lines(wanted: Sequence[str], repeats: int) -> Iterator[str]:
    """The lines of ``bench --cfr``: for each game with solver rules, building
    OpenSpiel's TabularPolicy and CFRSolver through the adapter and on OpenSpiel's
    own game and on its ``precomputed_game`` (the floor), the adapter's and the
    floor's also with the garbage collector off (``CFR_RUNS``), each in a fresh
    process, interleaved ``repeats`` times: median seconds and spread, peak memory and
    the memory the process held at the start of the build (after its imports, and
    for the floor its tree)."""
    games = cfr_games(wanted)
    yield "dicerules bench --cfr: TabularPolicy(game) and CFRSolver(game), each build in a"
    yield f"fresh process; {repeats} run{'' if repeats == 1 else 's'} of each, interleaved"
    yield f"python {sys.version.split()[0]}, {sys.platform}, {os.cpu_count()} cores"
    if load_pyspiel() is None:
        yield "pyspiel: not installed (python -m pip install 'dicerules[openspiel]')"
        return
    header = ["run", "states", "time", "spread", "peak MB", "start MB", "time x", "memory x",
              "target"]  # fmt: skip
    for game in games:
        setting = game.benchmarks.solver
        assert setting is not None
        runs: dict[str, list[dict[str, float]]] = {which: [] for which in CFR_RUNS}
        for _ in range(repeats):
            for which, found in runs.items():
                found.append(cfr_build(which, game))
        rows = []
        native_time = statistics.median(run["seconds"] for run in runs["openspiel"])
        native_peak = statistics.median(run["peak"] for run in runs["openspiel"])
        for which, found in runs.items():
            times = summarize([run["seconds"] for run in found])
            peak = statistics.median(run["peak"] for run in found)
            before = statistics.median(run["before"] for run in found)
            adapter = which == "adapter"
            rows.append([
                which, f"{int(found[0]['states']):,}", time_text(times.median),
                percent_text(times.spread), f"{peak / 2**20:,.0f}", f"{before / 2**20:,.0f}",
                ratio_text(ratio(times.median, native_time)) if which != "openspiel" else "-",
                ratio_text(ratio(peak, native_peak)) if adapter else "-",
                CFR_TARGET if adapter else "",
            ])  # fmt: skip
        yield ""
        yield f"{setting.label} through the adapter, beside OpenSpiel's {setting.spiel}"
        yield "and the floor: OpenSpiel's game as a Python game with every answer worked out"
        yield "before the build (precomputed_game), the least any Python game costs;"
        yield "-gc: the same with Python's garbage collector off for the build (gc.disable()):"
        yield from format_table(header, rows).splitlines()
