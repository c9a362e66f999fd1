"""What link declares for solvers and learners: action ids, an observation, a payoff.

Action ids (``distinct_actions``): the ten white openings by value, up before down
(``W1 up``, ``W2 up``, ``W2 down``, ..., ``W6 down``: ids 0 to 9), then ``W1`` to
``W6`` (10 to 15), ``B1`` to ``B6`` (16 to 21) and ``out`` (22).

The result of a game is each seat's change in counters (``payoff``): the pot is
empty when a game ends, so the changes sum to 0.

The observation (``OBSERVATION``) of a view is one flat vector of these pieces,
with P seats:

==================  ==========  =====================================================
piece               shape       holds
==================  ==========  =====================================================
``player``          (P,)        1 at the seat the view is for (none: a spectator)
``whites``          (6,)        the seat's unplayed white dice, counted by face
``blue``            (6,)        1 at the face of the seat's blue die while unplayed
``round``           (1,)        the round number
``counters``        (P,)        each seat's counters
``pot``             (1,)        the counters in the pot
``in_game``         (P,)        1 for each seat still in the game
``in_round``        (P,)        1 for each seat still in this round
``white_counts``    (P,)        how many white dice each seat has unplayed
``blue_unplayed``   (P,)        1 for each seat whose blue die is unplayed
``row``             (P, 2, 6)   the row's dice by seat, colour (white, blue) and face
``last``            (6,)        1 at the face of the row's last die
``direction``       (2,)        1 at up or down, once the row is opened
``to_act``          (P,)        1 at the seat to act (none once the game is over)
``last_winner``     (P,)        1 at the winner of the last round
==================  ==========  =====================================================
"""

from __future__ import annotations

from typing import Final

from dicerules.facts import Encoding, Piece, ScoreChange, counts, one_hot
from dicerules.games.link.engine import OUT, Action, Open, Play, Rules, View

__all__ = ["OBSERVATION", "distinct_actions", "max_length", "payoff"]

_SIDES = 6


def distinct_actions(rules: Rules) -> tuple[Action, ...]:
    """Every opening, every die to add, and ``out``."""
    openings: list[Action] = []
    for value in range(1, _SIDES + 1):
        if value != _SIDES:
            openings.append(Open(value, "up"))
        if value != 1:
            openings.append(Open(value, "down"))
    whites = [Play(False, value) for value in range(1, _SIDES + 1)]
    blues = [Play(True, value) for value in range(1, _SIDES + 1)]
    return (*openings, *whites, *blues, OUT)


def max_length(rules: Rules) -> int:
    """The most actions a game can take: in each round each seat adds at most all its
    dice and says ``out`` once."""
    return rules.rounds * rules.players * (rules.white_dice + 2)


def payoff(rules: Rules) -> ScoreChange:
    """The change in counters: at worst all of a seat's, at best all the others'."""
    start = rules.start_counters
    return ScoreChange(
        start=(start,) * rules.players,
        least=-start,
        most=(rules.players - 1) * start,
        zero_sum=True,
    )


def pieces(rules: Rules) -> tuple[Piece, ...]:
    """The pieces of the observation, in order (the table above)."""
    p = rules.players
    return (
        ("player", (p,)), ("whites", (_SIDES,)), ("blue", (_SIDES,)), ("round", (1,)),
        ("counters", (p,)), ("pot", (1,)), ("in_game", (p,)), ("in_round", (p,)),
        ("white_counts", (p,)), ("blue_unplayed", (p,)), ("row", (p, 2, _SIDES)),
        ("last", (_SIDES,)), ("direction", (2,)), ("to_act", (p,)), ("last_winner", (p,)),
    )  # fmt: skip


def encode(rules: Rules, view: View) -> tuple[float, ...]:
    """The observation of ``view``: the pieces above, one after the other."""
    p = rules.players
    vector = one_hot(p, view.player)
    vector += counts(_SIDES, view.whites)
    vector += one_hot(_SIDES, None if view.blue is None else view.blue - 1)
    vector.append(float(view.round))
    vector += [float(n) for n in view.counters]
    vector.append(float(view.pot))
    vector += [float(flag) for flag in view.in_game]
    vector += [float(flag) for flag in view.in_round]
    vector += [float(n) for n in view.white_counts]
    vector += [float(flag) for flag in view.blue_unplayed]
    row = [0.0] * (p * 2 * _SIDES)
    for placed in view.sequence:
        colour = 1 if placed.colour == "B" else 0
        row[(placed.seat * 2 + colour) * _SIDES + placed.value - 1] += 1.0
    vector += row
    vector += one_hot(_SIDES, view.sequence[-1].value - 1 if view.sequence else None)
    vector += one_hot(2, None if view.direction is None else ("up", "down").index(view.direction))
    vector += one_hot(p, view.to_act)
    vector += one_hot(p, view.last_winner)
    return tuple(vector)


OBSERVATION: Encoding[Rules, View] = Encoding(pieces, encode)
"""The observation of link views (the table above)."""


BATCH: Final = "dicerules.games.link.batch:Kernel"
"""Where the game's NumPy batch kernel is (``Game.batch``), imported by dicerules.batch alone."""
