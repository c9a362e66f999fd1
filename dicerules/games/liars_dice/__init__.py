"""Liar's dice: bid on the dice under every cup, or call the last bid a lie.

Everything this game is lives in this folder: ``engine`` (the rules, the states, the
pure functions; its docstring tells the rules as implemented), ``expert`` (the expert
bot, and the ``odds`` bot), ``narrator`` (what ``play`` and ``replay`` print),
``odds`` (the exact odds the bots play from), ``encoding`` (action ids and the
observation, for solvers and learners).
This package re-exports the engine's public names and registers ``GAME``.
"""

from types import MappingProxyType

from dicerules.game import Game, register
from dicerules.games.liars_dice import encoding, engine, expert, narrator, odds
from dicerules.games.liars_dice.benchmarks import BENCHMARKS
from dicerules.games.liars_dice.engine import (
    CALZA,
    CHALLENGE,
    NAME,
    PRESETS,
    Action,
    Bid,
    Calza,
    Challenge,
    Reveal,
    Rules,
    State,
    View,
    apply,
    count_bid,
    current_player,
    default_rules,
    describe,
    format_action,
    history,
    is_straight,
    is_terminal,
    legal_actions,
    new_game,
    parse,
    parse_action,
    presets,
    resample_hidden,
    scores,
    view,
    winners,
)

GAME: Game[State, Action, Rules, View] = register(
    Game(
        name=NAME,
        Rules=Rules,
        State=State,
        presets=PRESETS,
        default_rules=default_rules,
        new_game=new_game,
        legal_actions=legal_actions,
        apply=apply,
        current_player=current_player,
        is_terminal=is_terminal,
        winners=winners,
        scores=scores,
        history=history,
        view=view,
        format_action=format_action,
        parse_action=parse_action,
        describe=describe,
        benchmarks=BENCHMARKS,
        resample_hidden=resample_hidden,
        expert=expert.Expert,
        bots=MappingProxyType({"odds": expert.OddsExpert}),
        narrator=narrator.LiarsDiceNarrator,
        distinct_actions=encoding.distinct_actions,
        observation=encoding.OBSERVATION,
        max_sides=encoding.max_sides,
        max_length=encoding.max_length,
        batch="dicerules.games.liars_dice.batch:Kernel",
    )
)

__all__ = [
    "CALZA",
    "CHALLENGE",
    "GAME",
    "NAME",
    "PRESETS",
    "Action",
    "Bid",
    "Calza",
    "Challenge",
    "Reveal",
    "Rules",
    "State",
    "View",
    "apply",
    "count_bid",
    "current_player",
    "default_rules",
    "describe",
    "encoding",
    "engine",
    "expert",
    "format_action",
    "history",
    "is_straight",
    "is_terminal",
    "legal_actions",
    "narrator",
    "new_game",
    "odds",
    "parse",
    "parse_action",
    "presets",
    "resample_hidden",
    "scores",
    "view",
    "winners",
]
