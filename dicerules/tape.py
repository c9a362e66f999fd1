"""What a state carries of its own past: the stream it began with, the actions, the dice.

Every state holds a Tape. ``record(state)`` reads it, and ``replay`` checks a
record against it. The actions and the dice are kept in a Log, a persistent
append-only sequence: appending shares the whole past with the previous state,
so ``apply`` costs the same at step 10 and at step 10,000.

Appending is on every game's hot path, and two things keep it cheap. A Log
hashes its items only when it is hashed itself. And new Logs and Tapes are made
by builders (``_LogBuilder``, ``_TapeBuilder``): a builder is a plain class with
exactly the slots of the class it builds, so its ``__init__`` fills them with
ordinary (fast) attribute stores, then it turns the object into the immutable
class by assigning ``__class__``, which Python allows between classes of the
same layout. That costs less than half of attrs' frozen ``__init__`` (a bound
``object.__setattr__`` call per field). The engines build their states the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any, Generic, TypeVar

import attrs

from dicerules.streams import DiceStream, SeededStream

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
    _hash: int | None  # None until first asked for (see ``__hash__``)

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
        return _LogBuilder(self, item)  # type: ignore[return-value]

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
        if self._len != other._len:
            return False
        if self._hash is not None and other._hash is not None and self._hash != other._hash:
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
        # A rolling hash, hash((hash of the Log before, item)), equal for equal
        # sequences. Computed on demand and kept: walk back to the newest node that
        # has it, then forward, so each node is hashed once and nothing recurses.
        if self._hash is not None:
            return self._hash
        pending: list[Log[T]] = []
        node: Log[T] = self
        while node._hash is None:
            pending.append(node)
            node = node._prev  # type: ignore[assignment]
        value = node._hash
        for node in reversed(pending):
            value = hash((value, node._item))
            object.__setattr__(node, "_hash", value)
        return value

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


_EMPTY: Log[Any] = Log()  # shared by every new Tape: a Log never changes


class _LogBuilder(Generic[T]):  # Generic like Log: __class__ needs the same bases
    """Makes ``prev.append(item)``: a plain object with Log's slots that becomes a Log."""

    __slots__ = Log.__slots__

    def __init__(self, prev: Log[T], item: T) -> None:
        self._prev = prev
        self._item = item
        self._len = prev._len + 1
        self._hash = None
        self.__class__ = Log  # type: ignore[assignment]


@attrs.frozen(weakref_slot=False)  # no weakref slot: _TapeBuilder needs the same layout
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
        return _TapeBuilder(stream, stream, _EMPTY, _EMPTY)  # type: ignore[return-value]

    def roll(self, count: int, sides: int) -> tuple[tuple[int, ...], Tape[A]]:
        """Draw ``count`` dice of ``sides`` faces: the dice and the tape that logged them."""
        dice, stream = _roll(self.stream, count, sides)
        rolls = _LogBuilder(self.rolls, dice)
        return dice, _TapeBuilder(self.origin, stream, self.actions, rolls)  # type: ignore[return-value]

    def act(self, action: A) -> Tape[A]:
        """The tape with ``action`` logged."""
        actions = _LogBuilder(self.actions, action)
        return _TapeBuilder(self.origin, self.stream, actions, self.rolls)  # type: ignore[return-value]

    def act_and_roll(self, action: A, count: int, sides: int) -> tuple[tuple[int, ...], Tape[A]]:
        """``act(action)`` then ``roll(count, sides)``, building one tape instead of two
        (an action that rolls at once, such as taking one more die)."""
        dice, stream = _roll(self.stream, count, sides)
        actions, rolls = _LogBuilder(self.actions, action), _LogBuilder(self.rolls, dice)
        return dice, _TapeBuilder(self.origin, stream, actions, rolls)  # type: ignore[return-value]

    def dice(self) -> tuple[int, ...]:
        """Every die drawn so far, in draw order."""
        return tuple(die for roll in self.rolls for die in roll)


def _roll(stream: DiceStream, count: int, sides: int) -> tuple[tuple[int, ...], DiceStream]:
    """``stream.roll(count, sides)`` for a count and sides an engine knows are valid.

    The checks of the public ``roll`` are skipped for SeededStream, the stream of
    nearly every game: they cost about as much as drawing two dice.
    """
    if type(stream) is SeededStream:
        return stream.roll_unchecked(count, sides)
    return stream.roll(count, sides)


class _TapeBuilder(Generic[A]):
    """Makes a Tape from fields known to be valid: a plain object with Tape's slots."""

    __slots__ = ("actions", "origin", "rolls", "stream")  # Tape's fields

    def __init__(self, origin: DiceStream, stream: DiceStream, actions: object, rolls: object):
        self.origin = origin
        self.stream = stream
        self.actions = actions
        self.rolls = rolls
        self.__class__ = Tape  # type: ignore[assignment]
