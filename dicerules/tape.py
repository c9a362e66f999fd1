"""What a state carries of its own past: the stream it began with, the actions, the dice.

Every state holds a Tape. ``record(state)`` reads it, and ``replay`` checks a
record against it. The actions and the dice are kept in a Log, a persistent
append-only sequence: appending shares the whole past with the previous state,
so ``apply`` costs the same at step 10 and at step 10,000.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Generic, TypeVar

import attrs

from dicerules.streams import DiceStream

__all__ = ["Log", "Tape"]

T = TypeVar("T", bound=Hashable)
A = TypeVar("A", bound=Hashable)


class Log(Generic[T]):
    """An immutable sequence that appends in O(1), sharing its past with its parent.

    Equality, hashing, pickling and reprs are those of the tuple it holds, and none
    of them recurse, so a Log of a million items behaves like a short one.

    >>> log = Log.of((1, 2)).append(3)
    >>> log, len(log), tuple(log), log == Log.of((1, 2, 3))
    (Log((1, 2, 3)), 3, (1, 2, 3), True)
    """

    __slots__ = ("_hash", "_item", "_len", "_prev")

    _prev: Log[T] | None
    _item: T | None
    _len: int
    _hash: int

    def __init__(self) -> None:
        """An empty Log; build longer ones with ``append`` or ``Log.of``."""
        object.__setattr__(self, "_prev", None)
        object.__setattr__(self, "_item", None)
        object.__setattr__(self, "_len", 0)
        object.__setattr__(self, "_hash", hash(()))

    @classmethod
    def of(cls, items: Iterable[T]) -> Log[T]:
        """A Log holding ``items`` in order."""
        log: Log[T] = cls()
        for item in items:
            log = log.append(item)
        return log

    def append(self, item: T) -> Log[T]:
        """A new Log: this one with ``item`` at the end. This one is unchanged."""
        new = object.__new__(Log)
        object.__setattr__(new, "_prev", self)
        object.__setattr__(new, "_item", item)
        object.__setattr__(new, "_len", self._len + 1)
        # A rolling hash: O(1) per append, equal for equal sequences.
        object.__setattr__(new, "_hash", hash((self._hash, item)))
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Log is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Log is immutable")

    def __len__(self) -> int:
        return self._len

    @property
    def last(self) -> T:
        """The newest item, in O(1); IndexError if the Log is empty."""
        if not self._len:
            raise IndexError("an empty Log has no last item")
        return self._item  # type: ignore[return-value]

    def newest(self, count: int) -> tuple[T, ...]:
        """The last ``count`` items, oldest first, in O(count)."""
        items: list[T] = []
        node: Log[T] = self
        for _ in range(min(count, self._len)):
            items.append(node._item)  # type: ignore[arg-type]
            node = node._prev  # type: ignore[assignment]
        items.reverse()
        return tuple(items)

    def __iter__(self) -> Iterator[T]:
        return iter(self.newest(self._len))

    def __getitem__(self, index: int) -> T:
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("Log index out of range")
        return self.newest(self._len - index)[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        if self._len != other._len or self._hash != other._hash:
            return False
        a: Log[T] | None = self
        b: Log[T] | None = other
        # Walk back until the two share their past (states of one game usually do).
        while a is not b:
            assert a is not None and b is not None
            if a._item != b._item:
                return False
            a, b = a._prev, b._prev
        return True

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Log({tuple(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[tuple[T, ...]]]:
        return (_log_of, (tuple(self),))

    def __copy__(self) -> Log[T]:
        return self

    def __deepcopy__(self, memo: object) -> Log[T]:
        return self


def _log_of(items: tuple[T, ...]) -> Log[T]:
    return Log.of(items)


@attrs.frozen
class Tape(Generic[A]):
    """The stream a game began with, where it stands now, and every action and roll since.

    ``rolls`` holds one tuple per ``roll`` call, in draw order.
    """

    origin: DiceStream
    stream: DiceStream
    actions: Log[A] = attrs.field(factory=Log)
    rolls: Log[tuple[int, ...]] = attrs.field(factory=Log)

    @classmethod
    def start(cls, stream: DiceStream) -> Tape[A]:
        """A blank tape for a game that begins with ``stream``."""
        return cls(stream, stream, Log(), Log())

    def roll(self, count: int, sides: int) -> tuple[tuple[int, ...], Tape[A]]:
        """Draw ``count`` dice of ``sides`` faces: the dice and the tape that logged them."""
        dice, stream = self.stream.roll(count, sides)
        return dice, Tape(self.origin, stream, self.actions, self.rolls.append(dice))

    def act(self, action: A) -> Tape[A]:
        """The tape with ``action`` logged."""
        return Tape(self.origin, self.stream, self.actions.append(action), self.rolls)

    def act_and_roll(self, action: A, count: int, sides: int) -> tuple[tuple[int, ...], Tape[A]]:
        """``act(action)`` then ``roll(count, sides)``, building one tape instead of two
        (an action that rolls at once, such as taking one more die)."""
        dice, stream = self.stream.roll(count, sides)
        actions, rolls = self.actions.append(action), self.rolls.append(dice)
        return dice, Tape(self.origin, stream, actions, rolls)

    def dice(self) -> tuple[int, ...]:
        """Every die drawn so far, in draw order."""
        return tuple(die for roll in self.rolls for die in roll)
