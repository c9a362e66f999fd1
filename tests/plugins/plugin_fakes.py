"""What the fake entry points of the plugin tests name (this folder is on sys.path).

``GOOD`` is a working game under a name of its own; the others are broken plugins.
"""

from __future__ import annotations

import attrs

import dicerules

GOOD = attrs.evolve(dicerules.get_game("eighteen"), name="eighteen-again")
"""A plugin game: eighteen's parts under another name."""

ALSO_GOOD = attrs.evolve(dicerules.get_game("twenty-four"), name="twenty-four-again")

LINK = dicerules.get_game("link")
"""The built-in game itself: naming it again is no clash."""

CLASH = attrs.evolve(dicerules.get_game("link"), name="link", describe=None)
"""A different game under a built-in's name."""

NOT_A_GAME = "pig"
