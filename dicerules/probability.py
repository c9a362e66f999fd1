"""Exact odds for the dice games: the numbers the expert bots play from.

Nothing here reads a state: the arguments are what a seat can see. The answers are
exact (``fractions.Fraction``); each function that returns chances or points has a
twin named with ``_float`` for callers that want speed over exactness. Bad
arguments raise TypeError for a wrong type and ValueError for a value out of range.

* liars-dice: ``bid_count_distribution`` (how many dice the hands a seat cannot see
  count toward a face) and ``bid_probability`` (the chance that a bid holds, given
  the seat's own hand), with wild ones, cancelled wilds and wild straights.
* eighteen: ``roost_distribution`` (the house's roost, given its three discards),
  ``stand_points`` and ``roll_points`` (the points a player expects from each
  choice, against the roost and the other players' totals) and
  ``eighteen_turn_totals`` (the final totals of a turn played best).
* twenty-four: ``position_value``, ``choice_value`` and ``turn_value`` (expected
  winnings in quarter-units, by dynamic programming over the dice still to throw),
  ``best_choice`` (the keep or stop that expects the most) and ``settlement_value``
  (the fair price of a settlement). ``rules`` is a keyword: twenty-four ``Rules``, or
  None for the standard rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from inspect import signature
from itertools import combinations_with_replacement, product
from math import comb, factorial
from typing import ParamSpec, TypeVar

from dicerules.games import twenty_four
from dicerules.games.eighteen import hand_total
from dicerules.games.liars_dice import MAX_DICE_PER_PLAYER, count_bid
from dicerules.games.twenty_four import STOP, Keep, Stop
from dicerules.games.twenty_four import Rules as TwentyFourRules

__all__ = [
    "best_choice",
    "bid_count_distribution",
    "bid_count_distribution_float",
    "bid_probability",
    "bid_probability_float",
    "choice_value",
    "choice_value_float",
    "eighteen_turn_totals",
    "eighteen_turn_totals_float",
    "position_value",
    "position_value_float",
    "roll_points",
    "roll_points_float",
    "roost_distribution",
    "roost_distribution_float",
    "settlement_value",
    "settlement_value_float",
    "stand_points",
    "stand_points_float",
    "turn_value",
    "turn_value_float",
]

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
    """Entry n: the chance that the unseen hands count n or more, on checked arguments."""
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

# A final total in eighteen's distributions: 3 to 18 (six dice count 18), or 0 for a
# bust, which is below every total.
_E18_BUST = 0
_E18_TOP = 18
_E18_TOTALS = (_E18_BUST, *range(3, _E18_TOP + 1))
_E18_HAND_DICE = 6

_P = ParamSpec("_P")


def _float_twin(exact: Callable[_P, Fraction]) -> Callable[_P, float]:
    """The function that returns ``exact``'s value as a float, named ``<exact>_float``."""

    def twin(*args: _P.args, **kwargs: _P.kwargs) -> float:
        return float(exact(*args, **kwargs))

    twin.__name__ = twin.__qualname__ = f"{exact.__name__}_float"
    twin.__doc__ = f"``{exact.__name__}`` as a float."
    # help() and inspect.signature show exact's arguments, returning a float.
    twin.__signature__ = signature(exact).replace(  # type: ignore[attr-defined]
        return_annotation="float"
    )
    return twin


def _arrangements(dice: tuple[int, ...]) -> int:
    """In how many orders the dice of the multiset ``dice`` can come up."""
    count = factorial(len(dice))
    for face in set(dice):
        count //= factorial(dice.count(face))
    return count


@lru_cache(maxsize=1)
def _roost_table() -> dict[tuple[int, ...], dict[int, int]]:
    """For each set of discards (and for ``()``, none known): roost -> throws of six dice."""
    table: dict[tuple[int, ...], dict[int, int]] = {(): {}}
    for dice in combinations_with_replacement(range(1, 7), 6):
        weight = _arrangements(dice)
        roost = sum(dice[3:])
        for key in ((), dice[:3]):
            row = table.setdefault(key, {})
            row[roost] = row.get(roost, 0) + weight
    return table


