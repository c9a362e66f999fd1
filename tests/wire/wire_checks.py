"""What the tests of dicerules.wire share: every message they make is checked against
its game's schema (``valid``), and the games and presets they run over (``CASES``,
``BUILT_IN``)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema

import dicerules
from dicerules import wire
from dicerules.game import AnyGame
from dicerules.games import eighteen, liars_dice, link, twenty_four

CASES = [(name, preset) for name, game in dicerules.GAMES.items() for preset in game.presets]
"""Every registered game (the example plugins included) and each of its presets."""

BUILT_IN = [module.GAME for module in (eighteen, liars_dice, link, twenty_four)]
"""The games dicerules ships."""


_VALIDATORS: dict[str, tuple[AnyGame, jsonschema.protocols.Validator]] = {}


def _validator(game: AnyGame) -> jsonschema.protocols.Validator:
    known = _VALIDATORS.get(game.name)
    if known is None or known[0] is not game:
        schema = wire.schema(game)
        jsonschema.Draft202012Validator.check_schema(schema)
        known = _VALIDATORS[game.name] = (game, jsonschema.Draft202012Validator(schema))
    return known[1]


def valid(game: AnyGame, message: Any) -> Any:
    """``message`` after checking that it validates against ``game``'s schema and
    survives JSON unchanged."""
    _validator(game).validate(message)
    assert json.loads(wire.dumps(message)) == message
    return message
