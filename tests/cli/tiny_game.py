"""Highest: a game with only the required parts of the Game contract, for the CLI's tests.

Each seat in turn either rolls one die, added to its total, or stops; a seat that
has stopped or rolled three times is done, and when every seat is done the highest
total wins (ties share).
"""

from __future__ import annotations

from typing import Any

import attrs

from dicerules.errors import IllegalActionError, InvalidActionError
from dicerules.game import Game, register, rules_or_default, start_stream
from dicerules.tape import Tape

ROLLS = 3


@attrs.frozen
class Rules:
    players: int = attrs.field(default=2, validator=attrs.validators.in_(range(2, 5)))


@attrs.frozen
class Roll:
    def __str__(self) -> str:
        return "roll"


@attrs.frozen
class Stop:
    def __str__(self) -> str:
        return "stop"


@attrs.frozen
class View:
    player: int | None
    scores: tuple[int, ...]
    to_act: int | None


@attrs.frozen
class State:
    rules: Rules
    tape: Tape[Any]
    scores: tuple[int, ...]
    rolls: tuple[int, ...]
    done: tuple[bool, ...]
    to_act: int | None


def new_game(rules: Rules | None = None, *, seed: int | None = None, stream: Any = None) -> State:
    rules = rules_or_default(rules, Rules, Rules())
    n = rules.players
    tape: Tape[Any] = Tape.start(start_stream(seed, stream))
    return State(rules, tape, (0,) * n, (0,) * n, (False,) * n, 0)


def legal_actions(state: State) -> tuple[Any, ...]:
    return () if state.to_act is None else (Roll(), Stop())


def apply(state: State, action: Any) -> State:
    seat = state.to_act
    if seat is None or action not in legal_actions(state):
        raise IllegalActionError(f"{action} is not legal now")
    scores, rolls, done = list(state.scores), list(state.rolls), list(state.done)
    if isinstance(action, Roll):
        (die,), tape = state.tape.act_and_roll(action, 1, 6)
        scores[seat] += die
        rolls[seat] += 1
        done[seat] = rolls[seat] == ROLLS
    else:
        tape = state.tape.act(action)
        done[seat] = True
    n = state.rules.players
    after = [(seat + k) % n for k in range(1, n + 1)]
    to_act = next((s for s in after if not done[s]), None)
    return State(state.rules, tape, tuple(scores), tuple(rolls), tuple(done), to_act)


def current_player(state: State) -> int | None:
    return state.to_act


def is_terminal(state: State) -> bool:
    return state.to_act is None


def winners(state: State) -> tuple[int, ...]:
    if state.to_act is not None:
        return ()
    best = max(state.scores)
    return tuple(s for s, score in enumerate(state.scores) if score == best)


def scores(state: State) -> tuple[int, ...]:
    return state.scores


def history(state: State) -> tuple[Any, ...]:
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    return View(player, state.scores, state.to_act)


def format_action(action: Any) -> str:
    return str(action)


def parse_action(state: State, text: str) -> Any:
    word = "".join(text.split()).lower()
    if word not in ("roll", "stop"):
        raise InvalidActionError(f"{text!r} is not highest notation: write roll or stop")
    action = Roll() if word == "roll" else Stop()
    if action not in legal_actions(state):
        raise IllegalActionError(f"{word} is not legal: the game is over")
    return action


GAME: Game[Any, Any, Any, Any] = Game(
    name="highest",
    Rules=Rules,
    State=State,
    presets={"standard": Rules()},
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    current_player=current_player,
    is_terminal=is_terminal,
    winners=winners,
    scores=scores,
    history=history,
    view=view,
    format_action=format_action,
    parse_action=parse_action,
)


def registered() -> Game[Any, Any, Any, Any]:
    """GAME, registered (once)."""
    return register(GAME)
