"""play_match: bots playing one game in seat order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicerules.bot import Bot, as_game
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.game import AnyGame

__all__ = ["play_match"]


def play_match(
    game: AnyGame | str, rules: Any, bots: Sequence[Bot[Any, Any]], seed: int | None
) -> Any:
    """The final state of a game of ``game`` played by ``bots``, one per seat in order.

    ``rules`` None means the game's default rules; the game is seeded by ``seed``, as
    ``new_game`` is (None: a seed drawn from the OS, kept in the state for its record).
    Each bot is given only its seat's view and the legal actions. InvalidArgumentError
    (a ValueError) if the number of bots is not the number of seats; an action a bot
    chose that is not legal is an IllegalActionError from ``apply``. WrongTypeError (a
    TypeError) for a game that is not a game or its name, or bots that are not a
    sequence. A bot's random source runs on from one match to the next: to play the
    same match again, make the bots afresh.
    """
    game = as_game(game)
    if not isinstance(bots, Sequence):
        raise WrongTypeError(
            f"bots must be a sequence of bots, one a seat, not {type(bots).__name__}"
        )
    state = game.new_game(rules, seed=seed)
    seats = state.rules.players
    if len(bots) != seats:
        raise InvalidArgumentError(
            f"{game.name} with these rules has {seats} seats, not {len(bots)} bots"
        )
    current_player, legal_actions, view, apply = (
        game.current_player,
        game.legal_actions,
        game.view,
        game.apply,
    )
    while (seat := current_player(state)) is not None:
        state = apply(state, bots[seat].choose(view(state, seat), legal_actions(state)))
    return state
