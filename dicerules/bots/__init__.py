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

``lineup(text, game, seats)`` reads the command line's ``--bots`` (one name for every
seat, or a comma-separated name per seat), the same for ``play`` and ``simulate``.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from dicerules.bot import Bot, RandomBot, as_game, bot_random
from dicerules.bots.uniform import UniformBot
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.game import AnyGame, get_game
from dicerules.streams import check_seed

__all__ = [
    "BOT_NAMES",
    "Bot",
    "RandomBot",
    "UniformBot",
    "bot_random",
    "lineup",
    "make",
    "names",
    "suggestion",
    "unknown_bot",
]

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
    raise InvalidArgumentError(unknown_bot(name, found))


def unknown_bot(name: str, game: AnyGame) -> str:
    """The message for a bot ``name`` that ``game`` does not have."""
    known = names(game)
    return f"no bot named {name!r}{suggestion(name, known)}; the bots are: {', '.join(known)}"


def suggestion(name: str, known: Sequence[str]) -> str:
    """``"; did you mean 'x'?"`` for the one of ``known`` nearest ``name`` (or "")."""
    typed = name.strip().lower().replace("_", "-").replace(" ", "-")
    starts = [word for word in known if word.lower().startswith(typed)] if typed else []
    close = starts if len(starts) == 1 else difflib.get_close_matches(typed, known, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def lineup(text: str, game: AnyGame | str, seats: int) -> tuple[str, ...]:
    """The bots ``text`` names for ``seats`` seats, one a seat in seat order.

    ``text`` is one bot name, for every seat, or one name per seat separated by
    commas (``expert,random,random``). InvalidArgumentError, saying what to write,
    for a name that is not a bot of ``game`` or a list of the wrong length.
    """
    found = get_game(as_game(game).name)
    given = tuple(name.strip() for name in text.split(","))
    known = names(found)
    for name in given:
        if name not in known:
            raise InvalidArgumentError(unknown_bot(name, found))
    if len(given) == 1:
        return given * seats
    if len(given) != seats:
        many = "one seat is" if seats == 1 else f"{seats} seats are"
        raise InvalidArgumentError(
            f"{len(given)} bots are named but {many} played by bots: name one bot for"
            f" {'it' if seats == 1 else 'them all'}"
            + ("" if seats == 1 else f", or {seats} bots, one a seat in seat order")
        )
    return given
