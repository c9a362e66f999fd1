"""Dice streams: the only source of randomness in dicerules.

A stream is an immutable value. ``roll`` returns the dice and the stream that
follows them, so a state that carries its stream stays a pure value and a game
is a function of (rules, stream, player actions).

SeededStream is SplitMix64 over a counter and is fixed forever: records depend
on every draw it makes. Draw i (i = 1, 2, ...) is ``mix(seed + i * GAMMA)``
modulo 2**64, where mix is SplitMix64's finaliser. A die of s sides rejects a
draw x >= 2**64 - (2**64 mod s), so every face is exactly equally likely, and
otherwise shows ``x mod s + 1``. Rejected draws count toward the position.

How the draws are computed is free to change as long as they stay these: a hand
is drawn in one batched pass, and a stream that came from a roll keeps the faces
of its next draws ready (the block ahead, below).

Measured: a hand is computed in one pass over one big integer holding a 128-bit lane
a die, giving exactly the draws of the die-by-die loop (which stays as the reference
and takes over when a draw must be rejected). A block of the next 32 faces costs 4 to
5 us to make; after it, a roll of 1 to 10 dice is a slice of it, about 0.4 us, where
the plain way takes 1.5 us for one die, 2.5 us for five and 3.6 us for ten.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

import attrs

from dicerules._build import builder
from dicerules.errors import (
    InvalidArgumentError,
    InvalidDieError,
    InvalidSeedError,
    StreamExhaustedError,
    WrongTypeError,
    shown,
)

__all__ = ["SEED_LIMIT", "DiceStream", "ScriptedStream", "SeededStream", "check_seed"]

SEED_LIMIT = 2**64
"""Seeds are ints with 0 <= seed < SEED_LIMIT."""

_MASK = SEED_LIMIT - 1
_GAMMA = 0x9E3779B97F4A7C15


@runtime_checkable
class DiceStream(Protocol):
    """An immutable source of dice."""

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], DiceStream]:
        """Return ``count`` dice of ``sides`` faces (in draw order) and the stream after them."""
        ...


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid seed; WrongTypeError or InvalidSeedError otherwise."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WrongTypeError(f"a seed must be an int, not {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise InvalidSeedError(f"a seed must satisfy 0 <= seed < 2**64, got {shown(seed)}")
    return seed


def _check_roll(count: int, sides: int) -> None:
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise InvalidArgumentError(f"count must be an int >= 0, got {shown(count)}")
    _check_sides(sides)


def _check_sides(sides: int) -> None:
    if not isinstance(sides, int) or isinstance(sides, bool) or not 1 <= sides <= SEED_LIMIT:
        raise InvalidArgumentError(f"sides must be an int from 1 to 2**64, got {shown(sides)}")


def splitmix64(seed: int, index: int) -> int:
    """Draw ``index`` (1-based) of the SeededStream with ``seed``: a 64-bit int."""
    z = (seed + index * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _values(count: int) -> str:
    return f"{count} value" if count == 1 else f"{count} values"


# ------------------------------------------------------------------ the fast draws
#
# What follows computes exactly the draws ``splitmix64`` defines, only cheaper.


@functools.lru_cache(maxsize=64)
def _limit(sides: int) -> int:
    """The first draw a die of ``sides`` faces rejects (precomputed: two big-int ops saved).

    ValueError for sides outside 1 to 2**64, even from ``roll_unchecked``: such a die
    would reject every draw, and the draws would never end. Cached, the check costs
    nothing per roll.
    """
    _check_sides(sides)
    return SEED_LIMIT - SEED_LIMIT % sides


def _draw_one_by_one(seed: int, index: int, count: int, sides: int) -> tuple[list[int], int]:
    """``count`` dice from draw ``index + 1`` on, and the index of the last draw used."""
    limit = _limit(sides)
    dice: list[int] = []
    while len(dice) < count:
        # SplitMix64, inlined: this loop is the reference the batched draw must match.
        index += 1
        z = (seed + index * _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            dice.append(z % sides + 1)
    return dice, index


_LANE = 128  # bits per lane: a 64-bit draw times a 64-bit constant fits in one
_BATCH_MIN = 4  # below this many dice the plain loop is as fast
_BATCH_MAX = 64


class _Lanes:
    """The constants for computing ``count`` consecutive draws side by side in one big int."""

    def __init__(self, count: int) -> None:
        self.ones = sum(1 << (_LANE * i) for i in range(count))
        self.steps = sum(((i + 1) * _GAMMA & _MASK) << (_LANE * i) for i in range(count))
        self.mask = _MASK * self.ones
        self.size = _LANE // 8 * count
        # Each lane is a little-endian 64-bit draw followed by 64 bits of padding.
        self.unpack: Callable[[bytes], tuple[int, ...]] = struct.Struct("<" + "Q8x" * count).unpack


_LANES: list[_Lanes | None] = [None] * (_BATCH_MAX + 1)  # filled on first use of each count


def _new_lanes(count: int) -> _Lanes:
    lanes = _LANES[count] = _Lanes(count)
    return lanes


def _draw(seed: int, index: int, count: int, sides: int) -> tuple[tuple[int, ...], int]:
    """``count`` dice from draw ``index + 1`` on, and the index of the last draw used.

    The batched path buys 1.5x on five dice and 2x on ten: the draws are packed one
    per 128-bit lane of a single int, so SplitMix64's dozen big-int operations run
    once for the whole hand instead of once per die. A lane never spills into the
    next (each step masks to 64 bits before multiplying by a 64-bit constant), so
    every lane is exactly the draw the plain loop computes. If any draw of the batch
    would be rejected (about ``sides`` in 2**64), the plain loop redoes the roll.
    """
    if _BATCH_MIN <= count <= _BATCH_MAX:
        lanes = _LANES[count] or _new_lanes(count)
        mask = lanes.mask
        z = (((seed + index * _GAMMA) & _MASK) * lanes.ones + lanes.steps) & mask
        z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
        z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
        # No mask this time: what z >> 31 brings down from the lane above lands in the
        # upper half of each lane, which unpack skips (one big-int operation saved).
        draws = lanes.unpack((z ^ (z >> 31)).to_bytes(lanes.size, "little"))
        if max(draws) < _limit(sides):
            return tuple([x % sides + 1 for x in draws]), index + count
    dice, index = _draw_one_by_one(seed, index, count, sides)
    return tuple(dice), index


# The block ahead: what a chain of rolls buys. An engine rolls a stream, then the
# stream that roll returned, and so on, a few dice at a time. Such a stream carries
# the faces of its next _AHEAD draws, computed in one batch by the first roll that
# needed them, and a roll inside the block is a slice of a tuple (the README's
# Performance section has the figures). A block is made only for a die none of its
# draws is rejected by, so
# each face is the one the plain loop gives, and only for a stream that came from
# a roll: one made by the constructor rolls once the plain way, so that a single
# roll costs what it did.

_AHEAD = 32  # draws a block holds

_Block = tuple[int, int, int, tuple[int, ...]]
"""A block ahead: (index of the draw before its first, index of its last draw, the
sides of the die it was made for, the faces of its draws in order)."""


def _block(seed: int, index: int, sides: int) -> _Block | None:
    """The block of draws ``index + 1`` to ``index + _AHEAD``, or None if one is rejected."""
    lanes = _LANES[_AHEAD] or _new_lanes(_AHEAD)
    mask = lanes.mask
    z = (((seed + index * _GAMMA) & _MASK) * lanes.ones + lanes.steps) & mask
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    draws = lanes.unpack((z ^ (z >> 31)).to_bytes(lanes.size, "little"))  # as in _draw
    if max(draws) >= _limit(sides):
        return None
    return index, index + _AHEAD, sides, tuple([x % sides + 1 for x in draws])


def _draw_and_block(
    seed: int, index: int, count: int, sides: int
) -> tuple[tuple[int, ...], int, _Block | None]:
    """``_draw`` for a stream that came from a roll and has no block ahead with the dice.

    Returns the dice, the index of the last draw used, and the block ahead of the
    stream after them: a new one from ``index`` when the roll is small enough for
    the next to use it too, else None.
    """
    if 0 < count <= _AHEAD // 2:
        block = _block(seed, index, sides)
        if block is not None:
            return block[3][:count], index + count, block
    dice, index = _draw(seed, index, count, sides)  # a big roll, or a draw rejected
    return dice, index, None


class _AheadSlot:
    """The slot SeededStream keeps its block ahead in: outside attrs' fields, so the
    block is no part of a stream's equality, hash, repr, pickle or ``attrs.fields``.

    The slot is empty in a stream made by the constructor, by ``attrs.evolve``, or
    by unpickling or copying, which roll the plain way.
    """

    __slots__ = ("_ahead",)
    _ahead: _Block | None


def _seed_validator(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_seed(value)


def _position_validator(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidArgumentError(f"position must be an int >= 0, got {shown(value)}")


@attrs.frozen(weakref_slot=False)  # no weakref slot: see dicerules._build
class SeededStream(_AheadSlot):
    """A counter-based stream: the same seed gives the same dice everywhere, for ever.

    ``position`` is the number of 64-bit draws consumed, rejected draws included.

    >>> SeededStream(0).roll(12)[0]
    (2, 1, 2, 5, 2, 1, 6, 3, 6, 3, 2, 5)
    """

    seed: int = attrs.field(validator=_seed_validator)
    position: int = attrs.field(default=0, validator=_position_validator)

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], SeededStream]:
        """Return ``count`` dice of ``sides`` faces and the stream after them."""
        _check_roll(count, sides)
        return self.roll_unchecked(count, sides)

    def roll_unchecked(self, count: int, sides: int) -> tuple[tuple[int, ...], SeededStream]:
        """``roll`` for a caller that knows ``count`` >= 0 and 1 <= ``sides`` <= 2**64.

        Only ``count`` goes unchecked (a negative one gives no dice); bad ``sides`` are
        the ValueError ``roll`` raises, as they would make the draws go on for ever.
        """
        seed, index = self.seed, self.position
        try:
            block = self._ahead
        except AttributeError:  # made by the constructor: roll the plain way
            dice, index = _draw(seed, index, count, sides)
            return dice, _seeded(seed=seed, position=index, ahead=None)
        if block is not None and count > 0:
            # The common case: dice from the block ahead (see _AHEAD).
            start, end, block_sides, faces = block
            if block_sides == sides and index + count <= end:  # start <= index always
                new = _seeded(seed=seed, position=index + count, ahead=block)
                return faces[index - start : index - start + count], new
        dice, index, block = _draw_and_block(seed, index, count, sides)
        return dice, _seeded(seed=seed, position=index, ahead=block)


def seeded_stream(seed: int) -> SeededStream:
    """``SeededStream(seed)`` for a seed the caller has checked: attrs' validators skipped.

    A new game rolls it many times over, so its first roll makes a block ahead.
    """
    return _seeded(seed=seed, position=0, ahead=None)


_seeded = builder(SeededStream, slots=("_ahead",))
"""``SeededStream(seed, position)`` for values known valid, with ``ahead`` its block ahead."""


def _to_values(values: Iterable[int]) -> tuple[int, ...]:
    if isinstance(values, str | bytes):
        raise WrongTypeError("ScriptedStream values must be ints, not a string")
    try:
        result = tuple(values)
    except TypeError:
        raise WrongTypeError(
            f"ScriptedStream values must be an iterable of ints, not {type(values).__name__}"
        ) from None
    for value in result:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"ScriptedStream values must be ints, got {shown(value)}")
    return result


@attrs.frozen
class ScriptedStream:
    """A stream that yields the given values in order: physical dice, or a test set-up.

    Drawing past the end raises StreamExhaustedError; a value that is not a face
    of the die asked for raises InvalidDieError (a ValueError) when it is drawn.

    >>> dice, rest = ScriptedStream((3, 1, 6)).roll(2)
    >>> dice, rest.remaining
    ((3, 1), (6,))
    """

    values: tuple[int, ...] = attrs.field(converter=_to_values)
    position: int = attrs.field(default=0, validator=_position_validator)

    def __attrs_post_init__(self) -> None:
        if self.position > len(self.values):
            raise InvalidArgumentError(
                f"position {shown(self.position)} is past the end of {len(self.values)} values"
            )

    @property
    def remaining(self) -> tuple[int, ...]:
        """The values not yet drawn."""
        return self.values[self.position :]

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Its ``repr``, on one line, in a pretty printer's text (hypothesis's failing
        example, IPython's), not a line a value of a long script."""
        printer.text(repr(self))

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], ScriptedStream]:
        """Return the next ``count`` values as dice of ``sides`` faces, and the stream after."""
        _check_roll(count, sides)
        end = self.position + count
        if end > len(self.values):
            raise StreamExhaustedError(
                f"the scripted stream has {_values(len(self.values) - self.position)} left,"
                f" {_values(count)} asked for"
            )
        dice = self.values[self.position : end]
        for die in dice:
            if not 1 <= die <= sides:
                raise InvalidDieError(
                    f"scripted value {shown(die)} is not a face of a {sides}-sided die"
                )
        return dice, _new_scripted(values=self.values, position=end)


_new_scripted = builder(ScriptedStream)
"""``ScriptedStream(values, position)`` for values known valid: no converter, no checks."""
