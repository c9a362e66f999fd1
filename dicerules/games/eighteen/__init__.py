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
from dicerules.games.eighteen.engine import (
    NAME,
    PERMANENT_HOUSE_MAX_ROUNDS,
    PRESETS,
    ROLL,
    STAND,
    Action,
    Roll,
    RoundResult,
    Rules,
    Stand,
    State,
    View,
    acting_seats,
    apply,
    current_player,
    default_rules,
    describe,
    format_action,
    hand_total,
    history,
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
        resample_hidden=resample_hidden,
        acting_seats=acting_seats,
        expert=expert.Expert,
        narrator=narrator.EighteenNarrator,
        rules_text=engine.__doc__,
        distinct_actions=encoding.distinct_actions,
        observation=encoding.OBSERVATION,
        max_length=encoding.max_length,
    )
)

__all__ = [
    "GAME",
    "NAME",
    "PERMANENT_HOUSE_MAX_ROUNDS",
    "PRESETS",
    "ROLL",
    "STAND",
    "Action",
    "Roll",
    "RoundResult",
    "Rules",
    "Stand",
    "State",
    "View",
    "acting_seats",
    "apply",
    "current_player",
    "default_rules",
    "describe",
    "encoding",
    "engine",
    "expert",
    "format_action",
    "hand_total",
    "history",
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
