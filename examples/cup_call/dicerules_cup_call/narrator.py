"""The words ``play`` and ``replay`` print for a game of cup call.

Everything told comes from the viewer's views: its own cup, the bets, and the cups a
hand's end shows. A spectator (``replay``) sees no cup until it comes up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dicerules.narration import Narrator, dice_text

if TYPE_CHECKING:
    from dicerules_cup_call import Showdown, View

__all__ = ["CupCallNarrator"]


def _cup(cup: Sequence[int]) -> str:
    """``3-5 (8)``: the dice and their total."""
    return f"{dice_text(cup)} ({sum(cup)})"


def _chips(count: int) -> str:
    return "1 chip" if count == 1 else f"{count} chips"


class CupCallNarrator(Narrator["View"]):
    """Cup call: each hand's ante and opener, the bets, and the cups that come up."""

    score_name = "chips"

    def news(self, before: View | None, after: View) -> list[str]:
        """The end of a hand (cups up, or a pot taken unseen), then the next hand's start."""
        lines = []
        if after.last is not None and (before is None or after.last != before.last):
            lines += self._showdown(after.last)
        if after.to_act is not None and (before is None or after.hand != before.hand):
            lines += self._hand(after)
        return lines

    def _showdown(self, last: Showdown) -> list[str]:
        won = f"{self.who(last.winner)} takes the pot of {_chips(last.pot)}"
        shown = [f"{self.who(seat)} {_cup(cup)}" for seat, cup in enumerate(last.cups) if cup]
        if not shown:
            return [f"  Every other seat folds: {won}; no cup comes up."]
        return [f"  Cups up: {', '.join(shown)}.", f"  {won[:1].upper()}{won[1:]}."]

    def _hand(self, view: View) -> list[str]:
        lines = [
            f"Hand {view.hand} of {view.rules.hands}: every seat antes 1 chip, the pot is"
            f" {view.pot}; {self.who(view.opener)} opens."
        ]
        if view.cup and view.to_act != view.player:  # else the seat's turn shows it
            lines.append(f"  Your cup: {_cup(view.cup)}.")
        return lines

    def action(self, before: View, seat: int, action: Any, after: View) -> list[str]:
        """``seat 1 bets 1 chip.``, ``seat 0 (you) calls seat 1's bet.``, ..."""
        word = self.game.format_action(action)
        if word == "bet":
            return [f"  {self.who(seat)} bets 1 chip."]
        if word == "call" and before.bettor is not None:
            return [f"  {self.who(seat)} calls {self.whose(before.bettor)} bet."]
        return [f"  {self.who(seat)} {word}s."]

    def situation(self, view: View) -> list[str]:
        """The viewer's cup, the pot and the chips."""
        folded = [seat for seat, still in enumerate(view.in_hand) if not still]
        out = f"; folded: {self.together(folded)}" if folded else ""
        return [
            f"Your cup: {_cup(view.cup)}. Hand {view.hand} of {view.rules.hands}, pot"
            f" {view.pot}{out}.",
            f"Chips: {self.seats(view.scores)}.",
        ]

    def choices(self, view: View, legal: Sequence[Any]) -> str:
        """Check or bet before the hand's bet; call or fold after it."""
        if view.bettor is None:
            return "Nobody has bet this hand: you can check, or bet 1 chip."
        bettor = self.who(view.bettor)
        return (
            f"{bettor[:1].upper()}{bettor[1:]} has bet: you can call (1 chip, for a pot of"
            f" {view.pot + 1}) or fold."
        )

    def notation_help(self, view: View, legal: Sequence[Any]) -> list[str]:
        """The four words, and when each is legal."""
        return [
            "Each hand has one bet of 1 chip, and no raise.",
            "check passes while nobody has bet; bet puts 1 chip in the pot.",
            "Once a seat has bet, each other seat calls (puts in 1 chip too) or folds"
            " (gives up the hand). The highest total of the cups still in takes the pot.",
        ]
