"""The built-in games, one folder each. Importing this package registers them all."""

from dicerules.games import eighteen, liars_dice, link, twenty_four

__all__ = ["eighteen", "liars_dice", "link", "twenty_four"]
