"""Pig: roll one die as often as you dare; a 1 loses the turn's points; first to 100 wins.

The rules as implemented:

* Two to ten seats (``players``), numbered to the left, each with a score of 0.
  Seat 0 plays first; turns pass to the left.
* A turn is a run of rolls of one six-sided die. ``roll`` throws it: a 1 ends the
  turn and the points gathered in it (the turn total) are lost; any other face
  adds to the turn total, and the same seat goes on. ``hold`` adds the turn total
  to the seat's score and ends the turn.
* The first seat whose score reaches ``target`` (100) or more when it holds wins,
  and the game is over at once.

Preset: ``standard`` (two seats, a target of 100; the default).

Decisions made here where the spoken rules are silent: a turn's first roll is
compulsory, so ``hold`` is legal only once the seat has a turn total (which is then
2 or more); a seat wins by holding, not by reaching the target in the middle of a
turn. No Rules make a game that cannot end: the target is 1 or more, and every hold
banks 2 or more (players who never hold play for ever, as at the table). Nothing
is hidden: every seat, and a spectator, sees every die and every score (the game
has no ``resample_hidden``); only the stream, which foretells the dice, is secret.

Dice are drawn from the stream in this order: one die for each ``roll``, as it is
made. Nothing else is drawn; ``new_game`` draws none.

This package is a dicerules plugin: the entry point ``pig = "dicerules_pig:GAME"``
in its pyproject.toml (group ``dicerules.games``) adds ``GAME`` to
``dicerules.GAMES`` on the registry's first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from dicerules import Game
from dicerules.bot import SeededBot, check_view
from dicerules.errors import IllegalActionError, InvalidActionError
from dicerules.facts import Encoding, Piece
from dicerules.game import (
    Benchmarks,
    Counterpart,
    check_seat,
    find_preset,
    rules_or_default,
    start_stream,
)
from dicerules.notation import Word, squeeze
from dicerules.rulefields import integer
from dicerules.streams import DiceStream
from dicerules.tape import Tape

__all__ = [
    "GAME",
    "HOLD",
    "HOLD_AT",
    "NAME",
    "OBSERVATION",
    "PRESETS",
    "ROLL",
    "Action",
    "Expert",
    "Hold",
    "Roll",
    "Rules",
    "State",
    "View",
    "apply",
    "current_player",
    "default_rules",
    "describe",
    "distinct_actions",
    "format_action",
    "history",
    "is_terminal",
    "legal_actions",
    "new_game",
    "parse",
    "parse_action",
    "scores",
    "view",
    "winners",
]

NAME: Final = "pig"
SIDES: Final = 6
MAX_PLAYERS: Final = 10


# --------------------------------------------------------------------------- rules


@attrs.frozen
class Rules:
    """Every rule option of pig, validated. The defaults are the standard preset."""

    players: int = integer(2, 2, MAX_PLAYERS, doc="seats at the table")
    target: int = integer(100, 1, 1000, doc="the score that wins when a seat holds")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"standard"``."""
        return find_preset(NAME, PRESETS, name)


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType({"standard": Rules()})
default_rules: Final = PRESETS["standard"]


# ------------------------------------------------------------------------- actions


@attrs.frozen
class Roll(Word):
    """Throw the die once more."""

    word = "roll"
    called = "a roll"


@attrs.frozen
class Hold(Word):
    """Bank the turn total and end the turn."""

    word = "hold"
    called = "a hold"


ROLL: Final = Roll()
HOLD: Final = Hold()

Action = Roll | Hold

_FIRST_ROLL: Final[tuple[Action, ...]] = (ROLL,)
_ROLL_OR_HOLD: Final[tuple[Action, ...]] = (ROLL, HOLD)


def distinct_actions(rules: Rules) -> tuple[Action, ...]:
    """Every action there is, whatever the rules: an action's id (OpenSpiel's) is its index."""
    return _ROLL_OR_HOLD


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    word = squeeze(text)
    if word == "roll":
        return ROLL
    if word == "hold":
        return HOLD
    raise InvalidActionError(f"{text!r} is not pig notation: write roll or hold")


