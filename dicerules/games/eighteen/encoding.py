"""What eighteen declares for solvers and learners: action ids and an observation.

Action ids (``distinct_actions``): 0 ``roll``, 1 ``stand``.

The observation (``OBSERVATION``) of a view is one flat vector of these pieces,
with P seats:

==================  ========  =======================================================
piece               shape     holds
==================  ========  =======================================================
``player``          (P,)      1 at the seat the view is for (none: a spectator)
``house``           (P,)      1 at the house
``first``           (P,)      1 at the first player of the round
``to_act``          (P,)      1 at the seat to act (none between turns and at the end)
``round``           (1,)      the round number
``points``          (P,)      each seat's points
``out``             (P,)      1 for each seat out of the game
``discards``        (6,)      the house's three dice set aside, counted by face
``roost``           (6,)      the roost, counted by face (the house's own view only)
``hands``           (P, 6)    each seat's dice this round that the view shows, by face
``winners``         (P,)      1 for each winner, once the game is over
``last_changes``    (P,)      each seat's points won or lost in the last round scored
``last_roost``      (6,)      that round's roost, counted by face
==================  ========  =======================================================

The house choice and the lightning round's dice are left out (their outcomes are
``house`` and ``winners``).

The information state (``INFORMATION_STATE``) as a vector is the observation of
the seat's latest view, so that it is there under every rule set: a game with a
rotating house (or with ``max_rounds=None``) has no bound on its length, so no
vector of fixed length can hold every round. Within a round it holds all the seat
has seen (each seat's dice stay shown once played); of the rounds before, what
they added up to (``points``, ``out``) and the last one's result. The information
state string is the adapters' own, one line per view: it recalls everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dicerules.facts import Encoding, InformationState, Piece, counts, one_hot
from dicerules.games.eighteen.engine import ROLL, STAND, Action, Rules, View

__all__ = ["INFORMATION_STATE", "OBSERVATION", "distinct_actions", "max_length"]

_SIDES = 6


def distinct_actions(rules: Rules) -> tuple[Action, ...]:
    """``roll`` and ``stand``."""
    return (ROLL, STAND)


def max_length(rules: Rules) -> int | None:
    """The most actions a game can take: none without ``max_rounds``; else each seat's
    turn takes at most three actions (a sixth die ends it), every round."""
    if rules.max_rounds is None:
        return None
    return rules.max_rounds * rules.players * 3


def pieces(rules: Rules) -> tuple[Piece, ...]:
    """The pieces of the observation, in order (the table above)."""
    p = rules.players
    return (
        ("player", (p,)), ("house", (p,)), ("first", (p,)), ("to_act", (p,)),
        ("round", (1,)), ("points", (p,)), ("out", (p,)), ("discards", (_SIDES,)),
        ("roost", (_SIDES,)), ("hands", (p, _SIDES)), ("winners", (p,)),
        ("last_changes", (p,)), ("last_roost", (_SIDES,)),
    )  # fmt: skip


def encode(rules: Rules, view: View) -> tuple[float, ...]:
    """The observation of ``view``: the pieces above, one after the other."""
    p = rules.players
    vector = one_hot(p, view.player)
    vector += one_hot(p, view.house)
    vector += one_hot(p, view.first)
    vector += one_hot(p, view.to_act)
    vector.append(float(view.round))
    vector += [float(points) for points in view.points]
    vector += [float(out) for out in view.out]
    vector += counts(_SIDES, view.discards)
    vector += counts(_SIDES, view.roost_dice)
    hands = list(view.hands) + [()] * (p - len(view.hands))
    for hand in hands:
        vector += counts(_SIDES, hand)
    winners = [0.0] * p
    for seat in view.winners:
        winners[seat] = 1.0
    vector += winners
    if view.results:
        last = view.results[-1]
        vector += [float(change) for change in last.changes]
        vector += counts(_SIDES, last.roost_dice)
    else:
        vector += [0.0] * (p + _SIDES)
    return tuple(vector)


OBSERVATION: Encoding[Rules, View] = Encoding(pieces, encode)
"""The observation of eighteen views (the table above)."""


BATCH: Final = "dicerules.games.eighteen.batch:Kernel"
"""Where the game's NumPy batch kernel is (``Game.batch``), imported by dicerules.batch alone."""


def information_encode(rules: Rules, views: Sequence[View]) -> tuple[float, ...]:
    """The information state vector: the observation of the latest view."""
    return encode(rules, views[-1])


INFORMATION_STATE: InformationState[Rules, View] = InformationState(pieces, information_encode)
"""The information state of eighteen: the observation of the seat's latest view as a
vector, the adapters' own text (see above)."""
