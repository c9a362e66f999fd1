"""Twenty-four: roll five dice to a total of 24, and roll for a bonus above it.

Everything this game is lives in this folder: ``engine`` (the rules, the states, the
pure functions; its docstring tells the rules as implemented), ``expert`` (the expert
bot), ``narrator`` (what ``play`` and ``replay`` print), ``odds`` (the exact odds the
expert plays from), ``encoding`` (action ids,
the observation and the payoff, for solvers and learners).
This package re-exports the engine's public names and registers ``GAME``.
"""

from dicerules.game import Game, register
from dicerules.games.twenty_four import encoding, engine, expert, narrator, odds
from dicerules.games.twenty_four.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.twenty_four.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(
        engine,
        encoding,
        expert,
        narrator=narrator.TwentyFourNarrator,
        rules_text=engine.__doc__,
        batch="dicerules.games.twenty_four.batch:Kernel",
    )
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator", "odds"]
