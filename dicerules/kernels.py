"""What games' batch kernels share (extra ``batch``): legal actions read from tables.

A kernel whose legal actions depend on a small position (the dice of the seat to
act, a stage) numbers those positions and keeps each game's number as its
``key`` array; ``Tables`` then reads the legal mask, the number of legal actions
and the n-th of them from three tables made once, one row a position (the last
row a game that is over). Only the batch kernels import this module, so ``import
dicerules`` never needs NumPy.

Measured: before these tables, perudo (ones at half, palifico rounds) built the whole
legal mask every step of ``batch.simulate``, 5 times the scalar engine; with them, 21
to 23 times. A kernel may declare ``legal(data, ids)``, one lookup a game, so that
``step`` checks a caller's ids without the mask (the learner's loop of twenty-four
``house-rules`` went from 4.5 to 10 times the scalar engine). ``flat`` gives an array
of games x seats as one axis, so that a game's seat is one index. ``take_rows`` and
``put_rows`` read and write whole rows of an array of games x more than one axis,
``seat_sum`` sums a short axis of seats: NumPy does each several times slower by
plain indexing and ``sum`` (liar's dice's and eighteen's rounds, ``dicerules.games.
<name>.batch``, tell what each bought).
"""

from __future__ import annotations

import numpy as np

from dicerules.vector import Array

__all__ = ["Tables", "by_most", "flat", "put_rows", "seat_rows", "seat_sum", "tables", "take_rows"]


def flat(out: dict[str, Array], name: str) -> Array:
    """``out[name]`` flattened, a view of it (made C-contiguous first if it is not), to
    read and write at flat indices: a game's seat is then one index, ``game * players
    + seat``, which NumPy reads and writes two to four times faster than a row index
    and a column index."""
    array = out[name]
    if not array.flags.c_contiguous:
        array = out[name] = np.ascontiguousarray(array)
    return array.reshape(-1)


def take_rows(array: Array, rows: Array) -> Array:
    """``array[rows]``: NumPy takes whole rows of an array of more than one axis several
    times faster by ``take`` than by indexing."""
    return array.take(rows, axis=0)


_FEW_ROWS = 256
"""Fewer rows than this ``put_rows`` sets by indexing: making the blocks costs more."""


def put_rows(array: Array, rows: Array, values: Array | int) -> None:
    """``array[rows] = values``, each row of an array of more than one axis set as one
    block of bytes (indexing sets rows of a few bytes item by item: of 10,000 rows of 24
    bytes, 1,600 set 2 to 4 times faster, 100 a third slower). One number for every cell
    is one row's block, repeated."""
    if rows.size < _FEW_ROWS or not array.flags.c_contiguous:
        array[rows] = values
        return
    block = f"V{array.itemsize * (array.size // array.shape[0])}"
    if isinstance(values, np.ndarray) and values.ndim:
        row_shape = (rows.shape[0], *array.shape[1:])
        if not (
            values.shape == row_shape and values.dtype == array.dtype and values.flags.c_contiguous
        ):
            values = np.ascontiguousarray(np.broadcast_to(values, row_shape), dtype=array.dtype)
    else:
        values = np.full((1, *array.shape[1:]), values, dtype=array.dtype)
    blocks = array.reshape(array.shape[0], -1).view(block)[:, 0]
    np.put(blocks, rows, values.reshape(values.shape[0], -1).view(block)[:, 0])


def seat_sum(array: Array) -> Array:
    """``array.sum(axis=1)`` (int64) over its few seats, a seat at a time: NumPy sums a
    short middle axis several times slower than it adds a few whole slices."""
    total = array[:, 0].astype(np.int64)
    for seat in range(1, array.shape[1]):
        total += array[:, seat]
    return total


def seat_rows(seats: Array) -> tuple[Array | slice, Array | int]:
    """The rows of an observation's ``seats`` (int64, one a game, -1 for the spectator)
    that show a seat's view, and each one's seat, to index a kernel's arrays with:
    ``obs[rows, seat]``. When every game has the same seat (``observation(b, 0)``),
    every row as a slice and that seat as an int, which NumPy reads 4 to 5 times faster
    than the same rows and seats as index arrays."""
    if seats.size and (seats == seats[0]).all() and seats[0] >= 0:
        return slice(None), int(seats[0])
    seen = np.flatnonzero(seats >= 0)
    return seen, seats[seen]


def tables(masks: Array, order: Array | None = None) -> tuple[Array, Array, Array]:
    """The three tables of ``masks`` (positions x action ids, bool): the masks, the
    number of legal actions of each row, and each row's legal ids in ``order`` (a
    permutation of the ids, the scalar ``legal_actions`` order; None: id order),
    -1 past the last."""
    width = masks.shape[1]
    order = np.arange(width) if order is None else np.asarray(order)
    ranked = np.argsort(~masks[:, order], axis=1, kind="stable")
    number = masks.sum(axis=1)
    nth = np.where(np.arange(width) < number[:, None], order[ranked], -1)
    return masks, number, nth


class Tables:
    """The legal actions of a kernel whose data holds each game's row as ``key``."""

    masks: Array
    counts: Array
    nth: Array

    def legal_mask(self, data: dict[str, Array]) -> Array:
        return self.masks[data["key"]]

    def legal(self, data: dict[str, Array], ids: Array) -> Array:
        """Whether each game's id is legal there: its mask's cell, without the mask."""
        known = (ids >= 0) & (ids < self.masks.shape[1])
        return known & self.masks[data["key"], np.where(known, ids, 0)]  # type: ignore[no-any-return]

    def legal_count(self, data: dict[str, Array]) -> Array:
        return self.counts[data["key"]]

    def nth_legal(self, data: dict[str, Array], *picks: Array) -> Array:
        """The ``index``-th legal id, called ``(data, index)`` or ``(data, mask,
        index)`` (the mask is not needed); -1 past a game's last legal action."""
        key, index = data["key"], picks[-1]
        last = self.nth.shape[1] - 1
        return np.where(index < self.counts[key], self.nth[key, np.minimum(index, last)], -1)


def by_most(scores: Array, to_act: Array) -> Array:
    """Games x seats: the seats with the highest score of each game that is over
    (``to_act`` -1), the winners of a game won by the most."""
    best = scores == scores.max(axis=1, keepdims=True)
    return (to_act < 0)[:, None] & best  # type: ignore[no-any-return]
