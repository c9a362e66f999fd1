"""Bots: players that choose an action from what their seat may see.

A bot is made for one game and one seed, ``make("random" | "expert", game, seed=0)``,
and answers ``choose(view, legal_actions)``. It is handed a view, never a state, so
it can know only what its seat knows; given the same seed and the same views, in
the same order, it makes the same choices. Every game has the ``random`` bot, which
picks uniformly among the legal actions, and ``uniform``, which does the same from a
SeededStream, so that ``dicerules.batch`` plays it too; a game that declares an
expert in its Game (``expert``) has the ``expert`` bot too, which plays well (every
built-in game has one).
A game may declare more named bots (its Game's ``bots``); ``names(game)`` lists them all.
"""

from __future__ import annotations

from typing import Any

from dicerules.bot import Bot, RandomBot, as_game, bot_random
from dicerules.bots.uniform import UniformBot
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.game import AnyGame, get_game
from dicerules.streams import check_seed

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "UniformBot", "bot_random", "make", "names"]

BOT_NAMES: tuple[str, ...] = ("random", "expert")
"""The bots every built-in game has, beside ``uniform`` (every game has it)."""


def names(game: AnyGame | str) -> tuple[str, ...]:
    """The names of the bots of ``game``: ``random``, ``uniform``, ``expert`` if it has
    one, then the bots its Game declares in ``bots``."""
    found = get_game(as_game(game).name)
    own = ("random", "uniform", "expert") if found.expert is not None else ("random", "uniform")
    return (*own, *(name for name in found.bots if name not in own))


def make(name: str, game: AnyGame | str, seed: int = 0) -> Bot[Any, Any]:
    """A new bot ``name`` for ``game`` (a Game or its registry name), seeded by ``seed``.

    ValueError for a name that is not one of ``names(game)`` (BOT_NAMES and the
    game's own bots), or ``expert`` for a game with none; UnknownGameError for a
    game that is not registered; ``seed`` is an int with 0 <= seed < 2**64.
    TypeError for a name or game of another type.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a bot's name is a str, not {type(name).__name__}")
    found = get_game(as_game(game).name)
    seed = check_seed(seed)
    if name == "random":
        return RandomBot(seed)
    if name == "uniform":
        return UniformBot(seed)
    if name == "expert":
        if found.expert is None:
            raise InvalidArgumentError(f"there is no expert bot for {found.name!r}")
        return found.expert(seed)
    extra = found.bots.get(name)
    if extra is not None:
        return extra(seed)
    raise InvalidArgumentError(f"no bot named {name!r}; the bots are: {', '.join(names(found))}")
