"""The exact values of small liar's dice games, printed as the README's table.

Two seats of one die, seat 0 opening, under four rules of the ones, for dice of
2 to 6 sides: each value (seat 0's, under optimal play on both sides) is found by
``dicerules.tree.solve`` and proven there by exact best responses. Each row prints
as soon as it is solved (a six-sided game takes a minute or more).

    python examples/exact_values.py [--sides 2,3,4,5,6]    (needs SciPy)
"""

from __future__ import annotations

import argparse
from typing import Any

from dicerules import tree
from dicerules.games import liars_dice

TWO_BY_ONE: dict[str, Any] = {"players": 2, "dice_per_player": 1, "first_opener": "seat0"}
VARIANTS: dict[str, dict[str, Any]] = {
    "ones wild, ranked high (OpenSpiel's `liars_dice`)": {
        "ones_opening_cancels_wild": False,
        "ones_rank": "high",
    },
    "ones wild, ranked low": {"ones_opening_cancels_wild": False},
    "ones wild unless the round opens on ones (classic)": {},
    "ones not wild": {"ones_wild": False},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", default="2,3,4,5,6", help="the dice's sides, by commas")
    sides = [int(text) for text in parser.parse_args().sides.split(",")]
    print("| 2 seats x 1 die | " + " | ".join(f"{n} sides" for n in sides) + " |")
    print("|---|" + "---|" * len(sides))
    for label, changes in VARIANTS.items():
        values = []
        for count in sides:
            rules = liars_dice.Rules(**{**TWO_BY_ONE, "sides": count, **changes})
            values.append(str(tree.solve("liars-dice", rules).value))
        print(f"| {label} | " + " | ".join(values) + " |", flush=True)


if __name__ == "__main__":
    main()
