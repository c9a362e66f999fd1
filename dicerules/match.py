"""play_match: bots playing one game in seat order, and the seeds of a series of matches.

The seeding contract (``dicerules simulate`` keeps it, so any game of a run can be
played again): game ``i`` (0-based) of a series seeded with ``seed`` is seeded with
``game_seed(seed, i)``, the (i + 1)-th 64-bit draw of ``SeededStream(seed)``; the bot
in seat ``k`` of a game seeded with ``g`` is seeded with ``bot_seed(g, k)``, drawn
from draw 0 of ``SeededStream(g)``, which is never a die of the game's own stream.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from dicerules import bots as named_bots
from dicerules.bot import Bot, as_game
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.game import AnyGame
from dicerules.streams import SEED_LIMIT, splitmix64

__all__ = ["bot_seed", "game_seed", "play_match"]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a series seeded with ``seed``.

    It is ``splitmix64(seed, index + 1)``: ``dicerules play --seed`` with it deals
    that game's dice again.
    """
    return splitmix64(seed, index + 1)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game seeded with ``seed``.

    It is ``splitmix64(splitmix64(seed, 0), seat + 1)``: draw 0 of the game's stream
    is never one of its dice, so the bots' choices and the dice stay independent.
    """
    return splitmix64(splitmix64(seed, 0), seat + 1)


def play_match(
    game: AnyGame | str, rules: Any, bots: Sequence[Bot[Any, Any] | str], seed: int | None
) -> Any:
    """The final state of a game of ``game`` played by ``bots``, one per seat in order.

    ``rules`` None means the game's default rules; the game is seeded by ``seed``, as
    ``new_game`` is (None: a seed drawn from the OS, kept in the state for its record).
    A bot is a Bot, or a name ``bots.make`` takes (``"expert"``, ``"my_module:Half"``),
    made for its seat ``k`` with the seed ``bot_seed(seed, k)``, as ``simulate`` makes
    it. Each bot is given only its seat's view and the legal actions.
    InvalidArgumentError (a ValueError) if the number of bots is not the number of
    seats, or for a name that is no bot of the game; an action a bot chose that is not
    legal is an IllegalActionError from ``apply``. WrongTypeError (a TypeError) for a
    game that is not a game or its name, bots that are not a sequence, or a bot of a
    seat that acts that is neither a Bot (with ``choose``) nor a name, naming its seat
    (a seat that never acts, a permanent house, may hold None). A bot's random source
    runs on from one match to the next: to play the same match again, make the bots
    afresh.
    """
    game = as_game(game)
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise WrongTypeError(
            f"bots must be a sequence of bots, one a seat, not {type(bots).__name__}"
        )
    if seed is None and any(isinstance(bot, str) for bot in bots):
        seed = secrets.randbelow(SEED_LIMIT)  # as new_game draws it: the named bots' too
    state = game.new_game(rules, seed=seed)
    seats = game.seats(state.rules)
    if len(bots) != seats:
        raise InvalidArgumentError(
            f"{game.name} with these rules has {plural(seats, 'seat')}, not"
            f" {plural(len(bots), 'bot')}"
        )
    acting = game.acting_seats(state.rules)  # a seat that never acts may hold anything
    seated: list[Any] = [
        _seated(bot, game, seat, seed) if seat in acting else bot for seat, bot in enumerate(bots)
    ]
    current_player, legal_actions, view, apply = (
        game.current_player,
        game.legal_actions,
        game.view,
        game.apply,
    )
    while (seat := current_player(state)) is not None:
        state = apply(state, seated[seat].choose(view(state, seat), legal_actions(state)))
    return state


def _seated(bot: object, game: AnyGame, seat: int, seed: int | None) -> Bot[Any, Any]:
    """The bot of ``seat``: ``bot`` itself, or the bot its name names."""
    if isinstance(bot, str):
        assert seed is not None  # drawn above when a bot is named
        return named_bots.make(bot, game, bot_seed(seed, seat))
    if not callable(getattr(bot, "choose", None)):
        raise WrongTypeError(
            f"bots[{seat}] must be a bot (with a choose method) or a bot's name, not {bot!r}"
        )
    return bot  # type: ignore[return-value]


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an s unless it is one: "1 bot", "4 seats"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
