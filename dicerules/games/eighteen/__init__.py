"""Eighteen: a dice game after blackjack, played against the house's hidden roost.

Everything this game is lives in this folder: ``engine`` (the rules, the states, the
pure functions; its docstring tells the rules as implemented), ``expert`` (the expert
bot), ``narrator`` (what ``play`` and ``replay`` print), ``odds`` (the exact odds the
expert plays from), ``encoding`` (action ids and the observation, for solvers and
learners).
This package re-exports the engine's public names and registers ``GAME``.
"""

from dicerules.game import Game, register
from dicerules.games.eighteen import encoding, engine, expert, narrator, odds
from dicerules.games.eighteen.engine import *  # noqa: F403 (the engine's public names)
from dicerules.games.eighteen.engine import Action, Rules, State, View

GAME: Game[State, Action, Rules, View] = register(
    Game.from_module(
        engine, encoding, expert, narrator=narrator.EighteenNarrator, rules_text=engine.__doc__
    )
)

__all__ = [*engine.__all__, "GAME", "encoding", "engine", "expert", "narrator", "odds"]
