"""twenty-four's odds in dicerules.probability: hand-worked values and brute force.

Values are the roller's expected winnings in quarter-units from every other seat;
the standard rules have four seats, so three pay. The references here are written
from the rules page: every ordered throw of the dice, the keeps the engine allows,
and the payments of rule 2 and rule 4.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product

import attrs
import pytest

from dicerules import probability as P
from dicerules.games import twenty_four as T

F = Fraction
STANDARD = T.PRESETS["standard"]
HOUSE = T.PRESETS["house-rules"]


def test_one_die_left_by_hand() -> None:
    # Kept 6-6-6-5 = 23, one die to throw: a 1 makes 24 (nothing paid); 2 to 6 make
    # 25 to 29, targets d = 1 to 5. A bonus die shows d on one of its two throws
    # with chance 1/6 + 5/6 * 1/6 = 11/36, so five dice score d * 55/36 from each
    # seat. Average: (0 + (1+2+3+4+5) * 55/36) / 6 = 825/216 = 275/72 per seat, and
    # three seats pay: 275/24.
    assert P.position_value((6, 6, 6, 5), ()) == F(275, 24)
    # With a 3 showing, keeping it or stopping both stand on 26: 2 * 55/36 * 3 = 55/6.
    assert P.position_value((6, 6, 6, 5), (3,)) == F(55, 6)
    assert P.choice_value((6, 6, 6, 5), (3,), T.Keep(1, 3)) == F(55, 6)
    assert P.choice_value((6, 6, 6, 5), (3,), T.STOP) == F(55, 6)


def test_two_dice_left_by_hand() -> None:
    # Kept 6-6-6 = 18 and 1-1 showing. Stop or keep both ones: 20, pays 4 to each
    # of three seats, -12. Keep one 1 (19) and throw one die: 1 to 5 make 20 to 24,
    # paying 4, 3, 2, 1, 0; a 6 makes 25 and plays for ones, worth 55/36. Per seat
    # (-10 + 55/36) / 6 = -305/216; three seats: -305/72.
    assert P.choice_value((6, 6, 6), (1, 1), T.STOP) == -12
    assert P.choice_value((6, 6, 6), (1, 1), T.Keep(2, 1)) == -12
    assert P.choice_value((6, 6, 6), (1, 1), T.Keep(1, 1)) == F(-305, 72)
    assert P.position_value((6, 6, 6), (1, 1)) == F(-305, 72)
    assert P.best_choice((6, 6, 6), (1, 1)) == T.Keep(1, 1)


def test_low_score_bonus_for_a_full_play_by_hand() -> None:
    # House rules: kept 1-1-1-1 and a 1 showing. Keeping it is a full play of 5,
    # which collects 20 from each of three seats: 60. Stopping on 5 is not a full
    # play: it pays 24 - 5 = 19 to each, -57.
    assert P.choice_value((1, 1, 1, 1), (1,), T.Keep(1, 1), rules=HOUSE) == 60
    assert P.choice_value((1, 1, 1, 1), (1,), T.STOP, rules=HOUSE) == -57
    assert P.best_choice((1, 1, 1, 1), (1,), rules=HOUSE) == T.Keep(1, 1)
    # Five kept dice (nothing showing) are a finished full play.
    assert P.position_value((1, 1, 1, 1, 1), (), rules=HOUSE) == 60
    assert P.position_value((1, 1, 1, 1, 1), ()) == -57


def test_players_scale_the_winnings() -> None:
    two = T.Rules(players=2)
    eight = T.Rules(players=8)
    assert P.position_value((6, 6, 6, 5), (), rules=two) == F(275, 72)
    assert P.position_value((6, 6, 6, 5), (), rules=eight) == 7 * F(275, 72)
    assert P.turn_value(rules=eight) == 7 * P.turn_value(rules=two)


def _bonus_hits(target: int) -> dict[int, Fraction]:
    """The chance of c dice showing ``target`` over the two bonus throws, by enumeration."""
    first: dict[int, int] = {}
    for throw in product(range(1, 7), repeat=5):
        hits = throw.count(target)
        first[hits] = first.get(hits, 0) + 1
    result: dict[int, Fraction] = {}
    for hits, ways in first.items():
        rest = 5 - hits
        for throw in product(range(1, 7), repeat=rest):
            c = hits + throw.count(target)
            result[c] = result.get(c, F(0)) + F(ways, 6**5) / 6**rest
    return result


@pytest.mark.parametrize("target", range(1, 7))
def test_settlement_value_matches_every_bonus_throw(target: int) -> None:
    hits = _bonus_hits(target)
    assert P.settlement_value(target) == sum(p * target * c for c, p in hits.items())
    with_failure = sum(p * target * c for c, p in hits.items()) - hits[0] * target
    assert P.settlement_value(target, rules=HOUSE) == with_failure
    assert P.settlement_value_float(target, rules=HOUSE) == float(with_failure)


def test_settlement_value_by_hand() -> None:
    # Rolling for threes: 3 * 5 * 11/36 = 55/12. A failed bonus (no die shows 3 on
    # either throw, (25/36)^5) pays 3 back to the seat.
    assert P.settlement_value(3) == F(55, 12)
    assert P.settlement_value(3, rules=HOUSE) == F(55, 12) - 3 * F(25, 36) ** 5


def _final(total: int, stopped: bool, rules: T.Rules) -> Fraction:
    """What one other seat pays the roller for a first-stage total (rules 2 and 4)."""
    if total > 24:
        target = total - 24
        hits = _hits_cached(target)
        value = sum((p * target * c for c, p in hits.items()), F(0))
        if rules.failed_bonus_pays:
            value -= hits[0] * target
        return value
    low = rules.low_score_bonus
    if total <= 10 and (low == "any" or (low == "full_play" and not stopped)):
        return F(20)
    return F(total - 24)


@cache
def _hits_cached(target: int) -> dict[int, Fraction]:
    return _bonus_hits(target)


Value = Callable[[tuple[int, ...], tuple[int, ...]], Fraction]


def _reference(rules: T.Rules) -> Value:
    """The best value of a position by every ordered throw and the engine's legal keeps."""
    start = T.new_game(rules, seed=0)
    others = rules.players - 1

    @cache
    def decide(kept: tuple[int, ...], showing: tuple[int, ...]) -> Fraction:
        state = attrs.evolve(start, kept=kept, showing=showing)
        values = []
        for action in T.legal_actions(state):
            if isinstance(action, T.Stop):
                values.append(_final(sum(kept) + sum(showing), True, rules))
            else:
                assert isinstance(action, T.Keep)
                values.append(throw(tuple(sorted(kept + (action.value,) * action.count))))
        return max(values)

    @cache
    def throw(kept: tuple[int, ...]) -> Fraction:
        if len(kept) == 5:
            return _final(sum(kept), False, rules)
        rest = 5 - len(kept)
        outcomes = [
            decide(kept, tuple(sorted(t, reverse=True))) for t in product(range(1, 7), repeat=rest)
        ]
        return sum(outcomes, F(0)) / 6**rest

    def value(kept: tuple[int, ...], showing: tuple[int, ...]) -> Fraction:
        return others * (decide(kept, showing) if showing else throw(kept))

    return value


