"""The exact odds take bounded work: their inputs are held to what a game can have."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from dicerules import DiceRulesError, InvalidArgumentError, probability

CLASSIC = {"ones_wild": True, "straights_wild": False}


@pytest.mark.parametrize(
    ("call", "limit"),
    [
        (lambda: probability.bid_probability(5, 4, (), (10,) * 11, **CLASSIC), "at most 10 hands"),
        (lambda: probability.bid_probability(5, 4, (), (1,) * 200, **CLASSIC), "at most 10 hands"),
        (
            lambda: probability.bid_probability_float(5, 4, (2,), (1,) * 11, **CLASSIC),
            "at most 10 hands",
        ),
        (
            lambda: probability.bid_count_distribution(4, (1,) * 11, **CLASSIC),
            "at most 10 hands",
        ),
        (
            lambda: probability.bid_probability(5, 4, (), (2,), sides=21, **CLASSIC),
            "<= 20",
        ),
        (
            lambda: probability.bid_count_distribution(4, (2,), sides=2**64, **CLASSIC),
            "<= 20",
        ),
        (
            lambda: probability.bid_probability(5, 4, (1,) * 10**6, (2,), **CLASSIC),
            "at most 10 dice",
        ),
        (
            lambda: probability.stand_points(
                (5, 5, 5),
                probability.roost_distribution((1, 2, 3)),
                [{10: Fraction(1)}] * 8,
            ),
            "at most 7",
        ),
    ],
    ids=[
        "11-hands",
        "200-hands",
        "11-hands-float",
        "distribution-11-hands",
        "21-sides",
        "2**64-sides",
        "a-million-dice",
        "eighteen-8-others",
    ],
)
def test_inputs_past_a_games_limits_are_refused(call: Callable[[], object], limit: str) -> None:
    with pytest.raises(InvalidArgumentError, match=limit) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, DiceRulesError)


def test_the_largest_game_is_answered() -> None:
    # Ten seats of ten dice of twenty sides, seen by a spectator: the most a game holds.
    chance = probability.bid_probability(
        30, 7, (), (10,) * 10, sides=20, ones_wild=True, straights_wild=True
    )
    assert 0 < chance < 1
    assert probability.bid_probability_float(
        30, 7, (), (10,) * 10, sides=20, ones_wild=True, straights_wild=True
    ) == pytest.approx(float(chance))
