"""A plugin that registers a game as it is imported, then fails."""

import attrs

import dicerules

dicerules.register(attrs.evolve(dicerules.get_game("eighteen"), name="half"))
raise RuntimeError("the plugin broke half way")
