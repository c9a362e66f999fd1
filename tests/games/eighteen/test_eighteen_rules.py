"""Rule tests for eighteen, written from shared/rules/eighteen.md.

Every game here starts from a ScriptedStream, so the dice are exactly the ones
written in the test. Draw order (the spec's "Dice drawn from the stream"): the house
choice first (three dice per contending seat, in seat order, per pass), then each
round the house's six dice, then three dice when each player's turn starts and one
per ``roll``; a lightning round draws, per step, per contender in seat order, one
die per non-six. Most tests use a permanent house at seat 0, so that no house-choice
dice are drawn and the turn order is 1, 2, ... in round 1.
"""

from __future__ import annotations

import json
import pickle

import attrs
import pytest
from helpers import Scripted, bad_rules_test, bad_values, drawn

import dicerules
from dicerules import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    RecordError,
    ReplayError,
    SeededStream,
    StreamExhaustedError,
)
from dicerules.games import eighteen as e
from dicerules.games.eighteen import ROLL, STAND, Roll, RoundResult, Rules, Stand, State

# ---------------------------------------------------------------------- helpers

SCRIPTED = Scripted(e)
# start(rules, *dice): a game drawing exactly ``dice``; play(state, *moves) applies
# moves in notation.
start, play = SCRIPTED.start, SCRIPTED.play

HOSTED3 = Rules(players=3, permanent_house=0)
HOSTED4 = Rules(players=4, permanent_house=0)
SEAT3_HOUSE = (1, 1, 1, 1, 1, 2, 1, 1, 3, 6, 6, 6)
"""House-choice dice for four seats: seat 3 rolls 18 and is the house."""
FILLER = ((1, 1, 1, 2, 2, 2) + (3, 3, 3) * 3) * 6
"""Dice for the rounds after the one a test is about (roost 6, every hand 9)."""


# ------------------------------------------------------------------ Rules fields

STANDARD_FIELDS = {
    "players": 4,
    "permanent_house": None,
    "target": 18,
    "start_points": 0,
    "floor_at_zero": False,
    "eliminate_at_zero": False,
    "roost18_players_lose": True,
    "simultaneous_reveal": False,
    "max_rounds": None,
}
PRESET_FIELDS = {
    "standard": STANDARD_FIELDS,
    "twenty-three": {
        **STANDARD_FIELDS,
        "start_points": 5,
        "target": 23,
        "eliminate_at_zero": True,
    },
    "hosted": {**STANDARD_FIELDS, "permanent_house": 0, "max_rounds": 50},
}


@pytest.mark.parametrize("name", list(PRESET_FIELDS))
def test_preset_has_exactly_the_spec_field_values(name: str) -> None:
    preset = Rules.preset(name)
    assert attrs.asdict(preset) == PRESET_FIELDS[name]
    assert e.presets[name] == preset == Rules(**PRESET_FIELDS[name])  # type: ignore[arg-type]


def test_standard_is_the_default_and_there_are_three_presets() -> None:
    assert list(e.presets) == ["standard", "twenty-three", "hosted"]
    assert Rules() == e.default_rules == e.presets["standard"]
    game = dicerules.get_game("eighteen")
    assert game.default_rules == Rules() and dict(game.presets) == dict(e.presets)
    assert e.new_game(seed=3) == e.new_game(Rules(), seed=3)


@pytest.mark.parametrize("name", ["nope", "Standard", 3])
def test_unknown_preset_is_invalid_rules(name: object) -> None:
    with pytest.raises(InvalidRulesError, match="presets are"):
        Rules.preset(name)  # type: ignore[arg-type]


test_bad_rules_field_is_invalid_rules_naming_the_field = bad_rules_test(
    Rules.preset("hosted"),
    # permanent_house=4: a seat of 4 players is 0..3 (cross-field check)
    # start_points=18: not below the target (cross-field check)
    *bad_values("players", 1, 9, True, 4.0, "4", None),
    *bad_values("permanent_house", -1, 8, 4, True, "0"),
    *bad_values("target", 0, 101, False, 18.0),
    *bad_values("start_points", -100, 100, 18, True),
    *bad_values("floor_at_zero", 1, None),
    *bad_values("eliminate_at_zero", 0, "yes"),
    *bad_values("roost18_players_lose", 1),
    *bad_values("simultaneous_reveal", "False"),
    *bad_values("max_rounds", 0, 1001, True, 50.0),
)


