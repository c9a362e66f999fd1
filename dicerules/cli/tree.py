"""``dicerules tree GAME``: the size of a game's whole tree, its EFG text, its exact value.

The tree is ``dicerules.tree.walk``'s, under the rules ``--preset``, ``--players`` and
``--rule`` give. It prints the counts; ``--efg FILE`` writes the tree as Gambit EFG
text (``-``: standard output, then without the counts); ``--solve`` prints the exact
value of a two-seat zero-sum game and how it was proven (SciPy needed).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from dicerules import tree
from dicerules.cli.options import check_writable, count, create, find_game, make_rules


def configure(command: argparse.ArgumentParser) -> None:
    """The options of ``tree`` beyond the game's."""
    command.add_argument(
        "--efg", metavar="FILE", help="write the tree as Gambit EFG text (- for standard output)"
    )
    command.add_argument(
        "--solve", action="store_true", help="the exact value of a two-seat zero-sum game (SciPy)"
    )
    command.add_argument(
        "--bound", type=count(1), default=tree.NODE_BOUND, metavar="N",
        help=f"refuse a tree of more than N nodes ({tree.NODE_BOUND:,})",
    )  # fmt: skip


def cmd_tree(args: argparse.Namespace, out: TextIO) -> int:
    """Walk the tree; print its counts, write its EFG text, solve it, as asked."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, args.players, args.rule)
    if args.efg != "-":
        check_writable(args.efg)
    walked = tree.walk(game, rules, bound=args.bound)
    if args.efg == "-":
        sys.stdout.write(tree.efg_text(walked))
        return 0
    if args.efg is not None:
        with create(args.efg) as file:
            file.write(tree.efg_text(walked))
    sets = ", ".join(f"{n:,}" for n in (len(texts) for texts in walked.information_sets))
    print(
        f"{game.name} {rules!r}: {walked.nodes:,} nodes ({walked.chance_nodes:,} chance,"
        f" {walked.terminals:,} terminal); information sets a seat: {sets}",
        file=out,
    )
    if args.solve:
        solution = tree.solve_tree(walked)
        print(
            f"value for seat 0: {solution.value} (about {float(solution.value):.9f}); each"
            " seat's exact best response to the equilibrium found gives it",
            file=out,
        )
    return 0