def _die_faces(dice: object, what: str) -> tuple[int, ...]:
    """``dice`` as a tuple of faces 1..6; TypeError or ValueError naming ``what``."""
    return _arg_ints(what, dice, 1, 6)


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
    faces = _die_faces(discards, "discards")
    if len(faces) not in (0, 3):
        raise ValueError(f"discards are the house's three lowest dice, got {len(faces)} dice")
    throws = dict(_roost_table()[tuple(sorted(faces))])
    if _arg_bool("playing", playing):
        throws.pop(_E18_TOP, None)
        if not throws:
            raise ValueError("with discards 6-6-6 the roost is 18: no player plays that round")
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
        raise TypeError(
            f"{what} must be a mapping of value to chance, not {type(distribution).__name__}"
        )
    pairs = []
    for value, chance in distribution.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{what} must have int values, not {type(value).__name__}")
        if value not in keys:
            raise ValueError(
                f"{what} has {value!r}, which is not one of {min(keys)} to {max(keys)}"
            )
        if not isinstance(chance, Fraction | int) or isinstance(chance, bool):
            raise TypeError(
                f"{what} must give its chances as Fractions, not {type(chance).__name__}"
            )
        if chance < 0:
            raise ValueError(f"{what} gives {value} a negative chance, {chance}")
        if chance:
            pairs.append((value, Fraction(chance)))
    if sum(chance for _, chance in pairs) != 1:
        raise ValueError(f"{what}'s chances must sum to 1")
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
            change = {-1: _ONE}
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
    faces = _die_faces(hand, "hand")
    if not 3 <= len(faces) <= _E18_HAND_DICE:
        raise ValueError(f"a hand holds 3 to 6 dice, got {len(faces)}")
    roost_key = _distribution_key(roost, "roost", range(3, _E18_TOP + 1))
    if not isinstance(others, Sequence):
        raise TypeError(f"others must be a sequence of distributions, not {type(others).__name__}")
    other_keys = tuple(sorted(_distribution_key(o, "others' totals", _E18_TOTALS) for o in others))
    if floor_points is not None and (
        not isinstance(floor_points, int) or isinstance(floor_points, bool)
    ):
        raise TypeError(f"floor_points must be an int or None, not {type(floor_points).__name__}")
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
        raise ValueError(f"hand {faces} is bust or full: its turn is over")
    return _roll_points(payoff, best, sum(faces), len(faces))


stand_points_float = _float_twin(stand_points)
roll_points_float = _float_twin(roll_points)


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


# =====================================================================================
# twenty-four: the expected value of a position, by dynamic programming
# =====================================================================================

# Values are the roller's expected winnings in quarter-units. Every payment of a turn
# is the same from each other seat, so the tables hold the winnings from one seat
# and the public functions multiply by the other seats. Each table is built on first
# use and kept (lru_cache) per set of the rules that change a value.

_T24_DICE = 5
_T24_TARGET = 24
_T24_LOW = 10
_T24_LOW_PRIZE = 20
_T24_BONUS_HIT = Fraction(11, 36)
"""The chance that a bonus die shows the target on one of its two throws: 1/6 + 5/6 * 1/6."""

_T24Key = tuple[str, str, bool]
"""(keep_rule, low_score_bonus, failed_bonus_pays): the rules a value depends on."""


def _t24_rules(rules: object) -> TwentyFourRules:
    if rules is None:
        return twenty_four.default_rules
    if not isinstance(rules, TwentyFourRules):
        raise TypeError(f"rules must be twenty-four Rules or None, not {type(rules).__name__}")
    return rules


def _t24_key(rules: TwentyFourRules) -> _T24Key:
    return (rules.keep_rule, rules.low_score_bonus, rules.failed_bonus_pays)


