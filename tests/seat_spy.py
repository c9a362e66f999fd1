"""What the expert-bot tests of liars-dice and link share.

* ``Spy(bot, view_type)``: a bot that hands each call on to ``bot`` after checking
  that it is given a view of ``view_type`` (never a state) for the seat to act and a
  tuple of legal actions, and that ``bot`` answers with one of them.
* ``spied_match(game, view_type, rules, experts, seed)``: a game of spied experts
  (``True``) and random bots, one a seat, played to its end.
* ``experts_history(game, rules, bot_seed, game_seed)``: the actions of a game of
  experts seeded ``bot_seed``, ``bot_seed + 1``, ..., seat by seat.
* ``expert_wins(game, view_type, rules, games)``: how many of ``games`` seeded games
  an expert (spied on) wins against random bots, its seat going round the table.
* ``check_refusals(game, state)``: the expert refuses a spectator's view and an
  empty list of legal actions with a ValueError.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import strategies as st

from dicerules import bots, play_match
from dicerules.game import AnyGame


class Spy:
    """``bot``, checked at every call; ``calls`` counts them."""

    def __init__(self, bot: bots.Bot[Any, Any], view_type: type) -> None:
        self.bot = bot
        self.view_type = view_type
        self.calls = 0

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, view: Any, legal_actions: tuple[Any, ...]) -> Any:
        assert view.player is not None and view.player == view.to_act
        assert type(view) is self.view_type, type(view)
        assert type(legal_actions) is tuple and legal_actions
        action = self.bot.choose(view, legal_actions)
        assert action in legal_actions, (action, legal_actions)
        self.calls += 1
        return action


def expert_wins(game: AnyGame, view_type: type, rules: Any, games: int) -> int:
    """The games of ``games`` an expert wins (a shared win counts) against random bots."""
    players = rules.players
    wins = 0
    for number in range(games):
        seat = number % players
        seated: list[bots.Bot[Any, Any]] = [
            bots.make("random", game, seed=number * players + other) for other in range(players)
        ]
        spy = Spy(bots.make("expert", game, seed=number), view_type)
        seated[seat] = spy
        final = play_match(game, rules, seated, seed=number)
        assert spy.calls > 0
        wins += seat in game.winners(final)
    return wins


BOT = {True: "expert", False: "random"}

EXPERTS = st.lists(st.booleans(), min_size=4, max_size=4)
"""Which of (up to) four seats an expert takes, the others playing at random."""

SEEDS = st.integers(0, 2**64 - 1)


def spied_match(
    game: AnyGame, view_type: type, rules: Any, experts: Sequence[bool], seed: int
) -> Any:
    """The final state of a game of spied experts and random bots, one a seat."""
    seated = [
        Spy(
            bots.make("expert" if expert else "random", game, seed=(seed + seat) % 2**64), view_type
        )
        for seat, expert in enumerate(experts[: rules.players])
    ]
    return play_match(game, rules, seated, seed=seed)


def experts_history(game: AnyGame, rules: Any, bot_seed: int, game_seed: int) -> tuple[Any, ...]:
    """The actions of a game of experts only, seat k seeded ``bot_seed + k``."""
    seated = [bots.make("expert", game, seed=bot_seed + seat) for seat in range(rules.players)]
    return tuple(game.history(play_match(game, rules, seated, seed=game_seed)))


def check_refusals(game: AnyGame, state: Any) -> None:
    """The expert refuses a spectator's view and an empty choice (``state`` not over)."""
    expert = bots.make("expert", game, seed=0)
    assert expert.name == "expert"
    with pytest.raises(ValueError, match="spectator"):
        expert.choose(game.view(state, None), game.legal_actions(state))
    with pytest.raises(ValueError, match="no legal action"):
        expert.choose(game.view(state, game.current_player(state)), ())
