"""Exact odds for the dice games: the numbers the expert bots play from.

Nothing here reads a state: the arguments are what a seat can see. The answers are
exact (``fractions.Fraction``); each function that returns chances or points has a
twin named with ``_float`` for callers that want speed over exactness. Bad
arguments raise WrongTypeError (a TypeError) for a wrong type and InvalidArgumentError
(a ValueError) for a value out of range.

* liars-dice: ``bid_count_distribution`` (how many dice the hands a seat cannot see
  count toward a face) and ``bid_probability`` (the chance that a bid holds, given
  the seat's own hand), with wild ones, cancelled wilds and wild straights.
* eighteen: ``roost_distribution`` (the house's roost, given its three discards),
  ``stand_points`` and ``roll_points`` (the points a player expects from each
  choice, against the roost and the other players' totals) and
  ``eighteen_turn_totals`` (the final totals of a turn played best).
* twenty-four: ``position_value``, ``choice_value`` and ``turn_value`` (expected
  winnings in quarter-units, by dynamic programming over the dice still to throw),
  ``best_choice`` (the keep or stop that expects the most) and ``settlement_value``
  (the fair price of a settlement). ``rules`` is a keyword: twenty-four ``Rules``, or
  None for the standard rules.
"""

from dicerules.games.eighteen.odds import (
    eighteen_turn_totals,
    eighteen_turn_totals_float,
    roll_points,
    roll_points_float,
    roost_distribution,
    roost_distribution_float,
    stand_points,
    stand_points_float,
)
from dicerules.games.liars_dice.odds import (
    bid_count_distribution,
    bid_count_distribution_float,
    bid_probability,
    bid_probability_float,
)
from dicerules.games.twenty_four.odds import (
    best_choice,
    choice_value,
    choice_value_float,
    position_value,
    position_value_float,
    settlement_value,
    settlement_value_float,
    turn_value,
    turn_value_float,
)

__all__ = [
    "best_choice",
    "bid_count_distribution",
    "bid_count_distribution_float",
    "bid_probability",
    "bid_probability_float",
    "choice_value",
    "choice_value_float",
    "eighteen_turn_totals",
    "eighteen_turn_totals_float",
    "position_value",
    "position_value_float",
    "roll_points",
    "roll_points_float",
    "roost_distribution",
    "roost_distribution_float",
    "settlement_value",
    "settlement_value_float",
    "stand_points",
    "stand_points_float",
    "turn_value",
    "turn_value_float",
]