def test_a_permanent_house_with_elimination_needs_three_seats() -> None:
    with pytest.raises(InvalidRulesError, match="players >= 3"):
        Rules(players=2, permanent_house=1, eliminate_at_zero=True)
    assert Rules(players=3, permanent_house=2, eliminate_at_zero=True).players == 3
    assert Rules(players=2, permanent_house=1).permanent_house == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 2},
        {"players": 8, "permanent_house": 7},
        {"permanent_house": 0},
        {"target": 1},
        {"target": 100, "start_points": 99},
        {"start_points": -99},
        {"max_rounds": 1},
        {"max_rounds": 1000},
        {"floor_at_zero": True, "eliminate_at_zero": True, "simultaneous_reveal": True},
        {"roost18_players_lose": False},
    ],
)
def test_rules_at_the_edges_of_their_ranges_are_valid(fields: dict[str, object]) -> None:
    rules = Rules(**fields)  # type: ignore[arg-type]
    for name, value in fields.items():
        assert getattr(rules, name) == value
    assert e.new_game(rules, seed=1).rules == rules


def test_new_game_refuses_rules_of_another_kind() -> None:
    with pytest.raises(TypeError):
        e.new_game(dicerules.get_game("liars-dice").default_rules, seed=1)


# -------------------------------------------------------- rule 1: house choice


def test_rule1_the_highest_three_dice_make_the_house() -> None:
    state = start(Rules(), *SEAT3_HOUSE, 1, 2, 3, 4, 5, 6, 2, 2, 2)
    assert state.house == 3
    assert state.house_choice == (((0, (1, 1, 1)), (1, (1, 1, 2)), (2, (1, 1, 3)), (3, (6, 6, 6))),)
    assert state.first == 0 and state.to_act == 0  # the seat to the house's left
    assert state.order == (0, 1, 2)


def test_rule1_tied_seats_roll_again_among_themselves_until_one_is_highest() -> None:
    choice = (
        *(6, 5, 4, 1, 1, 1, 4, 5, 6, 3, 6, 6),  # seats 0, 2, 3 tie on 15
        *(2, 2, 2, 3, 1, 2, 1, 1, 4),  # seats 0, 2, 3 tie on 6
        *(5, 5, 5, 5, 5, 6, 1, 1, 1),  # seat 2 (16) beats 0 (15) and 3 (3)
    )
    state = start(Rules(), *choice, 1, 2, 3, 4, 5, 6, 2, 2, 2)
    assert state.house == 2 and state.to_act == 3 and state.order == (3, 0, 1)
    assert [tuple(seat for seat, _ in one) for one in state.house_choice] == [
        (0, 1, 2, 3),
        (0, 2, 3),
        (0, 2, 3),
    ]
    assert drawn(state)[: len(choice)] == choice


def test_rule1_a_permanent_house_draws_no_house_choice_dice() -> None:
    state = start(HOSTED3, 1, 2, 3, 4, 5, 6, 2, 3, 4)
    assert state.house == 0 and state.house_choice == ()
    assert drawn(state) == (1, 2, 3, 4, 5, 6, 2, 3, 4)
    assert state.hands == ((), (2, 3, 4), ())


# ------------------------------------------------ rules 2 and 3: round start


def test_rule3_the_three_lowest_are_discards_the_three_highest_the_roost() -> None:
    state = start(HOSTED3, 5, 1, 6, 2, 4, 3, 2, 2, 2)
    assert state.discards == (1, 2, 3)
    assert state.roost_dice == (4, 5, 6) and state.roost == 15


def test_rule2_a_rotating_house_and_the_first_player_move_left_each_round() -> None:
    state = start(Rules(), *SEAT3_HOUSE, *FILLER)
    assert (state.house, state.first, state.order) == (3, 0, (0, 1, 2))
    state = play(state, "stand", "stand", "stand")
    assert (state.round, state.house, state.first, state.order) == (2, 0, 1, (1, 2, 3))
    state = play(state, "stand", "stand", "stand")
    assert (state.round, state.house, state.first, state.order) == (3, 1, 2, (2, 3, 0))


def test_rule2_with_a_permanent_house_the_first_player_moves_left_skipping_it() -> None:
    state = start(HOSTED4, *FILLER)
    firsts = []
    for _ in range(4):
        firsts.append((state.first, state.order))
        state = play(state, "stand", "stand", "stand")
    assert state.house == 0
    assert firsts == [(1, (1, 2, 3)), (2, (2, 3, 1)), (3, (3, 1, 2)), (1, (1, 2, 3))]


# -------------------------------------------------------- rule 4: roost of 18


def test_rule4_a_roost_of_18_ends_the_round_without_the_players() -> None:
    state = start(HOSTED3, 6, 1, 6, 2, 6, 3, *FILLER)
    assert state.round == 2
    assert e.history(state) == ()
    assert state.points == (2, -1, -1)
    (result,) = state.results
    assert result == RoundResult(1, 0, (1, 2, 3), (6, 6, 6), ((), (), ()), (2, -1, -1))
    assert result.roost == 18
    # round 2 began at once: the house's six dice, then the first player's three.
    assert drawn(state) == (6, 1, 6, 2, 6, 3, 1, 1, 1, 2, 2, 2, 3, 3, 3)
    assert state.first == 2 and state.to_act == 2


