"""Liar's dice: bid on the dice under every cup, or call the last bid a lie.

``engine`` (re-exported here) holds the rules; ``expert`` its expert and ``odds`` bots,
playing from ``odds``; ``batch`` its NumPy kernel.
"""

from dicerules.game import Game, register
from dicerules.games.liars_dice import benchmarks, encoding, engine, expert, narrator, odds
from dicerules.games.liars_dice.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.liars_dice.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(engine, encoding, expert, benchmarks, narrator=narrator.LiarsDiceNarrator)
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator", "odds"]
