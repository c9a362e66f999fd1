"""The ``uniform`` bot: uniform random play defined in integers, from a SeededStream.

Each choice is one die of n sides (n the number of legal actions) from the bot's
own ``SeededStream(seed)``: face f picks ``legal_actions[f - 1]``. Being the
stream's dice, the same choices can be drawn for many games at once in NumPy
(``dicerules.batch.simulate`` plays them), where ``random``'s Mersenne Twister
cannot be.
"""

from __future__ import annotations

from typing import TypeVar

from dicerules.errors import InvalidArgumentError
from dicerules.streams import SeededStream

__all__ = ["UniformBot"]

A = TypeVar("A")


class UniformBot:
    """Every legal action equally likely, each pick a die from the bot's own stream."""

    name = "uniform"

    def __init__(self, seed: int) -> None:
        self._stream = SeededStream(seed)

    def __repr__(self) -> str:
        return "UniformBot()"

    def choose(self, view: object, legal_actions: tuple[A, ...]) -> A:
        """``legal_actions[f - 1]`` for f the next die of ``len(legal_actions)`` sides."""
        if not legal_actions:
            raise InvalidArgumentError("there is no legal action to choose from")
        (face,), self._stream = self._stream.roll_unchecked(1, len(legal_actions))
        return legal_actions[face - 1]
