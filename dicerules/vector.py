"""SeededStream's dice for many streams at once, in NumPy (the extra ``batch``).

Each row is one stream: a seed and a position (draws consumed, rejected ones
included). ``roll`` draws exactly the dice ``SeededStream(seed, position).roll``
draws, row by row: draw i is SplitMix64's finaliser of ``seed + i * GAMMA``, a die
of s sides rejects a draw x >= 2**64 - (2**64 mod s) and otherwise shows
``x mod s + 1``. Only the batch engines import this module, so ``import
dicerules`` never needs NumPy.

Measured (process time, 10,000 rows): NumPy gives temporaries over 128 kB back to the
system when they are freed (glibc's malloc), so they fault in again at the next step;
SplitMix64's mix of 10,000 rows of 5 draws ran 5 times faster with the allocator told
to keep freed memory (``MALLOC_TOP_PAD_``). So ``roll`` draws a block of rows at a time
into two arrays it changes in place, and takes a face as ``z - (z // s) * s`` (NumPy
divides by one number fast, its ``%`` does not): a roll of up to 10 dice a row took a
third to a half of the time. Raising glibc's trim and mmap thresholds gained 3 to 7%
more after that; the library leaves the allocator alone. One count for every row
skips the zeroing past each row's count, and a roll of one block makes its draws the
dice in place (no third array): a game of eighteen rolls hundreds of times, most of
them one count for all. ``pick`` draws once a row, its rejection limits looked up
only when a draw is past the lowest of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.streams import check_seed

__all__ = ["Array", "nth_true", "pick", "roll", "splitmix64", "to_seeds"]

Array = npt.NDArray[Any]
"""Any NumPy array."""

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MUL1 = np.uint64(0xBF58476D1CE4E5B9)
_MUL2 = np.uint64(0x94D049BB133111EB)
_TOP = np.uint64(2**64 - 1)


def _mix(z: Array) -> Array:
    """SplitMix64's finaliser, element by element, modulo 2**64 (uint64 wraps)."""
    z = (z ^ (z >> np.uint64(30))) * _MUL1
    z = (z ^ (z >> np.uint64(27))) * _MUL2
    return z ^ (z >> np.uint64(31))  # type: ignore[no-any-return]


def splitmix64(seeds: Array, index: Array | int) -> Array:
    """Draw ``index`` (1-based; an int or an array) of each seed's SeededStream: uint64."""
    seeds = np.asarray(seeds, dtype=np.uint64)
    return _mix(seeds + np.asarray(index, dtype=np.uint64) * _GAMMA)


def to_seeds(seeds: Iterable[object]) -> Array:
    """``seeds`` (ints from 0 to 2**64 - 1, or such an array) as a 1-d uint64 array.

    InvalidSeedError for a value out of range; WrongTypeError for one that is not
    an int (a bool, a float), and for seeds that are not a collection of them (an
    int, bytes); InvalidArgumentError for none, or an array of more than one axis.
    """
    if isinstance(seeds, np.ndarray) and seeds.ndim != 1:
        raise InvalidArgumentError(
            f"seeds are one axis of ints, not an array of shape {seeds.shape}"
        )
    if isinstance(seeds, str | bytes | bytearray) or not isinstance(seeds, Iterable):
        raise WrongTypeError(
            f"seeds are ints (a list, a range, an array), not {type(seeds).__name__}"
        )
    if isinstance(seeds, np.ndarray) and seeds.dtype == np.uint64:
        values: list[object] | Array = seeds.copy()  # the caller's array stays the caller's
    elif isinstance(seeds, np.ndarray) and seeds.dtype.kind == "i":
        values = [int(seed) for seed in seeds]
    else:
        values = list(seeds)
    if not len(values):
        raise InvalidArgumentError("a batch needs at least one seed")
    if isinstance(values, np.ndarray):
        return values
    return np.array([check_seed(seed) for seed in values], dtype=np.uint64)


def _first_rejected(sides: Array) -> Array:
    """The lowest draw a die of ``sides`` faces rejects, less one: x is rejected iff x > it."""
    remainder = (_TOP % sides + np.uint64(1)) % sides  # 2**64 mod sides
    return _TOP - remainder


_BLOCK = 32_768
"""Draws ``roll`` makes at a time: a few blocks of rows, each array made once and
then changed in place, so that a roll of many rows makes no large temporaries."""
_SHIFTS = (np.uint64(30), np.uint64(27), np.uint64(31))


def _mix_in_place(z: Array, spare: Array) -> None:
    """``_mix`` of ``z``, written into ``z`` (``spare``: an array of its shape, overwritten)."""
    first, second, third = _SHIFTS
    np.right_shift(z, first, out=spare)
    z ^= spare
    z *= _MUL1
    np.right_shift(z, second, out=spare)
    z ^= spare
    z *= _MUL2
    np.right_shift(z, third, out=spare)
    z ^= spare