def format_action(action: Action) -> str:
    """``Roll()`` -> ``"roll"``; ``Hold()`` -> ``"hold"``."""
    if type(action) is Roll or type(action) is Hold:
        return str(action)
    raise InvalidActionError(f"{action!r} is not a pig action")


# --------------------------------------------------------------------------- state


@attrs.frozen
class State:
    """A whole game of pig: the banked scores, the seat to act and its turn total.

    ``to_act`` is None once the game is over, and ``winner`` None until then.
    """

    rules: Rules
    scores: tuple[int, ...]
    to_act: int | None
    turn_total: int
    winner: int | None
    tape: Tape[Action] = attrs.field(repr=False)

    @property
    def last_roll(self) -> int | None:
        """The face the last roll showed (whoever rolled it); None before the first roll."""
        rolls = self.tape.rolls
        return rolls.last[0] if rolls else None


@attrs.frozen
class View:
    """What a seat (``player``; None: a spectator) knows: all of the state but its stream."""

    rules: Rules
    player: int | None
    scores: tuple[int, ...]
    to_act: int | None
    turn_total: int
    last_roll: int | None
    winner: int | None


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> State:
    """A new game, seat 0 to roll. Give a seed or a stream, or neither (a seed is drawn)."""
    rules = rules_or_default(rules, Rules, default_rules)
    tape: Tape[Action] = Tape.start(start_stream(seed, stream))
    return State(rules, (0,) * rules.players, 0, 0, None, tape)


# ------------------------------------------------------------------------ the moves


def legal_actions(state: State) -> tuple[Action, ...]:
    """``roll``, then ``hold`` once the seat has a turn total; () once the game is over."""
    if state.to_act is None:
        return ()
    return _ROLL_OR_HOLD if state.turn_total else _FIRST_ROLL


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalActionError if not legal."""
    if type(action) is not Roll and type(action) is not Hold:
        raise InvalidActionError(f"{action!r} is not a pig action (a Roll or a Hold)")
    _check(state, action)
    return _roll(state) if type(action) is Roll else _hold(state)


def _check(state: State, action: Action) -> None:
    """IllegalActionError, saying why, unless ``action`` is legal in ``state``."""
    if state.to_act is None:
        raise IllegalActionError(f"the game is over: nobody can {action} (no action is legal)")
    if type(action) is Hold and not state.turn_total:
        raise IllegalActionError(
            f"hold: seat {state.to_act} has nothing to bank yet; a turn starts with a roll"
            " (legal here: roll)"
        )


def _roll(state: State) -> State:
    """A 1 ends the turn and loses its total; any other face adds to it."""
    seat = state.to_act
    assert seat is not None
    (face,), tape = state.tape.act_and_roll(ROLL, 1, SIDES)
    if face == 1:
        following = (seat + 1) % state.rules.players
        return State(state.rules, state.scores, following, 0, None, tape)
    return State(state.rules, state.scores, seat, state.turn_total + face, None, tape)


def _hold(state: State) -> State:
    """The turn total joins the score; reaching the target wins, else the turn passes."""
    seat = state.to_act
    assert seat is not None
    scores = list(state.scores)
    scores[seat] += state.turn_total
    tape = state.tape.act(HOLD)
    if scores[seat] >= state.rules.target:
        return State(state.rules, tuple(scores), None, 0, seat, tape)
    following = (seat + 1) % state.rules.players
    return State(state.rules, tuple(scores), following, 0, None, tape)


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against ``state``.

    InvalidActionError for text that is not notation; IllegalActionError for an
    action that is not legal here.
    """
    action = parse(text)
    _check(state, action)
    return action


# ----------------------------------------------------------------- reading a state


def current_player(state: State) -> int | None:
    """The seat to act; None once the game is over."""
    return state.to_act


def is_terminal(state: State) -> bool:
    """Whether a seat has won."""
    return state.to_act is None


