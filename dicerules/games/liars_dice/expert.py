"""The expert bot for liars-dice: it bids and challenges by the exact odds of each bid.

How it plays, from its seat's view alone (its own hand, every seat's dice count,
the bids of the round and whether ones are wild this round):

* For the bids it may make, it works out the exact chance that each holds:
  what its own hand already counts toward the face (straights included), plus the
  chance that the hands it cannot see make up the rest
  (``dicerules.probability.bid_probability_float``, cached, so thousands of games
  stay quick). It does not read anything into the other seats' bids.
* Facing a bid, it challenges when the bid is more likely false than its own best
  raise is likely true (and, of course, when no raise is left).
* Otherwise it raises, and the opener opens, with a bid about as likely to hold as
  the best one: among the bids within ``NEAR`` of the best chance it picks one at
  random from its seed, so it cannot be read from one game to the next and plays the
  same for the same seed and views.

A bid on ones in a classic round's opening cancels the wild ones for the round;
that changes nothing in the odds of the ones bid itself, and the view's
``ones_wild`` says how later bids are counted.
"""

from __future__ import annotations

from typing import Final

from dicerules.bot import SeededBot, check_view
from dicerules.errors import InvalidArgumentError
from dicerules.games.liars_dice.engine import CHALLENGE, Action, Bid, View
from dicerules.games.liars_dice.odds import bid_probability_float

__all__ = ["NEAR", "Expert"]

NEAR: Final = 0.05
"""How much less likely than the best bid a bid may be and still be picked."""


class Expert(SeededBot):
    """Plays each liars-dice decision by the exact chance that a bid holds."""

    name = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """A challenge when the bid on the table is more likely false than any raise is true.

        Otherwise a bid from ``legal_actions`` about as likely to hold as the best one.
        ValueError for a spectator's view or no legal action.
        """
        check_view("liars-dice", view, View)
        if not legal_actions:
            raise InvalidArgumentError("there is no legal action to choose from")
        if view.player is None:
            raise InvalidArgumentError("the expert plays a seat: a spectator's view has no hand")
        odds = _Odds(view)
        by_face: dict[int, list[Bid]] = {}
        for action in legal_actions:
            if type(action) is Bid:
                by_face.setdefault(action.face, []).append(action)
        if not by_face:
            return CHALLENGE
        # A bid's chance falls as its quantity rises, so the likeliest raise is the
        # lowest legal bid of some face, and a face's near bids start from its lowest.
        best = max(odds.holds(bids[0]) for bids in by_face.values())
        if view.bids and CHALLENGE in legal_actions:
            standing = view.bids[-1][1]
            if 1.0 - odds.holds(standing) > best:
                return CHALLENGE
        near = []
        for bids in by_face.values():
            for bid in bids:
                if odds.holds(bid) < best - NEAR:
                    break
                near.append(bid)
        near.sort(key=lambda bid: (bid.quantity, bid.face))
        return self._pick(near)


class _Odds:
    """The chance of each bid holding, as one seat sees the table."""

    def __init__(self, view: View) -> None:
        self._hand = view.hand
        self._unseen = tuple(n for seat, n in enumerate(view.dice) if seat != view.player and n)
        self._sides = view.rules.sides
        self._ones_wild = view.ones_wild
        self._straights_wild = view.rules.straights_wild

    def holds(self, bid: Bid) -> float:
        """The chance that ``bid`` holds."""
        return bid_probability_float(
            bid.quantity, bid.face, self._hand, self._unseen, sides=self._sides,
            ones_wild=self._ones_wild, straights_wild=self._straights_wild,
        )  # fmt: skip
