"""The words ``play`` and ``replay`` print for a game of liars dice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from dicerules.games.liars_dice import engine as liars_dice
from dicerules.games.liars_dice import odds
from dicerules.narration import Narrator, dice_text, either

HALF = Fraction(1, 2)


class LiarsDiceNarrator(Narrator[liars_dice.View]):
    """Liar's dice: bids, the cups coming up at a challenge or a calza, the hand at each
    round, and palifico rounds."""

    score_name = "dice left"
    labels_by_action = frozenset({liars_dice.Bid})  # a bid's words are the bid's alone
    synonyms = MappingProxyType(
        {"liar": "challenge", "call": "challenge", "dudo": "challenge", "exact": "calza"}
    )

    def standing(self, view: liars_dice.View) -> Sequence[int]:
        return view.dice

    def news(self, before: liars_dice.View | None, after: liars_dice.View) -> list[str]:
        lines = [] if before else self.passes("Roll-off for the first opener, pass", after.rolloff)
        reveal = after.last_reveal
        if reveal is not None and (before is None or reveal != before.last_reveal):
            lines += self._reveal(reveal, after)
        if after.to_act is not None and (before is None or after.round != before.round):
            lines += self._round(after)
        elif before is not None and before.ones_wild and not after.ones_wild:
            lines.append("  The round opened on ones: ones are not wild this round.")
        return lines

    def _reveal(self, reveal: liars_dice.Reveal, after: liars_dice.View) -> list[str]:
        rules = after.rules
        cups = ", ".join(
            self.holds(seat, dice_text(hand)) for seat, hand in enumerate(reveal.hands) if hand
        )
        wild = []
        if reveal.ones_wild and reveal.bid.face != 1:
            wild.append("ones wild")
        if rules.straights_wild:
            wild.append("straights wild")
        how = f" ({', '.join(wild)})" if wild else ""
        count = "1 die counts" if reveal.count == 1 else f"{reveal.count} dice count"
        if reveal.calza:
            caller = self.who(reveal.challenger)
            if reveal.loser is not None:
                outcome = f"not exact; {caller} loses a die"
            elif len(reveal.hands[reveal.challenger]) < rules.dice_per_player:
                outcome = f"exact! {caller} gains a die"
            else:
                outcome = f"exact! {caller} already holds {rules.dice_per_player} dice: no gain"
            lines = [f"  Cups up: {cups}.", f"  {count} for {reveal.bid}{how}: {outcome}."]
        else:
            held = "the bid holds" if reveal.count >= reveal.bid.quantity else "the bid fails"
            loser = self.who(reveal.loser) if reveal.loser is not None else "nobody"
            lines = [
                f"  Cups up: {cups}.",
                f"  {count} for {reveal.bid}{how}: {held}; {loser} loses a die.",
            ]
        if reveal.loser is not None and not after.dice[reveal.loser]:
            on = "" if after.to_act is None else " The others play on."
            if reveal.loser == self.viewer:
                lines.append(f"  That was your last die: you are out of the game.{on}")
            else:
                lines.append(f"  {self.who(reveal.loser)} has no dice left and is out.")
        return lines

    def _round(self, view: liars_dice.View) -> list[str]:
        left = ", ".join(self.holds(seat, n) for seat, n in enumerate(view.dice) if n)
        lines = [
            f"Round {view.round}: {sum(view.dice)} dice in play ({left});"
            f" {self.who(view.opener)} opens."
        ]
        if view.palifico:
            lines.append(
                f"  Palifico: {self.who(view.opener)} is down to one die. Ones are not wild;"
                " the opening bid names any face, and every later bid that face, more of it."
            )
        if view.hand and view.to_act != view.player:  # else the seat's turn shows it
            lines.append(f"  Your hand: {dice_text(view.hand)}.")
        return lines

    def action(
        self, before: liars_dice.View, seat: int, action: Any, after: liars_dice.View
    ) -> list[str]:
        if isinstance(action, liars_dice.Bid):
            return [f"  {self.who(seat)} bids {action}."]
        bidder, bid = before.bids[-1]
        if isinstance(action, liars_dice.Calza):
            return [f"  {self.who(seat)} calls calza: {self.whose(bidder)} {bid} is exact."]
        return [f"  {self.who(seat)} challenges {self.whose(bidder)} {bid}."]

    def situation(self, view: liars_dice.View) -> list[str]:
        wild = "ones wild" if view.ones_wild else "ones not wild"
        if view.rules.straights_wild:
            wild += ", straights wild"
        if view.palifico:
            face = view.palifico_face
            wild += ", palifico" + (f": every bid names {face}s" if face is not None else "")
        bids = ", ".join(f"{self.who(seat)} {bid}" for seat, bid in view.bids)
        if view.player is not None and not view.dice[view.player]:
            return [f"You are out of the game. Dice in play: {sum(view.dice)} ({wild})."]
        return [
            f"Your hand: {dice_text(view.hand)}. Dice in play: {sum(view.dice)} ({wild}).",
            *([f"Bids this round: {bids}."] if bids else []),
        ]

    def choices(self, view: liars_dice.View, legal: Sequence[Any]) -> str:
        bids = [action for action in legal if isinstance(action, liars_dice.Bid)]
        others = [self.game.format_action(a) for a in legal if not isinstance(a, liars_dice.Bid)]
        if not view.bids:
            example = self._example(view, bids)
            return (
                f"You open the round: bid from {bids[0]} to {bids[-1]} ({example}: at least"
                f" {self._amount(example)} among all {sum(view.dice)} dice)."
            )
        bidder, last = view.bids[-1]
        if not bids:
            return (
                f"No bid is left above {self.whose(bidder)} {last}: you can only {either(others)}."
            )
        raise_ = f"raise {self.whose(bidder)} {last} (from {bids[0]} up to {bids[-1]})"
        answers = [
            f"{word} it" if word == "challenge" else f"call {word}" if word == "calza" else word
            for word in others
        ]
        return f"You can {either([raise_, *answers])}."

    def label(self, view: liars_dice.View, action: Any) -> str:
        if isinstance(action, liars_dice.Bid):
            return f"Bid {self._amount(action)} ({action})"
        bidder, bid = view.bids[-1]
        if isinstance(action, liars_dice.Calza):
            return f"Call calza: {self.whose(bidder)} {bid} is exact"
        return f"Challenge {self.whose(bidder)} {bid}"

    def suggested(self, view: liars_dice.View, legal: Sequence[Any]) -> Any:
        """Opening, the bid ``choices`` gives as its example; else the lowest raise on
        the face the viewer's hand shows most of (ones counted where they are wild)."""
        bids = [action for action in legal if isinstance(action, liars_dice.Bid)]
        if not bids:
            return None
        if not view.bids:
            return self._example(view, bids)
        counts = Counter(view.hand)
        wild = counts[1] if view.ones_wild else 0
        best = max(
            (face for face in range(1, view.rules.sides + 1)),
            key=lambda face: (counts[face] + (wild if face != 1 else 0), face),
        )
        return next((bid for bid in bids if bid.face == best), bids[0])

    def _example(self, view: liars_dice.View, bids: Sequence[liars_dice.Bid]) -> Any:
        """A bid on what the viewer's own hand shows most of, if it is legal."""
        if view.hand:
            counts = Counter(view.hand)
            face, count = max(counts.items(), key=lambda item: (item[1], item[0] != 1, item[0]))
            for bid in bids:
                if (bid.quantity, bid.face) == (count, face):
                    return bid
        return bids[len(bids) // 3]

    def hint(self, view: liars_dice.View, legal: Sequence[Any]) -> list[str]:
        unseen = [n for seat, n in enumerate(view.dice) if seat != view.player and n]

        def chance(quantity: int, face: int) -> Fraction:
            return odds.bid_probability(
                quantity, face, view.hand, unseen, sides=view.rules.sides,
                ones_wild=view.ones_wild, straights_wild=view.rules.straights_wild,
                palifico=view.palifico,
            )  # fmt: skip

        given = f"given your hand {dice_text(view.hand)} and {sum(unseen)} dice you cannot see"
        if not view.bids:
            best: dict[int, liars_dice.Bid] = {}
            for bid in legal:
                if not isinstance(bid, liars_dice.Bid) or chance(bid.quantity, bid.face) < HALF:
                    continue
                if bid.face not in best or bid.quantity > best[bid.face].quantity:
                    best[bid.face] = bid
            told = ", ".join(
                f"{bid} {float(chance(bid.quantity, bid.face)):.1%}"
                for _, bid in sorted(best.items())
            )
            return [f"The highest opening bid of each face that holds at least half the time,"
                    f" {given}: {told or 'none'}."]  # fmt: skip
        bidder, bid = view.bids[-1]
        holds = chance(bid.quantity, bid.face)
        lines = [
            f"The chance that {self.whose(bidder)} {bid} holds, {given}:"
            f" {float(holds):.1%} (exactly {holds})."
        ]
        if any(isinstance(action, liars_dice.Calza) for action in legal):
            exact = holds - chance(bid.quantity + 1, bid.face)
            lines.append(
                f"The chance that it is exactly right (calza): {float(exact):.1%}"
                f" (exactly {exact})."
            )
        return lines

    @staticmethod
    def _raise_rule(view: liars_dice.View) -> str:
        """How a bid raises the last one, under the rules of this round."""
        if view.palifico:
            face = view.palifico_face
            named = f"{face}s, the face this round's opening named" if face else "its face"
            return (
                "Palifico round: ones are not wild; the opener bids any face, and each later"
                f" bid names {named}, with more dice (3x{face or 4} after 2x{face or 4})."
            )
        rank = view.rules.ones_rank
        if rank == "half" and view.ones_wild:
            return (
                "Each bid raises the last one: more dice of any face (4x2 after 3x4), or as"
                " many of a higher face (3x5 after 3x4). Pacos: a bid on ones needs only half the"
                " last quantity, rounded up (2x1 after 3x5); ones raise ones by quantity;"
                " leaving ones takes twice their quantity plus one (5x4 after 2x1)."
            )
        if rank == "high":
            return (
                "Each bid raises the last one: more dice, or as many of a higher face, ones"
                " ranking above the highest face (1x6, then 1x1, then 2x2)."
            )
        return (
            "Each bid raises the last one: more dice of any face (4x2 after 3x4), or as"
            " many dice of a higher face (3x5 after 3x4)."
        )

    @staticmethod
    def _amount(bid: liars_dice.Bid) -> str:
        """``three 4s``, ``one 6``."""
        words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
        quantity = words[bid.quantity] if bid.quantity < len(words) else str(bid.quantity)
        return f"{quantity} {bid.face}" + ("" if bid.quantity == 1 else "s")

    def notation_help(self, view: liars_dice.View, legal: Sequence[Any]) -> list[str]:
        lines = [
            "A bid is a quantity and a face: 3x4 says at least three 4s are showing under"
            " all the cups, yours included.",
            self._raise_rule(view),
            "challenge (or liar, or call) says the last bid is a lie: the cups come up, the"
            " dice are counted, and whoever was wrong loses a die. With no dice left you"
            " are out; the last seat with dice wins.",
        ]
        if view.ones_wild:
            lines.append(
                "Ones are wild this round: they count for any face (not for a bid on ones)."
            )
        if view.rules.straights_wild:
            lines.append(
                "Straights are wild: a hand of 1, 2, ..., up to its size counts for any face."
            )
        if liars_dice.CALZA in legal:
            keep = view.rules.dice_per_player
            lines.append(
                "calza (or exact) says the last bid is exactly right: the cups come up; if"
                f" the count is the bid's quantity you gain a die (up to {keep}), otherwise"
                " you lose one."
            )
        return lines
