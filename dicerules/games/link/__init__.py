"""Link: build one row of dice, up or down, until only one player can still add to it.

Everything this game is lives in this folder: ``engine`` (the rules, the states, the
pure functions; its docstring tells the rules as implemented), ``expert`` (the expert
bot), ``narrator`` (what ``play`` and ``replay`` print).
This package re-exports the engine's public names and registers ``GAME``.
"""

from dicerules.game import Game, register
from dicerules.games.link import engine, expert, narrator
from dicerules.games.link.engine import (
    NAME,
    OUT,
    PRESETS,
    Action,
    Open,
    Out,
    Placed,
    Play,
    Rules,
    State,
    View,
    apply,
    current_player,
    default_rules,
    describe,
    format_action,
    history,
    is_terminal,
    legal_actions,
    new_game,
    outside_scores,
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
        outside_scores=outside_scores,
        expert=expert.Expert,
        narrator=narrator.LinkNarrator,
    )
)

__all__ = [
    "GAME",
    "NAME",
    "OUT",
    "PRESETS",
    "Action",
    "Open",
    "Out",
    "Placed",
    "Play",
    "Rules",
    "State",
    "View",
    "apply",
    "current_player",
    "default_rules",
    "describe",
    "engine",
    "expert",
    "format_action",
    "history",
    "is_terminal",
    "legal_actions",
    "narrator",
    "new_game",
    "outside_scores",
    "parse",
    "parse_action",
    "presets",
    "resample_hidden",
    "scores",
    "view",
    "winners",
]
