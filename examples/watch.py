"""What the narrated examples share: a seeded game between random players, told as a
spectator sees it by the game's own narrator (the words ``dicerules replay`` prints
for the same record), wrapped at 80 columns, then the game's record as JSON.

Run an example, not this module: ``python examples/quickstart.py [--seed N]``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

import dicerules
from dicerules.cli.options import parse_seed, wrapped
from dicerules.game import AnyGame
from dicerules.narration import Narrator

COLUMNS = 80


def show(lines: Sequence[str]) -> None:
    """Print ``lines`` at most 80 columns wide, as the ``dicerules`` command wraps them:
    a wrapped line goes on indented, and a seat stays with its number and value."""
    for line in lines:
        for part in wrapped(line, COLUMNS):
            print(part)


def watch(game: AnyGame, rules: Any, seed: int) -> Any:
    """Play one game of ``game`` under ``rules``, printing what a spectator sees; the
    final state. The players choose uniformly among the legal actions, from a stream
    of their own (the game's seed, changed), so the same seed plays the same game."""
    teller: Narrator[Any] = (game.narrator or Narrator)(game, None)
    state = game.new_game(rules, seed=seed)
    choices = dicerules.SeededStream(seed ^ 0x5EED)
    seen = game.view(state, None)
    show(teller.news(None, seen))
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        (pick,), choices = choices.roll(1, len(legal))
        action = legal[pick - 1]
        state = game.apply(state, action)
        now = game.view(state, None)
        show(teller.step(seen, seat, action, now))
        seen = now
    show(teller.ending(game.winners(state), game.scores(state)))
    return state


class Arguments(argparse.ArgumentParser):
    """The examples' command lines: a bad argument is said in one line, no usage."""

    def error(self, message: str) -> NoReturn:
        """A bad argument in one line, as the ``dicerules`` command says it."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(doc: str, game: str, rules: Any, seed: int) -> None:
    """The example's command line: ``--seed N`` (``seed`` by default), then the game."""
    parser = Arguments(description=doc.splitlines()[0])
    parser.add_argument(
        "--seed", type=parse_seed, default=seed, help=f"the game's seed (default {seed})"
    )
    args = parser.parse_args()
    state = watch(dicerules.get_game(game), rules, args.seed)
    print("\nRecord:")
    print(dicerules.record(state).to_json())
