"""What the expert-bot tests of liars-dice and link share.

* ``Spy(bot, view_type)``: a bot that hands each call on to ``bot`` after checking
  that it is given a view of ``view_type`` (never a state) for the seat to act and a
  tuple of legal actions, and that ``bot`` answers with one of them.
* ``expert_wins(game, view_type, rules, games)``: how many of ``games`` seeded games an expert
  (spied on) wins against random bots, its seat going round the table game by game.
"""

from __future__ import annotations

from typing import Any

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
