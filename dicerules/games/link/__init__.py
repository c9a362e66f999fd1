"""Link: build one row of dice, up or down, until only one player can still add to it.

Everything this game is lives in this folder: ``engine`` (the rules, the states, the
pure functions; its docstring tells the rules as implemented), ``expert`` (the expert
bot), ``narrator`` (what ``play`` and ``replay`` print), ``encoding`` (action ids,
the observation and the payoff, for solvers and learners).
This package re-exports the engine's public names and registers ``GAME``.
"""

from dicerules.game import Game, register
from dicerules.games.link import encoding, engine, expert, narrator
from dicerules.games.link.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.link.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(
        engine,
        encoding,
        expert,
        narrator=narrator.LinkNarrator,
        rules_text=engine.__doc__,
        batch="dicerules.games.link.batch:Kernel",
    )
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator"]