def test_rule4_without_roost18_players_lose_no_points_change() -> None:
    state = start(attrs.evolve(HOSTED3, roost18_players_lose=False), 6, 6, 6, 6, 6, 6, *FILLER)
    assert state.points == (0, 0, 0)
    assert state.results[0].changes == (0, 0, 0) and state.round == 2


def test_rule4_rounds_of_18_follow_each_other_and_are_all_kept() -> None:
    state = start(HOSTED4, *(6,) * 6, *(6,) * 6, *FILLER)
    assert state.round == 3 and state.first == 3
    assert [r.round for r in state.results] == [1, 2]
    assert state.points == (6, -2, -2, -2)
    state = play(state, "stand", "stand", "stand")
    assert [r.round for r in state.results] == [3]


def test_rule4_a_roost_of_18_can_end_the_game_before_any_action() -> None:
    rules = Rules(players=3, target=2)
    state = start(rules, 1, 1, 1, 6, 6, 6, 1, 1, 2, 6, 6, 6, 6, 6, 6)
    assert e.is_terminal(state) and e.legal_actions(state) == ()
    assert state.house == 1 and e.winners(state) == (1,)
    assert e.scores(state) == (-1, 2, -1)
    assert e.current_player(state) is None


# ------------------------------------------------------------ rule 5: turns


def test_rule5_a_roll_adds_one_die_and_stand_ends_the_turn() -> None:
    state = start(HOSTED3, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5, 5)
    assert e.legal_actions(state) == (ROLL, STAND)
    state = play(state, "roll")
    assert state.hands[1] == (3, 3, 3, 4) and state.to_act == 1
    state = play(state, "stand")
    assert state.to_act == 2 and state.hands[2] == (5, 5, 5)


def test_rule5_going_over_18_is_bust_and_ends_the_turn() -> None:
    state = start(HOSTED3, 1, 1, 1, 2, 2, 2, 6, 6, 5, 2, 1, 1, 1)
    state = play(state, "roll")
    assert state.hands[1] == (6, 6, 5, 2) and e.hand_total(state.hands[1]) is None
    assert state.to_act == 2


def test_rule5_a_player_with_18_may_still_roll_and_busts() -> None:
    state = start(HOSTED3, 1, 1, 1, 2, 2, 2, 6, 6, 6, 1, 1, 1, 1)
    assert e.legal_actions(state) == (ROLL, STAND)
    state = play(state, "roll")
    assert state.to_act == 2 and e.hand_total(state.hands[1]) is None


def test_rule5_six_dice_without_bust_end_the_turn_and_count_18() -> None:
    state = start(HOSTED3, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 5, 5, 5)
    state = play(state, "roll", "roll")
    assert state.to_act == 1
    state = play(state, "roll")
    assert state.hands[1] == (1,) * 6 and state.to_act == 2
    assert e.hand_total(state.hands[1]) == 18


@pytest.mark.parametrize(
    ("hand", "total"),
    [
        ((6, 6, 6), 18),
        ((6, 6, 6, 1), None),
        ((1, 2, 3), 6),
        ((3, 3, 3, 3, 3, 3), 18),
        ((3, 3, 3, 3, 3, 4), None),
        ((1, 1, 1, 1, 1, 1), 18),
        ((2, 2, 2, 2, 2), 10),
    ],
)
def test_rule5_what_a_hand_counts(hand: tuple[int, ...], total: int | None) -> None:
    assert e.hand_total(hand) == total


# ----------------------------------------------- rules 6 and 7: the scoring


def scored_round(rules: Rules = HOSTED4) -> State:
    """Roost 16. Seat 1 stands on 17, seat 2 on 16, seat 3 busts (16 + 5)."""
    return play(
        start(rules, 1, 1, 1, 5, 5, 6, 6, 6, 5, 5, 5, 6, 6, 6, 4, 5, *FILLER),
        "stand",
        "stand",
        "roll",
    )


def test_rule7_against_the_roost_and_against_the_other_players() -> None:
    state = scored_round()
    # Seat 1: +1 above the roost, +2 for beating 16 and the bust. Seat 2: the roost
    # is a push, +1 for the bust. Seat 3: bust, -1 to the house.
    assert state.points == (1, 3, 1, -1)
    (result,) = state.results
    assert result.roost == 16 and result.discards == (1, 1, 1)
    assert result.hands == ((), (6, 6, 5), (5, 5, 6), (6, 6, 4, 5))
    assert result.changes == (1, 3, 1, -1)
    assert state.round == 2


