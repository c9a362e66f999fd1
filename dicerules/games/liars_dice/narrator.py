"""The words ``play`` and ``replay`` print for a game of liars dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicerules.games.liars_dice import engine as liars_dice
from dicerules.narration import Narrator, dice_text


class LiarsDiceNarrator(Narrator[liars_dice.View]):
    """Liar's dice: bids, the cups coming up at a challenge, the hand at each round."""

    score_name = "dice left"

    def standing(self, view: liars_dice.View) -> Sequence[int]:
        return view.dice

    def news(self, before: liars_dice.View | None, after: liars_dice.View) -> list[str]:
        lines = [] if before else self.passes("Roll-off for the first opener, pass", after.rolloff)
        reveal = after.last_reveal
        if reveal is not None and (before is None or reveal != before.last_reveal):
            lines += self._reveal(reveal, after.rules)
        if after.to_act is not None and (before is None or after.round != before.round):
            lines += self._round(after)
        elif before is not None and before.ones_wild and not after.ones_wild:
            lines.append("  The round opened on ones: ones are not wild this round.")
        return lines

    def _reveal(self, reveal: liars_dice.Reveal, rules: liars_dice.Rules) -> list[str]:
        cups = ", ".join(
            f"{self.who(seat)} {dice_text(hand)}" for seat, hand in enumerate(reveal.hands) if hand
        )
        wild = []
        if reveal.ones_wild and reveal.bid.face != 1:
            wild.append("ones wild")
        if rules.straights_wild:
            wild.append("straights wild")
        how = f" ({', '.join(wild)})" if wild else ""
        held = "the bid holds" if reveal.count >= reveal.bid.quantity else "the bid fails"
        count = "1 die counts" if reveal.count == 1 else f"{reveal.count} dice count"
        return [
            f"  Cups up: {cups}.",
            f"  {count} for {reveal.bid}{how}: {held}; {self.who(reveal.loser)} loses a die.",
        ]

    def _round(self, view: liars_dice.View) -> list[str]:
        left = ", ".join(f"{self.who(seat)} {n}" for seat, n in enumerate(view.dice) if n)
        lines = [
            f"Round {view.round}: {sum(view.dice)} dice in play ({left});"
            f" {self.who(view.opener)} opens."
        ]
        if view.hand and view.to_act != view.player:  # else the seat's turn shows it
            lines.append(f"  Your hand: {dice_text(view.hand)}.")
        return lines

    def action(
        self, before: liars_dice.View, seat: int, action: Any, after: liars_dice.View
    ) -> list[str]:
        if isinstance(action, liars_dice.Bid):
            return [f"  {self.who(seat)} bids {action}."]
        bidder, bid = before.bids[-1]
        return [f"  {self.who(seat)} challenges {self.who(bidder)}'s {bid}."]

    def situation(self, view: liars_dice.View) -> list[str]:
        wild = "ones wild" if view.ones_wild else "ones not wild"
        if view.rules.straights_wild:
            wild += ", straights wild"
        bids = ", ".join(f"{self.who(seat)} {bid}" for seat, bid in view.bids)
        return [
            f"Your hand: {dice_text(view.hand)}. Dice in play: {sum(view.dice)} ({wild}).",
            f"Bids this round: {bids}." if bids else "You open the round with a bid.",
        ]
