"""Twenty-four: roll five dice to a total of 24, and roll for a bonus above it.

From this package: the engine's names and ``GAME``. The folder also holds the
expert, which plays by ``odds``, and ``batch``, a NumPy kernel.
"""

from dicerules.game import Game, register
from dicerules.games.twenty_four import encoding, engine, expert, narrator, odds
from dicerules.games.twenty_four.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.twenty_four.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(engine, encoding, expert, narrator=narrator.TwentyFourNarrator)
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator", "odds"]