def test_rule7_under_the_roost_pays_the_house_and_ties_between_players_score_nothing() -> None:
    # Roost 17; seats 1 and 2 both stand on 9, seat 3 on 12.
    dice = (1, 1, 1, 5, 6, 6, 3, 3, 3, 3, 3, 3, 4, 4, 4)
    state = play(start(HOSTED4, *dice, *FILLER), "stand", "stand", "stand")
    assert state.results[0].changes == (3, -1, -1, 1)


def test_rule7_every_player_over_the_roost_and_the_house_loses_nothing() -> None:
    # Roost 7 (1-1-1 discarded, 2-2-3 kept); seats stand on 9, 12, 15.
    dice = (1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5)
    state = play(start(HOSTED4, *dice, *FILLER), "stand", "stand", "stand")
    assert state.results[0].changes == (0, 1, 2, 3)


def test_rule7_a_bust_player_gains_nothing_from_other_busts() -> None:
    dice = (1, 1, 1, 2, 2, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    state = play(start(HOSTED3, *dice, *FILLER), "roll", "roll")
    assert state.results[0].changes == (2, -1, -1)


def test_rule7_floor_at_zero_lifts_negative_points() -> None:
    state = scored_round(attrs.evolve(HOSTED4, floor_at_zero=True))
    assert state.points == (1, 3, 1, 0)
    assert state.results[0].changes == (1, 3, 1, 0)


def test_rule7_points_may_go_negative_without_the_floor() -> None:
    assert scored_round().points[3] == -1


# ------------------------------------------------------ rule 8: end of round


def test_rule8_a_seat_reaching_the_target_alone_wins() -> None:
    state = scored_round(attrs.evolve(HOSTED4, target=3))
    assert e.is_terminal(state) and e.winners(state) == (1,)
    assert state.hands == ((), (), (), ()) and state.roost_dice == ()
    assert state.results[0].changes == (1, 3, 1, -1)


def test_rule8_a_permanent_house_never_wins() -> None:
    state = start(attrs.evolve(HOSTED3, target=2), *(6,) * 6, *FILLER)
    assert state.points == (2, -1, -1)
    assert not e.is_terminal(state) and state.round == 2


def test_rule8_a_rotating_house_can_win() -> None:
    # Seat 3 is the house; roost 17 and the players all under it: house +3.
    dice = (*SEAT3_HOUSE, 1, 1, 1, 5, 6, 6, 2, 2, 2, 3, 3, 3, 4, 4, 4)
    state = play(start(Rules(players=4, target=3), *dice), "stand", "stand", "stand")
    assert e.winners(state) == (3,) and state.points[3] == 3


def test_rule8_eliminate_at_zero_puts_seats_out_and_skips_them() -> None:
    rules = Rules(players=4, permanent_house=0, start_points=1, eliminate_at_zero=True)
    state = scored_round(rules)  # seat 3 busts: 1 - 1 = 0
    assert state.points == (2, 4, 2, 0)
    assert state.out == (False, False, False, True)
    assert state.order == (2, 1) and state.first == 2
    assert state.hands[3] == ()


def test_rule8_a_permanent_house_is_never_out() -> None:
    rules = Rules(players=3, permanent_house=0, start_points=-5, eliminate_at_zero=True)
    # Roost 7; seat 1 stands on 9 (+1 +1), seat 2 on 6 (-1): the house ends on -4.
    dice = (1, 1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 2)
    state = play(start(rules, *dice, *FILLER), "stand", "stand")
    assert state.points == (-4, -3, -6)
    # Both players are out at once; the house stays in but cannot win.
    assert state.out == (False, True, True)
    assert e.winners(state) == (1,)


def test_rule8_the_last_seat_left_in_wins() -> None:
    rules = Rules(players=3, start_points=1, eliminate_at_zero=True)
    # Seat 2 is the house (roll-off); roost 17; seat 0 stands on 15, seat 1 busts.
    choice = (1, 1, 1, 1, 1, 2, 6, 6, 6)
    dice = (*choice, 1, 1, 1, 5, 6, 6, 5, 5, 5, 6, 6, 6, 6)
    state = play(start(rules, *dice, *FILLER), "stand", "roll")
    # Seat 0: -1 + 1 = 1; seat 1: -1 -> 0, out; house 1 + 2 = 3.
    assert state.points == (1, 0, 3) and state.out == (False, True, False)
    assert not e.is_terminal(state)
    assert (state.house, state.first, state.order) == (0, 2, (2,))


def test_rule8_when_nobody_is_left_the_seats_in_at_the_round_start_share_the_win() -> None:
    rules = Rules(players=4, permanent_house=0, start_points=1, eliminate_at_zero=True)
    # Roost 17; all three players stand on 9: -1 each, no gains against each other.
    dice = (1, 1, 1, 5, 6, 6, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    state = play(start(rules, *dice), "stand", "stand", "stand")
    assert state.points == (4, 0, 0, 0) and state.out == (False, True, True, True)
    assert e.winners(state) == (1, 2, 3)


def test_max_rounds_the_seats_in_with_most_points_win_together() -> None:
    rules = attrs.evolve(HOSTED4, max_rounds=1)
    dice = (1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2)
    state = play(start(rules, *dice), "stand", "stand", "stand")
    # Roost 7: seats 1 and 2 on 9 (+1 +1 each), seat 3 on 6 (-1).
    assert state.points == (1, 2, 2, -1)
    assert e.winners(state) == (1, 2)


def test_max_rounds_the_target_is_checked_first() -> None:
    rules = attrs.evolve(HOSTED4, max_rounds=1, target=3)
    assert e.winners(scored_round(rules)) == (1,)


def test_max_rounds_counts_rounds_ended_by_a_roost_of_18() -> None:
    rules = attrs.evolve(HOSTED3, max_rounds=2)
    state = start(rules, *(6,) * 6, *(6,) * 6)
    assert e.is_terminal(state) and state.round == 2
    assert state.points == (4, -2, -2) and e.winners(state) == (1, 2)


# ----------------------------------------------------- rule 9: lightning round


def lightning_game(*steps: int) -> State:
    """Target 1: seats 1 and 2 both stand on 6 over a roost of 5 and reach it."""
    rules = Rules(players=3, permanent_house=0, target=1)
    dice = (1, 1, 1, 1, 1, 3, 2, 2, 2, 2, 2, 2, *steps)
    return play(start(rules, *dice), "stand", "stand")


def test_rule9_the_first_to_three_sixes_alone_wins() -> None:
    state = lightning_game(6, 2, 6, 1, 6, 6, 2, 6)
    assert state.points == (0, 1, 1)
    # The sixes are kept (shown first), only the others are rolled: one die each.
    assert state.lightning == (((1, (6, 2, 6)), (2, (1, 6, 6))), ((1, (6, 6, 2)), (2, (6, 6, 6))))
    assert e.winners(state) == (2,)
    assert drawn(state)[12:] == (6, 2, 6, 1, 6, 6, 2, 6)


def test_rule9_rolls_keep_sixes_and_reroll_the_rest_each_step() -> None:
    steps = (*(1, 1, 1, 2, 2, 2), *(6, 1, 1, 3, 3, 3), *(6, 4, 4, 4, 6), *(6, 1, 1))
    state = lightning_game(*steps)
    assert state.lightning == (
        ((1, (1, 1, 1)), (2, (2, 2, 2))),
        ((1, (6, 1, 1)), (2, (3, 3, 3))),
        ((1, (6, 6, 4)), (2, (4, 4, 6))),
        ((1, (6, 6, 6)), (2, (6, 1, 1))),
    )
    assert e.winners(state) == (1,)
    assert drawn(state)[12:] == steps


def test_rule9_several_at_three_sixes_in_one_step_start_again() -> None:
    steps = (*(6, 6, 6, 6, 6, 6), *(6, 1, 1, 6, 6, 1), *(6, 6, 2))
    state = lightning_game(*steps)
    assert state.lightning == (
        ((1, (6, 6, 6)), (2, (6, 6, 6))),
        ((1, (6, 1, 1)), (2, (6, 6, 1))),
        ((1, (6, 6, 6)), (2, (6, 6, 2))),
    )
    assert e.winners(state) == (1,)


def test_rule9_only_the_tied_start_again() -> None:
    rules = Rules(players=4, permanent_house=0, target=1)
    # Roost 5; all three stand on 6: +1 each, all reach the target.
    dice = (1, 1, 1, 1, 1, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2)
    steps = (*(6, 6, 6, 1, 1, 1, 6, 6, 6), *(6, 6, 6, 1, 2, 3))
    state = play(start(rules, *dice, *steps), "stand", "stand", "stand")
    assert state.lightning == (
        ((1, (6, 6, 6)), (2, (1, 1, 1)), (3, (6, 6, 6))),
        ((1, (6, 6, 6)), (3, (1, 2, 3))),
    )
    assert e.winners(state) == (1,)


# ----------------------------------------------------------------- views


def mid_round(rules: Rules = HOSTED4) -> State:
    """Roost 16 (discards 1-1-1); seat 1 stood on 17, seat 2 is on 5-5-6 + 1."""
    return play(
        start(rules, 1, 1, 1, 5, 5, 6, 6, 6, 5, 5, 5, 6, 1, 6, 6, 4, *FILLER), "stand", "roll"
    )


def test_view_the_roost_is_the_house_alone() -> None:
    state = mid_round()
    assert e.view(state, 0).roost_dice == (5, 5, 6)
    for seat in (None, 1, 2, 3):
        assert e.view(state, seat).roost_dice == ()
        assert e.view(state, seat).discards == (1, 1, 1)


def test_view_every_played_hand_is_public_without_simultaneous_reveal() -> None:
    state = mid_round()
    for seat in (None, 0, 1, 2, 3):
        view = e.view(state, seat)
        assert view.hands == ((), (6, 6, 5), (5, 5, 6, 1), ())
        assert view.to_act == 2 and view.house == 0 and view.points == (0, 0, 0, 0)
        assert view.player == seat and view.results == ()


def test_view_simultaneous_reveal_hides_each_hand_from_every_other_seat() -> None:
    state = mid_round(attrs.evolve(HOSTED4, simultaneous_reveal=True))
    assert e.view(state, 1).hands == ((), (6, 6, 5), (), ())
    assert e.view(state, 2).hands == ((), (), (5, 5, 6, 1), ())
    for seat in (None, 0, 3):
        assert e.view(state, seat).hands == ((), (), (), ())
    assert e.view(state, 0).roost_dice == (5, 5, 6)


def test_view_the_round_result_reveals_everything_once_scored() -> None:
    rules = attrs.evolve(HOSTED4, simultaneous_reveal=True)
    state = play(mid_round(rules), "stand", "stand")
    for seat in (None, 0, 1, 2, 3):
        (result,) = e.view(state, seat).results
        assert result.roost_dice == (5, 5, 6)
        assert result.hands == ((), (6, 6, 5), (5, 5, 6, 1), (6, 6, 4))


EACH_SEAT_EITHER_REVEAL = pytest.mark.parametrize(
    ("seat", "reveal"), [(seat, reveal) for reveal in (False, True) for seat in (None, 0, 1, 2, 3)]
)
"""Every seat of HOSTED4 (and a spectator), with and without a simultaneous reveal."""


@EACH_SEAT_EITHER_REVEAL
def test_view_does_not_change_with_what_the_seat_may_not_know(
    seat: int | None, reveal: bool
) -> None:
    state = mid_round(attrs.evolve(HOSTED4, simultaneous_reveal=reveal))
    changed = 0
    for index in range(20):
        twin = e.resample_hidden(state, seat, SeededStream(index))
        assert e.view(twin, seat) == e.view(state, seat)
        changed += twin.roost_dice != state.roost_dice or twin.hands != state.hands
        assert twin.points == state.points and twin.order == state.order
        assert e.legal_actions(twin) == e.legal_actions(state)
    # The house knows the roost: without simultaneous_reveal it has nothing hidden but
    # the stream; every other seat has the roost (and with it, other hands) hidden.
    assert bool(changed) == (reveal or seat != 0)


def test_resample_hidden_draws_a_roost_the_discards_allow() -> None:
    state = start(HOSTED3, 1, 2, 4, 5, 6, 6, 1, 1, 1)  # discards 1-2-4, roost 5-6-6
    roosts = set()
    for index in range(60):
        twin = e.resample_hidden(state, 1, SeededStream(index))
        assert all(die >= 4 for die in twin.roost_dice) and twin.roost != 18
        assert list(twin.roost_dice) == sorted(twin.roost_dice)
        roosts.add(twin.roost_dice)
    assert len(roosts) > 3
    assert e.resample_hidden(state, 0, SeededStream(1)).roost_dice == state.roost_dice


def test_resample_hidden_with_simultaneous_reveal_redraws_the_other_hands() -> None:
    state = mid_round(attrs.evolve(HOSTED4, simultaneous_reveal=True))
    seen = set()
    for index in range(40):
        twin = e.resample_hidden(state, 1, SeededStream(index))
        assert twin.hands[1] == state.hands[1] and twin.hands[3] == () == twin.hands[0]
        playing = twin.hands[2]
        assert 3 <= len(playing) < 6 and sum(playing) <= 18
        seen.add(playing)
    assert len(seen) > 5


@EACH_SEAT_EITHER_REVEAL
def test_resample_hidden_redraws_exactly_what_the_seat_may_not_know(
    seat: int | None, reveal: bool
) -> None:
    # Seat 0 is the house; seat 1 has finished, seat 2 is playing, seat 3 has not begun.
    state = mid_round(attrs.evolve(HOSTED4, simultaneous_reveal=reveal))
    roosts, finished, playing = set(), set(), set()
    for index in range(300):
        twin = e.resample_hidden(state, seat, SeededStream(index))
        # Nothing but the roost, the hands and the stream may change.
        same = attrs.evolve(twin, roost_dice=state.roost_dice, hands=state.hands, tape=state.tape)
        assert same == state
        assert twin.tape.stream != state.tape.stream
        assert twin.discards == state.discards and twin.roost != 18
        assert min(twin.roost_dice) >= max(twin.discards)
        assert twin.hands[0] == () == twin.hands[3]
        roosts.add(twin.roost_dice)
        finished.add(twin.hands[1])
        playing.add(twin.hands[2])
        assert 3 <= len(twin.hands[2]) < 6 and sum(twin.hands[2]) <= 18
        hand = twin.hands[1]
        assert 3 <= len(hand) <= 6 and sum(hand[:-1]) <= 18
    # The roost is redrawn for every seat but the house; with simultaneous_reveal each
    # hand is redrawn for every seat but its own, and without it for nobody.
    assert (len(roosts) > 1) == (seat != 0)
    assert (len(finished) > 1) == (reveal and seat != 1)
    assert (len(playing) > 1) == (reveal and seat != 2)
    if reveal and seat != 1:
        lengths = {len(hand) for hand in finished}
        assert lengths == {3, 4, 5, 6}
        assert any(e.hand_total(hand) is None for hand in finished)
        assert any(len(hand) == 6 and e.hand_total(hand) == 18 for hand in finished)


def test_a_roll_keeps_the_tape_as_tape_roll_and_tape_act_would() -> None:
    # Seat 1 rolls twice (the turn goes on), then a sixth die ends its turn and seat 2
    # opens on 6-6-6; seat 2's roll busts, which scores the round and starts round 2,
    # where seat 2 rolls again. Each roll logs one die and one action, nothing more,
    # and every die drawn after it comes next in the stream.
    dice = (1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, *FILLER)
    state = start(HOSTED3, *dice)
    for _ in range(5):
        _, expected = state.tape.roll(1, 6)
        expected = expected.act(ROLL)
        state = e.apply(state, ROLL)
        assert state.tape.origin == expected.origin
        assert state.tape.actions == expected.actions
        assert tuple(state.tape.rolls)[: len(expected.rolls)] == tuple(expected.rolls)
        stream = expected.stream
        for rolled in tuple(state.tape.rolls)[len(expected.rolls) :]:
            again, stream = stream.roll(len(rolled), 6)
            assert again == rolled
        assert stream == state.tape.stream
    assert state.round == 2 and e.history(state) == (ROLL,) * 5
    assert dicerules.replay(dicerules.record(state)) == state


def test_view_of_a_finished_game_holds_the_winners_and_the_lightning() -> None:
    state = lightning_game(6, 2, 6, 1, 6, 6, 2, 6)
    view = e.view(state, None)
    assert view.winners == (2,) and view.lightning == state.lightning and view.to_act is None


@pytest.mark.parametrize("seat", [4, 99, -1])
def test_view_of_a_seat_that_does_not_exist_is_value_error(seat: int) -> None:
    with pytest.raises(ValueError, match="no seat"):
        e.view(mid_round(), seat)


@pytest.mark.parametrize("seat", ["1", 1.0, True])
def test_view_of_a_seat_that_is_not_an_int_is_type_error(seat: object) -> None:
    with pytest.raises(TypeError):
        e.view(mid_round(), seat)  # type: ignore[arg-type]


def test_describe_shows_the_whole_state() -> None:
    text = e.describe(mid_round())
    assert "roost [5-5-6] = 16, discards [1-1-1]" in text
    assert "1: [6-6-5] 17 | 2: [5-5-6-1] 17 | 3: -" in text
    assert "seat 2 to act" in text


# --------------------------------------------------------------- notation


@pytest.mark.parametrize(("action", "text"), [(ROLL, "roll"), (STAND, "stand")])
def test_format_and_parse(action: e.Action, text: str) -> None:
    assert e.format_action(action) == text == str(action)
    state = mid_round()
    for variant in (text, text.upper(), f"  {text.title()} ", " ".join(text)):
        assert e.parse_action(state, variant) == action
    assert type(action).parse(text) == action


@pytest.mark.parametrize("text", ["", "rol", "hit", "stand up", "roll2", "r", "stop"])
def test_malformed_notation_is_invalid_action(text: str) -> None:
    with pytest.raises(InvalidActionError):
        e.parse_action(mid_round(), text)
    with pytest.raises(InvalidActionError):
        Roll.parse(text)
    with pytest.raises(InvalidActionError):
        Stand.parse(text)


@pytest.mark.parametrize("text", [None, 3, b"roll"])
def test_notation_that_is_not_a_string_is_invalid_action(text: object) -> None:
    with pytest.raises(InvalidActionError, match="str"):
        e.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", [None, "roll", object(), dicerules.get_game("liars-dice")])
def test_an_object_that_is_no_action_is_invalid(junk: object) -> None:
    state = mid_round()
    with pytest.raises(InvalidActionError):
        e.apply(state, junk)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        e.format_action(junk)  # type: ignore[arg-type]


def test_no_action_is_legal_once_the_game_is_over_and_the_state_is_untouched() -> None:
    state = lightning_game(6, 2, 6, 1, 6, 6, 2, 6)
    before = pickle.dumps(state)
    for text in ("roll", "stand"):
        with pytest.raises(IllegalActionError, match="game is over"):
            e.parse_action(state, text)
        with pytest.raises(IllegalActionError, match="game is over"):
            e.apply(state, e.parse(text))
    assert pickle.loads(before) == state


def test_running_out_of_scripted_dice_leaves_the_state_untouched() -> None:
    state = start(HOSTED3, 1, 1, 1, 2, 2, 2, 3, 3, 3)
    before = pickle.dumps(state)
    with pytest.raises(StreamExhaustedError):
        e.apply(state, ROLL)
    assert pickle.loads(before) == state


# ------------------------------------------------------------------ records


def finished() -> State:
    return scored_round(attrs.evolve(HOSTED4, target=3))


def test_record_replays_a_scripted_game() -> None:
    state = finished()
    rec = dicerules.record(state)
    assert rec.actions == ("stand", "stand", "roll")
    assert dicerules.replay(dicerules.GameRecord.from_json(rec.to_json())) == state


def test_a_changed_action_is_a_replay_error_naming_the_step() -> None:
    rec = dicerules.record(finished())
    with pytest.raises(ReplayError) as raised:
        dicerules.replay(attrs.evolve(rec, actions=("stand", "roll", "roll")))
    assert raised.value.step is not None
    with pytest.raises(ReplayError) as raised:
        dicerules.replay(attrs.evolve(rec, actions=("stand", "stand", "hit")))
    assert raised.value.step == 2


def test_a_changed_roll_is_a_replay_error() -> None:
    rec = dicerules.record(e.new_game(seed=4))
    rolls = list(rec.rolls)
    rolls[-1] = rolls[-1] % 6 + 1
    with pytest.raises(ReplayError):
        dicerules.replay(attrs.evolve(rec, rolls=tuple(rolls)))


@pytest.mark.parametrize(
    ("field", "value"),
    [("target", 0), ("players", "4"), ("permanent_house", 9), ("max_rounds", True)],
)
def test_a_bad_rules_value_in_a_record_is_a_record_error(field: str, value: object) -> None:
    data = json.loads(dicerules.record(e.new_game(seed=4)).to_json())
    data["rules"][field] = value
    with pytest.raises(RecordError, match=field):
        dicerules.GameRecord.from_json(json.dumps(data))


def test_rule8_a_rotating_house_moves_past_a_seat_that_is_out() -> None:
    rules = Rules(players=4, start_points=1, eliminate_at_zero=True)
    # Seat 3 is the house; roost 16. Seat 0 busts (16 + 5), seat 1 stands on 17,
    # seat 2 on 16.
    dice = (*SEAT3_HOUSE, 1, 1, 1, 5, 5, 6, 6, 6, 4, 5, 6, 6, 5, 5, 5, 6)
    state = play(start(rules, *dice, *FILLER), "roll", "stand", "stand")
    assert state.points == (0, 4, 2, 2) and state.out == (True, False, False, False)
    # The house would pass to seat 0, which is out: seat 1 takes it, seat 2 plays first.
    assert (state.house, state.first, state.order) == (1, 2, (2, 3))


def test_rule8_a_rotating_house_can_be_out_too() -> None:
    rules = Rules(players=4, start_points=-5, eliminate_at_zero=True)
    # Seat 3 is the house; a roost of 18 leaves the players on -6 and the house on -2:
    # every seat is out, and the one with the most points wins.
    state = start(rules, *SEAT3_HOUSE, 6, 6, 6, 1, 1, 1)
    assert state.points == (-6, -6, -6, -2) and all(state.out)
    assert e.winners(state) == (3,)


def test_describe_a_finished_game() -> None:
    text = e.describe(lightning_game(6, 2, 6, 1, 6, 6, 2, 6))
    assert text.startswith("game over after round 1: seat(s) 2 win")
    assert "lightning 1:[6-2-6] 2:[1-6-6] / 1:[6-6-2] 2:[6-6-6]" in text
    assert "round 1 scored: house seat 0, roost [1-1-3] = 5" in text
