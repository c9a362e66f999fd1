"""What a state carries of its own past: the stream it began with, the actions, the dice.

Every state holds a Tape. ``record(state)`` reads it, and ``replay`` checks a
record against it. The actions and the dice are kept in a Log, a persistent
append-only sequence: appending shares the whole past with the previous state,
so ``apply`` costs the same at step 10 and at step 10,000.

Appending is on every game's hot path, and two things keep it cheap. A Log
hashes its items only when it is hashed itself. And new Logs and Tapes are built
(``_new_log``, ``_new_tape``) as an object of a plain class with exactly the same
slots (``_LogSlots``, ``_TapeSlots``), filled with ordinary attribute stores, the
fastest Python has, and then turned into the immutable class by assigning its
``__class__``, which Python allows between classes of the same layout. That costs
about a third of attrs' frozen ``__init__``, which makes a call per field. The
engines may build their states the same way.
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
        return _new_log(self, item)

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


def last_item(log: Log[T]) -> T:
    """``log.last`` for a Log known not to be empty (an empty one gives None).

    What it buys: called from Python, a function is cheaper than the ``last``
    property's frame; engines read the last action with it on their hot path.
    """
    return log._item  # type: ignore[return-value]


def _log_of(items: tuple[T, ...]) -> Log[T]:
    return Log.of(items)


_EMPTY: Log[Any] = Log()  # shared by every new Tape: a Log never changes


_new = object.__new__


class _LogSlots(Generic[T]):  # Generic like Log: __class__ needs the same bases
    """Log's slots on a plain class: ``_new_log`` fills them, then makes the object a Log."""

    __slots__ = Log.__slots__
    _prev: Log[T]
    _item: T
    _len: int
    _hash: int | None


def _new_log(prev: Log[T], item: T) -> Log[T]:
    """``prev.append(item)``, built as the module docstring tells."""
    log: _LogSlots[T] = _new(_LogSlots)
    log._prev = prev
    log._item = item
    log._len = prev._len + 1
    log._hash = None
    log.__class__ = Log  # type: ignore[assignment]
    return log  # type: ignore[return-value]


@attrs.frozen(weakref_slot=False)  # no weakref slot: _TapeSlots needs the same layout
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
        return _new_tape(stream, stream, _EMPTY, _EMPTY)

    def roll(self, count: int, sides: int) -> tuple[tuple[int, ...], Tape[A]]:
        """Draw ``count`` dice of ``sides`` faces: the dice and the tape that logged them."""
        return self._roll_after(self.actions, count, sides)

    def act(self, action: A) -> Tape[A]:
        """The tape with ``action`` logged."""
        # _new_log and _new_tape inline: this runs on every action of every game, and
        # the two calls were a sixth of its cost.
        actions = self.actions
        log: _LogSlots[A] = _new(_LogSlots)
        log._prev = actions
        log._item = action
        log._len = actions._len + 1
        log._hash = None
        log.__class__ = Log  # type: ignore[assignment]
        tape: _TapeSlots[A] = _new(_TapeSlots)
        tape.origin = self.origin
        tape.stream = self.stream
        tape.actions = log  # type: ignore[assignment]
        tape.rolls = self.rolls
        tape.__class__ = Tape  # type: ignore[assignment]
        return tape  # type: ignore[return-value]

    def act_and_roll(self, action: A, count: int, sides: int) -> tuple[tuple[int, ...], Tape[A]]:
        """``act(action)`` then ``roll(count, sides)``, building one tape instead of two
        (an action that rolls at once, such as taking one more die)."""
        return self._roll_after(_new_log(self.actions, action), count, sides)

    def _roll_after(
        self, actions: Log[A], count: int, sides: int
    ) -> tuple[tuple[int, ...], Tape[A]]:
        """``roll(count, sides)`` on a tape whose actions are ``actions``.

        What it buys: the roll of ``roll`` and ``act_and_roll``, with the rolls' log
        node and the tape built inline as in ``act``, a tenth of their cost. In
        eighteen and twenty-four nearly every action rolls. An engine's counts and
        sides are valid, so a SeededStream, the stream of nearly every game, skips
        the checks of the public ``roll`` (0.2 us a roll).
        """
        stream = self.stream
        if type(stream) is SeededStream:
            dice, stream = stream.roll_unchecked(count, sides)
        else:
            dice, stream = stream.roll(count, sides)
        rolls = self.rolls
        rolled: _LogSlots[tuple[int, ...]] = _new(_LogSlots)
        rolled._prev = rolls
        rolled._item = dice
        rolled._len = rolls._len + 1
        rolled._hash = None
        rolled.__class__ = Log  # type: ignore[assignment]
        tape: _TapeSlots[A] = _new(_TapeSlots)
        tape.origin = self.origin
        tape.stream = stream
        tape.actions = actions
        tape.rolls = rolled  # type: ignore[assignment]
        tape.__class__ = Tape  # type: ignore[assignment]
        return dice, tape  # type: ignore[return-value]

    def dice(self) -> tuple[int, ...]:
        """Every die drawn so far, in draw order."""
        return tuple(die for roll in self.rolls for die in roll)


class _TapeSlots(Generic[A]):  # Generic like Tape: __class__ needs the same bases
    """Tape's slots on a plain class: ``_new_tape`` fills them, then makes the object a Tape."""

    __slots__ = ("actions", "origin", "rolls", "stream")  # Tape's fields
    origin: DiceStream
    stream: DiceStream
    actions: Log[A]
    rolls: Log[tuple[int, ...]]


def _new_tape(
    origin: DiceStream, stream: DiceStream, actions: Log[A], rolls: Log[tuple[int, ...]]
) -> Tape[A]:
    """``Tape(origin, stream, actions, rolls)``, built as the module docstring tells."""
    tape: _TapeSlots[A] = _new(_TapeSlots)
    tape.origin = origin  # one store a line: four at once would build a tuple
    tape.stream = stream
    tape.actions = actions
    tape.rolls = rolls
    tape.__class__ = Tape  # type: ignore[assignment]
    return tape  # type: ignore[return-value]