@cache
def _t24_throws(count: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every throw of ``count`` dice, highest first, with its chance."""
    return tuple(
        (dice, Fraction(_arrangements(dice), 6**count))
        for dice in combinations_with_replacement(range(6, 0, -1), count)
    )


@cache
def _t24_bonus(target: int, failed_bonus_pays: bool) -> Fraction:
    """What one unsettled seat pays the roller for ``target``, in expectation."""
    # Each die shows the target on the first throw or, if not, on the second; so the
    # count c of hits is binomial(5, 11/36) and a seat pays target * c.
    value = target * _T24_DICE * _T24_BONUS_HIT
    if failed_bonus_pays:
        value -= target * (1 - _T24_BONUS_HIT) ** _T24_DICE
    return value


def _t24_final(total: int, stopped: bool, key: _T24Key) -> Fraction:
    """What one other seat pays the roller once the five dice make ``total``."""
    _, low_score_bonus, failed_bonus_pays = key
    if total > _T24_TARGET:
        return _t24_bonus(total - _T24_TARGET, failed_bonus_pays)
    if total <= _T24_LOW and (
        low_score_bonus == "any" or (low_score_bonus == "full_play" and not stopped)
    ):
        return Fraction(_T24_LOW_PRIZE)
    return Fraction(total - _T24_TARGET)


def _t24_choices(showing: tuple[int, ...], keep_rule: str) -> tuple[Keep | Stop, ...]:
    """The keeps ``showing`` allows (value highest first, then count), then stop."""
    values = sorted(set(showing), reverse=True)
    if keep_rule == "highest":
        values = values[:1]
    keeps = [Keep(count, value) for value in values for count in range(1, showing.count(value) + 1)]
    return (*keeps, STOP)


@cache
def _t24_chance(kept_sum: int, kept_count: int, key: _T24Key) -> Fraction:
    """One seat's payment, in expectation, before the dice not kept are thrown."""
    if kept_count == _T24_DICE:
        return _t24_final(kept_sum, False, key)
    return sum(
        (
            p * _t24_decision(kept_sum, kept_count, dice, key)
            for dice, p in _t24_throws(_T24_DICE - kept_count)
        ),
        Fraction(0),
    )


@cache
def _t24_decision(
    kept_sum: int, kept_count: int, showing: tuple[int, ...], key: _T24Key
) -> Fraction:
    """One seat's payment with ``showing`` just thrown and the best choice made."""
    return max(
        _t24_choice(kept_sum, kept_count, showing, choice, key)
        for choice in _t24_choices(showing, key[0])
    )


def _t24_choice(
    kept_sum: int, kept_count: int, showing: tuple[int, ...], choice: Keep | Stop, key: _T24Key
) -> Fraction:
    if isinstance(choice, Stop):
        return _t24_final(kept_sum + sum(showing), True, key)
    return _t24_chance(kept_sum + choice.count * choice.value, kept_count + choice.count, key)


def _t24_position(
    kept: Sequence[int], showing: Sequence[int], rules: object
) -> tuple[int, int, tuple[int, ...], TwentyFourRules]:
    """(kept sum, kept count, showing highest first, rules), checked."""
    kept_faces = _die_faces(kept, "kept")
    shown = tuple(sorted(_die_faces(showing, "showing"), reverse=True))
    if shown and len(kept_faces) + len(shown) != _T24_DICE:
        raise ValueError(
            f"the dice kept and showing must be {_T24_DICE} together,"
            f" got {len(kept_faces)} + {len(shown)}"
        )
    if len(kept_faces) > _T24_DICE:
        raise ValueError(f"at most {_T24_DICE} dice are kept, got {len(kept_faces)}")
    return sum(kept_faces), len(kept_faces), shown, _t24_rules(rules)


def position_value(
    kept: Sequence[int], showing: Sequence[int] = (), *, rules: TwentyFourRules | None = None
) -> Fraction:
    """The roller's expected winnings in quarter-units, from this position on, played best.

    ``kept`` are the dice kept so far and ``showing`` those just thrown (together
    five); ``showing`` () means the dice not kept are still to be thrown, so
    ``position_value((), ())`` is a whole turn (``turn_value``). The winnings are from
    every other seat of ``rules`` (None: the standard rules). A total above 24 is
    valued at its bonus, unsettled: settling at ``settlement_value`` or more, as the
    expert does, can only add to it.
    """
    kept_sum, kept_count, shown, checked = _t24_position(kept, showing, rules)
    key = _t24_key(checked)
    if shown:
        value = _t24_decision(kept_sum, kept_count, shown, key)
    else:
        value = _t24_chance(kept_sum, kept_count, key)
    return value * (checked.players - 1)


def choice_value(
    kept: Sequence[int],
    showing: Sequence[int],
    choice: Keep | Stop,
    *,
    rules: TwentyFourRules | None = None,
) -> Fraction:
    """The roller's expected winnings if it makes ``choice`` now and plays best after.

    ``kept`` and ``showing`` are those of ``position_value``, with dice showing.
    ValueError for a choice the rules do not allow here; TypeError for an action that
    is not a Keep or a Stop.
    """
    kept_sum, kept_count, shown, checked = _t24_position(kept, showing, rules)
    if not shown:
        raise ValueError("no dice are showing: there is nothing to keep or stop on")
    if not isinstance(choice, Keep | Stop):
        raise TypeError(f"a choice is a Keep or a Stop, not {type(choice).__name__}")
    if choice not in _t24_choices(shown, checked.keep_rule):
        raise ValueError(f"{choice} is not allowed with {'-'.join(map(str, shown))} showing")
    key = _t24_key(checked)
    return _t24_choice(kept_sum, kept_count, shown, choice, key) * (checked.players - 1)


def best_choice(
    kept: Sequence[int], showing: Sequence[int], *, rules: TwentyFourRules | None = None
) -> Keep | Stop:
    """The keep or stop of highest ``choice_value``; of equals, the first in legal order."""
    kept_sum, kept_count, shown, checked = _t24_position(kept, showing, rules)
    if not shown:
        raise ValueError("no dice are showing: there is nothing to keep or stop on")
    key = _t24_key(checked)
    choices = _t24_choices(shown, checked.keep_rule)
    values = [_t24_choice(kept_sum, kept_count, shown, choice, key) for choice in choices]
    return choices[values.index(max(values))]


def turn_value(*, rules: TwentyFourRules | None = None) -> Fraction:
    """The roller's expected winnings from a whole turn played best, in quarter-units."""
    return position_value((), (), rules=rules)


def settlement_value(target: int, *, rules: TwentyFourRules | None = None) -> Fraction:
    """What one seat that does not settle pays the roller for ``target`` d, in expectation.

    In quarter-units: the fair price of that seat's settlement. Each of the five
    bonus dice shows d on one of its two throws with chance 11/36, and every die
    showing d costs the seat d; with ``failed_bonus_pays``, no die showing d earns
    the seat d instead. ValueError for a target that is not 1 to 6.
    """
    checked = _t24_rules(rules)
    if not isinstance(target, int) or isinstance(target, bool):
        raise TypeError(f"target must be an int, not {type(target).__name__}")
    if not 1 <= target <= 6:
        raise ValueError(f"a target is 1 to 6 (the total less 24), got {target}")
    return _t24_bonus(target, checked.failed_bonus_pays)


position_value_float = _float_twin(position_value)
choice_value_float = _float_twin(choice_value)
turn_value_float = _float_twin(turn_value)
settlement_value_float = _float_twin(settlement_value)
