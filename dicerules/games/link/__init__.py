"""Link: build one row of dice, up or down, until only one player can still add to it.

Its engine's names, and ``GAME``, are here; ``batch`` steps many games in NumPy.
"""

from dicerules.game import Game, register
from dicerules.games.link import encoding, engine, expert, narrator
from dicerules.games.link.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.link.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(engine, encoding, expert, narrator=narrator.LinkNarrator)
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator"]
