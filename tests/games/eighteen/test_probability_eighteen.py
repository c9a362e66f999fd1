"""eighteen's odds in dicerules.probability: hand-worked values and brute force.

The references here are written from the rules page alone: six dice thrown in every
order for the roost, and rule 7's scoring applied to every way the hidden totals
can fall, with a turn searched die by die.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from dicerules import probability as P

F = Fraction


# ------------------------------------------------------------------ the roost


def test_roost_after_three_fives_by_hand() -> None:
    # Discards 5-5-5: all six dice are 5 or 6 and at least three are fives. With k
    # fives the throws number C(6, k): six fives 1 (roost 15), five 6 (roost 16),
    # four 15 (roost 17), three 20 (roost 18); 42 throws in all.
    assert P.roost_distribution((5, 5, 5)) == {
        15: F(1, 42),
        16: F(6, 42),
        17: F(15, 42),
        18: F(20, 42),
    }
    # A player asked to act knows the roost is not 18: 1 + 6 + 15 = 22 throws left.
    assert P.roost_distribution([5, 5, 5], playing=True) == {
        15: F(1, 22),
        16: F(6, 22),
        17: F(15, 22),
    }


def test_roost_of_18_before_the_house_rolls_by_hand() -> None:
    # The roost is 18 when three or more of the six dice are sixes:
    # C(6,3) 5^3 + C(6,4) 5^2 + C(6,5) 5 + 1 = 2500 + 375 + 30 + 1 = 2906 of 6^6 = 46656.
    roost = P.roost_distribution()
    assert roost[18] == F(2906, 46656)
    assert sum(roost.values()) == 1
    assert min(roost) == 3 and max(roost) == 18


def _brute_roosts() -> dict[tuple[int, ...], dict[int, int]]:
    """Every ordered throw of six dice: discards -> roost -> throws."""
    table: dict[tuple[int, ...], dict[int, int]] = {}
    for throw in product(range(1, 7), repeat=6):
        ordered = sorted(throw)
        row = table.setdefault(tuple(ordered[:3]), {})
        roost = sum(ordered[3:])
        row[roost] = row.get(roost, 0) + 1
    return table


def test_roost_distribution_matches_every_throw_of_six_dice() -> None:
    table = _brute_roosts()
    assert len(table) == 56
    everything: dict[int, int] = {}
    for discards, row in table.items():
        for roost, count in row.items():
            everything[roost] = everything.get(roost, 0) + count
        total = sum(row.values())
        assert P.roost_distribution(discards) == {r: F(c, total) for r, c in row.items()}
        played = {r: c for r, c in row.items() if r != 18}
        if played:
            below = sum(played.values())
            assert P.roost_distribution(discards[::-1], playing=True) == {
                r: F(c, below) for r, c in played.items()
            }
    assert P.roost_distribution() == {r: F(c, 6**6) for r, c in everything.items()}


def test_roost_float_twin() -> None:
    exact = P.roost_distribution((2, 3, 3), playing=True)
    floats = P.roost_distribution_float((2, 3, 3), playing=True)
    assert floats == {r: float(p) for r, p in exact.items()}


@pytest.mark.parametrize(
    ("discards", "error"),
    [
        ((1, 2), ValueError),
        ((1, 2, 3, 4), ValueError),
        ((0, 2, 3), ValueError),
        ((1, 2, 7), ValueError),
        ((1.0, 2, 3), TypeError),
        ((True, 2, 3), TypeError),
        ("123", TypeError),
        (b"\x01\x02\x03", TypeError),
        (123, TypeError),
    ],
)
def test_roost_bad_discards(discards: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        P.roost_distribution(discards)  # type: ignore[arg-type]


def test_roost_playing_is_a_bool() -> None:
    with pytest.raises(TypeError, match="playing"):
        P.roost_distribution((5, 5, 5), playing=1)  # type: ignore[arg-type]


def test_roost_six_six_six_cannot_be_played() -> None:
    assert P.roost_distribution((6, 6, 6)) == {18: 1}
    with pytest.raises(ValueError, match="18"):
        P.roost_distribution((6, 6, 6), playing=True)


# ------------------------------------------------------- standing and rolling


def test_stand_and_roll_by_hand() -> None:
    roost = P.roost_distribution((5, 5, 5), playing=True)  # 15: 1/22, 16: 6/22, 17: 15/22
    shown = [{16: F(1)}]
    # Standing on 6-6-5 = 17: above the roost 15 or 16 (7/22), on it 17 (15/22), so
    # 7/22 against the roost, and it beats the 16 shown: 7/22 + 1 = 29/22.
    assert P.stand_points((6, 6, 5), roost, shown) == F(29, 22)
    # Rolling: a 1 makes 18, where standing beats every roost and the 16 (+2) and
    # rolling again is sure to bust; 2 to 6 bust (-1). (2 - 5) / 6 = -1/2.
    assert P.roll_points((6, 6, 5), roost, shown) == F(-1, 2)
    assert P.stand_points_float((6, 6, 5), roost, shown) == 29 / 22
    assert P.roll_points_float((6, 6, 5), roost, shown) == -0.5


def test_floor_at_zero_by_hand() -> None:
    roost = {10: F(1)}
    # 3-3-3 = 9 is below the roost: -1, or 0 for a seat at 0 points with the floor.
    assert P.stand_points((3, 3, 3), roost) == -1
    assert P.stand_points((3, 3, 3), roost, floor_points=0) == 0
    assert P.stand_points((3, 3, 3), roost, floor_points=1) == -1
    # From 17 a 1 makes 18 (+1 against a roost of 10); 2 to 6 bust (-1):
    # (1 - 5) / 6 = -2/3; a seat at 0 loses nothing by a bust: 1/6.
    assert P.roll_points((6, 6, 5), roost) == F(-2, 3)
    assert P.roll_points((6, 6, 5), roost, floor_points=0) == F(1, 6)
    # A seat at -2 (start_points below 0) ends the round at 0 or more: a loss of 1
    # still leaves it at 0, so the floor turns any result c into max(c, 2): +2.
    assert P.stand_points((3, 3, 3), roost, floor_points=-2) == 2


def test_six_dice_count_18_and_bust_counts_minus_one() -> None:
    roost = {17: F(1)}
    # Six dice summing 9 count 18: above the roost, and above the 12 shown.
    assert P.stand_points((1, 1, 1, 2, 2, 2), roost, [{12: F(1)}]) == 2
    # A bust loses to the roost and beats nobody, even a player who busts too.
    assert P.stand_points((6, 6, 6, 1), roost, [{0: F(1)}]) == -1


def _score(total: int | None, roost: int, others: Sequence[int | None]) -> int:
    """Rule 7 for one player: ``total`` None is bust, as is None among ``others``."""
    if total is None:
        return -1
    points = -1 if total < roost else 1 if total > roost else 0
    return points + sum(1 for other in others if other is None or other < total)


def _count(hand: tuple[int, ...]) -> int | None:
    """Rule 5: over 18 is bust; six dice count 18."""
    if sum(hand) > 18:
        return None
    return 18 if len(hand) == 6 else sum(hand)


Points = Callable[[tuple[int, ...]], Fraction]


def _reference(
    roost: Mapping[int, Fraction], others: Sequence[Mapping[int, Fraction]], floor: int | None
) -> tuple[Points, Points]:
    """(stand, roll): a sorted hand's points, by every roost and every joint other total."""

    def points(total: int | None) -> Fraction:
        value = F(0)
        for roost_total, p in roost.items():
            for joint in product(*(other.items() for other in others)):
                chance = p
                totals: list[int | None] = []
                for other_total, q in joint:
                    chance *= q
                    totals.append(None if other_total == 0 else other_total)
                change = _score(total, roost_total, totals)
                if floor is not None:
                    change = max(change, -floor)
                value += chance * change
        return value

    @cache
    def stand(hand: tuple[int, ...]) -> Fraction:
        return points(_count(hand))

    @cache
    def best(hand: tuple[int, ...]) -> Fraction:
        if sum(hand) > 18 or len(hand) == 6:
            return stand(hand)
        return max(stand(hand), roll(hand))

    @cache
    def roll(hand: tuple[int, ...]) -> Fraction:
        return sum((best(tuple(sorted((*hand, die)))) for die in range(1, 7)), F(0)) / 6

    return stand, roll


