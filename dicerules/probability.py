"""Exact odds for the dice games: the numbers the expert bots play from.

Every function returns a ``fractions.Fraction`` (or a mapping of them); each has a
float twin, named with ``_float``, for callers that want speed over exactness.
Nothing here reads a state: the arguments are what a seat can see.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from typing import TypeVar

from dicerules.games.liars_dice import MAX_DICE_PER_PLAYER, count_bid

__all__: list[str] = []

_ONE = Fraction(1)


# =====================================================================================
# liars-dice: the chance that a bid holds, given the dice a seat can see
# =====================================================================================

# A hand counts toward the bid face one die per face shown, plus its ones while ones
# are wild (never toward a bid on ones); with straights wild, a hand showing exactly
# 1, 2, ..., k counts k instead. The dice of one hand are independent, so a hand that
# is not a straight counts binomially; a straight is one sorted hand, k! of the
# sides**k ordered rolls, so the exact count of a hand is the binomial with that
# mass moved from what the straight would count die by die to k. Hands are
# independent of each other: the table's count is their convolution.


def bid_count_distribution(
    face: int,
    hand_sizes: Sequence[int],
    *,
    sides: int = 6,
    ones_wild: bool,
    straights_wild: bool,
) -> tuple[Fraction, ...]:
    """The chance that unseen hands count exactly c dice toward ``face``, for c = 0, 1, ...

    ``hand_sizes`` are the sizes of the hands not seen (one entry a hand, from 0 for a
    seat without dice to 10); the result has ``sum(hand_sizes) + 1`` entries summing
    to 1. ``ones_wild`` is whether ones count toward other faces this round (a
    view's ``ones_wild``: False in a classic round opened on ones); with
    ``straights_wild`` a hand that is exactly 1, 2, ..., k counts k.

    >>> bid_count_distribution(5, (2,), ones_wild=True, straights_wild=False)
    (Fraction(4, 9), Fraction(4, 9), Fraction(1, 9))
    """
    key = _liars_key(face, hand_sizes, sides, ones_wild, straights_wild)
    return _unseen_counts(*key)


def bid_count_distribution_float(
    face: int,
    hand_sizes: Sequence[int],
    *,
    sides: int = 6,
    ones_wild: bool,
    straights_wild: bool,
) -> tuple[float, ...]:
    """``bid_count_distribution`` as floats."""
    key = _liars_key(face, hand_sizes, sides, ones_wild, straights_wild)
    return _unseen_counts_float(*key)


def bid_probability(
    quantity: int,
    face: int,
    hand: Sequence[int],
    hand_sizes: Sequence[int],
    *,
    sides: int = 6,
    ones_wild: bool,
    straights_wild: bool,
) -> Fraction:
    """The chance that the bid ``quantity`` x ``face`` holds, for a seat holding ``hand``.

    ``hand`` is the seat's own dice (any order; ``()`` for a spectator); the other
    arguments are ``bid_count_distribution``'s. A bid the own hand already covers
    holds for sure (1); a bid of more dice than the own and unseen ones never does (0).

    >>> bid_probability(2, 5, (5, 3), (2,), ones_wild=True, straights_wild=False)
    Fraction(5, 9)
    """
    need, key = _bid_need(quantity, face, hand, hand_sizes, sides, ones_wild, straights_wild)
    if need <= 0:
        return _ONE
    at_least = _unseen_at_least(*key)
    return at_least[need] if need < len(at_least) else Fraction(0)


def bid_probability_float(
    quantity: int,
    face: int,
    hand: Sequence[int],
    hand_sizes: Sequence[int],
    *,
    sides: int = 6,
    ones_wild: bool,
    straights_wild: bool,
) -> float:
    """``bid_probability`` as a float."""
    need, key = _bid_need(quantity, face, hand, hand_sizes, sides, ones_wild, straights_wild)
    if need <= 0:
        return 1.0
    at_least = _unseen_at_least_float(*key)
    return at_least[need] if need < len(at_least) else 0.0


_LiarsKey = tuple[int, tuple[int, ...], int, bool, bool]


def _arg_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is an int in [low, high]; TypeError or ValueError naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" and <= {high}"
        raise ValueError(f"{name} must be >= {low}{upper}, got {value}")
    return value


def _arg_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return value


def _arg_ints(name: str, values: object, low: int, high: int | None = None) -> tuple[int, ...]:
    """``values`` as a tuple, each checked by ``_arg_int``; a str or a non-sequence: TypeError."""
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise TypeError(f"{name} must be a sequence of ints, got {values!r}")
    return tuple(_arg_int(f"each of {name}", value, low, high) for value in values)


def _liars_key(
    face: object, hand_sizes: object, sides: object, ones_wild: object, straights_wild: object
) -> _LiarsKey:
    """The checked arguments of a liars-dice question, as the caches' key (sizes sorted)."""
    sides = _arg_int("sides", sides, 2)
    return (
        _arg_int("face", face, 1, sides),
        tuple(sorted(_arg_ints("hand_sizes", hand_sizes, 0, MAX_DICE_PER_PLAYER))),
        sides,
        _arg_bool("ones_wild", ones_wild),
        _arg_bool("straights_wild", straights_wild),
    )


def _bid_need(
    quantity: object,
    face: object,
    hand: object,
    hand_sizes: object,
    sides: object,
    ones_wild: object,
    straights_wild: object,
) -> tuple[int, _LiarsKey]:
    """How many of the bid's dice the unseen hands must supply, and the caches' key."""
    key = _liars_key(face, hand_sizes, sides, ones_wild, straights_wild)
    quantity = _arg_int("quantity", quantity, 1)
    own = tuple(sorted(_arg_ints("hand", hand, 1, key[2])))
    if len(own) > MAX_DICE_PER_PLAYER:
        raise ValueError(f"a hand holds at most {MAX_DICE_PER_PLAYER} dice, got {len(own)}")
    mine = count_bid((own,), key[0], ones_wild=key[3], straights_wild=key[4])
    return quantity - mine, key


@lru_cache(maxsize=4096)
def _hand_counts(
    size: int, face: int, sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[Fraction, ...]:
    """The chance that one unseen hand of ``size`` dice counts c toward ``face``, c = 0..size."""
    hit = Fraction(2 if ones_wild and face != 1 else 1, sides)
    counts = [comb(size, c) * hit**c * (1 - hit) ** (size - c) for c in range(size + 1)]
    if straights_wild and 1 <= size <= sides:
        straight = Fraction(factorial(size), sides**size)
        die_by_die = (face <= size) + (ones_wild and face != 1)
        counts[die_by_die] -= straight
        counts[size] += straight
    return tuple(counts)


@lru_cache(maxsize=4096)
def _hand_counts_float(
    size: int, face: int, sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[float, ...]:
    return tuple(map(float, _hand_counts(size, face, sides, ones_wild, straights_wild)))


@lru_cache(maxsize=4096)
def _unseen_counts(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[Fraction, ...]:
    """``bid_count_distribution`` on checked arguments, the sizes sorted."""
    if not hand_sizes:
        return (_ONE,)
    rest = _unseen_counts(face, hand_sizes[:-1], sides, ones_wild, straights_wild)
    return _convolve(rest, _hand_counts(hand_sizes[-1], face, sides, ones_wild, straights_wild))


@lru_cache(maxsize=4096)
def _unseen_counts_float(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[float, ...]:
    """``bid_count_distribution_float`` on checked arguments, in floats all the way."""
    if not hand_sizes:
        return (1.0,)
    rest = _unseen_counts_float(face, hand_sizes[:-1], sides, ones_wild, straights_wild)
    last = _hand_counts_float(hand_sizes[-1], face, sides, ones_wild, straights_wild)
    return _convolve(rest, last)


@lru_cache(maxsize=4096)
def _unseen_at_least(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[Fraction, ...]:
    """``bid_count_at_least`` on checked arguments, the sizes sorted."""
    return _tail_sums(_unseen_counts(face, hand_sizes, sides, ones_wild, straights_wild))


@lru_cache(maxsize=4096)
def _unseen_at_least_float(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[float, ...]:
    # Float sums drift a hair off 1: at least none is certain, and no chance exceeds 1.
    tail = _tail_sums(_unseen_counts_float(face, hand_sizes, sides, ones_wild, straights_wild))
    return (1.0, *(min(chance, 1.0) for chance in tail[1:]))


_Number = TypeVar("_Number", Fraction, float)


def _convolve(first: Sequence[_Number], second: Sequence[_Number]) -> tuple[_Number, ...]:
    """The distribution of the sum of two independent counts, given each one's."""
    total = [first[0] - first[0]] * (len(first) + len(second) - 1)
    for i, p in enumerate(first):
        for j, q in enumerate(second):
            total[i + j] += p * q
    return tuple(total)


def _tail_sums(exactly: Sequence[_Number]) -> tuple[_Number, ...]:
    """Entry n: the sum of ``exactly[n:]``."""
    tail = list(exactly)
    for n in range(len(tail) - 2, -1, -1):
        tail[n] += tail[n + 1]
    return tuple(tail)


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
