"""Rule tests for twenty-four, written from shared/rules/twenty-four.md.

Every game here starts from a ScriptedStream, so the dice are exactly the ones
written in the test. Draw order (the spec's "Dice drawn from the stream"): at each
turn's start the five first-stage dice; after each keep the dice not kept; after a
first stage above 24 the five dice of the first bonus throw, then the dice that did
not show the target. ``start`` pads every script with ones, so a test need not
write out the dice of turns it does not look at.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable

import attrs
import pytest
from helpers import Scripted, bad_input_test, bad_rules_test, bad_values, drawn, seat_field_test

import dicerules
from dicerules import (
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    RecordError,
    ReplayError,
    ScriptedStream,
    SeededStream,
    StreamExhaustedError,
)
from dicerules.games import twenty_four as tf
from dicerules.games.twenty_four import (
    ACCEPT,
    NO_OFFER,
    REFUSE,
    STOP,
    Accept,
    Keep,
    NoOffer,
    Offer,
    Outcome,
    Refuse,
    Rules,
    State,
    Stop,
)

GAME = dicerules.get_game("twenty-four")

PAD = (1,) * 40
"""Dice after the scripted ones: whatever later turns need."""


# ---------------------------------------------------------------------- helpers

SCRIPTED = Scripted(tf, pad=PAD)
# start(rules, *dice): a game drawing ``dice`` first (then ones); play(state, *moves)
# applies moves in notation; notation(state): the legal actions in notation.
start, play, notation = SCRIPTED.start, SCRIPTED.play, SCRIPTED.notation


TWO = Rules(players=2)
FOUR = Rules()
SETTLE = Rules(players=3, settlements=True)

# A first stage standing on 27 (full play): 6-6-6-5-4 keep three sixes, 5-4 keep
# the five, 4 keep the four.
TWENTY_SEVEN = ((6, 6, 6, 5, 4, 5, 4, 4), ("keep 3x6", "keep 1x5", "keep 1x4"))


# ------------------------------------------------------------------ Rules fields

STANDARD_FIELDS = {
    "players": 4,
    "rotations": 1,
    "first_player": 0,
    "keep_rule": "highest",
    "low_score_bonus": "off",
    "failed_bonus_pays": False,
    "settlements": False,
}
HOUSE_FIELDS = {
    **STANDARD_FIELDS,
    "low_score_bonus": "full_play",
    "failed_bonus_pays": True,
    "settlements": True,
}


@pytest.mark.parametrize(
    ("name", "fields"), [("standard", STANDARD_FIELDS), ("house-rules", HOUSE_FIELDS)]
)
def test_preset_has_exactly_the_spec_field_values(name: str, fields: dict[str, object]) -> None:
    preset = Rules.preset(name)
    assert attrs.asdict(preset) == fields
    assert tf.presets[name] == preset == Rules(**fields)  # type: ignore[arg-type]


def test_standard_is_the_default_and_the_presets_are_the_two_named() -> None:
    assert list(tf.presets) == ["standard", "house-rules"]
    assert Rules() == tf.default_rules == tf.presets["standard"]
    assert GAME.default_rules == Rules()
    assert dict(GAME.presets) == dict(tf.presets)
    assert GAME.name == "twenty-four" and GAME.apply is tf.apply


def test_unknown_preset_is_invalid_rules() -> None:
    with pytest.raises(InvalidRulesError, match="nope"):
        Rules.preset("nope")


test_bad_rules_field_is_invalid_rules_naming_the_field = bad_rules_test(
    Rules.preset("house-rules"),
    *bad_values("players", 1, 9, 0, True, 4.0, "4", None),
    *bad_values("rotations", 0, 101, -1, False, "1"),
    *bad_values("first_player", -1, 8, 1.0, None),
    *bad_values("keep_rule", "Highest", "any", "", 1, None),
    *bad_values("low_score_bonus", "on", "OFF", False, None),
    *bad_values("failed_bonus_pays", 1, "yes", None),
    *bad_values("settlements", 0, "True"),
)


test_first_player_must_be_a_seat_of_the_game = seat_field_test(
    Rules(players=8), "first_player", [(2, 2), (4, 4), (4, 7), (7, 7)]
)


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 2},
        {"players": 8, "first_player": 7},
        {"players": 2, "first_player": 1},
        {"rotations": 1},
        {"rotations": 100},
        {"keep_rule": "any_value"},
        {"low_score_bonus": "any"},
        {"low_score_bonus": "full_play", "failed_bonus_pays": True, "settlements": True},
    ],
)
def test_rules_at_the_edges_of_their_ranges_are_valid(fields: dict[str, object]) -> None:
    rules = Rules(**fields)  # type: ignore[arg-type]
    for name, value in fields.items():
        assert getattr(rules, name) == value
    assert rules.turns == rules.players * rules.rotations


def test_new_game_refuses_rules_of_another_kind() -> None:
    with pytest.raises(TypeError):
        tf.new_game(attrs.asdict(Rules()), seed=1)  # type: ignore[arg-type]


# ------------------------------------------------------- rule 1: the first stage


def test_rule1_the_roller_throws_five_dice_openly_and_they_show_highest_first() -> None:
    state = start(FOUR, 2, 6, 1, 5, 6)
    assert drawn(state) == (2, 6, 1, 5, 6)
    assert state.showing == (6, 6, 5, 2, 1)
    assert state.kept == ()
    assert tf.current_player(state) == 0 == state.roller
    assert tf.view(state, None).showing == (6, 6, 5, 2, 1)


def test_rule1_spec_example_highest_keeps_one_or_both_sixes_never_the_five() -> None:
    state = start(FOUR, 6, 6, 5, 2, 1)
    assert notation(state) == ["keep 1x6", "keep 2x6", "stop"]
    with pytest.raises(IllegalActionError, match="highest"):
        tf.apply(state, Keep(1, 5))


def test_rule1_any_value_keeps_any_value_just_thrown() -> None:
    state = start(Rules(keep_rule="any_value"), 6, 6, 5, 2, 1)
    assert notation(state) == ["keep 1x6", "keep 2x6", "keep 1x5", "keep 1x2", "keep 1x1", "stop"]
    after = play(state, "keep 1x5")
    assert after.kept == (5,)
    with pytest.raises(IllegalActionError, match="no die just thrown shows 4"):
        tf.apply(state, Keep(1, 4))


@pytest.mark.parametrize("rule", ["highest", "any_value"])
def test_rule1_no_more_dice_than_show_the_value_and_no_face_beyond_six(rule: str) -> None:
    state = start(Rules(keep_rule=rule), 6, 6, 5, 2, 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="only 2 dice just thrown show 6"):
        tf.apply(state, Keep(3, 6))
    with pytest.raises(IllegalActionError, match="1 to 6"):
        tf.apply(state, Keep(1, 7))


def test_rule1_a_lower_value_is_refused_for_not_being_the_highest_whatever_the_count() -> None:
    # 6-6-5-2-1 under "highest": keep 2x5 is wrong because 5 is not the highest
    # value, not because too few fives show (keep 1x5 is just as illegal).
    state = start(FOUR, 6, 6, 5, 2, 1)
    for keep in (Keep(1, 5), Keep(2, 5), Keep(3, 1)):
        with pytest.raises(IllegalActionError, match=r"only the highest value just thrown \(6\)"):
            tf.apply(state, keep)


def test_rule1_too_many_of_a_single_die_is_refused_in_the_singular() -> None:
    state = start(Rules(keep_rule="any_value"), 6, 6, 5, 2, 1)
    with pytest.raises(IllegalActionError, match="only one die just thrown shows 5"):
        tf.apply(state, Keep(2, 5))


def test_rule1_a_mixture_of_values_cannot_even_be_written() -> None:
    with pytest.raises(InvalidActionError):
        tf.parse("keep 1x6 1x5")
    with pytest.raises(InvalidActionError):
        tf.parse("keep 6-5")


def test_rule1_a_keep_throws_exactly_the_dice_not_kept() -> None:
    state = start(FOUR, 6, 6, 5, 2, 1, 3, 4, 2, 5, 4)
    state = play(state, "keep 2x6")
    assert drawn(state) == (6, 6, 5, 2, 1, 3, 4, 2)
    assert state.kept == (6, 6) and state.showing == (4, 3, 2)
    state = play(state, "keep 1x4")
    assert drawn(state)[-2:] == (5, 4)
    assert state.kept == (6, 6, 4) and state.showing == (5, 4)
    assert notation(state) == ["keep 1x5", "stop"]


def test_rule1_stop_draws_nothing_and_every_die_counts_as_it_lies() -> None:
    # 6-6-6-4-3 keep three sixes; 2-1 showing: stop stands on 6+6+6+2+1 = 21.
    state = play(start(TWO, 6, 6, 6, 4, 3, 2, 1), "keep 3x6")
    before = len(drawn(state))
    state = play(state, "stop")
    assert len(drawn(state)) == before + 5  # only the next turn's five dice
    last = state.last
    assert last is not None
    assert last.dice == (6, 6, 6, 2, 1) and last.total == 21 and last.stopped
    assert state.scores == (-3, 3)


def test_rule1_stop_is_legal_at_the_first_throw() -> None:
    state = play(start(TWO, 6, 5, 5, 4, 4), "stop")
    assert state.last is not None and state.last.total == 24 and state.last.stopped
    assert state.scores == (0, 0)


def test_rule1_all_five_of_a_kind_may_be_kept_and_that_ends_the_first_stage() -> None:
    # Five fives are 25: the stage ends without another first-stage throw, straight
    # into the bonus for ones: 1-2-3-4-5 (one one), then 1-1-6-6 (two more).
    state = start(TWO, 5, 5, 5, 5, 5, 1, 2, 3, 4, 5, 1, 1, 6, 6)
    assert notation(state) == [f"keep {n}x5" for n in range(1, 6)] + ["stop"]
    state = play(state, "keep 5x5")
    assert drawn(state)[:14] == (5, 5, 5, 5, 5, 1, 2, 3, 4, 5, 1, 1, 6, 6)
    last = state.last
    assert last is not None
    assert last.dice == (5,) * 5 and not last.stopped and last.target == 1
    assert last.bonus == ((1, 2, 3, 4, 5), (1, 1, 6, 6)) and last.count == 3
    assert state.scores == (3, -3)


def test_rule1_the_last_die_is_kept_by_an_action_and_then_the_stage_ends() -> None:
    state = play(start(TWO, 6, 5, 4, 3, 2, 6, 5, 4, 3, 6, 5, 4, 6, 5, 3), *[
        "keep 1x6", "keep 1x6", "keep 1x6", "keep 1x6"
    ])  # fmt: skip
    assert state.kept == (6, 6, 6, 6) and state.showing == (3,)
    assert notation(state) == ["keep 1x3", "stop"]
    done = play(state, "keep 1x3")
    assert done.last is not None and done.last.dice == (6, 6, 6, 6, 3)
    assert not done.last.stopped
    stopped = play(state, "stop")
    assert stopped.last is not None and stopped.last.stopped
    assert stopped.last.total == done.last.total == 27


# ----------------------------------------------------- rule 2: the three outcomes


def test_rule2_exactly_24_pays_nothing() -> None:
    state = play(start(FOUR, 6, 6, 6, 5, 1, 5, 1, 1), "keep 3x6", "keep 1x5", "keep 1x1")
    assert state.last is not None and state.last.total == 24 and state.last.target == 0
    assert state.scores == (0, 0, 0, 0)
    assert state.last.changes == (0, 0, 0, 0)


def test_rule2_spec_example_21_pays_three_quarter_units_to_each() -> None:
    state = play(start(FOUR, 6, 6, 6, 2, 1), "stop")
    assert state.last is not None and state.last.total == 21
    assert state.scores == (-9, 3, 3, 3)
    assert state.last.changes == (-9, 3, 3, 3)


def test_rule2_spec_example_27_rolls_for_threes() -> None:
    dice, moves = TWENTY_SEVEN
    state = play(start(TWO, *dice, 3, 3, 3, 2, 5, 3, 4), *moves)
    last = state.last
    assert last is not None and last.total == 27 and last.target == 3


def test_rule2_the_lowest_total_pays_the_most_when_the_bonus_is_off() -> None:
    state = play(start(FOUR, 1, 1, 1, 1, 1), "keep 5x1")
    assert state.last is not None and state.last.total == 5
    assert state.scores == (-57, 19, 19, 19)


# ---------------------------------------------------- rule 2: the low-score bonus

LOW_FULL = ((2, 1, 1, 1, 1, 1, 1, 1, 1), ("keep 1x2", "keep 4x1"))  # 2+1+1+1+1 = 6, no stop
LOW_STOP = ((2, 2, 1, 1, 1), ("stop",))  # 7, stopped at once


@pytest.mark.parametrize(
    ("bonus", "script", "roller_gets"),
    [
        ("off", LOW_FULL, -18 * 3),
        ("off", LOW_STOP, -17 * 3),
        ("any", LOW_FULL, 60),
        ("any", LOW_STOP, 60),
        ("full_play", LOW_FULL, 60),
        ("full_play", LOW_STOP, -17 * 3),
    ],
)
def test_rule2_low_score_bonus(
    bonus: str, script: tuple[tuple[int, ...], tuple[str, ...]], roller_gets: int
) -> None:
    dice, moves = script
    state = play(start(Rules(low_score_bonus=bonus), *dice), *moves)  # type: ignore[arg-type]
    assert state.scores[0] == roller_gets
    assert state.scores[1:] == (-roller_gets // 3,) * 3
    assert sum(state.scores) == 0


@pytest.mark.parametrize("bonus", ["any", "full_play"])
def test_rule2_low_score_bonus_stops_at_ten(bonus: str) -> None:
    rules = Rules(low_score_bonus=bonus)  # type: ignore[arg-type]
    ten = play(start(rules, 2, 2, 2, 2, 2), "keep 5x2")
    eleven = play(start(rules, 3, 2, 2, 2, 2, 2, 2, 2, 2), "keep 1x3", "keep 4x2")
    assert ten.scores == (60, -20, -20, -20)
    assert eleven.last is not None and eleven.last.total == 11
    assert eleven.scores == (-39, 13, 13, 13)


def test_rule2_full_play_is_lost_by_a_stop_on_the_last_die() -> None:
    rules = Rules(players=2, low_score_bonus="full_play")
    state = start(rules, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    state = play(state, "keep 1x2", "keep 1x1", "keep 1x1", "keep 1x1")
    assert state.showing == (1,)
    assert play(state, "keep 1x1").scores == (20, -20)
    assert play(state, "stop").scores == (-18, 18)


# ------------------------------------------------------------- rule 4: the bonus


def test_rule4_spec_example_four_threes_score_12_three_units_from_each() -> None:
    dice, moves = TWENTY_SEVEN
    state = play(start(FOUR, *dice, 3, 3, 3, 2, 5, 3, 4), *moves)
    last = state.last
    assert last is not None
    assert last.bonus == ((3, 3, 3, 2, 5), (3, 4))
    assert last.count == 4 and last.count * last.target == 12
    assert state.scores == (36, -12, -12, -12)  # 12 quarter-units = 3 units from each
    assert drawn(state)[:15] == (*dice, 3, 3, 3, 2, 5, 3, 4)


def test_rule4_spec_example_five_sixes_twice_collect_30_from_each() -> None:
    # Five sixes (30) roll for sixes; five sixes on the first bonus throw set all
    # aside, so the second throw draws no dice: the next five are the next turn's.
    state = play(start(FOUR, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 2, 3, 4, 5, 1), "keep 5x6")
    last = state.last
    assert last is not None
    assert last.target == 6 and last.bonus == ((6, 6, 6, 6, 6),) and last.count == 5
    assert state.scores == (90, -30, -30, -30)  # 30 quarter-units = 7 1/2 units
    assert state.roller == 1 and state.showing == (5, 4, 3, 2, 1)


def test_rule4_the_second_throw_takes_only_the_dice_not_set_aside() -> None:
    # 26: rolling for twos. 2-2-5-6-1 sets two aside; the second throw is 3 dice.
    state = play(start(TWO, 6, 6, 6, 6, 2, 2, 2, 2, 5, 6, 1, 2, 4, 4), "keep 4x6", "keep 1x2")
    last = state.last
    assert last is not None and last.target == 2
    assert last.bonus == ((2, 2, 5, 6, 1), (2, 4, 4)) and last.count == 3
    assert state.scores == (6, -6)


@pytest.mark.parametrize(("pays", "scores"), [(False, (0, 0, 0)), (True, (-6, 3, 3))])
def test_rule4_no_target_dice_fails_the_bonus(pays: bool, scores: tuple[int, ...]) -> None:
    dice, moves = TWENTY_SEVEN
    rules = Rules(players=3, failed_bonus_pays=pays)
    state = play(start(rules, *dice, 1, 2, 4, 5, 6, 6, 5, 4, 2, 1), *moves)
    assert state.last is not None and state.last.count == 0
    assert state.scores == scores


def test_rule4_failed_bonus_pays_changes_nothing_when_a_die_shows_the_target() -> None:
    # 27 rolls for threes; 3-1-2-4-5 then 6-6-6-6: one three, 3 from each seat.
    dice, moves = TWENTY_SEVEN
    for pays in (False, True):
        rules = Rules(players=3, failed_bonus_pays=pays)
        state = play(start(rules, *dice, 3, 1, 2, 4, 5, 6, 6, 6, 6), *moves)
        assert state.last is not None and state.last.count == 1
        assert state.scores == (6, -3, -3)


# ------------------------------------------------------------ rule 3: settlements


def at_settlement(
    rules: Rules = SETTLE, bonus: tuple[int, ...] = (3, 3, 1, 1, 1, 1, 1, 1)
) -> State:
    dice, moves = TWENTY_SEVEN
    return play(start(rules, *dice, *bonus), *moves)


def test_rule3_the_seat_to_the_rollers_left_offers_first() -> None:
    state = at_settlement()
    assert state.stage == "offer"
    assert tf.current_player(state) == 1 == state.offerer
    assert state.target == 3 and state.kept == (6, 6, 6, 5, 4)
    assert notation(state) == [f"offer {q}" for q in range(1, 16)] + ["no offer"]
    assert len(drawn(state)) == 8  # no bonus dice yet


def test_rule3_the_roller_answers_each_offer_before_the_next_seat_speaks() -> None:
    state = play(at_settlement(), "offer 4")
    assert state.stage == "answer" and state.offer == 4 and state.offerer == 1
    assert tf.current_player(state) == 0
    assert notation(state) == ["accept", "refuse"]
    state = play(state, "refuse")
    assert tf.current_player(state) == 2 == state.offerer and state.offer == 0
    assert state.scores == (0, 0, 0)


def test_rule3_an_accepted_offer_is_paid_at_once_and_that_seat_is_out_of_the_bonus() -> None:
    # Bonus: 3-3-1-1-1 then 1-1-1: two threes, 6 from each seat not settled.
    state = play(at_settlement(), "offer 4", "accept")
    assert state.scores == (4, -4, 0) and state.settled == (0, 4, 0)
    state = play(state, "no offer")
    last = state.last
    assert last is not None and last.count == 2
    assert last.settled == (0, 4, 0)
    assert state.scores == (10, -4, -6)
    assert last.changes == (10, -4, -6)


def test_rule3_every_offer_refused_is_the_same_as_no_offer() -> None:
    refused = play(at_settlement(), "offer 15", "refuse", "offer 1", "refuse")
    silent = play(at_settlement(), "no offer", "no offer")
    assert refused.scores == silent.scores == (12, -6, -6)
    assert refused.last == silent.last


def test_rule3_the_bonus_is_thrown_even_when_every_seat_has_settled() -> None:
    state = play(at_settlement(), "offer 5", "accept", "offer 7", "accept")
    last = state.last
    assert last is not None and last.bonus == ((3, 3, 1, 1, 1), (1, 1, 1))
    assert drawn(state)[8:16] == (3, 3, 1, 1, 1, 1, 1, 1)
    assert state.scores == (12, -5, -7)


def test_rule3_a_settled_seat_is_not_paid_a_failed_bonus() -> None:
    rules = attrs.evolve(SETTLE, failed_bonus_pays=True)
    state = play(
        at_settlement(rules, (1, 2, 4, 5, 6, 1, 2, 4, 5, 6)), "offer 2", "accept", "no offer"
    )
    assert state.last is not None and state.last.count == 0
    assert state.scores == (2 - 3, -2, 3)


def test_rule3_house_rules_money_with_offers_accepted_refused_and_a_failed_bonus() -> None:
    # Four seats, house rules. Seat 0 stands on 27 and rolls for threes. Seat 1
    # settles for 7, seat 2's offer of 2 is refused, seat 3 settles for 15. No three
    # in 1-2-4-5-6 then 1-2-4-5-6: the roller pays 3 to seat 2 only.
    dice, moves = TWENTY_SEVEN
    miss = (1, 2, 4, 5, 6, 1, 2, 4, 5, 6)
    state = play(
        start(tf.presets["house-rules"], *dice, *miss),
        *moves, "offer 7", "accept", "offer 2", "refuse", "offer 15", "accept",
    )  # fmt: skip
    last = state.last
    assert last is not None and last.count == 0 and last.settled == (0, 7, 0, 15)
    assert state.scores == (7 + 15 - 3, -7, 3, -15)
    assert last.changes == state.scores and sum(state.scores) == 0
    # The same with two hits instead (3-3-1-1-1 then 1-1-1): seat 2 pays 6.
    hits = play(
        start(tf.presets["house-rules"], *dice, 3, 3, 1, 1, 1, 1, 1, 1),
        *moves, "offer 7", "accept", "offer 2", "refuse", "offer 15", "accept",
    )  # fmt: skip
    assert hits.scores == (7 + 15 + 6, -7, -6, -15)


@pytest.mark.parametrize("quarters", [0, 16, 100])
def test_rule3_an_offer_is_1_to_5d(quarters: int) -> None:
    state = at_settlement()
    if quarters == 0:
        with pytest.raises(InvalidActionError):
            tf.parse_action(state, f"offer {quarters}")
        return
    with pytest.raises(IllegalActionError, match="1 to 15"):
        tf.parse_action(state, f"offer {quarters}")


def test_rule3_an_offer_above_5d_lists_the_legal_ones_when_they_are_few() -> None:
    # 6-6-6-6-1 = 25 rolls for ones: the offers are 1 to 5.
    state = play(start(SETTLE, 6, 6, 6, 6, 1, 1), "keep 4x6", "keep 1x1")
    assert state.target == 1
    with pytest.raises(IllegalActionError) as raised:
        tf.apply(state, Offer(6))
    assert str(raised.value) == (
        "offer 6 offers more than the bonus can cost: rolling for 1s, an offer is 1 to 5"
        " quarter-units (or no offer) (legal here: offer 1, offer 2, offer 3, offer 4, offer 5,"
        " no offer)"
    )
    # Rolling for threes there are sixteen: too many to list.
    with pytest.raises(IllegalActionError) as raised:
        tf.parse_action(at_settlement(), "offer 16")
    assert "legal here" not in str(raised.value)


def test_rule3_no_settlement_when_the_total_is_not_above_24() -> None:
    state = play(start(SETTLE, 6, 6, 6, 2, 1), "stop")
    assert state.stage == "throw" and state.roller == 1
    assert state.scores == (-6, 3, 3)


def test_rule3_settlement_order_wraps_round_the_table() -> None:
    dice, moves = TWENTY_SEVEN
    rules = Rules(players=4, settlements=True, first_player=2)
    state = play(start(rules, *dice), *moves)
    asked = []
    while state.stage == "offer":
        asked.append(tf.current_player(state))
        state = play(state, "no offer")
    assert asked == [3, 0, 1]


def test_rule3_settlements_off_throws_the_bonus_at_once() -> None:
    state = at_settlement(Rules(players=3))
    assert state.stage == "throw" and state.roller == 1
    assert state.scores == (12, -6, -6)


# ------------------------------------------------- rule 5: rotations and the end


def test_rule5_turns_go_left_from_the_first_player_and_the_game_ends() -> None:
    rules = Rules(players=3, rotations=2, first_player=1)
    state = start(rules)
    rollers = []
    while not tf.is_terminal(state):
        rollers.append(state.roller)
        assert state.turn == len(rollers)
        assert tf.winners(state) == ()
        state = play(state, "stop")  # five ones: 5, pays 19 to each
    assert rollers == [1, 2, 0, 1, 2, 0]
    assert state.turn == 6
    assert tf.current_player(state) is None and tf.legal_actions(state) == ()
    assert state.scores == (0, 0, 0)
    assert tf.winners(state) == (0, 1, 2)  # ties share
    assert len(drawn(state)) == 30  # no dice after the last turn


def test_rule5_winners_are_the_highest_scores() -> None:
    # Seat 0 stands on 21 (pays 3 to seat 1), seat 1 on 24.
    state = play(start(TWO, 6, 6, 6, 2, 1, 6, 6, 6, 5, 1), "stop", "stop")
    assert tf.is_terminal(state)
    assert tf.scores(state) == (-3, 3)
    assert tf.winners(state) == (1,)


# ---------------------------------------------------------------------- views


def test_view_is_the_whole_state_but_the_stream() -> None:
    state = play(at_settlement(), "offer 4")
    for player in (None, 0, 1, 2):
        seen = tf.view(state, player)
        assert seen.player == player
        fields = {f.name for f in attrs.fields(tf.View)} - {"player"}
        assert fields == {f.name for f in attrs.fields(State)} - {"tape"}
        for name in fields:
            assert getattr(seen, name) == getattr(state, name)


def test_view_does_not_change_with_the_dice_to_come() -> None:
    state = play(start(FOUR, 6, 6, 5, 2, 1, 2, 2, 2), "keep 2x6")
    other = tf.resample_hidden(state, 1, SeededStream(9))
    assert other != state
    assert attrs.evolve(other, tape=state.tape) == state
    for player in (None, 0, 1, 2, 3):
        assert tf.view(other, player) == tf.view(state, player)
    assert tf.legal_actions(other) == tf.legal_actions(state)


@pytest.mark.parametrize("seat", [-1, 4, 9])
def test_view_of_a_seat_that_does_not_exist_is_value_error(seat: int) -> None:
    with pytest.raises(ValueError, match="no seat"):
        tf.view(start(FOUR), seat)


@pytest.mark.parametrize("seat", ["0", 1.0, True])
def test_view_of_a_seat_that_is_not_an_int_is_type_error(seat: object) -> None:
    with pytest.raises(TypeError):
        tf.view(start(FOUR), seat)  # type: ignore[arg-type]


def test_describe_shows_the_stage_and_the_last_turn() -> None:
    state = play(at_settlement(), "offer 4")
    text = tf.describe(state)
    assert "stood on 6-6-6-5-4 = 27, rolling for 3s" in text
    assert "seat 1 offers 4, seat 0 to answer" in text
    state = play(state, "accept", "no offer")
    text = tf.describe(state)
    assert "turn 2 of 3, seat 1 rolling" in text
    assert "rolled for 3s: 3-3-1-1-1 then 1-1-1, 2 x 3 = 6; settled: seat 1 for 4" in text
    assert "changes 0: +10 | 1: -4 | 2: -6" in text


# ------------------------------------------------------------------- notation

ACTIONS = [
    (Keep(2, 6), "keep 2x6"),
    (Keep(1, 1), "keep 1x1"),
    (STOP, "stop"),
    (Offer(4), "offer 4"),
    (NO_OFFER, "no offer"),
    (ACCEPT, "accept"),
    (REFUSE, "refuse"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS, ids=[t for _, t in ACTIONS])
def test_format_and_parse(action: tf.Action, text: str) -> None:
    assert tf.format_action(action) == text == str(action)
    assert tf.parse(text) == action
    assert tf.parse(text.upper()) == action
    assert tf.parse(f"  {text.replace(' ', '   ')} ") == action
    assert tf.parse(text.replace(" ", "")) == action
    assert type(action).parse(text) == action  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text", ["", "keep", "keep 2", "keep x6", "keep 2x", "2x6", "keep -1x6", "offer", "offer -3",
             "offer 1.5", "nope", "offer no", "accepted", "stops", "keep 2y6", "🎲", "keep 99999x6"]
)  # fmt: skip
def test_malformed_notation_is_invalid_action(text: str) -> None:
    with pytest.raises(InvalidActionError):
        tf.parse(text)
    if text == "keep 2":  # parse_action takes keep V: every die just thrown showing V
        return
    with pytest.raises(InvalidActionError):
        tf.parse_action(start(FOUR), text)


@pytest.mark.parametrize("text", ["no", "N", " n "])
def test_no_says_no_offer_where_it_is_legal(text: str) -> None:
    assert tf.parse(text) == NO_OFFER == NoOffer.parse(text)
    assert tf.parse_action(at_settlement(), text) == NO_OFFER
    assert play(at_settlement(), text, text) == play(at_settlement(), "no offer", "no offer")
    with pytest.raises(IllegalActionError, match="answers seat 1's offer"):
        tf.parse_action(play(at_settlement(), "offer 2"), text)  # accept or refuse, there


@pytest.mark.parametrize("text", [None, 3, b"stop"])
def test_notation_that_is_not_a_string_is_invalid_action(text: object) -> None:
    with pytest.raises(InvalidActionError, match="str"):
        tf.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "text"),
    [(Keep, "stop"), (Stop, "accept"), (Offer, "keep 1x6"), (NoOffer, "offer 1"),
     (Accept, "refuse"), (Refuse, "accept")],
)  # fmt: skip
def test_each_action_class_parses_only_its_own_notation(cls: type, text: str) -> None:
    with pytest.raises(InvalidActionError):
        cls.parse(text)


@pytest.mark.parametrize(
    ("args", "cls"), [((0, 6), Keep), ((1, 0), Keep), ((True, 6), Keep), (("1", 6), Keep),
                      ((0,), Offer), ((-2,), Offer), ((2.0,), Offer)]
)  # fmt: skip
def test_a_malformed_action_cannot_be_built(args: tuple[object, ...], cls: type) -> None:
    with pytest.raises(InvalidActionError):
        cls(*args)


def test_format_action_and_apply_reject_what_is_not_an_action() -> None:
    for junk in (object(), None, "stop", 3, dicerules.get_game("liars-dice").parse_action):
        with pytest.raises(InvalidActionError):
            tf.format_action(junk)  # type: ignore[arg-type]
        with pytest.raises(InvalidActionError):
            tf.apply(start(FOUR), junk)  # type: ignore[arg-type]


# ------------------------------------------------------------- illegal actions

ILLEGAL = [
    ("first stage", lambda: start(FOUR, 6, 6, 5, 2, 1), "offer 3", "first stage"),
    ("first stage", lambda: start(FOUR, 6, 6, 5, 2, 1), "no offer", "first stage"),
    ("first stage", lambda: start(FOUR, 6, 6, 5, 2, 1), "accept", "first stage"),
    ("offer", at_settlement, "keep 1x6", "asked for a settlement offer"),
    ("offer", at_settlement, "stop", "asked for a settlement offer"),
    ("offer", at_settlement, "refuse", "asked for a settlement offer"),
    ("answer", lambda: play(at_settlement(), "offer 2"), "offer 3", "answers seat 1's offer of 2"),
    ("answer", lambda: play(at_settlement(), "offer 2"), "no offer", "answers"),
    ("answer", lambda: play(at_settlement(), "offer 2"), "keep 1x6", "answers"),
    ("over", lambda: play(start(TWO), "stop", "stop"), "stop", "game is over"),
    ("over", lambda: play(start(TWO), "stop", "stop"), "keep 1x1", "game is over"),
    ("over", lambda: play(start(TWO), "stop", "stop"), "accept", "game is over"),
]


@pytest.mark.parametrize(
    ("make", "text", "why"), [c[1:] for c in ILLEGAL], ids=[f"{c[0]}-{c[2]}" for c in ILLEGAL]
)
def test_an_action_of_another_stage_is_illegal_and_says_why(
    make: Callable[[], State], text: str, why: str
) -> None:
    state = make()
    kept = pickle.dumps(state)
    with pytest.raises(IllegalActionError, match=why):
        tf.parse_action(state, text)
    with pytest.raises(IllegalActionError, match=why):
        tf.apply(state, tf.parse(text))
    assert pickle.loads(kept) == state


def test_an_illegal_action_lists_the_legal_ones_when_they_are_few() -> None:
    state = start(FOUR, 6, 6, 5, 2, 1)
    with pytest.raises(IllegalActionError) as raised:
        tf.apply(state, Keep(1, 5))
    assert str(raised.value) == (
        "keep 1x5 keeps 5s, but under keep_rule 'highest' only the highest value just thrown"
        " (6) may be kept (legal here: keep 1x6, keep 2x6, stop)"
    )
    # Sixteen offers are too many to list.
    with pytest.raises(IllegalActionError) as raised:
        tf.apply(at_settlement(), ACCEPT)
    assert "legal here" not in str(raised.value)


BAD_CALLS = [
    ("illegal-keep", lambda s: tf.apply(s, Keep(1, 5)), IllegalActionError),
    ("too-many", lambda s: tf.apply(s, Keep(3, 6)), IllegalActionError),
    ("wrong-stage", lambda s: tf.apply(s, Offer(2)), IllegalActionError),
    ("junk-object", lambda s: tf.apply(s, "stop"), InvalidActionError),
    ("bad-notation", lambda s: tf.parse_action(s, "keep"), InvalidActionError),
    ("illegal-notation", lambda s: tf.parse_action(s, "keep 1x2"), IllegalActionError),
    ("bad-seat", lambda s: tf.view(s, 7), ValueError),
]


def _plays_on(state: State, kept: State) -> None:
    assert tf.apply(state, Keep(2, 6)) == tf.apply(kept, Keep(2, 6))


test_bad_input_leaves_the_state_untouched = bad_input_test(
    BAD_CALLS, lambda: start(FOUR, 6, 6, 5, 2, 1, 4, 4, 4), _plays_on
)


def test_running_out_of_scripted_dice_leaves_the_state_untouched() -> None:
    state = tf.new_game(TWO, stream=ScriptedStream((6, 6, 5, 2, 1, 3)))
    kept = copy.deepcopy(state)
    with pytest.raises(StreamExhaustedError):
        tf.apply(state, Keep(2, 6))
    assert state == kept


# ------------------------------------------------------------------ records


def finished() -> State:
    dice, moves = TWENTY_SEVEN
    state = start(SETTLE, *dice, 3, 3, 1, 1, 1, 1, 1, 1)
    return play(state, *moves, "offer 4", "accept", "no offer", "stop", "stop")


def test_a_record_replays_to_the_same_game() -> None:
    state = finished()
    assert tf.is_terminal(state)
    rec = dicerules.record(state)
    assert rec.actions == (
        "keep 3x6", "keep 1x5", "keep 1x4", "offer 4", "accept", "no offer", "stop", "stop",
    )  # fmt: skip
    assert dicerules.replay(GameRecord.from_json(rec.to_json())) == state


@pytest.mark.parametrize(
    ("step", "text"), [(0, "keep 1x5"), (3, "offer 16"), (4, "stop"), (5, "bogus")]
)
def test_a_changed_action_does_not_replay(step: int, text: str) -> None:
    rec = dicerules.record(finished())
    actions = list(rec.actions)
    actions[step] = text
    with pytest.raises(ReplayError) as raised:
        dicerules.replay(attrs.evolve(rec, actions=tuple(actions)))
    assert raised.value.step == step


def test_a_changed_roll_does_not_replay() -> None:
    rec = dicerules.record(finished())
    for index in (0, 9, len(rec.rolls) - 1):
        rolls = list(rec.rolls)
        rolls[index] = rolls[index] % 6 + 1
        with pytest.raises(ReplayError):
            dicerules.replay(attrs.evolve(rec, rolls=tuple(rolls)))


@pytest.mark.parametrize(
    ("field", "value"),
    [("players", 9), ("rotations", 0), ("keep_rule", "lowest"), ("low_score_bonus", True),
     ("settlements", "yes"), ("first_player", 3)],
)  # fmt: skip
def test_a_bad_rules_value_in_a_record_is_a_record_error(field: str, value: object) -> None:
    data = json.loads(dicerules.record(finished()).to_json())
    data["rules"][field] = value
    with pytest.raises(RecordError, match=field):
        dicerules.replay(GameRecord.from_json(json.dumps(data)))


def test_an_outcome_is_a_plain_value() -> None:
    last = finished().last
    assert isinstance(last, Outcome)
    assert pickle.loads(pickle.dumps(last)) == last
    assert "Outcome(turn=3" in repr(last)