def _playing_hands() -> list[tuple[int, ...]]:
    """Every sorted hand of 3 or 4 dice that is not bust."""
    hands = [tuple(sorted(h)) for n in (3, 4) for h in product(range(1, 7), repeat=n)]
    return [h for h in dict.fromkeys(hands) if sum(h) <= 18]


@pytest.mark.parametrize(
    ("discards", "others", "floor"),
    [
        ((2, 3, 4), [], None),
        ((4, 4, 5), [{12: F(1)}, {0: F(1, 3), 15: F(1, 2), 17: F(1, 6)}], None),
        ((1, 1, 3), [{17: F(1)}, {0: F(1, 4), 14: F(3, 4)}], 0),
    ],
)
def test_stand_and_roll_match_a_search_of_every_die(
    discards: tuple[int, ...], others: list[dict[int, Fraction]], floor: int | None
) -> None:
    roost = P.roost_distribution(discards, playing=True)
    stand, roll = _reference(roost, others, floor)
    for hand in _playing_hands():
        assert P.stand_points(hand, roost, others, floor_points=floor) == stand(hand), hand
        assert P.roll_points(hand, roost, others, floor_points=floor) == roll(hand), hand


def test_turn_totals_against_the_lowest_roost_by_hand() -> None:
    # Against a roost of 3 any total from 4 to 18 gains 1 and 3 gains 0: a player
    # stands at once except on 1-1-1 (1/216), where any die gives 4 to 9 and +1.
    # So each of 4 to 9 gets 1/216 * 1/6 more: P(4) = 3/216 + 1/1296 = 19/1296.
    totals = P.eighteen_turn_totals({3: F(1)})
    assert 3 not in totals and 0 not in totals
    assert totals[4] == F(19, 1296)
    assert totals[18] == F(1, 216)
    assert sum(totals.values()) == 1
    assert P.eighteen_turn_totals_float({3: F(1)}) == {t: float(p) for t, p in totals.items()}