def winners(state: State) -> tuple[int, ...]:
    """The seat that reached the target, once the game is over; () before."""
    return () if state.winner is None else (state.winner,)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's banked score (the turn total is no one's until held)."""
    return state.scores


def history(state: State) -> tuple[Action, ...]:
    """Every action since new_game, in order."""
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    """What ``player`` (None: a spectator) may know: everything, for pig hides nothing."""
    check_seat(player, state.rules.players)
    return View(
        state.rules,
        player,
        state.scores,
        state.to_act,
        state.turn_total,
        state.last_roll,
        state.winner,
    )


def describe(state: State) -> str:
    """The state in one line: who is to act, the turn total, the last roll, the scores."""
    table = " ".join(f"{seat}:{score}" for seat, score in enumerate(state.scores))
    scores_text = f"scores {table} (target {state.rules.target})"
    if state.winner is not None:
        return f"game over, seat {state.winner} wins; {scores_text}"
    last = "" if state.last_roll is None else f", last roll {state.last_roll}"
    return f"seat {state.to_act} to act, turn total {state.turn_total}{last}; {scores_text}"


# ------------------------------------------------------------------- the observation


def _pieces(rules: Rules) -> tuple[Piece, ...]:
    players = rules.players
    return (
        ("player", (players,)),  # 1 at the seat the view is for (none: a spectator)
        ("to_act", (players,)),  # 1 at the seat to act (none once the game is over)
        ("scores", (players,)),  # each seat's banked score
        ("turn_total", (1,)),
        ("last_roll", (SIDES,)),  # 1 at the face the last roll showed (none before any)
        ("winner", (players,)),  # 1 at the winner, once there is one
    )


def _encode(rules: Rules, view: View) -> tuple[float, ...]:
    seats = range(rules.players)
    return (
        *(float(seat == view.player) for seat in seats),
        *(float(seat == view.to_act) for seat in seats),
        *(float(score) for score in view.scores),
        float(view.turn_total),
        *(float(face == view.last_roll) for face in range(1, SIDES + 1)),
        *(float(seat == view.winner) for seat in seats),
    )


OBSERVATION: Final = Encoding(_pieces, _encode)
"""A view as numbers, for learners (the PettingZoo adapter): the pieces of ``_pieces``."""


# ------------------------------------------------------------------------ the expert

HOLD_AT: Final = 20
"""The expert holds once its turn total is this much: what a turn adds, on average,
is largest there (at 20 the risk of a 1 costs, on average, what another roll adds)."""


class Expert(SeededBot):
    """The expert bot: hold once the turn total is HOLD_AT or more, or holding wins."""

    name = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """``hold`` at a turn total of HOLD_AT or more, or one that reaches the target."""
        check_view(NAME, view, View)
        if HOLD not in legal_actions:
            return ROLL
        seat = view.to_act
        assert seat is not None
        wins = view.scores[seat] + view.turn_total >= view.rules.target
        return HOLD if wins or view.turn_total >= HOLD_AT else ROLL


# -------------------------------------------------------------------------- the game

GAME: Final[Game[State, Action, Rules, View]] = Game(
    name=NAME,
    Rules=Rules,
    State=State,
    presets=PRESETS,
    default_rules=default_rules,
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
    describe=describe,
    expert=Expert,
    distinct_actions=distinct_actions,
    observation=OBSERVATION,
    benchmarks=Benchmarks(
        counterparts=(
            Counterpart(
                label=f"{NAME}-2p",
                rules=Rules(players=2, target=100),
                spiel="pig(players=2,winscore=100)",
                rounds=lambda state: 1,  # a game is one of OpenSpiel's pig
            ),
        ),
    ),
)
"""Pig as a dicerules Game: the required parts, and of the optional ones ``describe``,
``expert``, ``distinct_actions`` and ``observation`` (action ids and numbers, for the
OpenSpiel and PettingZoo adapters) and ``benchmarks`` (bench times it beside
OpenSpiel's own ``pig``). It hides nothing (no ``resample_hidden``), keeps no
conservation law (no ``outside_scores``) and is told by the generic narrator (no
``narrator``)."""
