"""Perft, as every test_perft_*.py here counts it, and the states it counts from.

Definition (as python-chess's perft, with finished games as leaves)::

    perft(s, 0) = 1
    perft(s, d) = 1                                  if s is terminal (d > 0)
    perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))   otherwise

The game is the registered one whose states are of ``s``'s type. The last ply is
counted by the length of the legal list, which is the same number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import dicerules
from dicerules.game import AnyGame, game_of


def perft(state: Any, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state`` (see above)."""
    return _count(game_of(state), state, depth)


def _count(game: AnyGame, state: Any, depth: int) -> int:
    if depth == 0 or game.is_terminal(state):
        return 1
    legal = game.legal_actions(state)
    if depth == 1:
        return len(legal)
    return sum(_count(game, game.apply(state, action), depth - 1) for action in legal)


def engine_state(rules: Any, seed: int, prefix: Sequence[str]) -> Any:
    """A new game of ``rules`` from ``seed``, then each action of ``prefix`` (in notation).

    The game is the registered one whose Rules class ``rules`` is an instance of.
    """
    (game,) = [game for game in dicerules.GAMES.values() if type(rules) is game.Rules]
    state = game.new_game(rules, seed=seed)
    for text in prefix:
        state = game.apply(state, game.parse_action(state, text))
    return state
