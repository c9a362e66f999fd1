"""Eighteen: a dice game after blackjack, played against the house's hidden roost.

The rules and pure functions are in ``engine`` (re-exported here, with ``GAME``);
the expert and its exact odds in ``expert`` and ``odds``.
"""

from dicerules.game import Game, register
from dicerules.games.eighteen import encoding, engine, expert, narrator, odds
from dicerules.games.eighteen.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.eighteen.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(engine, encoding, expert, narrator=narrator.EighteenNarrator)
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator", "odds"]
