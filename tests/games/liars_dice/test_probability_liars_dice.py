"""The liars-dice odds of dicerules.probability, against hand arithmetic and brute force.

The brute-force reference rolls every ordered outcome of the unseen dice, sorts each
hand as the engine does and counts the bid with the engine's own ``count_bid``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise, product

import pytest

from dicerules.games.liars_dice import count_bid
from dicerules.probability import (
    bid_count_distribution,
    bid_count_distribution_float,
    bid_probability,
    bid_probability_float,
)

F = Fraction
CLASSIC = {"ones_wild": True, "straights_wild": False}
NOT_WILD = {"ones_wild": False, "straights_wild": False}
NORWEGIAN = {"ones_wild": True, "straights_wild": True}


def brute_force(
    quantity: int,
    face: int,
    hand: tuple[int, ...],
    hand_sizes: tuple[int, ...],
    sides: int,
    ones_wild: bool,
    straights_wild: bool,
) -> Fraction:
    """The chance of the bid, over every ordered roll of the unseen dice."""
    unseen = sum(hand_sizes)
    holds = 0
    for roll in product(range(1, sides + 1), repeat=unseen):
        hands = [tuple(sorted(hand))]
        start = 0
        for size in hand_sizes:
            hands.append(tuple(sorted(roll[start : start + size])))
            start += size
        count = count_bid(tuple(hands), face, ones_wild=ones_wild, straights_wild=straights_wild)
        holds += count >= quantity
    return F(holds, sides**unseen)


# ------------------------------------------------------------------ worked by hand


def test_at_least_one_five_among_two_unseen_dice_ones_wild() -> None:
    # A die counts for a five when it shows 5 or 1: 2/6. None of two counts with
    # chance (4/6)^2, so at least one counts with 1 - (4/6)^2 = 1 - 16/36 = 5/9.
    assert bid_probability(1, 5, (), (2,), **CLASSIC) == F(5, 9)
    # Own hand 3-5 already counts one five, so 2x5 needs one more: the same 5/9.
    assert bid_probability(2, 5, (3, 5), (2,), **CLASSIC) == F(5, 9)


def test_distribution_of_two_unseen_dice() -> None:
    # Binomial(2, 1/3): (2/3)^2 = 4/9, 2 * 1/3 * 2/3 = 4/9, (1/3)^2 = 1/9.
    assert bid_count_distribution(5, (2,), **CLASSIC) == (F(4, 9), F(4, 9), F(1, 9))


def test_classic_round_opened_on_ones_cancels_the_wilds() -> None:
    # Ones do not count for fours: a die counts with 1/6. Two fours among 3 unseen
    # dice: 3 * (1/6)^2 * (5/6) + (1/6)^3 = 15/216 + 1/216 = 16/216 = 2/27.
    assert bid_probability(2, 4, (2, 6, 6), (3,), **NOT_WILD) == F(2, 27)
    # With the wilds, the own 1 counts: 2x4 needs one of 3 unseen at 2/6:
    # 1 - (4/6)^3 = 1 - 8/27 = 19/27.
    assert bid_probability(2, 4, (1, 2, 6), (3,), **CLASSIC) == F(19, 27)
    # ... and without them the own 1 does not: two of 3 unseen at 1/6, 2/27 again.
    assert bid_probability(2, 4, (1, 2, 6), (3,), **NOT_WILD) == F(2, 27)


def test_a_bid_on_ones_is_never_helped_by_wild_ones() -> None:
    # A one counts once for ones: one of 2 unseen at 1/6: 1 - (5/6)^2 = 11/36.
    assert bid_probability(1, 1, (), (2,), **CLASSIC) == F(11, 36)
    assert bid_probability(1, 1, (), (2,), **NOT_WILD) == F(11, 36)


def test_a_straight_counts_its_size_for_any_face() -> None:
    # Two unseen dice, norwegian, bid 2x3. Die by die, a die counts with 2/6 (3 or
    # 1): both with (1/3)^2 = 4/36. The hand 1-2 (rolled 1,2 or 2,1: 2/36) is a
    # straight and counts 2 though die by die it counts only its 1. So
    # P(count >= 2) = 4/36 + 2/36 = 6/36 = 1/6.
    assert bid_probability(2, 3, (), (2,), **NORWEGIAN) == F(1, 6)
    # The whole distribution: P(0) = (4/6)^2 = 16/36; P(2) = 6/36;
    # P(1) = 1 - 16/36 - 6/36 = 14/36.
    assert bid_count_distribution(3, (2,), **NORWEGIAN) == (F(16, 36), F(14, 36), F(6, 36))


def test_an_own_straight_counts_its_size() -> None:
    # Own hand 1-2-3 is a straight: three sixes are already covered.
    assert bid_probability(3, 6, (3, 1, 2), (4, 4), **NORWEGIAN) == 1
    # Without straights wild the same hand counts only its 1 for sixes.
    assert bid_probability(1, 6, (3, 1, 2), (), **CLASSIC) == 1
    assert bid_probability(2, 6, (3, 1, 2), (), **CLASSIC) == 0


def test_a_straight_counts_whatever_the_ones_rule() -> None:
    # One unseen die, wilds cancelled, bid 1x4: it counts when it shows 4 (1/6) or
    # when it is the straight "1" (1/6): 2/6 = 1/3.
    assert bid_probability(1, 4, (), (1,), ones_wild=False, straights_wild=True) == F(1, 3)


def test_covered_by_the_own_hand_and_more_than_the_dice() -> None:
    assert bid_probability(2, 4, (4, 4, 6), (3, 3), **CLASSIC) == 1
    assert bid_probability_float(2, 4, (4, 4, 6), (3, 3), **CLASSIC) == 1.0
    # 3 own dice + 2 unseen = 5 dice: a bid of 6 can never hold, nor 5 unless all count.
    assert bid_probability(6, 4, (4, 4, 4), (2,), **CLASSIC) == 0
    assert bid_probability_float(6, 4, (4, 4, 4), (2,), **CLASSIC) == 0.0
    # 5x4 with three own fours: both unseen count, (2/6)^2 = 1/9.
    assert bid_probability(5, 4, (4, 4, 4), (2,), **CLASSIC) == F(1, 9)


def test_no_unseen_dice() -> None:
    assert bid_count_distribution(3, (), **CLASSIC) == (F(1),)
    assert bid_count_distribution(3, (0, 0), **CLASSIC) == (F(1),)
    assert bid_probability(1, 3, (3,), (), **CLASSIC) == 1
    assert bid_probability(1, 3, (4,), (0,), **CLASSIC) == 0


def test_other_sides() -> None:
    # Four sides, ones wild: a die counts for a 4 with 2/4 = 1/2. At least 2 of 3:
    # 3 * (1/2)^3 + (1/2)^3 = 4/8 = 1/2.
    assert bid_probability(2, 4, (), (3,), sides=4, **CLASSIC) == F(1, 2)


# ------------------------------------------------------------------ brute force


@pytest.mark.parametrize(
    ("sides", "hand", "hand_sizes"),
    [
        (6, (), (1,)),
        (6, (1, 2), (2,)),
        (6, (3,), (1, 2)),
        (6, (2, 5, 5), (3,)),
        (6, (), (4,)),
        (4, (1, 2, 3), (2, 3)),
        (3, (3,), (3, 1, 1)),
        (2, (1, 2), (2, 2, 1)),
    ],
)
@pytest.mark.parametrize("ones_wild", [True, False])
@pytest.mark.parametrize("straights_wild", [True, False])
def test_against_brute_force(
    sides: int,
    hand: tuple[int, ...],
    hand_sizes: tuple[int, ...],
    ones_wild: bool,
    straights_wild: bool,
) -> None:
    flags = {"ones_wild": ones_wild, "straights_wild": straights_wild}
    total = len(hand) + sum(hand_sizes)
    for face in range(1, sides + 1):
        exactly = bid_count_distribution(face, hand_sizes, sides=sides, **flags)
        assert sum(exactly) == 1
        assert bid_count_distribution_float(
            face, hand_sizes, sides=sides, **flags
        ) == pytest.approx(tuple(map(float, exactly)))
        for quantity in range(1, total + 2):
            expected = brute_force(quantity, face, hand, hand_sizes, sides, **flags)
            got = bid_probability(quantity, face, hand, hand_sizes, sides=sides, **flags)
            assert got == expected, (quantity, face)
            assert bid_probability_float(
                quantity, face, hand, hand_sizes, sides=sides, **flags
            ) == pytest.approx(float(expected))


def test_the_order_of_hands_and_dice_does_not_matter() -> None:
    assert bid_count_distribution(4, (3, 1, 2), **NORWEGIAN) == bid_count_distribution(
        4, (1, 2, 3), **NORWEGIAN
    )
    assert bid_probability(3, 4, (4, 1, 6), (2, 3), **NORWEGIAN) == bid_probability(
        3, 4, (6, 4, 1), (3, 2), **NORWEGIAN
    )


# ------------------------------------------------------------------ bad arguments


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: bid_probability(0, 4, (), (2,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 0, (), (2,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 7, (), (2,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 4, (7,), (2,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 4, (0,), (2,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 4, (), (-1,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 4, (), (2,), sides=1, **CLASSIC), ValueError),
        # A hand holds at most 10 dice (the most a seat can start with).
        (lambda: bid_probability(1, 4, (), (11,), **CLASSIC), ValueError),
        (lambda: bid_probability(1, 4, (2,) * 11, (2,), **CLASSIC), ValueError),
        (lambda: bid_probability(1.0, 4, (), (2,), **CLASSIC), TypeError),  # type: ignore[arg-type]
        (lambda: bid_probability(True, 4, (), (2,), **CLASSIC), TypeError),
        (lambda: bid_probability(1, "4", (), (2,), **CLASSIC), TypeError),  # type: ignore[arg-type]
        (lambda: bid_probability(1, 4, "44", (2,), **CLASSIC), TypeError),  # type: ignore[arg-type]
        (lambda: bid_probability(1, 4, (), 2, **CLASSIC), TypeError),  # type: ignore[arg-type]
        (lambda: bid_probability(1, 4, (), (2.0,), **CLASSIC), TypeError),  # type: ignore[arg-type]
        (
            lambda: bid_probability(1, 4, (), (2,), ones_wild=1, straights_wild=False),  # type: ignore[arg-type]
            TypeError,
        ),
        (
            lambda: bid_count_distribution(4, (2,), ones_wild=True, straights_wild=None),  # type: ignore[arg-type]
            TypeError,
        ),
        (lambda: bid_count_distribution(9, (2,), **CLASSIC), ValueError),
        (lambda: bid_count_distribution_float(4, {2}, **CLASSIC), TypeError),  # type: ignore[arg-type]
        (lambda: bid_count_distribution_float(4, (2,), sides=True, **CLASSIC), TypeError),
    ],
)
def test_bad_arguments(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


def test_a_big_table_in_floats_stays_a_distribution() -> None:
    # Nine unseen hands of ten 20-sided dice: the float twin is computed in floats.
    exactly = bid_count_distribution_float(7, (10,) * 9, sides=20, **NORWEGIAN)
    assert len(exactly) == 91
    assert all(0.0 <= p <= 1.0 for p in exactly)
    assert sum(exactly) == pytest.approx(1.0)
    chances = [
        bid_probability_float(q, 7, (), (10,) * 9, sides=20, **NORWEGIAN) for q in range(1, 92)
    ]
    assert all(1.0 >= a >= b >= 0.0 for a, b in pairwise(chances))
    # 91 sevens among 90 dice never hold; 90 hold only if every die counts.
    assert chances[-1] == 0.0
    assert 0.0 < chances[-2] < 1e-30


# ------------------------------------------------------- the Perudo family (rules 9 to 11)


@pytest.mark.parametrize("straights_wild", [False, True])
@pytest.mark.parametrize("face", [1, 2, 5])
def test_a_palifico_round_counts_no_wild_ones(face: int, straights_wild: bool) -> None:
    from dicerules.games.liars_dice.odds import bid_count_distribution, bid_probability

    sizes = (1, 3, 2)
    palifico = bid_count_distribution(
        face, sizes, ones_wild=True, straights_wild=straights_wild, palifico=True
    )
    assert palifico == bid_count_distribution(
        face, sizes, ones_wild=False, straights_wild=straights_wild
    )
    if face != 1 and not straights_wild:
        # A bid on 5s in a palifico round: each unseen die shows it with 1/6, not 2/6.
        assert palifico[0] == Fraction(5, 6) ** 6
    # The own hand's ones no longer count either: 1-5 holds one five, not two.
    assert bid_probability(2, 5, (1, 5), (), ones_wild=True, straights_wild=False) == 1
    assert (
        bid_probability(2, 5, (1, 5), (), ones_wild=True, straights_wild=False, palifico=True) == 0
    )
