"""The exact values of small liar's dice games, printed as the README's tables.

Two seats of one die or more, seat 0 opening, under rules of the ones and of the
presets, for dice of the sides asked: each value (seat 0's, under optimal play on both
sides) is found by ``dicerules.tree.solve`` and proven there by exact best responses.
With more than one die a seat the game has several rounds (a die lost a challenge),
solved a round at a time. Each row prints as soon as it is solved (a game of one die
of seven sides takes a minute or more, of eight sides a quarter of an hour).

    python examples/exact_values.py [--dice 1] [--sides 2,3,4,5,6] [--rows ones|all]
    (needs SciPy)

``--rows all`` adds the norwegian and perudo presets' rules (seat 0 opening): perudo's
calza, callable for ten rounds a die, makes a key of each round number, so a game of
more than one die a seat has too many rounds to solve in minutes.
"""

from __future__ import annotations

import argparse
from typing import Any

from dicerules import tree
from dicerules.games import liars_dice

TWO_SEATS: dict[str, Any] = {"players": 2, "first_opener": "seat0"}
ONES: dict[str, dict[str, Any]] = {
    "ones wild, ranked high (OpenSpiel's `liars_dice`)": {
        "ones_opening_cancels_wild": False,
        "ones_rank": "high",
    },
    "ones wild, ranked low": {"ones_opening_cancels_wild": False},
    "ones wild unless the round opens on ones (classic)": {},
    "ones not wild": {"ones_wild": False},
}
"""The rows of the ones: OpenSpiel's, ours ranked low, the classic preset's, none."""
PRESETS: dict[str, dict[str, Any]] = {
    "straights wild, the loser opens (norwegian)": {
        "ones_opening_cancels_wild": False,
        "straights_wild": True,
        "next_opener": "loser",
    },
    "pacos, palifico and calza, the loser opens (perudo)": {
        "ones_opening_cancels_wild": False,
        "ones_rank": "half",
        "palifico": True,
        "calza": True,
        "next_opener": "loser",
    },
}
"""The rows of the other presets' rules, their dice and seats aside."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice", type=int, default=1, help="the dice each seat starts with")
    parser.add_argument("--sides", default="2,3,4,5,6", help="the dice's sides, by commas")
    parser.add_argument("--rows", choices=("ones", "all"), default="ones", help="which rules")
    args = parser.parse_args()
    sides = [int(text) for text in args.sides.split(",")]
    dice = "1 die" if args.dice == 1 else f"{args.dice} dice"
    print(f"| 2 seats x {dice} | " + " | ".join(f"{n} sides" for n in sides) + " |")
    print("|---|" + "---|" * len(sides))
    rows = ONES if args.rows == "ones" else {**ONES, **PRESETS}
    for label, changes in rows.items():
        values = []
        for count in sides:
            fields = {**TWO_SEATS, "dice_per_player": args.dice, "sides": count, **changes}
            values.append(str(tree.solve("liars-dice", liars_dice.Rules(**fields)).value))
        print(f"| {label} | " + " | ".join(values) + " |", flush=True)


if __name__ == "__main__":
    main()
