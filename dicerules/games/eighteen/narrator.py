"""The words ``play`` and ``replay`` print for a game of eighteen."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from dicerules.games.eighteen import engine as eighteen
from dicerules.narration import Narrator, dice_text


class EighteenNarrator(Narrator[eighteen.View]):
    """Eighteen: the house's discards, each hand as it grows, the roost when scored."""

    score_name = "points"
    synonyms = MappingProxyType({"hit": "roll", "stay": "stand"})

    def standing(self, view: eighteen.View) -> Sequence[int]:
        return view.points

    def hand(self, hand: tuple[int, ...]) -> str:
        """A hand and what it counts: ``5-6-2 (13)``, ``bust``, or six dice counting 18."""
        total = eighteen.hand_total(hand)
        if total is None:
            return f"{dice_text(hand)} (bust)"
        if total != sum(hand):
            return f"{dice_text(hand)} ({sum(hand)}, six dice: counts {total})"
        return f"{dice_text(hand)} ({total})"

    def news(self, before: eighteen.View | None, after: eighteen.View) -> list[str]:
        lines = []
        if before is None:
            totals = [[(seat, sum(dice)) for seat, dice in one] for one in after.house_choice]
            lines += self.passes("House choice (three dice each), pass", totals)
            if after.rules.permanent_house is not None:
                lines.append(
                    f"{self.who(after.rules.permanent_house)} is the house for the"
                    " whole game: it plays no hand of its own; each round it rolls its six"
                    " dice, and the players play against its roost."
                )
        if after.results and (before is None or after.results != before.results):
            for result in after.results:
                lines += self._result(result)
        if after.lightning and (before is None or after.lightning != before.lightning):
            steps = [[(seat, dice_text(dice)) for seat, dice in one] for one in after.lightning]
            together = self.together([seat for seat, _ in after.lightning[0]])
            lines.append(f"{together} reach the target together: a lightning round, rolling"
                         " all but the sixes until one alone holds three.")  # fmt: skip
            lines += self.passes("Lightning round, step", steps)
        seat = after.to_act
        if seat is None:
            return lines
        new_round = before is None or after.round != before.round
        if new_round:
            lines += self._round(after)
        if before is None or new_round or seat != before.to_act:
            hand = after.hands[seat]
            shown = self.hand(hand) if hand else "three dice, hidden until the round is scored"
            lines.append(f"  {self.who(seat)} throws {shown}.")
        return lines

    def _result(self, result: eighteen.RoundResult) -> list[str]:
        roost = f"{dice_text(result.roost_dice)} = {result.roost}"
        if not any(result.hands):
            lines = [
                f"Round {result.round}: {self.who(result.house)} is the house, and its roost is"
                f" {roost}: the round ends before anyone rolls."
            ]
        else:
            lines = [f"  Round {result.round} is scored: the roost was {roost}."]
            lines += [
                f"    {self.who(seat)}: {self.hand(hand)}"
                for seat, hand in enumerate(result.hands)
                if hand
            ]
        lines.append(f"  Points this round: {self.seats(result.changes, signed=True)}.")
        return lines

    told_round: int | None = None
    """The round whose header was the last thing told (situation then skips its own)."""

    def _round(self, view: eighteen.View) -> list[str]:
        self.told_round = view.round
        points = zip(view.points, view.out, strict=True)
        standing = [f"{p} (out)" if out else p for p, out in points]
        lines = [
            f"Round {view.round}: points {self.seats(standing)}.",
            f"  {self.who(view.house)} is the house and shows {dice_text(view.discards)}.",
        ]
        if view.roost_dice:
            lines.append(
                f"  Your roost, hidden from the others: {dice_text(view.roost_dice)}"
                f" = {sum(view.roost_dice)}."
            )
        return lines

    def action(
        self, before: eighteen.View, seat: int, action: Any, after: eighteen.View
    ) -> list[str]:
        self.told_round = None
        hand: tuple[int, ...] = ()
        if after.round == before.round and after.to_act is not None:
            hand = after.hands[seat]
        for result in after.results:
            if result.round == before.round and result.hands[seat]:
                hand = result.hands[seat]
        if not hand:  # simultaneous_reveal: even how often a hidden hand rolled is secret
            return []
        if action == eighteen.ROLL:
            return [f"  {self.who(seat)} rolls: {self.hand(hand)}."]
        return [f"  {self.who(seat)} stands on {self.hand(hand)}."]

    def situation(self, view: eighteen.View) -> list[str]:
        lines = []
        if self.told_round != view.round:  # else the round's header was just told
            lines.append(f"Round {view.round}: {self.who(view.house)} is the house, showing"
                         f" {dice_text(view.discards)}.")  # fmt: skip
        if view.roost_dice:
            lines.append(f"Your roost: {dice_text(view.roost_dice)} = {sum(view.roost_dice)}.")
        others = ", ".join(
            self.holds(seat, self.hand(hand))
            for seat, hand in enumerate(view.hands)
            if hand and seat != view.player
        )
        if others:
            lines.append(f"Played this round: {others}.")
        if view.player is not None:
            lines.append(f"Your dice: {self.hand(view.hands[view.player])}.")
        return lines

    def choices(self, view: eighteen.View, legal: Sequence[Any]) -> str:
        hand = view.hands[view.player] if view.player is not None else ()
        total = sum(hand)
        words = []
        if eighteen.ROLL in legal:
            room = 18 - total
            safe = "any die keeps you in" if room >= 6 else f"a die of {room} or less keeps you in"
            words.append(f"roll (one more die: {safe})" if room > 0 else "roll (one more die)")
        if eighteen.STAND in legal:
            words.append(f"stand on {eighteen.hand_total(hand) or total}")
        return f"You can {' or '.join(words)}." if words else super().choices(view, legal)

    def label(self, view: eighteen.View, action: Any) -> str:
        if action == eighteen.ROLL:
            return "Roll one more die"
        hand = view.hands[view.player] if view.player is not None else ()
        return f"Stand on {eighteen.hand_total(hand) or sum(hand)}"

    def hint(self, view: eighteen.View, legal: Sequence[Any]) -> list[str]:
        if view.player is None or eighteen.ROLL not in legal:
            return []
        total = sum(view.hands[view.player])
        bust = Fraction(sum(1 for die in range(1, 7) if total + die > eighteen.BUST), 6)
        return [
            f"One more die on {total}: the chance of going bust is {float(bust):.0%}"
            f" (exactly {bust})."
        ]

    def notation_help(self, view: eighteen.View, legal: Sequence[Any]) -> list[str]:
        return [
            "roll takes one more die. Your hand counts the total of its dice: above 18 is"
            " bust, and six dice that are not bust count 18.",
            "stand keeps your hand as it is until the round is scored against the roost,"
            " the house's three highest dice, hidden until then.",
            "Against the roost: bust or under it, you give the house a point; equal, nothing;"
            " above it, you gain a point. You also gain a point for each other player who"
            " went bust or made less than you.",
        ]