RULES = [
    STANDARD,
    HOUSE,
    T.Rules(players=3, keep_rule="any_value", low_score_bonus="any", failed_bonus_pays=True),
]


@pytest.mark.parametrize("rules", RULES, ids=["standard", "house-rules", "any-value"])
def test_position_value_matches_every_throw(rules: T.Rules) -> None:
    value = _reference(rules)
    for kept in combinations_with_replacement(range(1, 7), 3):
        assert P.position_value(kept, (), rules=rules) == value(kept, ()), kept
        for showing in combinations_with_replacement(range(6, 0, -1), 2):
            expected = value(kept, showing)
            assert P.position_value(kept, showing[::-1], rules=rules) == expected, (kept, showing)
            best = P.best_choice(kept, showing, rules=rules)
            assert P.choice_value(kept, showing, best, rules=rules) == expected


def test_float_twins() -> None:
    assert P.turn_value_float() == float(P.turn_value())
    assert P.position_value_float((6, 6, 6, 5)) == 275 / 24
    assert P.choice_value_float((6, 6, 6), (1, 1), T.Keep(1, 1)) == -305 / 72
    assert P.position_value_float.__name__ == "position_value_float"


def test_turn_value_is_the_value_before_the_first_throw() -> None:
    assert P.turn_value() == P.position_value((), ())
    assert P.turn_value() == P.position_value((), (), rules=STANDARD)
    assert P.turn_value(rules=HOUSE) < P.turn_value()  # a failed bonus costs the roller


def test_the_tables_are_built_on_first_use_not_at_import() -> None:
    code = (
        "import dicerules.probability as p;"
        "from dicerules.games.eighteen import odds as e;"
        "from dicerules.games.twenty_four import odds as t;"
        "assert t._t24_chance.cache_info().currsize == 0;"
        "assert e._roost_table.cache_info().currsize == 0;"
        "p.turn_value();"
        "assert t._t24_chance.cache_info().currsize > 0"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: P.position_value((6, 6, 6, 5, 1, 1)), ValueError),
        (lambda: P.position_value((6, 6), (1, 1)), ValueError),
        (lambda: P.position_value((6, 6, 0, 1), (1,)), ValueError),
        (lambda: P.position_value((6, 6, 6), (1, "1")), TypeError),
        (lambda: P.position_value(666), TypeError),
        (lambda: P.position_value((), (), rules="standard"), TypeError),
        (lambda: P.choice_value((6, 6, 6), (5, 1), T.Keep(1, 1)), ValueError),
        (lambda: P.choice_value((6, 6, 6), (5, 1), T.Keep(2, 5)), ValueError),
        (lambda: P.choice_value((6, 6, 6), (5, 1), T.Offer(1)), TypeError),
        (lambda: P.choice_value((6, 6, 6, 5, 1), (), T.STOP), ValueError),
        (lambda: P.best_choice((6, 6, 6), ()), ValueError),
        (lambda: P.settlement_value(0), ValueError),
        (lambda: P.settlement_value(7), ValueError),
        (lambda: P.settlement_value(True), TypeError),
        (lambda: P.settlement_value(3, rules=HOUSE.players), TypeError),
        (lambda: P.turn_value(rules={"players": 4}), TypeError),
    ],
)
def test_bad_arguments(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


def test_any_value_may_keep_a_lower_value() -> None:
    rules = T.Rules(keep_rule="any_value")
    # With 5-1 showing, "any_value" allows keeping the 1 (the standard rule does
    # not): that leaves 6-6-6-1 kept and one die to throw.
    assert P.choice_value((6, 6, 6), (5, 1), T.Keep(1, 1), rules=rules) == P.position_value(
        (6, 6, 6, 1), (), rules=rules
    )
