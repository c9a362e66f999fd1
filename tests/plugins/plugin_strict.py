"""A plugin that registers itself as it is imported, as the built-in games do."""

import attrs

import dicerules

GAME = dicerules.register(attrs.evolve(dicerules.get_game("link"), name="strict"))
