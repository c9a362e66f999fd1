"""The expert bot for eighteen: stand or roll, whichever expects more points.

The expert plays a turn to win the most points this round, in expectation, counted
exactly (``dicerules.probability``). Its seat sees the three dice the house set
aside, and the roost is the sum of the three highest of those six dice; so the roost
is weighed by how many throws of six dice give those lowest three and each roost,
leaving out 18 (a roost of 18 ends a round before anyone plays). A seat that sees
the roost itself (the house's own view) uses it as it is.

A hand scores against the roost (-1 below it or bust, +1 above it) and against the
other players (+1 for each one bust or lower, when not bust itself). The totals
of the players who have finished and are shown count as they are. A player yet to
play, or one whose hand is hidden (``simultaneous_reveal``), is taken to play its
turn as is best against the roost alone, which gives the chance of each of its
totals. With ``floor_at_zero`` a loss that would take the seat below 0 counts only
down to 0.

From the hand it holds, the expert then works out the best play to the end of the
turn, one die at a time, and rolls only if rolling expects strictly more points
than standing. The house never acts in eighteen, so it has no decisions to make.
The bot draws no random numbers: its choices depend on the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

import attrs

from dicerules.bot import check_view
from dicerules.errors import InvalidArgumentError
from dicerules.games.eighteen.engine import ROLL, STAND, Action, View, hand_total
from dicerules.games.eighteen.odds import (
    eighteen_turn_totals,
    roll_points,
    roost_distribution,
    stand_points,
)

__all__ = ["Expert"]

_SURE = Fraction(1)


@attrs.frozen
class Expert:
    """Stands or rolls by the points each expects, counted exactly (``seed`` is not used)."""

    seed: int
    name: ClassVar[str] = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """``roll`` if one more die expects more points than standing, else ``stand``."""
        check_view("eighteen", view, View)
        seat = view.player
        if seat is None or view.to_act != seat or not legal_actions:
            raise InvalidArgumentError(
                f"the view is not that of the seat to act (seat {view.to_act})"
            )
        if view.roost_dice:
            roost = {sum(view.roost_dice): _SURE}
        else:
            roost = roost_distribution(view.discards, playing=True)
        unseen = eighteen_turn_totals(roost)
        others: list[Mapping[int, Fraction]] = []
        played = True
        for other in _turn_order(view):
            if other == seat:
                played = False
                continue
            hand = view.hands[other]
            others.append({_total(hand): _SURE} if played and hand else unseen)
        floor = view.points[seat] if view.rules.floor_at_zero else None
        hand = view.hands[seat]
        rolling = roll_points(hand, roost, others, floor_points=floor)
        best = ROLL if rolling > stand_points(hand, roost, others, floor_points=floor) else STAND
        if best not in legal_actions:
            raise InvalidArgumentError(f"{best} is not among the legal actions {legal_actions}")
        return best


def _turn_order(view: View) -> list[int]:
    """This round's players in turn order: the seats in, from the first player on."""
    players = view.rules.players
    seats = [(view.first + step) % players for step in range(players)]
    return [seat for seat in seats if seat != view.house and not view.out[seat]]


def _total(hand: tuple[int, ...]) -> int:
    """A finished hand's total as the probability functions count it (0: bust)."""
    total = hand_total(hand)
    return 0 if total is None else total
