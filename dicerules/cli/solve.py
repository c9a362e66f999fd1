"""``dicerules solve GAME``: CFR on a small game's whole tree, its policy saved.

The tree is ``dicerules.tree.walk``'s under the rules ``--preset``, ``--players`` and
``--rule`` give (a tree past ``--bound`` nodes is a one-line error, exit status 1).
``dicerules.solvers.CFR`` runs ``--iterations`` of ``--variant``; every ``--every``
iterations (about twenty reports by default) the exploitability of the average
policy is shown on standard error with a bar, when it is a terminal (or with
``--progress``). Standard output gets the tree's size, the last exploitability and
each seat's value under the average policy; ``--out FILE`` saves the policy
(``dicerules.policies``: JSON, which the ``policy=FILE`` bot plays), refusing to
replace a file that is no saved policy or record without ``--force``; ``--exact``
adds the value proven by ``dicerules.tree.solve`` (two seats, zero-sum, SciPy).
NumPy is needed (the ``solvers`` extra).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, TextIO

from dicerules import tree
from dicerules.cli.options import (
    UsageError,
    check_replaceable,
    check_writable,
    count,
    find_game,
    make_rules,
    say,
    width,
    write_whole,
)
from dicerules.policies import VARIANTS

REPORTS = 20
"""About how many times the exploitability is shown, without ``--every``."""

BAR = 24
"""The width of the progress bar, in characters."""


def configure(command: argparse.ArgumentParser) -> None:
    """The options of ``solve`` beyond the game's."""
    command.add_argument(
        "--iterations", type=count(1), default=1000, metavar="N", help="CFR iterations (1,000)"
    )
    command.add_argument(
        "--variant", choices=VARIANTS, default="cfr+", metavar="V",
        help="cfr, cfr+ (the default) or dcfr (discounted CFR)",
    )  # fmt: skip
    command.add_argument(
        "--every", type=count(1), metavar="K",
        help="show the exploitability every K iterations (by default about 20 times)",
    )  # fmt: skip
    command.add_argument(
        "--out", metavar="FILE",
        help="save the average policy here, as JSON (for the policy=FILE bot)",
    )  # fmt: skip
    command.add_argument(
        "--force", action="store_true", help="let --out replace a file that is no saved policy"
    )
    command.add_argument(
        "--exact", action="store_true",
        help="also the exact value of a two-seat zero-sum game (SciPy)",
    )  # fmt: skip
    command.add_argument(
        "--bound", type=count(1), default=tree.NODE_BOUND, metavar="N",
        help=f"refuse a tree of more than N nodes ({tree.NODE_BOUND:,})",
    )  # fmt: skip
    command.add_argument(
        "--progress", action="store_true", default=None,
        help="the progress on standard error (the default when it is a terminal)",
    )  # fmt: skip
    command.add_argument(
        "--no-progress", action="store_false", dest="progress", help="no progress shown"
    )


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Walk the tree, run CFR showing its progress, print and save what it found."""
    try:
        from dicerules import solvers
    except ImportError:
        raise UsageError("solve needs NumPy: python -m pip install 'dicerules[solvers]'") from None
    game = find_game(args.game)
    rules = make_rules(game, args.preset, args.players, args.rule)
    if args.exact and game.seats(rules) != 2:
        raise UsageError(
            f"--exact needs a game of two seats; {game.name} has {game.seats(rules)} here"
        )
    check_writable(args.out)
    check_replaceable(args.out, args.force, "--out", "saved policy")
    walked = tree.walk(game, rules, bound=args.bound, views=False)
    sets = ", ".join(f"{len(texts):,}" for texts in walked.information_sets)
    say(
        [
            f"{game.name} {rules!r}: {walked.nodes:,} nodes; information sets a seat: {sets}",
        ],
        out,
    )
    solver = solvers.CFR(walked, args.variant)
    every = args.every or max(1, args.iterations // REPORTS)
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    bar = Bar(args.iterations, shown, width(sys.stderr))
    start = time.process_time()
    found = float("nan")
    while solver.iterations < args.iterations:
        solver.run(min(every, args.iterations - solver.iterations))
        found = solvers.exploitability(walked, solver.average_policy())
        bar.show(solver.iterations, found)
    bar.close()
    seconds = time.process_time() - start
    policy = solver.average_policy()
    values = solvers.policy_value(walked, policy)
    shares = ", ".join(f"seat {seat} {value:.9f}" for seat, value in enumerate(values))
    lines = [
        f"{args.variant}, {solver.iterations:,} iterations in {seconds:.1f} s of CPU:"
        f" exploitability {found:.9g}; values under the average policy: {shares}",
    ]
    if args.out is not None:
        saved = policy.saved(
            variant=args.variant, iterations=solver.iterations, exploitability=found
        )
        write_whole(args.out, saved.dumps() + "\n")
        lines.append(f"Policy saved to {args.out} (play it: --bots policy={args.out}).")
    if args.exact:
        lines.append(_exact(walked, values))
    say(lines, out)
    return 0


def _exact(walked: Any, values: tuple[float, ...]) -> str:
    """The line of ``--exact``: the proven value, and how far the policy's is from it."""
    try:
        solution = tree.solve_tree(walked)
    except ImportError:
        raise UsageError("--exact needs SciPy: python -m pip install scipy") from None
    return (
        f"Exact value for seat 0: {solution.value} (about {float(solution.value):.9f}),"
        " proven by each seat's exact best response; the average policy's is"
        f" {abs(values[0] - float(solution.value)):.3g} from it."
    )


class Bar:
    """Iterations done and the exploitability, with a bar, on one line of standard
    error: rewritten in place on a terminal and cleared at the end; a file (asked for
    with ``--progress``) gets a line each."""

    def __init__(self, total: int, shown: bool, columns: int) -> None:
        self.total, self.shown, self.columns = total, shown, columns
        try:
            self.terminal = sys.stderr.isatty()
        except (AttributeError, ValueError):  # no stream, or a closed one
            self.terminal = False
        self.length = 0

    def show(self, done: int, found: float) -> None:
        if not self.shown:
            return
        filled = BAR * done // self.total
        line = (
            f"[{'#' * filled}{'.' * (BAR - filled)}] {done:,}/{self.total:,} iterations,"
            f" exploitability {found:.6g}"
        )[: max(self.columns - 1, 1)]
        if self.terminal:
            print(f"\r{line.ljust(self.length)}", end="", file=sys.stderr, flush=True)
            self.length = len(line)
        else:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.shown and self.terminal and self.length:
            print(f"\r{' ' * self.length}\r", end="", file=sys.stderr, flush=True)