def test_turn_totals_match_a_search_of_every_die() -> None:
    roost = P.roost_distribution((3, 4, 4), playing=True)
    stand, roll = _reference(roost, [], None)

    def final(hand: tuple[int, ...]) -> dict[int, Fraction]:
        """The final totals from ``hand``, rolling only when rolling gains points."""
        count = _count(hand)
        if count is None or len(hand) == 6 or roll(hand) <= stand(hand):
            return {0 if count is None else count: F(1)}
        result: dict[int, Fraction] = {}
        for die in range(1, 7):
            for total, p in final(tuple(sorted((*hand, die)))).items():
                result[total] = result.get(total, F(0)) + p / 6
        return result

    expected: dict[int, Fraction] = {}
    for opening in product(range(1, 7), repeat=3):
        for total, p in final(tuple(sorted(opening))).items():
            expected[total] = expected.get(total, F(0)) + p / 216
    assert P.eighteen_turn_totals(roost) == {t: p for t, p in expected.items() if p}


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: P.stand_points((6, 6), {10: F(1)}), ValueError),
        (lambda: P.stand_points((6, 6, 6, 1, 1, 1, 1), {10: F(1)}), ValueError),
        (lambda: P.stand_points((6, 6, 7), {10: F(1)}), ValueError),
        (lambda: P.stand_points((6, 6, 5), {10: F(1, 2)}), ValueError),
        (lambda: P.stand_points((6, 6, 5), {10: 0.5, 11: 0.5}), TypeError),
        (lambda: P.stand_points((6, 6, 5), {2: F(1)}), ValueError),
        (lambda: P.stand_points((6, 6, 5), {10: F(2), 11: F(-1)}), ValueError),
        (lambda: P.stand_points((6, 6, 5), [(10, 1)]), TypeError),
        (lambda: P.stand_points((6, 6, 5), {10: F(1)}, {12: F(1)}), TypeError),
        (lambda: P.stand_points((6, 6, 5), {10: F(1)}, [{1: F(1)}]), ValueError),
        (lambda: P.stand_points((6, 6, 5), {10: F(1)}, floor_points="0"), TypeError),
        (lambda: P.stand_points((6, 6, 5), {"10": F(1)}), TypeError),
        (lambda: P.eighteen_turn_totals({10.0: F(1)}), TypeError),
        (lambda: P.roll_points((6, 6, 6, 1), {10: F(1)}), ValueError),
        (lambda: P.roll_points((1, 1, 1, 1, 1, 1), {10: F(1)}), ValueError),
        (lambda: P.eighteen_turn_totals({19: F(1)}), ValueError),
    ],
)
def test_bad_arguments(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]
