"""Liar's dice: bid on the dice under every cup, or call the last bid a lie.

Everything this game is lives in this folder: ``engine`` (the rules, the states, the
pure functions; its docstring tells the rules as implemented), ``expert`` (the expert
bot, and the ``odds`` bot), ``narrator`` (what ``play`` and ``replay`` print),
``odds`` (the exact odds the bots play from), ``encoding`` (action ids and the
observation, for solvers and learners).
This package re-exports the engine's public names and registers ``GAME``.
"""

from dicerules.game import Game, register
from dicerules.games.liars_dice import benchmarks, encoding, engine, expert, narrator, odds
from dicerules.games.liars_dice.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.liars_dice.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(
        engine,
        encoding,
        expert,
        benchmarks,
        narrator=narrator.LiarsDiceNarrator,
        rules_text=engine.__doc__,
        batch="dicerules.games.liars_dice.batch:Kernel",
    )
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator", "odds"]
