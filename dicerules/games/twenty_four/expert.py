"""The expert bot for twenty-four: keeps, stops and settles by expected winnings.

Rolling: the expert takes the keep or stop that expects the most winnings, worked
out exactly by ``dicerules.probability``. Its value of a position is found by
dynamic programming over the dice still to throw: five kept dice pay by their total
(24 - T to each other seat below 24, the low-score bonus where the rules give it);
above 24 the bonus is worth, from each seat, d times the five dice's chance of
11/36 each to show d on one of the two bonus throws (less d times the chance of no
d at all, when a failed bonus pays). Every other position is worth the best of its
choices, and a throw the average over every way the dice can fall. Of equal
choices it takes the first in the legal order.

For the standard rules (four seats) this is the best possible turn: it expects to
win 1593556397011/470184984576 quarter-units per turn, about 3.38921 (in units
1593556397011/1880739938304, about 0.84730), that is 1593556397011/1410554953728
quarter-units (about 1.12974) from each of the three other seats. The tests check
that figure by playing this bot's choices through every fall of the dice.

Settling (the ``settlements`` option): the fair price of a seat's bonus is what it
expects to pay (``settlement_value``). The roller accepts an offer of at least that
price and refuses a lower one. A seat asked for an offer offers the largest whole
sum below that price, which a fair roller refuses but which can only save the seat
money if accepted (and it makes no offer if no sum lay below the price, which
the rules as they are never give: the price is above 1 for every target).

The bot draws no random numbers: its choices depend on the view alone.
"""

from __future__ import annotations

from math import ceil
from typing import ClassVar, cast

import attrs

from dicerules.bot import check_view
from dicerules.errors import InvalidArgumentError
from dicerules.games.twenty_four.engine import (
    ACCEPT,
    NO_OFFER,
    REFUSE,
    Action,
    Keep,
    Offer,
    Stop,
    View,
)
from dicerules.games.twenty_four.odds import choice_value, settlement_value

__all__ = ["Expert"]


@attrs.frozen
class Expert:
    """Keeps or stops by exact expected winnings; settles at the fair price.

    ``seed`` is kept for the Bot contract: the choices depend on the view alone.
    """

    seed: int
    name: ClassVar[str] = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """The keep, stop, offer or answer that expects the most for this seat."""
        check_view("twenty-four", view, View)
        stage = view.stage
        if stage == "over" or not legal_actions:
            raise InvalidArgumentError("the game is over: there is nothing to choose")
        if stage == "throw":
            return _best_keep(view, legal_actions)
        fair = settlement_value(view.target, rules=view.rules)
        if stage == "answer":
            return _pick(ACCEPT if view.offer >= fair else REFUSE, legal_actions)
        offer = ceil(fair) - 1
        return _pick(Offer(offer) if offer >= 1 else NO_OFFER, legal_actions)


def _best_keep(view: View, legal_actions: tuple[Action, ...]) -> Action:
    """The legal keep or stop of the highest expected winnings; the first of equals."""
    best: Action | None = None
    best_value = None
    for action in legal_actions:
        value = choice_value(view.kept, view.showing, cast(Keep | Stop, action), rules=view.rules)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return cast(Action, best)


def _pick(action: Action, legal_actions: tuple[Action, ...]) -> Action:
    if action not in legal_actions:
        raise InvalidArgumentError(f"{action} is not among the legal actions")
    return action
