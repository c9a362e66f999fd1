"""Helpers the rule tests and the property tests of every game share.

* ``Scripted(module)``: games of one engine module whose dice are written in the
  test, played with moves in notation; ``drawn(state)``, the dice a game has drawn.
* ``SeededDice`` and ``ScriptedDice``: the dice sources of the property tests'
  reference models, written from API.md, not from dicerules' code: SplitMix64 over
  a counter with rejection, and a script read in order (``Exhausted`` when short).
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

import dicerules
from dicerules import DiceStream, ScriptedStream

S = TypeVar("S")
R = TypeVar("R", contravariant=True)


class EngineModule(Protocol[S, R]):
    """What ``Scripted`` uses of an engine module, such as ``dicerules.games.link``."""

    def new_game(
        self, rules: R | None = None, *, seed: int | None = None, stream: DiceStream | None = None
    ) -> S: ...

    def parse(self, text: str) -> Any: ...

    def apply(self, state: S, action: Any) -> S: ...

    def legal_actions(self, state: S) -> tuple[Any, ...]: ...

    def format_action(self, action: Any) -> str: ...


class Scripted(Generic[S, R]):
    """Games of the engine ``module`` from scripted dice, followed by ``pad`` (if any)."""

    def __init__(self, module: EngineModule[S, R], pad: tuple[int, ...] = ()) -> None:
        self.module = module
        self.pad = pad

    def start(self, rules: R, *dice: int) -> S:
        """A new game whose stream yields exactly ``dice`` (then the pad), in draw order."""
        return self.module.new_game(rules, stream=ScriptedStream((*dice, *self.pad)))

    def play(self, state: S, *moves: str) -> S:
        """``state`` after each move (in notation) is applied in turn."""
        for move in moves:
            state = self.module.apply(state, self.module.parse(move))
        return state

    def notation(self, state: S) -> list[str]:
        """The legal actions in notation."""
        return [self.module.format_action(action) for action in self.module.legal_actions(state)]


def drawn(state: Any) -> tuple[int, ...]:
    """Every die the game has drawn from its stream so far, in order."""
    return dicerules.record(state).rolls


# ------------------------------------------------- dice for the reference models

MASK = 2**64 - 1


class Exhausted(Exception):
    """A reference model ran out of scripted dice."""


class SeededDice:
    """SplitMix64 over a counter, with rejection, as API.md fixes it (not dicerules' code)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.index = 0

    def available(self, count: int) -> bool:
        return True

    def take(self, count: int, sides: int = 6) -> list[int]:
        limit = 2**64 - 2**64 % sides
        dice: list[int] = []
        while len(dice) < count:
            self.index += 1
            z = (self.seed + self.index * 0x9E3779B97F4A7C15) & MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z < limit:
                dice.append(z % sides + 1)
        return dice


class ScriptedDice:
    """The script, read in order; taking more than is left raises Exhausted."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.index = 0

    def available(self, count: int) -> bool:
        return self.index + count <= len(self.values)

    def take(self, count: int, sides: int = 6) -> list[int]:
        if not self.available(count):
            raise Exhausted
        dice = self.values[self.index : self.index + count]
        self.index += count
        return dice
