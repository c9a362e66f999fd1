"""Exact odds of liar's dice: the chance that a bid holds, given what a seat can see.

``bid_count_distribution`` (how many dice the hands a seat cannot see count toward a
face) and ``bid_probability`` (the chance that a bid holds, given the seat's own hand),
with wild ones, cancelled wilds and wild straights; each has a ``_float`` twin.
Nothing here reads a state. TypeError for an argument of the wrong type, ValueError
for one out of range.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from dicerules.chances import ONE, arg_bool, arg_int, arg_ints, convolve, tail_sums
from dicerules.games.liars_dice.engine import MAX_DICE_PER_PLAYER, count_bid

__all__ = [
    "bid_count_distribution",
    "bid_count_distribution_float",
    "bid_probability",
    "bid_probability_float",
]

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
    palifico: bool = False,
) -> tuple[Fraction, ...]:
    """The chance that unseen hands count exactly c dice toward ``face``, for c = 0, 1, ...

    ``hand_sizes`` are the sizes of the hands not seen (one entry a hand, from 0 for a
    seat without dice to 10); the result has ``sum(hand_sizes) + 1`` entries summing
    to 1. ``ones_wild`` is whether ones count toward other faces this round (a
    view's ``ones_wild``: False in a classic round opened on ones); with
    ``straights_wild`` a hand that is exactly 1, 2, ..., k counts k. ``palifico``: the
    round is a palifico round, where ones are not wild whatever ``ones_wild`` says
    (straights still count). How ones rank (``ones_rank``) changes which bids may be
    made, never the chance that one holds, so it is no argument here.

    >>> bid_count_distribution(5, (2,), ones_wild=True, straights_wild=False)
    (Fraction(4, 9), Fraction(4, 9), Fraction(1, 9))
    """
    key = _liars_key(face, hand_sizes, sides, ones_wild, straights_wild, palifico)
    return _unseen_counts(*key)


def bid_count_distribution_float(
    face: int,
    hand_sizes: Sequence[int],
    *,
    sides: int = 6,
    ones_wild: bool,
    straights_wild: bool,
    palifico: bool = False,
) -> tuple[float, ...]:
    """``bid_count_distribution`` as floats."""
    key = _liars_key(face, hand_sizes, sides, ones_wild, straights_wild, palifico)
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
    palifico: bool = False,
) -> Fraction:
    """The chance that the bid ``quantity`` x ``face`` holds, for a seat holding ``hand``.

    ``hand`` is the seat's own dice (any order; ``()`` for a spectator); the other
    arguments are ``bid_count_distribution``'s. A bid the own hand already covers
    holds for sure (1); a bid of more dice than the own and unseen ones never does (0).

    >>> bid_probability(2, 5, (5, 3), (2,), ones_wild=True, straights_wild=False)
    Fraction(5, 9)
    """
    need, key = _bid_need(
        quantity, face, hand, hand_sizes, sides, ones_wild, straights_wild, palifico
    )
    if need <= 0:
        return ONE
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
    palifico: bool = False,
) -> float:
    """``bid_probability`` as a float."""
    need, key = _bid_need(
        quantity, face, hand, hand_sizes, sides, ones_wild, straights_wild, palifico
    )
    if need <= 0:
        return 1.0
    at_least = _unseen_at_least_float(*key)
    return at_least[need] if need < len(at_least) else 0.0


_LiarsKey = tuple[int, tuple[int, ...], int, bool, bool]


def _liars_key(
    face: object,
    hand_sizes: object,
    sides: object,
    ones_wild: object,
    straights_wild: object,
    palifico: object,
) -> _LiarsKey:
    """The checked arguments of a liars-dice question, as the caches' key (sizes sorted).

    A palifico round is keyed as a round without wild ones: it counts the same.
    """
    sides = arg_int("sides", sides, 2)
    return (
        arg_int("face", face, 1, sides),
        tuple(sorted(arg_ints("hand_sizes", hand_sizes, 0, MAX_DICE_PER_PLAYER))),
        sides,
        arg_bool("ones_wild", ones_wild) and not arg_bool("palifico", palifico),
        arg_bool("straights_wild", straights_wild),
    )


def _bid_need(
    quantity: object,
    face: object,
    hand: object,
    hand_sizes: object,
    sides: object,
    ones_wild: object,
    straights_wild: object,
    palifico: object,
) -> tuple[int, _LiarsKey]:
    """How many of the bid's dice the unseen hands must supply, and the caches' key."""
    key = _liars_key(face, hand_sizes, sides, ones_wild, straights_wild, palifico)
    quantity = arg_int("quantity", quantity, 1)
    own = tuple(sorted(arg_ints("hand", hand, 1, key[2])))
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
        return (ONE,)
    rest = _unseen_counts(face, hand_sizes[:-1], sides, ones_wild, straights_wild)
    return convolve(rest, _hand_counts(hand_sizes[-1], face, sides, ones_wild, straights_wild))


@lru_cache(maxsize=4096)
def _unseen_counts_float(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[float, ...]:
    """``bid_count_distribution_float`` on checked arguments, in floats all the way."""
    if not hand_sizes:
        return (1.0,)
    rest = _unseen_counts_float(face, hand_sizes[:-1], sides, ones_wild, straights_wild)
    last = _hand_counts_float(hand_sizes[-1], face, sides, ones_wild, straights_wild)
    return convolve(rest, last)


@lru_cache(maxsize=4096)
def _unseen_at_least(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[Fraction, ...]:
    """Entry n: the chance that the unseen hands count n or more, on checked arguments."""
    return tail_sums(_unseen_counts(face, hand_sizes, sides, ones_wild, straights_wild))


@lru_cache(maxsize=4096)
def _unseen_at_least_float(
    face: int, hand_sizes: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[float, ...]:
    # Float sums drift a hair off 1: at least none is certain, and no chance exceeds 1.
    tail = tail_sums(_unseen_counts_float(face, hand_sizes, sides, ones_wild, straights_wild))
    return (1.0, *(min(chance, 1.0) for chance in tail[1:]))
