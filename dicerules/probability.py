"""Exact odds for the dice games: the numbers the expert bots play from.

Every function returns a ``fractions.Fraction`` (or a mapping of them); each has a
float twin, named with ``_float``, for callers that want speed over exactness.
Nothing here reads a state: the arguments are what a seat can see.
"""

from __future__ import annotations

from fractions import Fraction

__all__: list[str] = []

_ONE = Fraction(1)


# =====================================================================================
# liars-dice: the chance that a bid holds, given the dice a seat can see
# =====================================================================================

# (liars-dice functions go here)


# =====================================================================================
# eighteen: the roost's distribution and the value of standing or rolling
# =====================================================================================

# (eighteen functions go here)


# =====================================================================================
# twenty-four: the expected value of a position, by dynamic programming
# =====================================================================================

# (twenty-four functions go here)


# =====================================================================================
# link: the odds the heuristic uses
# =====================================================================================

# (link functions go here)
