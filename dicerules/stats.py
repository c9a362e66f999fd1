"""Win tallies and the Wilson score interval of a win rate, for tables of results."""

from __future__ import annotations

import math

import attrs

__all__ = ["WILSON_Z", "Tally", "wilson"]

WILSON_Z = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""


@attrs.define
class Tally:
    """Games played, won, shared and the scores summed, for one row of a table."""

    games: int = 0
    wins: int = 0
    shared: int = 0
    score: int = 0

    def add(self, won: bool, shared: bool, score: int) -> None:
        """Count one game: whether it was won, whether the win was shared, the score."""
        self.games += 1
        self.wins += won
        self.shared += won and shared
        self.score += score

    @property
    def rate(self) -> float:
        """The share of the games won (0.0 for no games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        """The mean score a game (0.0 for no games)."""
        return self.score / self.games if self.games else 0.0


def wilson(wins: int, games: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of the rate ``wins / games`` (``z``: two-sided 95%).

    ``(0.0, 1.0)`` for no games: nothing is known.
    """
    if not games:
        return (0.0, 1.0)
    rate = wins / games
    zz = z * z
    centre = (rate + zz / (2 * games)) / (1 + zz / games)
    half = z * math.sqrt(rate * (1 - rate) / games + zz / (4 * games * games)) / (1 + zz / games)
    return (max(0.0, centre - half), min(1.0, centre + half))