def roll(
    seeds: Array, positions: Array, counts: Array | int, sides: Array | int
) -> tuple[Array, Array]:
    """Each row's next ``counts`` dice of ``sides`` faces, and the positions after them.

    ``counts`` and ``sides`` are one per row or one for all (1 <= sides < 2**64). The
    dice come back as an int64 array of rows x the largest count, in draw order, 0
    past a row's count. A row that meets a rejected draw (about ``sides`` draws in
    2**64) is drawn again die by die, so it skips it and counts it, as the scalar does.
    """
    seeds = np.asarray(seeds, dtype=np.uint64)
    positions = np.asarray(positions, dtype=np.uint64)
    rows = seeds.shape[0]
    count = np.asarray(counts, dtype=np.int64)
    side = np.asarray(sides, dtype=np.uint64)
    width = (int(count.max()) if count.size else 0) if count.ndim else int(count)
    if not (rows and width):
        return np.zeros((rows, width), dtype=np.int64), positions + count.astype(np.uint64)
    limit = (
        _first_rejected(side) if side.ndim or int(side) > _LIMITS.size else _LIMITS[int(side) - 1]
    )
    steps = np.arange(1, width + 1, dtype=np.uint64) * _GAMMA
    starts = seeds + positions * _GAMMA
    per = max(1, _BLOCK // width)
    draws = np.empty((min(rows, per), width), dtype=np.uint64)
    spare = np.empty_like(draws)
    # One block: the draws become the dice in place; several: each block copied out.
    dice = draws.view(np.int64) if rows <= per else np.empty((rows, width), dtype=np.int64)
    redo = None
    for first in range(0, rows, per):
        block = slice(first, first + per)
        z, t = draws[: min(per, rows - first)], spare[: min(per, rows - first)]
        np.add(starts[block, None], steps, out=z)
        _mix_in_place(z, t)
        faces, highest = (side, limit) if not side.ndim else (side[block, None], limit[block, None])
        if (z > highest).any():
            wanted = np.arange(width) < count[block, None] if count.ndim else True
            redo = np.zeros(rows, dtype=bool) if redo is None else redo
            redo[block] = ((z > highest) & wanted).any(axis=1)
        np.floor_divide(z, faces, out=t)  # z mod faces, as z - (z // faces) * faces
        t *= faces
        z -= t
        if rows > per:
            dice[block] = z
    dice += 1
    if count.ndim:
        dice *= np.arange(width) < count[:, None]  # 0 past each row's count
    after = positions + count.astype(np.uint64)
    if redo is not None:
        sides = np.broadcast_to(side, (rows,))
        again = np.flatnonzero(redo)
        dice[again], after[again] = _one_by_one(
            seeds[again],
            positions[again],
            np.broadcast_to(count, (rows,))[again],
            sides[again],
            width,
        )
    return dice, after


_LIMITS = _first_rejected(np.arange(1, 2**12 + 1, dtype=np.uint64))
"""``_first_rejected`` of the dice of 1 to 4,096 sides, looked up by ``pick``."""
_LOWEST_LIMIT = _LIMITS.min()
"""No die of those sides rejects a draw at or below it."""


def pick(seeds: Array, positions: Array, sides: Array | int) -> tuple[Array, Array]:
    """``roll(seeds, positions, 1, sides)``, one die a row of 1 or more sides (int64; one
    a row, or one for all): each row's die (int64, 1 to its sides) and the positions
    after it."""
    seeds = np.asarray(seeds, dtype=np.uint64)
    positions = np.asarray(positions, dtype=np.uint64)
    sides = np.asarray(sides, dtype=np.int64)
    if sides.size and int(sides.max()) > _LIMITS.size:  # beyond the table: roll's way
        dice, rolled = roll(seeds, positions, 1, sides.astype(np.uint64))
        return dice[:, 0], rolled
    after = positions + np.uint64(1)
    z = seeds + after * _GAMMA
    _mix_in_place(z, np.empty_like(z))
    faces = sides.astype(np.uint64)
    die = (z % faces).view(np.int64)
    die += 1
    if (z > _LOWEST_LIMIT).any():  # rare: each row's own limit, looked up only then
        rejected = z > _LIMITS[sides - 1]
        again = np.flatnonzero(rejected)
        faces = np.broadcast_to(faces, z.shape)
        dice, after[again] = _one_by_one(seeds[again], positions[again], np.ones(again.size,
                                         np.int64), faces[again], 1)  # fmt: skip
        die[again] = dice[:, 0]
    return die, after


def _one_by_one(
    seeds: Array, positions: Array, counts: Array, sides: Array, width: int
) -> tuple[Array, Array]:
    """``roll`` a draw at a time: the reference for the rows that met a rejection."""
    limit = _first_rejected(sides)
    dice = np.zeros((seeds.shape[0], width), dtype=np.int64)
    got = np.zeros(seeds.shape[0], dtype=np.int64)
    positions = positions.copy()
    while (need := got < counts).any():
        positions = np.where(need, positions + np.uint64(1), positions)
        draws = _mix(seeds + positions * _GAMMA)
        keep = need & (draws <= limit)
        rows = np.flatnonzero(keep)
        dice[rows, got[rows]] = (draws[rows] % sides[rows]).astype(np.int64) + 1
        got += keep
    return dice, positions


def nth_true(mask: Array, index: Array, order: Array | None = None) -> Array:
    """The column of each row's ``index``-th True (0-based) of ``mask``, the columns
    taken in ``order`` (a permutation of them; None: in order); -1 past the last True."""
    ranked = mask if order is None else mask[:, order]
    seen = np.cumsum(ranked, axis=1)
    found = seen > np.asarray(index)[:, None]
    column = np.argmax(found, axis=1)
    if order is not None:
        column = order[column]
    return np.where(found[:, -1], column, -1)
