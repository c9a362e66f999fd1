"""What a game declares for solvers and learners, beside its rules engine.

OpenSpiel's ``GameInfo`` is the model: a game states facts about itself once, for
given rules, and the adapters (``dicerules.openspiel``, ``dicerules.pettingzoo``)
read them instead of keeping lists of games. The Game contract holds them as
optional fields: ``distinct_actions``, ``observation`` (an Encoding),
``max_sides``, ``max_length`` and ``payoff`` (a ScoreChange, or None for a game
won and lost).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Generic, TypeVar

import attrs

__all__ = ["Encoding", "Piece", "ScoreChange"]

R = TypeVar("R")
V = TypeVar("V")

Piece = tuple[str, tuple[int, ...]]
"""A named part of an encoding and its shape, such as ``("hand", (6,))``."""


@attrs.frozen
class Encoding(Generic[R, V]):
    """A fixed-length numeric encoding of a game's views: its observation.

    ``pieces(rules)`` names the parts of one flat vector, in order, each with its
    shape (as OpenSpiel's observers do: ``"player"``, ``"private_card"``, ...).
    ``encode(rules, view)`` is the vector, of length ``size(rules)`` for every view
    under those rules, worked out from the view alone: a view holds nothing hidden
    from its seat, so neither does its encoding.
    """

    pieces: Callable[[R], tuple[Piece, ...]]
    encode: Callable[[R, V], tuple[float, ...]]

    def size(self, rules: R) -> int:
        """The length of every vector under ``rules``."""
        return sum(math.prod(shape) for _, shape in self.pieces(rules))

    def slices(self, rules: R) -> tuple[tuple[str, slice, tuple[int, ...]], ...]:
        """Each piece's name, its slice of the flat vector, and its shape."""
        result = []
        start = 0
        for name, shape in self.pieces(rules):
            end = start + math.prod(shape)
            result.append((name, slice(start, end), shape))
            start = end
        return tuple(result)


@attrs.frozen
class ScoreChange:
    """A game whose result is how much each seat's score changed over the game.

    ``start`` holds every seat's score before the game (before any set-up), each
    change lies from ``least`` to ``most``, and with ``zero_sum`` the changes always
    sum to 0 (nothing is left outside the scores when the game ends).
    """

    start: tuple[int, ...]
    least: int
    most: int
    zero_sum: bool


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (none for None): a helper for encodings."""
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def counts(size: int, faces: tuple[int, ...]) -> list[float]:
    """How many of ``faces`` show each face 1 to ``size``: a helper for encodings."""
    vector = [0.0] * size
    for face in faces:
        vector[face - 1] += 1.0
    return vector
