"""Your own liars-dice bot, seated against the built-in ones.

A bot is any object with a ``name`` and ``choose(view, legal_actions)``: it is handed
what its seat may see, never the state. This one is deliberately simple: it never
bids what it thinks is more likely false than true, and it challenges a bid once that
bid is less likely than one in three. It reads the odds from
``dicerules.probability``, exactly as the built-in expert does, and plays heads-up
matches against the expert and against a random bot, taking turns at opening. The
same seed prints the same bytes.

    python examples/your_bot.py [--games N] [--seed N]
"""

from __future__ import annotations

from typing import Any

import dicerules
from dicerules import bots, probability
from dicerules.games import liars_dice

RULES = liars_dice.Rules(players=2, dice_per_player=5)


class Cautious:
    """Bids the lowest raise that is more likely true than false; otherwise challenges."""

    name = "cautious"

    def choose(
        self, view: liars_dice.View, legal_actions: tuple[liars_dice.Action, ...]
    ) -> liars_dice.Action:
        def holds(bid: liars_dice.Bid) -> float:
            unseen = [n for seat, n in enumerate(view.dice) if seat != view.player and n]
            return probability.bid_probability_float(
                bid.quantity, bid.face, view.hand, unseen, sides=view.rules.sides,
                ones_wild=view.ones_wild, straights_wild=view.rules.straights_wild,
            )  # fmt: skip

        if view.bids and holds(view.bids[-1][1]) < 1 / 3:
            return liars_dice.CHALLENGE
        for action in legal_actions:  # bids come in raising order, a challenge last
            if isinstance(action, liars_dice.Bid) and holds(action) > 0.5:
                return action
        if liars_dice.CHALLENGE in legal_actions:
            return liars_dice.CHALLENGE  # no raise is likely: call the bid
        return legal_actions[0]  # an opener with no likely bid bids the lowest


def match(opponent: str, games: int, seed: int) -> tuple[int, int]:
    """Games won by Cautious and by ``opponent``, seats swapped every other game."""
    won = [0, 0]
    for number in range(games):
        game_seed = seed + number
        other = bots.make(opponent, "liars-dice", seed=game_seed)
        seated: list[bots.Bot[Any, Any]] = [Cautious(), other]
        if number % 2:
            seated.reverse()
        final = dicerules.play_match("liars-dice", RULES, seated, game_seed)
        (winner,) = liars_dice.winners(final)
        won[seated[winner] is other] += 1
    return won[0], won[1]


def main() -> None:
    from watch import Arguments

    from dicerules.cli.options import count, parse_seed  # the examples' command lines

    parser = Arguments(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count(1), default=200, help="games per match")
    parser.add_argument("--seed", type=parse_seed, default=1, help="seed of the first game")
    args = parser.parse_args()
    print(f"liars-dice, classic rules, 2 seats of 5 dice; {args.games} games a match.")
    for opponent in ("random", "expert"):
        mine, theirs = match(opponent, args.games, args.seed)
        print(f"cautious {mine:>4} - {theirs:<4} {opponent}")


if __name__ == "__main__":
    main()
