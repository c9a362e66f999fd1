"""The game engines, one module each. Importing this package registers them all."""

from dicerules.games import liars_dice, link

__all__ = ["liars_dice", "link"]
