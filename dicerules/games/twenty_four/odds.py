"""Exact odds of twenty-four: expected winnings by dynamic programming over the dice.

``position_value``, ``choice_value`` and ``turn_value`` (expected winnings in
quarter-units), ``best_choice`` (the keep or stop that expects the most) and
``settlement_value`` (the fair price of a settlement); ``rules`` is a keyword,
twenty-four ``Rules`` or None for the standard rules. Each has a ``_float`` twin.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from dicerules.chances import arrangements, die_faces, float_twin
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.errors import shown as show  # "shown" names the dice showing here
from dicerules.games.twenty_four import engine as twenty_four
from dicerules.games.twenty_four.engine import STOP, Keep, Stop
from dicerules.games.twenty_four.engine import Rules as TwentyFourRules

__all__ = [
    "best_choice",
    "choice_value",
    "choice_value_float",
    "position_value",
    "position_value_float",
    "settlement_value",
    "settlement_value_float",
    "turn_value",
    "turn_value_float",
]

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
        raise WrongTypeError(f"rules must be twenty-four Rules or None, not {type(rules).__name__}")
    return rules


def _t24_key(rules: TwentyFourRules) -> _T24Key:
    return (rules.keep_rule, rules.low_score_bonus, rules.failed_bonus_pays)


@cache
def _t24_throws(count: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every throw of ``count`` dice, highest first, with its chance."""
    return tuple(
        (dice, Fraction(arrangements(dice), 6**count))
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
    kept_faces = die_faces(kept, "kept")
    shown = tuple(sorted(die_faces(showing, "showing"), reverse=True))
    if shown and len(kept_faces) + len(shown) != _T24_DICE:
        raise InvalidArgumentError(
            f"the dice kept and showing must be {_T24_DICE} together,"
            f" got {len(kept_faces)} + {len(shown)}"
        )
    if len(kept_faces) > _T24_DICE:
        raise InvalidArgumentError(f"at most {_T24_DICE} dice are kept, got {len(kept_faces)}")
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
        raise InvalidArgumentError("no dice are showing: there is nothing to keep or stop on")
    if not isinstance(choice, Keep | Stop):
        raise WrongTypeError(f"a choice is a Keep or a Stop, not {type(choice).__name__}")
    if choice not in _t24_choices(shown, checked.keep_rule):
        raise InvalidArgumentError(
            f"{choice} is not allowed with {'-'.join(map(str, shown))} showing"
        )
    key = _t24_key(checked)
    return _t24_choice(kept_sum, kept_count, shown, choice, key) * (checked.players - 1)


def best_choice(
    kept: Sequence[int], showing: Sequence[int], *, rules: TwentyFourRules | None = None
) -> Keep | Stop:
    """The keep or stop of highest ``choice_value``; of equals, the first in legal order."""
    kept_sum, kept_count, shown, checked = _t24_position(kept, showing, rules)
    if not shown:
        raise InvalidArgumentError("no dice are showing: there is nothing to keep or stop on")
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
        raise WrongTypeError(f"target must be an int, not {type(target).__name__}")
    if not 1 <= target <= 6:
        raise InvalidArgumentError(f"a target is 1 to 6 (the total less 24), got {show(target)}")
    return _t24_bonus(target, checked.failed_bonus_pays)


position_value_float = float_twin(position_value)
choice_value_float = float_twin(choice_value)
turn_value_float = float_twin(turn_value)
settlement_value_float = float_twin(settlement_value)
