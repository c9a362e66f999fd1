"""What the tests of dicerules.wire share: every message they make is checked against
its game's schema (``valid``), and the games and presets they run over (``CASES``)."""

from __future__ import annotations

import functools
import json
from typing import Any

import jsonschema

import dicerules
from dicerules import wire
from dicerules.game import AnyGame

CASES = [(name, preset) for name, game in dicerules.GAMES.items() for preset in game.presets]
"""Every registered game (the example plugins included) and each of its presets."""


@functools.cache
def _validator(name: str) -> jsonschema.protocols.Validator:
    schema = wire.schema(dicerules.get_game(name))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def valid(game: AnyGame, message: Any) -> Any:
    """``message`` after checking that it validates against ``game``'s schema and
    survives JSON unchanged."""
    _validator(game.name).validate(message)
    assert json.loads(wire.dumps(message)) == message
    return message
