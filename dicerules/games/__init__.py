"""The game engines, one module each. Importing this package registers them all."""

from dicerules.games import liars_dice, link, twenty_four

__all__ = ["liars_dice", "link", "twenty_four"]
