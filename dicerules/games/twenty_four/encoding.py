"""What twenty-four declares for solvers and learners: action ids, an observation, a payoff.

Action ids (``distinct_actions``): ``keep NxV`` for V from 1 to 6 and, within each,
N from 1 to 5 (``keep NxV`` is id ``(V - 1) * 5 + N - 1``), then ``stop`` (30); with
``settlements``, also ``offer 1`` to ``offer 30`` (31 to 60), ``no offer``,
``accept`` and ``refuse`` (61 to 63).

The result of a game is each seat's net winnings (``payoff``); every payment goes
from one seat to another, so they sum to 0.

The observation (``OBSERVATION``) of a view is one flat vector of these pieces,
with P seats (every die is thrown in the open: a view is the whole game but the
dice stream):

==================  ========  ==========================================================
piece               shape     holds
==================  ========  ==========================================================
``player``          (P,)      1 at the seat the view is for (none: a spectator)
``roller``          (P,)      1 at the roller
``to_act``          (P,)      1 at the seat to act (none once the game is over)
``scores``          (P,)      each seat's winnings so far, in quarter-units
``turn``            (1,)      the turn number
``kept``            (6,)      the roller's kept dice, counted by face
``showing``         (6,)      the dice just thrown and not kept, counted by face
``stopped``         (1,)      1 if the roller said ``stop``
``target``          (1,)      the bonus target d (0 when the total is not above 24)
``offerer``         (P,)      1 at the seat whose offer waits for an answer
``offer``           (1,)      that offer, in quarter-units
``settled``         (P,)      what each seat has paid to settle this turn
``last_changes``    (P,)      each seat's winnings in the last turn played
==================  ========  ==========================================================
"""

from __future__ import annotations

from typing import Final

from dicerules.facts import Encoding, Piece, ScoreChange, counts, one_hot
from dicerules.games.twenty_four.engine import (
    ACCEPT,
    DICE,
    NO_OFFER,
    REFUSE,
    STOP,
    Action,
    Keep,
    Offer,
    Rules,
    View,
)

__all__ = ["OBSERVATION", "distinct_actions", "max_length", "payoff"]

_SIDES = 6
_MOST_PAID = DICE * _SIDES
"""The most one seat pays another in a turn: a bonus of d * c, or an offer of 5d."""
_MOST_OWED = 24 - DICE
"""The most a roller pays each other seat below 24 (a total of five)."""


def distinct_actions(rules: Rules) -> tuple[Action, ...]:
    """Every keep and ``stop``; with settlements, every offer, ``no offer``, ``accept``
    and ``refuse``."""
    keeps = [Keep(count, value) for value in range(1, _SIDES + 1) for count in range(1, DICE + 1)]
    if not rules.settlements:
        return (*keeps, STOP)
    offers = [Offer(quarters) for quarters in range(1, _MOST_PAID + 1)]
    return (*keeps, STOP, *offers, NO_OFFER, ACCEPT, REFUSE)


def max_length(rules: Rules) -> int:
    """The most actions a game can take: each turn at most five keeps (each keeps a
    die) and, with settlements, an offer and an answer from each other seat."""
    per_turn = DICE + (2 * (rules.players - 1) if rules.settlements else 0)
    return rules.players * rules.rotations * per_turn


def payoff(rules: Rules) -> ScoreChange:
    """Net winnings: a seat's turns as roller win at most 30 from each other seat and
    lose at most 19 to each; every other turn wins at most 19 and loses at most 30."""
    turns = rules.rotations * (rules.players - 1)
    most = turns * (_MOST_PAID + _MOST_OWED)
    return ScoreChange(start=(0,) * rules.players, least=-most, most=most, zero_sum=True)


def pieces(rules: Rules) -> tuple[Piece, ...]:
    """The pieces of the observation, in order (the table above)."""
    p = rules.players
    return (
        ("player", (p,)), ("roller", (p,)), ("to_act", (p,)), ("scores", (p,)),
        ("turn", (1,)), ("kept", (_SIDES,)), ("showing", (_SIDES,)), ("stopped", (1,)),
        ("target", (1,)), ("offerer", (p,)), ("offer", (1,)), ("settled", (p,)),
        ("last_changes", (p,)),
    )  # fmt: skip


def encode(rules: Rules, view: View) -> tuple[float, ...]:
    """The observation of ``view``: the pieces above, one after the other."""
    p = rules.players
    vector = one_hot(p, view.player)
    vector += one_hot(p, view.roller)
    vector += one_hot(p, view.to_act)
    vector += [float(score) for score in view.scores]
    vector.append(float(view.turn))
    vector += counts(_SIDES, view.kept)
    vector += counts(_SIDES, view.showing)
    vector.append(float(view.stopped))
    vector.append(float(view.target))
    vector += one_hot(p, view.offerer)
    vector.append(float(view.offer))
    vector += [float(paid) for paid in view.settled]
    vector += [float(n) for n in view.last.changes] if view.last is not None else [0.0] * p
    return tuple(vector)


OBSERVATION: Encoding[Rules, View] = Encoding(pieces, encode)
"""The observation of twenty-four views (the table above)."""


BATCH: Final = "dicerules.games.twenty_four.batch:Kernel"
"""Where the game's NumPy batch kernel is (``Game.batch``), imported by dicerules.batch alone."""
