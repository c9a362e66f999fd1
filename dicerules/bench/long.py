"""bench's long-game table: the costs that must not grow with a game's length, on each
long game a game declares: ``apply`` at step 10 and at step 10,000, replays of 1,000
and 10,000 actions, and the memory of a state.

The long game of liars-dice (10 seats of 10 twenty-sided dice, each seat making the
smallest raise) passes 10,000 actions in its sixth round; its bytes per state count
every object reachable from its 10,001 states once (329: the Perudo facts added two
slots to a state). Why ``apply`` stays flat and replay linear: ``dicerules.tape``.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Sequence
from typing import Any, Final

import attrs

from dicerules.bench.timing import (
    Clock,
    Figure,
    alternate,
    format_table,
    ratio,
    ratio_text,
    spread_text,
    time_text,
)
from dicerules.game import GAMES, AnyGame
from dicerules.records import record, replay

LONG_STEPS: Final = 10_000


SHORT_STEP: Final = 10


SHORT_REPLAY: Final = 1_000


FLAT_TARGET: Final = 1.2


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

    @property
    def timed(self) -> tuple[Figure, ...]:
        """The figures that were timed (all but the memory)."""
        return (self.apply_short, self.apply_long, self.replay_short, self.replay_long)


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
         spread_text(result.apply_short.spread), "", ""],
        [f"apply at step {LONG_STEPS:,}", time_text(result.apply_long.median),
         spread_text(result.apply_long.spread), ratio_text(apply_ratio),
         f"<= {FLAT_TARGET}x"],
        [f"replay of {SHORT_REPLAY:,} actions", time_text(result.replay_short.median),
         spread_text(result.replay_short.spread), "", ""],
        [f"replay of {LONG_STEPS:,} actions", time_text(result.replay_long.median),
         spread_text(result.replay_long.spread), ratio_text(replay_ratio),
         f"~{LONG_STEPS // SHORT_REPLAY}x (linear)"],
        ["bytes per state", f"{result.bytes_per_state:,.0f}", "", "", ""],
    ]  # fmt: skip
    return rows
