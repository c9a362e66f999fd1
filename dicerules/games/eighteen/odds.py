"""Exact odds of eighteen: the house's roost, and the points of standing or rolling.

``roost_distribution`` (the roost, given the house's three discards), ``stand_points``
and ``roll_points`` (the points a player expects from each choice, against the roost
and the other players' totals) and ``eighteen_turn_totals`` (the final totals of a turn
played best); each has a ``_float`` twin. Nothing here reads a state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product

from dicerules.chances import ONE, arg_bool, arrangements, die_faces, float_twin
from dicerules.errors import InvalidArgumentError, WrongTypeError, shown
from dicerules.games.eighteen.engine import MAX_PLAYERS, hand_total

__all__ = [
    "eighteen_turn_totals",
    "eighteen_turn_totals_float",
    "roll_points",
    "roll_points_float",
    "roost_distribution",
    "roost_distribution_float",
    "stand_points",
    "stand_points_float",
]

# =====================================================================================
# eighteen: the roost's distribution and the value of standing or rolling
# =====================================================================================

# A final total in eighteen's distributions: 3 to 18 (six dice count 18), or 0 for a
# bust, which is below every total.
_E18_BUST = 0
_E18_TOP = 18
_E18_TOTALS = (_E18_BUST, *range(3, _E18_TOP + 1))
_E18_HAND_DICE = 6


@lru_cache(maxsize=1)
def _roost_table() -> dict[tuple[int, ...], dict[int, int]]:
    """For each set of discards (and for ``()``, none known): roost -> throws of six dice."""
    table: dict[tuple[int, ...], dict[int, int]] = {(): {}}
    for dice in combinations_with_replacement(range(1, 7), 6):
        weight = arrangements(dice)
        roost = sum(dice[3:])
        for key in ((), dice[:3]):
            row = table.setdefault(key, {})
            row[roost] = row.get(roost, 0) + weight
    return table


def roost_distribution(
    discards: Sequence[int] = (), *, playing: bool = False
) -> dict[int, Fraction]:
    """The chance of each roost, the sum of the house's three highest of six dice.

    ``discards`` are the house's three lowest dice, which every seat sees (in any
    order), or () before the house has rolled. With ``playing``, the roost is known
    not to be 18, as it is for any player asked to act (a roost of 18 ends the round
    before anyone plays). The keys ascend. The discards change more than the lowest
    roost: 5-5-5 leaves 16 six times as likely as 15, since only one throw makes six
    fives. ValueError for discards that are not three faces, or when ``playing`` with
    6-6-6 (whose roost can only be 18).
    """
    faces = die_faces(discards, "discards")
    if len(faces) not in (0, 3):
        raise InvalidArgumentError(
            f"discards are the house's three lowest dice, got {len(faces)} dice"
        )
    throws = dict(_roost_table()[tuple(sorted(faces))])
    if arg_bool("playing", playing):
        throws.pop(_E18_TOP, None)
        if not throws:
            raise InvalidArgumentError(
                "with discards 6-6-6 the roost is 18: no player plays that round"
            )
    total = sum(throws.values())
    return {roost: Fraction(throws[roost], total) for roost in sorted(throws)}


def roost_distribution_float(
    discards: Sequence[int] = (), *, playing: bool = False
) -> dict[int, float]:
    """``roost_distribution`` in floats."""
    return {roost: float(p) for roost, p in roost_distribution(discards, playing=playing).items()}


def _distribution_key(
    distribution: object, what: str, keys: Sequence[int]
) -> tuple[tuple[int, Fraction], ...]:
    """A checked distribution over ``keys`` as sorted (value, chance) pairs, none zero."""
    if not isinstance(distribution, Mapping):
        raise WrongTypeError(
            f"{what} must be a mapping of value to chance, not {type(distribution).__name__}"
        )
    pairs = []
    for value, chance in distribution.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"{what} must have int values, not {type(value).__name__}")
        if value not in keys:
            raise InvalidArgumentError(
                f"{what} has {shown(value)}, which is not one of {min(keys)} to {max(keys)}"
            )
        if not isinstance(chance, Fraction | int) or isinstance(chance, bool):
            raise WrongTypeError(
                f"{what} must give its chances as Fractions, not {type(chance).__name__}"
            )
        if chance < 0:
            raise InvalidArgumentError(f"{what} gives {value} a negative chance, {chance}")
        if chance:
            pairs.append((value, Fraction(chance)))
    if sum(chance for _, chance in pairs) != 1:
        raise InvalidArgumentError(f"{what}'s chances must sum to 1")
    return tuple(sorted(pairs))


_RoostKey = tuple[tuple[int, Fraction], ...]


@lru_cache(maxsize=4096)
def _eighteen_values(
    roost: _RoostKey, others: tuple[_RoostKey, ...], floor_points: int | None
) -> tuple[dict[int, Fraction], dict[tuple[int, int], Fraction]]:
    """(points of each final total, best points of each hand (sum, dice) still playing)."""
    payoff: dict[int, Fraction] = {}
    for total in _E18_TOTALS:
        if total == _E18_BUST:
            change = {-1: ONE}
        else:
            change = {
                -1: sum((p for r, p in roost if r > total), Fraction(0)),
                0: sum((p for r, p in roost if r == total), Fraction(0)),
                1: sum((p for r, p in roost if r < total), Fraction(0)),
            }
            for other in others:
                beaten = sum((p for o, p in other if o < total), Fraction(0))
                change = _plus_bernoulli(change, beaten)
        if floor_points is not None:
            payoff[total] = sum((p * max(c, -floor_points) for c, p in change.items()), Fraction(0))
        else:
            payoff[total] = sum((p * c for c, p in change.items()), Fraction(0))
    best: dict[tuple[int, int], Fraction] = {}
    for dice in range(_E18_HAND_DICE - 1, 2, -1):
        for hand_sum in range(_E18_TOP, dice - 1, -1):
            rolled = _roll_points(payoff, best, hand_sum, dice)
            best[hand_sum, dice] = max(payoff[hand_sum], rolled)
    return payoff, best


def _plus_bernoulli(change: dict[int, Fraction], chance: Fraction) -> dict[int, Fraction]:
    """The distribution of ``change`` plus a point won with ``chance``."""
    result: dict[int, Fraction] = {}
    for value, p in change.items():
        result[value] = result.get(value, Fraction(0)) + p * (1 - chance)
        result[value + 1] = result.get(value + 1, Fraction(0)) + p * chance
    return result


def _roll_points(
    payoff: dict[int, Fraction], best: dict[tuple[int, int], Fraction], hand_sum: int, dice: int
) -> Fraction:
    """The points of one more die on (hand_sum, dice), then the best play (``best``: dice+1)."""
    value = Fraction(0)
    for die in range(1, 7):
        new_sum = hand_sum + die
        if new_sum > _E18_TOP:
            value += payoff[_E18_BUST]
        elif dice + 1 == _E18_HAND_DICE:
            value += payoff[_E18_TOP]
        else:
            value += best[new_sum, dice + 1]
    return value / 6


def _eighteen_position(
    hand: Sequence[int],
    roost: Mapping[int, Fraction],
    others: Sequence[Mapping[int, Fraction]],
    floor_points: int | None,
) -> tuple[tuple[int, ...], dict[int, Fraction], dict[tuple[int, int], Fraction]]:
    """The checked hand and the tables of ``_eighteen_values`` for these arguments."""
    faces = die_faces(hand, "hand")
    if not 3 <= len(faces) <= _E18_HAND_DICE:
        raise InvalidArgumentError(f"a hand holds 3 to 6 dice, got {len(faces)}")
    roost_key = _distribution_key(roost, "roost", range(3, _E18_TOP + 1))
    if not isinstance(others, Sequence):
        raise WrongTypeError(
            f"others must be a sequence of distributions, not {type(others).__name__}"
        )
    if len(others) > MAX_PLAYERS - 1:
        # The work grows with every other player: no more than a game can seat.
        raise InvalidArgumentError(
            f"others holds at most {MAX_PLAYERS - 1} distributions"
            f" (a game seats at most {MAX_PLAYERS}), got {len(others)}"
        )
    other_keys = tuple(sorted(_distribution_key(o, "others' totals", _E18_TOTALS) for o in others))
    if floor_points is not None and (
        not isinstance(floor_points, int) or isinstance(floor_points, bool)
    ):
        raise WrongTypeError(
            f"floor_points must be an int or None, not {type(floor_points).__name__}"
        )
    payoff, best = _eighteen_values(roost_key, other_keys, floor_points)
    return faces, payoff, best


def _final_total(hand: tuple[int, ...]) -> int:
    """What a hand counts if it stops here: 0 if bust, 18 with six dice, else its sum."""
    total = hand_total(hand)
    return _E18_BUST if total is None else total


def stand_points(
    hand: Sequence[int],
    roost: Mapping[int, Fraction],
    others: Sequence[Mapping[int, Fraction]] = (),
    *,
    floor_points: int | None = None,
) -> Fraction:
    """The points a player expects this round if its turn ends with ``hand``.

    A distribution maps each value to its chance (Fractions or ints summing to 1).
    ``roost`` is the roost's (``roost_distribution``, or ``{r: 1}`` when it is
    known); ``others`` holds one distribution of the final total per other
    player of the round (0: bust), ``{t: 1}`` for a total already shown. The hand
    scores -1 if bust or below the roost, +1 above it, and +1 for each other player
    it beats (bust or lower) unless it is bust. With ``floor_at_zero``, pass the seat's
    points as ``floor_points``: a loss cannot take them below 0, and points below 0
    (from ``start_points``) are lifted to 0 whatever the round brings.
    """
    faces, payoff, _ = _eighteen_position(hand, roost, others, floor_points)
    return payoff[_final_total(faces)]


def roll_points(
    hand: Sequence[int],
    roost: Mapping[int, Fraction],
    others: Sequence[Mapping[int, Fraction]] = (),
    *,
    floor_points: int | None = None,
) -> Fraction:
    """The points a player expects if it rolls one more die now and then plays on best.

    The arguments are those of ``stand_points``. ValueError for a hand whose turn is
    over (bust, or six dice).
    """
    faces, payoff, best = _eighteen_position(hand, roost, others, floor_points)
    if sum(faces) > _E18_TOP or len(faces) == _E18_HAND_DICE:
        raise InvalidArgumentError(f"hand {faces} is bust or full: its turn is over")
    return _roll_points(payoff, best, sum(faces), len(faces))


stand_points_float = float_twin(stand_points)
roll_points_float = float_twin(roll_points)


@lru_cache(maxsize=256)
def _turn_totals(roost: _RoostKey) -> dict[int, Fraction]:
    """``eighteen_turn_totals``: each hand's chance carried forward by the best play."""
    payoff, best = _eighteen_values(roost, (), None)
    # The chance of each (sum, dice) a turn passes through, three dice first.
    reach: dict[tuple[int, int], Fraction] = {}
    for opening in product(range(1, 7), repeat=3):
        key = (sum(opening), 3)
        reach[key] = reach.get(key, Fraction(0)) + Fraction(1, 216)
    totals = dict.fromkeys(_E18_TOTALS, Fraction(0))
    for dice in range(3, _E18_HAND_DICE):
        for hand_sum in range(dice, _E18_TOP + 1):
            p = reach.get((hand_sum, dice))
            if not p:
                continue
            if best[hand_sum, dice] == payoff[hand_sum]:
                totals[hand_sum] += p
                continue
            for die in range(1, 7):
                new_sum = hand_sum + die
                if new_sum > _E18_TOP:
                    totals[_E18_BUST] += p / 6
                elif dice + 1 == _E18_HAND_DICE:
                    totals[_E18_TOP] += p / 6
                else:
                    key = (new_sum, dice + 1)
                    reach[key] = reach.get(key, Fraction(0)) + p / 6
    return {total: p for total, p in totals.items() if p}


def eighteen_turn_totals(roost: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The final total of a turn (0: bust) played best against ``roost`` alone.

    The player stands unless one more die gains expected points against the roost
    (other players left out); the expert uses this for the totals it cannot see.
    """
    return dict(_turn_totals(_distribution_key(roost, "roost", range(3, _E18_TOP + 1))))


def eighteen_turn_totals_float(roost: Mapping[int, Fraction]) -> dict[int, float]:
    """``eighteen_turn_totals`` in floats."""
    return {total: float(p) for total, p in eighteen_turn_totals(roost).items()}
