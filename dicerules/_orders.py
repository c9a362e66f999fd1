"""The legal actions of seeded games, listed in a process of another hash seed.

``dicerules.testing.check_game`` runs ``main`` in child processes of other
``PYTHONHASHSEED`` values and compares what they list with its own, so an order taken
from ``hash()`` or from a set of strings is caught. Kept apart from
``dicerules.testing`` so that a child starts without importing hypothesis.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
from collections.abc import Sequence
from typing import Any, Final

from dicerules.game import AnyGame
from dicerules.streams import DiceStream, SeededStream

__all__ = ["ORDER_GAMES", "ORDER_STEPS", "legal_orders", "main"]

ORDER_GAMES: Final = 2
"""Seeded games of each rules whose legal actions another process lists too."""

ORDER_STEPS: Final = 100
"""The most actions of each of those games."""


def legal_orders(game: AnyGame, chosen: Sequence[Any]) -> list[tuple[str, list[str], str]]:
    """For each state of ``ORDER_GAMES`` seeded games of each rules in ``chosen``
    (each choice an index into legal_actions, drawn from a seeded stream): a digest of
    legal_actions' notations in order, the first few of them, and where it stands."""
    orders = []
    for rules in chosen:
        for seed in range(ORDER_GAMES):
            state = game.new_game(rules, seed=seed)
            choices: DiceStream = SeededStream(seed + 1)
            for step in range(ORDER_STEPS):
                if game.is_terminal(state):
                    break
                legal = game.legal_actions(state)
                texts = [game.format_action(action) for action in legal]
                digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
                orders.append((digest, texts[:5], f"game {seed} of {rules!r}, step {step}"))
                (face,), choices = choices.roll(1, len(legal))
                state = game.apply(state, legal[face - 1])
    return orders


def main() -> None:  # pragma: no cover - runs in the child process
    """The child process of the check: reads the parent's sys.path,
    then the game and its rules, from standard input; writes ``legal_orders`` as JSON.
    Exit status 3: the game could not be loaded here."""
    sys.path[:] = pickle.load(sys.stdin.buffer)
    try:
        game, chosen = pickle.load(sys.stdin.buffer)
    except Exception as error:
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        raise SystemExit(3) from None
    json.dump(legal_orders(game, chosen), sys.stdout)
