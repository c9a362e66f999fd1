"""A plugin that reads the registry as it is imported."""

import attrs

import dicerules

SEEN = tuple(dicerules.GAMES)
GAME = attrs.evolve(dicerules.get_game("link"), name="reader")
