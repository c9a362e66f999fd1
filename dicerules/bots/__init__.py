"""Bots: players that choose an action from what their seat may see.

A bot is made for one game and one seed, ``make("random" | "expert", game, seed=0)``,
and answers ``choose(view, legal_actions)``. It is handed a view, never a state, so
it can know only what its seat knows; given the same seed and the same views, in
the same order, it makes the same choices. Every game has both bots: ``random``
picks uniformly among the legal actions; ``expert`` plays well: from the exact odds of
``dicerules.probability`` in liars-dice, eighteen and twenty-four, and by playing the
round out from the positions it may be in, in link.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicerules.bots import eighteen, liars_dice, link, twenty_four
from dicerules.bots.base import Bot, RandomBot, as_game, bot_random
from dicerules.game import AnyGame, get_game
from dicerules.streams import check_seed

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "bot_random", "make"]

BOT_NAMES: tuple[str, ...] = ("random", "expert")
"""The bots every game has."""

_EXPERTS: dict[str, Callable[[int], Bot[Any, Any]]] = {
    "eighteen": eighteen.Expert,
    "liars-dice": liars_dice.Expert,
    "link": link.Expert,
    "twenty-four": twenty_four.Expert,
}


def make(name: str, game: AnyGame | str, seed: int = 0) -> Bot[Any, Any]:
    """A new bot ``name`` for ``game`` (a Game or its registry name), seeded by ``seed``.

    ValueError for a name that is not one of BOT_NAMES; UnknownGameError for a game
    that is not registered; ``seed`` is an int with 0 <= seed < 2**64. TypeError for
    a name or game of another type.
    """
    if not isinstance(name, str):
        raise TypeError(f"a bot's name is a str, not {type(name).__name__}")
    game_name = as_game(game).name
    get_game(game_name)
    seed = check_seed(seed)
    if name == "random":
        return RandomBot(seed)
    if name == "expert":
        try:
            expert = _EXPERTS[game_name]
        except KeyError:
            raise ValueError(f"there is no expert bot for {game_name!r}") from None
        return expert(seed)
    raise ValueError(f"no bot named {name!r}; the bots are: {', '.join(BOT_NAMES)}")
