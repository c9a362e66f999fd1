"""Rule tests for link, written from shared/rules/link.md.

Every game here starts from a ScriptedStream, so the dice are exactly the ones
written in the test. Draw order (the spec's "Dice drawn from the stream"): at each
round start, for each seat in the game in seat order, its white dice, then its blue
die. So with two white dice each, ``start(rules, 2, 5, 4, 3, 6, 1)`` gives seat 0
the whites 2-5 and blue 4, and seat 1 the whites 3-6 and blue 1.
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
    StreamExhaustedError,
)
from dicerules.games import link
from dicerules.games.link import OUT, Open, Out, Placed, Play, Rules, State

# ---------------------------------------------------------------------- helpers

SCRIPTED = Scripted(link)
# start(rules, *dice): a game drawing exactly ``dice``; play(state, *moves) applies
# moves in notation; texts(state): the legal actions in notation.
start, play, texts = SCRIPTED.start, SCRIPTED.play, SCRIPTED.notation


def total(state: State) -> int:
    """Every counter in the game: the seats' and the pot."""
    return sum(link.scores(state)) + state.pot


def W(value: int) -> Play:
    return Play(False, value)


def B(value: int) -> Play:
    return Play(True, value)


TWO = Rules(players=2, white_dice=2)
"""Two seats with two white dice each: a round draws six dice."""


def basic() -> State:
    """Round 1 of TWO: seat 0 holds 2-5 and blue 4, seat 1 holds 3-6 and blue 1."""
    return start(TWO, 2, 5, 4, 3, 6, 1, *[2] * 24)


# ------------------------------------------------------------------ Rules fields

STANDARD_FIELDS = {
    "players": 4,
    "white_dice": 4,
    "start_counters": 10,
    "rounds": 5,
    "ante": 1,
    "link_cost": 1,
    "first_player": 0,
}


def test_standard_preset_has_exactly_the_spec_field_values() -> None:
    assert attrs.asdict(Rules.preset("standard")) == STANDARD_FIELDS
    assert link.presets["standard"] == Rules() == Rules(**STANDARD_FIELDS)  # type: ignore[arg-type]


def test_standard_is_the_default_and_the_only_preset() -> None:
    assert set(link.presets) == {"standard"}
    assert link.default_rules == Rules()
    game = dicerules.get_game("link")
    assert game.default_rules == Rules()
    assert dict(game.presets) == dict(link.presets)
    assert link.new_game(seed=3) == link.new_game(Rules(), seed=3)


@pytest.mark.parametrize("name", ["nope", "Standard", "", None])
def test_unknown_preset_is_invalid_rules(name: object) -> None:
    with pytest.raises(InvalidRulesError, match="standard"):
        Rules.preset(name)  # type: ignore[arg-type]


test_bad_rules_field_is_invalid_rules_naming_the_field = bad_rules_test(
    Rules.preset("standard"),
    # first_player=4: a seat the default four players do not have
    *bad_values("players", 1, 7, True, 4.0, "4", None),
    *bad_values("white_dice", 0, 9, False, "4"),
    *bad_values("start_counters", -1, 1001, 10.0, True),
    *bad_values("rounds", 0, 101, "5"),
    *bad_values("ante", -1, 101, None),
    *bad_values("link_cost", -1, 101, 1.5),
    *bad_values("first_player", -1, 6, 4, True, "0"),
)


test_first_player_must_be_a_seat_of_the_game = seat_field_test(
    Rules(players=6), "first_player", [(2, 2), (3, 3), (5, 5), (2, 5)]
)


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 2, "first_player": 1},
        {"players": 6, "first_player": 5},
        {"white_dice": 1},
        {"white_dice": 8},
        {"start_counters": 0, "ante": 0},
        {"start_counters": 1000},
        {"rounds": 1},
        {"rounds": 100},
        {"ante": 0},
        {"ante": 100, "start_counters": 100},
        {"link_cost": 0},
        {"link_cost": 100},
    ],
)
def test_rules_at_the_edges_of_their_ranges_are_valid(fields: dict[str, int]) -> None:
    rules = Rules(**fields)  # type: ignore[arg-type]
    for name, value in fields.items():
        assert getattr(rules, name) == value
    state = link.new_game(rules, seed=1)
    assert total(state) == rules.players * rules.start_counters


# ------------------------------------------------------ rule 1: the round start


def test_rule1_every_seat_antes_and_rolls_in_seat_order() -> None:
    state = start(Rules(players=3, white_dice=2, ante=3), 5, 2, 6, 1, 4, 3, 6, 6, 2, 1)
    assert state.counters == (7, 7, 7)
    assert state.pot == 9
    assert state.whites == ((2, 5), (1, 4), (6, 6))  # sorted
    assert state.blues == (6, 3, 2)
    assert drawn(state) == (5, 2, 6, 1, 4, 3, 6, 6, 2)  # the trailing 1 is not drawn
    assert state.round == 1
    assert state.in_game == state.in_round == (True, True, True)
    assert link.current_player(state) == 0


@pytest.mark.parametrize("first", [0, 1, 3])
def test_rule1_first_player_starts_round_1(first: int) -> None:
    state = link.new_game(Rules(first_player=first), seed=5)
    assert link.current_player(state) == first
    assert all(isinstance(a, Open) for a in link.legal_actions(state))


def test_rule1_a_seat_that_cannot_ante_is_out_of_the_game_for_good() -> None:
    # Three seats, one white die each, 2 counters, ante 1: round 1 leaves 1 each, pot 3.
    # Round 1 dice: seat 0 W3 B6, seat 1 W1 B4, seat 2 W2 B1.
    rules = Rules(players=3, white_dice=1, start_counters=2, rounds=2)
    state = start(rules, 3, 6, 1, 4, 2, 1, 5, 2, 4, 3, 9)
    assert state.counters == (1, 1, 1) and state.pot == 3
    state = play(state, "W3 up")
    assert texts(state) == ["B4"]  # seat 1's white 1 is below 3; its blue 4 fits
    state = play(state, "B4")  # seat 1 pays its last counter: the row now goes down
    assert state.counters == (1, 0, 1) and state.pot == 4
    assert texts(state) == ["W2", "B1"]
    state = play(state, "W2")
    assert texts(state) == ["out"]  # seat 0: no white left, blue 6 is above 2
    state = play(state, "out", "W1")
    assert texts(state) == ["B1"]  # compulsory: seat 2's only die fits (1 <= 1)
    state = play(state, "B1")
    assert state.counters == (1, 0, 0) and state.pot == 5
    assert texts(state) == ["out"]  # seat 1 has nothing left
    # Seat 1 goes out: seat 2 alone is left, wins the pot of 5 and starts round 2.
    # Seat 1 has no counter for the ante and leaves the game; only seats 0 and 2 roll.
    state = play(state, "out")
    assert state.round == 2
    assert state.last_winner == 2
    assert state.in_game == (True, False, True)
    assert state.in_round == (True, False, True)
    assert state.counters == (0, 0, 4) and state.pot == 2
    assert state.whites == ((5,), (), (4,))
    assert state.blues == (2, 0, 3)
    assert link.current_player(state) == 2
    state = play(state, "W4 up", "W5")
    assert link.current_player(state) == 2  # seat 1 is skipped: it is out of the game
    state = play(state, "out")
    assert link.is_terminal(state)
    assert link.scores(state) == (2, 0, 4)
    assert link.winners(state) == (2,)
    assert drawn(state) == (3, 6, 1, 4, 2, 1, 5, 2, 4, 3)  # the 9 is never drawn
    view = link.view(state, None)
    assert view.in_game == (True, False, True)
    assert view.last_winner == 0


def test_rule1_fewer_than_two_seats_able_to_ante_end_the_game_and_the_ante_goes_back() -> None:
    # Three seats with 1 counter each: all ante in round 1, seat 0 takes the pot of 3.
    rules = Rules(players=3, white_dice=1, start_counters=1)
    state = start(rules, 3, 1, 2, 1, 2, 1, 6, 6, 6, 6, 6, 6)
    assert state.counters == (0, 0, 0) and state.pot == 3
    state = play(state, "W3 up", "out", "out")
    # Round 2: seats 1 and 2 cannot ante; seat 0 alone could, so the game is over.
    assert link.is_terminal(state)
    assert link.current_player(state) is None
    assert link.legal_actions(state) == ()
    assert state.counters == (3, 0, 0)  # seat 0's ante went back
    assert state.pot == 0
    assert state.round == 1  # round 2 never began
    assert state.in_game == (True, False, False)
    assert link.winners(state) == (0,)
    assert drawn(state) == (3, 1, 2, 1, 2, 1)  # no dice for round 2


def test_rule1_an_early_end_as_every_view_shows_it() -> None:
    # As above: seat 0 wins round 1 with W3 up, and only seat 0 could ante for round 2.
    rules = Rules(players=3, white_dice=1, start_counters=1)
    state = play(start(rules, 3, 1, 2, 1, 2, 1, 6, 6, 6, 6, 6, 6), "W3 up", "out", "out")
    assert link.is_terminal(state)
    for player in (None, 0, 1, 2):
        seen = link.view(state, player)
        assert (seen.whites, seen.blue) == ((), None)  # the dice went back in the cups
        assert seen.white_counts == (0, 0, 0) and seen.blue_unplayed == (False, False, False)
        assert seen.sequence == (Placed(0, "W", 3),) and seen.direction == "up"  # round 1's row
        assert seen.round == 1 and seen.to_act is None and seen.last_winner == 0
        assert seen.counters == (3, 0, 0) and seen.pot == 0
        assert seen.in_game == (True, False, False) and seen.in_round == (False, False, False)
        # Nothing is hidden any more: drawing it again changes only the stream.
        twin = link.resample_hidden(state, player, ScriptedStream([]))
        assert attrs.evolve(twin, tape=state.tape) == state


def test_rule1_rules_under_which_nobody_can_ante_into_round_1_are_refused() -> None:
    with pytest.raises(InvalidRulesError, match=r"start_counters \(0\) is below the ante \(1\)"):
        Rules(players=3, start_counters=0)
    with pytest.raises(InvalidRulesError, match="no game would be played"):
        Rules(start_counters=4, ante=5)
    assert Rules(start_counters=5, ante=5).ante == 5  # exactly the ante: round 1 is played


def test_rule1_ante_zero_never_puts_a_seat_out() -> None:
    rules = Rules(players=2, white_dice=1, start_counters=0, ante=0, link_cost=0, rounds=2)
    state = start(rules, 3, 1, 2, 1, 4, 1, 5, 1)
    assert state.pot == 0 and state.in_game == (True, True)
    state = play(state, "W3 up", "out")
    assert state.round == 2 and state.in_game == (True, True)
    assert state.counters == (0, 0)
    state = play(state, "W4 up", "W5", "out")
    assert link.winners(state) == (0, 1)  # nothing ever changed hands: a shared win


# ----------------------------------------------------------- rule 2: the opening


def test_rule2_the_opener_plays_a_white_die_up_or_down() -> None:
    state = basic()
    assert state.counters == (9, 9) and state.pot == 2
    assert link.legal_actions(state) == (
        Open(2, "up"), Open(2, "down"), Open(5, "up"), Open(5, "down"),
    )  # fmt: skip
    state = play(state, "W2 up")
    assert state.sequence == (Placed(0, "W", 2),)
    assert state.direction == "up"
    assert state.whites == ((5,), (3, 6))
    assert link.current_player(state) == 1


def test_rule2_no_six_up_no_one_down_and_two_equal_whites_are_one_action() -> None:
    state = start(Rules(players=2, white_dice=4), 6, 1, 6, 1, 3, 2, 2, 2, 2, 2)
    assert state.whites[0] == (1, 1, 6, 6)
    assert texts(state) == ["W1 up", "W6 down"]
    with pytest.raises(IllegalActionError, match="up cannot open on a 6"):
        link.apply(state, Open(6, "up"))
    with pytest.raises(IllegalActionError, match="down cannot open on a 1"):
        link.apply(state, Open(1, "down"))


def test_rule2_the_blue_die_cannot_open() -> None:
    state = basic()  # seat 0's blue die shows 4
    for text in ("B4 up", "B4 down", "b4up"):
        with pytest.raises(IllegalActionError, match="blue die cannot open"):
            link.parse_action(state, text)
    with pytest.raises(IllegalActionError, match="blue die cannot open"):
        link.apply(state, Open(4, "down", blue=True))


def test_rule2_the_opener_must_open_not_add_nor_go_out() -> None:
    state = basic()
    for action in (W(2), B(4), OUT):
        with pytest.raises(IllegalActionError, match="opens the row"):
            link.apply(state, action)


def test_rule2_the_opening_die_must_be_held() -> None:
    with pytest.raises(IllegalActionError, match="no white 3"):
        link.apply(basic(), Open(3, "up"))


@pytest.mark.parametrize("seed", range(40))
def test_rule2_an_opener_always_has_an_opening(seed: int) -> None:
    """Every face opens at least one way, so any hand can open (a decision the spec leaves)."""
    state = link.new_game(Rules(white_dice=1), seed=seed)
    (value,) = state.whites[0]
    expected = [f"W{value} up"] * (value != 6) + [f"W{value} down"] * (value != 1)
    assert texts(state) == expected


def test_rule2_the_last_rounds_winner_opens_the_next_round() -> None:
    # Seat 0 opens W2 up; seat 1 adds its 6; seat 0 has nothing that fits and goes out.
    state = play(basic(), "W2 up", "W6", "out")
    assert state.round == 2
    assert state.last_winner == 1
    assert link.current_player(state) == 1
    assert state.counters == (8, 10) and state.pot == 2
    assert state.sequence == () and state.direction is None
    assert state.whites == ((2, 2), (2, 2)) and state.blues == (2, 2)


# --------------------------------------------------------- rule 3: adding dice


def test_rule3_the_sources_example_row_going_up() -> None:
    # Seat 0 opens with its 3 going up; seats 1, 2, 3 add 3, 5 and 6; seat 0 adds a 6.
    rules = Rules(white_dice=2)
    state = start(rules, 3, 6, 1, 3, 1, 1, 5, 1, 1, 6, 1, 1)
    state = play(state, "W3 up", "W3", "W5", "W6")
    assert texts(state) == ["W6"]
    state = play(state, "W6")
    assert [(p.seat, p.value) for p in state.sequence] == [(0, 3), (1, 3), (2, 5), (3, 6), (0, 6)]
    assert all(p.colour == "W" for p in state.sequence)
    assert all(a.value <= b.value for a, b in zip(state.sequence, state.sequence[1:], strict=False))
    assert link.current_player(state) == 1


@pytest.mark.parametrize(
    ("direction", "legal"),
    [("up", ["W3", "W5", "W6"]), ("down", ["W1", "W3"])],
)
def test_rule3_equal_values_fit_either_way(direction: str, legal: list[str]) -> None:
    # Seat 0 opens with 3; seat 1 holds 1-3-5-6 and a blue 2 (fits only going down).
    rules = Rules(players=2, white_dice=4)
    state = start(rules, 3, 3, 3, 3, 4, 6, 5, 3, 1, 2)
    state = play(state, f"W3 {direction}")
    assert texts(state) == ([*legal, "B2"] if direction == "down" else legal)


def test_rule3_a_die_that_does_not_fit_is_illegal_and_says_why() -> None:
    state = play(basic(), "W5 down")  # seat 1 holds 3-6, blue 1
    assert texts(state) == ["W3", "B1"]
    with pytest.raises(IllegalActionError) as raised:
        link.apply(state, W(6))
    assert str(raised.value) == (
        "W6 does not fit: the row goes down from 5: it takes at most 5 (legal here: W3, B1)"
    )
    with pytest.raises(IllegalActionError, match="no unplayed white 4"):
        link.apply(state, W(4))
    with pytest.raises(IllegalActionError, match="already open"):
        link.apply(state, Open(3, "down"))


# ------------------------------------------------------------- rule 4: the link


def link_game(**fields: int) -> State:
    """Three seats, one white die each: seat 0 W3 B5, seat 1 W1 B4, seat 2 W6 B4."""
    return start(Rules(players=3, white_dice=1, **fields), 3, 5, 1, 4, 6, 4, *[1] * 9)


def test_rule4_a_link_costs_link_cost_and_turns_the_row() -> None:
    state = play(link_game(), "W3 up")
    assert texts(state) == ["B4"]
    state = play(state, "B4")
    assert state.counters == (9, 8, 9) and state.pot == 4
    assert state.direction == "down"
    assert state.sequence[-1] == Placed(1, "B", 4)
    assert state.blues == (5, 0, 4)
    assert link.current_player(state) == 2  # turn order does not change
    assert total(state) == 30


def test_rule4_a_link_may_follow_a_link() -> None:
    state = play(link_game(), "W3 up", "B4")
    assert texts(state) == ["B4"]  # seat 2's white 6 is above 4; its blue 4 fits
    state = play(state, "B4")
    assert state.direction == "up"
    assert state.counters == (9, 8, 8) and state.pot == 5
    assert texts(state) == ["B5"]  # seat 0: 5 >= 4
    state = play(state, "B5")
    assert state.direction == "down"
    assert state.counters == (8, 8, 8) and state.pot == 6
    # Seat 1 has its white 1 (fits going down); seat 2 its white 6 does not.
    state = play(state, "W1")
    assert texts(state) == ["out"]
    assert [f"{p.colour}{p.value}" for p in state.sequence] == ["W3", "B4", "B4", "B5", "W1"]


@pytest.mark.parametrize(
    ("fields", "can_link"),
    [
        ({"link_cost": 2, "start_counters": 2}, False),  # 1 counter left after the ante
        ({"link_cost": 2, "start_counters": 3}, True),
        ({"link_cost": 0, "start_counters": 1}, True),  # 0 counters, but a free link
        ({"link_cost": 100, "start_counters": 1000}, True),
    ],
)
def test_rule4_the_blue_die_needs_link_cost_counters(
    fields: dict[str, int], can_link: bool
) -> None:
    state = play(link_game(**fields), "W3 up")
    before = state.counters[1]
    if can_link:
        assert texts(state) == ["B4"]
        after = play(state, "B4")
        assert after.counters[1] == before - fields["link_cost"]
        assert after.pot == state.pot + fields["link_cost"]
    else:
        assert texts(state) == ["out"]
        with pytest.raises(IllegalActionError, match=r"link costs 2 counter\(s\) and seat 1 has 1"):
            link.apply(state, B(4))


def test_rule4_a_blue_die_that_does_not_fit_or_is_played_is_illegal() -> None:
    state = play(basic(), "W2 up")  # seat 1: whites 3-6, blue 1 (below 2)
    with pytest.raises(IllegalActionError, match="B1 does not fit"):
        link.apply(state, B(1))
    with pytest.raises(IllegalActionError, match="does not show 5"):
        link.apply(state, B(5))
    state = play(link_game(), "W3 up", "B4", "B4", "B5", "W1", "out")  # seat 2 out; seat 0
    with pytest.raises(IllegalActionError, match="already played its blue die"):
        link.apply(state, B(5))


# ------------------------------------------------------------------ rule 5: out


def test_rule5_out_is_the_only_action_when_no_die_fits() -> None:
    state = play(basic(), "W2 up", "W6")  # seat 0 holds 5 and blue 4: neither reaches 6
    assert link.legal_actions(state) == (OUT,)
    for action in (W(5), B(4)):
        with pytest.raises(IllegalActionError, match="does not fit"):
            link.apply(state, action)


def test_rule5_a_player_who_can_add_must_add() -> None:
    state = play(basic(), "W2 up")
    with pytest.raises(IllegalActionError) as raised:
        link.apply(state, OUT)
    assert str(raised.value) == "seat 1 can add a die, so it may not go out (legal here: W3, W6)"


def test_rule5_a_player_with_no_dice_left_goes_out() -> None:
    state = play(link_game(), "W3 up", "B4", "B4", "B5")  # seat 0 has played both its dice
    state = play(state, "W1", "out")
    assert state.whites[0] == () and state.blues[0] == 0
    assert link.current_player(state) == 0
    assert link.legal_actions(state) == (OUT,)


def test_rule5_seats_out_of_the_round_are_skipped() -> None:
    state = play(link_game(), "W3 up", "B4", "B4", "B5", "W1")
    state = play(state, "out")  # seat 2 out
    assert state.in_round == (True, True, False)
    assert link.current_player(state) == 0
    state = play(state, "out")  # seat 0 out: seat 1 alone is left
    assert state.round == 2


# ----------------------------------------------------------- rule 6: the pot


def test_rule6_the_last_player_in_takes_the_pot_and_was_the_last_to_add() -> None:
    state = play(link_game(), "W3 up", "B4", "B4", "B5", "W1", "out")
    assert state.pot == 6
    assert state.counters == (8, 8, 8)
    last_adder = state.sequence[-1].seat
    state = play(state, "out")
    assert last_adder == 1
    assert state.last_winner == 1
    assert state.round == 2
    # Seat 1 took 6 and paid the round-2 ante; every seat anted 1 again.
    assert state.counters == (7, 13, 7) and state.pot == 3
    assert total(state) == 30
    assert link.current_player(state) == 1


def test_rule6_the_opener_wins_when_everyone_else_goes_out_at_once() -> None:
    state = start(Rules(players=3, white_dice=1, rounds=1), 6, 1, 1, 1, 2, 1)
    state = play(state, "W6 down")
    assert texts(state) == ["W1", "B1"]
    state = play(state, "B1")  # the row turns up from 1; seat 2's 2 fits
    state = play(state, "W2", "out", "out")
    assert link.is_terminal(state)
    assert state.last_winner == 2
    assert link.scores(state) == (9, 8, 13)


# --------------------------------------------------- rule 7: the end and the winners


def tied_game() -> State:
    """Two seats, one white die each, two rounds: each seat wins one round."""
    rules = Rules(players=2, white_dice=1, rounds=2)
    # Round 1: seat 0 W3 B1, seat 1 W2 B1. Round 2: seat 0 W3 B1, seat 1 W4 B1.
    state = start(rules, 3, 1, 2, 1, 3, 1, 4, 1)
    return play(state, "W3 up", "out", "W3 up", "W4", "out")


def test_rule7_the_game_ends_after_the_last_round_and_ties_share_the_win() -> None:
    state = tied_game()
    assert link.is_terminal(state)
    assert state.round == 2
    assert link.scores(state) == (10, 10)
    assert link.winners(state) == (0, 1)
    assert state.pot == 0
    assert link.legal_actions(state) == ()
    for action in (OUT, W(3), Open(3, "up")):
        with pytest.raises(IllegalActionError, match="game is over"):
            link.apply(state, action)


def test_rule7_the_most_counters_win_and_out_seats_are_ranked_too() -> None:
    rules = Rules(players=3, white_dice=1, rounds=1)
    state = play(start(rules, 3, 1, 2, 1, 2, 1), "W3 up", "out", "out")
    assert link.scores(state) == (12, 9, 9)
    assert link.winners(state) == (0,)


def test_rule7_winners_are_empty_until_the_end() -> None:
    state = basic()
    while not link.is_terminal(state):
        assert link.winners(state) == ()
        state = link.apply(state, link.legal_actions(state)[0])
    assert link.winners(state)


def test_five_rounds_of_the_standard_game() -> None:
    state = link.new_game(seed=11)
    rounds = {state.round}
    while not link.is_terminal(state):
        state = link.apply(state, link.legal_actions(state)[-1])
        rounds.add(state.round)
        assert total(state) == 40
    assert rounds == {1, 2, 3, 4, 5}
    assert state.round == 5


# --------------------------------------------------------------------- views


def test_view_holds_own_dice_and_the_public_facts() -> None:
    state = play(basic(), "W2 up")
    seen = link.view(state, 0)
    assert (seen.player, seen.whites, seen.blue) == (0, (5,), 4)
    seen = link.view(state, 1)
    assert (seen.player, seen.whites, seen.blue) == (1, (3, 6), 1)
    for player in (0, 1, None):
        seen = link.view(state, player)
        assert seen.counters == (9, 9)
        assert seen.pot == 2
        assert seen.white_counts == (1, 2)
        assert seen.blue_unplayed == (True, True)
        assert seen.sequence == (Placed(0, "W", 2),)
        assert seen.direction == "up"
        assert seen.in_round == seen.in_game == (True, True)
        assert seen.round == 1
        assert seen.to_act == 1
        assert seen.last_winner is None


def test_spectator_sees_no_dice_and_a_played_blue_shows_as_played() -> None:
    state = play(link_game(), "W3 up", "B4")
    spectator = link.view(state, None)
    assert spectator.whites == () and spectator.blue is None
    assert spectator.blue_unplayed == (True, False, True)
    assert spectator.white_counts == (0, 1, 1)
    assert link.view(state, 1).blue is None
    assert link.view(state, 1).whites == (1,)
    assert spectator.sequence == (Placed(0, "W", 3), Placed(1, "B", 4))


@pytest.mark.parametrize("player", [0, 1, 2, None])
def test_view_never_depends_on_other_seats_unplayed_dice(player: int | None) -> None:
    state = play(link_game(), "W3 up", "B4")
    whites = tuple(h if s == player else tuple(6 for _ in h) for s, h in enumerate(state.whites))
    blues = tuple(b if s == player or not b else 2 for s, b in enumerate(state.blues))
    other = attrs.evolve(state, whites=whites, blues=blues)
    assert other != state
    assert link.view(other, player) == link.view(state, player)
    if player is not None and (state.whites[player] or state.blues[player]):
        mine = attrs.evolve(
            state, whites=tuple(((2,) if s == player and h else h) for s, h in enumerate(whites))
        )
        changed = attrs.evolve(
            mine, blues=tuple(3 if s == player and b else b for s, b in enumerate(blues))
        )
        assert link.view(changed, player) != link.view(state, player)


def test_view_never_depends_on_dice_still_in_the_stream() -> None:
    a = play(start(TWO, 2, 5, 4, 3, 6, 1, 1, 1, 1, 1, 1, 1), "W2 up")
    b = play(start(TWO, 2, 5, 4, 3, 6, 1, 6, 5, 4, 3, 2, 1), "W2 up")
    assert a != b
    for player in (0, 1, None):
        assert link.view(a, player) == link.view(b, player)


@pytest.mark.parametrize(("seat", "error"), [(2, ValueError), (-1, ValueError), ("0", TypeError)])
def test_view_of_a_seat_that_does_not_exist(seat: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        link.view(basic(), seat)  # type: ignore[arg-type]
    with pytest.raises(error):
        link.resample_hidden(basic(), seat, ScriptedStream([1] * 10))  # type: ignore[arg-type]


@pytest.mark.parametrize("player", [0, 1, 2, None])
def test_resample_hidden_redraws_exactly_the_others_unplayed_dice(player: int | None) -> None:
    state = play(link_game(), "W3 up", "B4")  # seat 0: B5; seat 1: W1; seat 2: W6 B4
    twin = link.resample_hidden(state, player, ScriptedStream([2, 2, 2, 2, 2]))
    assert link.view(twin, player) == link.view(state, player)
    expected_whites = tuple(
        h if s == player else tuple(2 for _ in h) for s, h in enumerate(state.whites)
    )
    expected_blues = tuple(b if s == player or not b else 2 for s, b in enumerate(state.blues))
    assert twin.whites == expected_whites
    assert twin.blues == expected_blues
    assert (twin.counters, twin.pot, twin.sequence) == (state.counters, state.pot, state.sequence)
    assert link.history(twin) == link.history(state)


def test_resample_hidden_draws_seat_by_seat_whites_then_blue() -> None:
    state = basic()
    twin = link.resample_hidden(state, None, ScriptedStream([6, 1, 3, 5, 4, 2]))
    assert twin.whites == ((1, 6), (4, 5)) and twin.blues == (3, 2)


# ------------------------------------------------------------------ notation


ACTIONS = [  # an action, its notation, its repr
    (Open(3, "up"), "W3 up", "Open(value=3, direction='up')"),
    (Open(4, "down"), "W4 down", "Open(value=4, direction='down')"),
    (Open(6, "down"), "W6 down", "Open(value=6, direction='down')"),
    (Open(3, "up", blue=True), "B3 up", "Open(value=3, direction='up', blue=True)"),
    (W(5), "W5", "Play(blue=False, value=5)"),
    (B(5), "B5", "Play(blue=True, value=5)"),
    (B(2), "B2", "Play(blue=True, value=2)"),
    (OUT, "out", "Out()"),
]


@pytest.mark.parametrize(("action", "text", "code"), ACTIONS)
def test_format_and_parse(action: link.Action, text: str, code: str) -> None:
    assert link.format_action(action) == text
    assert link.parse(text) == action
    assert link.parse(f"  {text.lower()} ") == action
    assert link.parse(text.upper().replace(" ", "")) == action
    assert type(action).parse(text) == action


@pytest.mark.parametrize(
    "text",
    ["", "  ", "W", "W0", "W7", "W10", "B0", "X3", "3", "W3 sideways", "W3up up", "up",
     "W-3", "W3.0", "outs", "W 3 upp", "link", "W3 W4", "U3"],
)  # fmt: skip
def test_malformed_notation_is_invalid_action(text: str) -> None:
    with pytest.raises(InvalidActionError):
        link.parse_action(basic(), text)


@pytest.mark.parametrize("text", [None, 3, b"W3"])
def test_notation_that_is_not_a_string_is_invalid_action(text: object) -> None:
    with pytest.raises(InvalidActionError):
        link.parse_action(basic(), text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "text"), [(Open, "W3"), (Open, "out"), (Play, "W3 up"), (Out, "W3"), (Play, "xx")]
)
def test_class_parsers_take_only_their_kind(cls: type, text: str) -> None:
    with pytest.raises(InvalidActionError):
        cls.parse(text)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Play(False, 0),
        lambda: Play(False, 7),
        lambda: Play(1, 3),
        lambda: Play(True, "3"),
        lambda: Open(3, "UP"),
        lambda: Open(3, "sideways"),
        lambda: Open(True, "up"),
        lambda: Open(3, "up", blue=None),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_action_cannot_be_built(make: Callable[[], object]) -> None:
    with pytest.raises(InvalidActionError):
        make()


@pytest.mark.parametrize(("action", "text", "code"), ACTIONS)
def test_reprs_read_like_the_code_that_builds_them(
    action: link.Action, text: str, code: str
) -> None:
    assert repr(action) == code
    assert eval(code, {"Open": Open, "Play": Play, "Out": Out}) == action


def test_format_action_rejects_what_is_not_an_action() -> None:
    with pytest.raises(InvalidActionError):
        link.format_action("W3")  # type: ignore[arg-type]


def test_every_legal_action_round_trips_through_notation() -> None:
    state = basic()
    while not link.is_terminal(state):
        for action in link.legal_actions(state):
            assert link.parse_action(state, link.format_action(action)) == action
        state = link.apply(state, link.legal_actions(state)[-1])


# -------------------------------------------- bad input leaves state untouched

BAD_CALLS: list[tuple[str, Callable[[State], object], type[Exception]]] = [
    ("white-too-high", lambda s: link.apply(s, W(6)), IllegalActionError),
    ("white-not-held", lambda s: link.apply(s, W(2)), IllegalActionError),
    ("blue-wrong-value", lambda s: link.apply(s, B(3)), IllegalActionError),
    ("open-again", lambda s: link.apply(s, Open(3, "down")), IllegalActionError),
    ("out-when-able", lambda s: link.apply(s, OUT), IllegalActionError),
    ("blue-opening", lambda s: link.parse_action(s, "B1 up"), IllegalActionError),
    ("a-str", lambda s: link.apply(s, "W3"), InvalidActionError),  # type: ignore[arg-type]
    ("none", lambda s: link.apply(s, None), InvalidActionError),  # type: ignore[arg-type]
    ("the-class", lambda s: link.apply(s, Out), InvalidActionError),  # type: ignore[arg-type]
    ("bad-notation", lambda s: link.parse_action(s, "W9"), InvalidActionError),
]


def _plays_on(state: State, kept: State) -> None:
    assert link.apply(state, W(3)) == link.apply(kept, W(3))


test_bad_input_leaves_the_state_untouched = bad_input_test(
    BAD_CALLS,
    lambda: play(basic(), "W5 down"),
    _plays_on,  # seat 1 holds 3-6 and blue 1
)


def test_running_out_of_scripted_dice_leaves_the_state_untouched() -> None:
    state = play(start(TWO, 2, 5, 4, 3, 6, 1, 1, 1), "W2 up", "W6")
    kept = copy.deepcopy(state)
    with pytest.raises(StreamExhaustedError):
        link.apply(state, OUT)  # round 2 needs six dice; two are left
    assert state == kept


def test_a_legal_apply_leaves_its_input_untouched() -> None:
    state = basic()
    kept = pickle.loads(pickle.dumps(state))
    after = play(state, "W2 up", "W6", "out")
    assert state == kept and after != state
    assert link.history(state) == ()
    assert link.history(after) == (Open(2, "up"), W(6), OUT)


# -------------------------------------------------------------- records


def test_record_and_replay_of_a_scripted_game() -> None:
    state = tied_game()
    rec = dicerules.record(state)
    assert rec.actions == ("W3 up", "out", "W3 up", "W4", "out")
    assert rec.rolls == (3, 1, 2, 1, 3, 1, 4, 1)
    assert dicerules.replay(GameRecord.from_json(rec.to_json())) == state


def test_a_changed_action_does_not_replay() -> None:
    rec = dicerules.record(tied_game())
    for step, bad in ((0, "W4 up"), (1, "W2"), (3, "out"), (2, "B1 up")):
        actions = list(rec.actions)
        actions[step] = bad
        with pytest.raises(ReplayError) as raised:
            dicerules.replay(attrs.evolve(rec, actions=tuple(actions)))
        assert raised.value.step == step


def test_a_changed_roll_does_not_replay() -> None:
    rec = dicerules.record(tied_game())
    rolls = list(rec.rolls)
    rolls[4] = 5  # round 2's first die: seat 0's white 5 cannot open W3 up
    with pytest.raises(ReplayError):
        dicerules.replay(attrs.evolve(rec, rolls=tuple(rolls)))
    with pytest.raises(ReplayError):
        dicerules.replay(attrs.evolve(rec, rolls=rec.rolls[:-1]))


@pytest.mark.parametrize(
    ("field", "value"),
    [("players", 7), ("white_dice", 0), ("ante", -1), ("link_cost", "1"), ("first_player", 2)],
)
def test_a_record_with_bad_rules_is_a_record_error(field: str, value: object) -> None:
    data = json.loads(dicerules.record(tied_game()).to_json())
    data["rules"][field] = value
    with pytest.raises(RecordError, match=field):
        GameRecord.from_json(json.dumps(data))


# ---------------------------------------------------------------- describe


def test_describe_shows_everything() -> None:
    state = play(link_game(), "W3 up", "B4")
    assert link.describe(state) == (
        "round 1 of 5, seat 2 to act, pot 4\n"
        "seats 0: 9 counters, [] B5 | 1: 8 counters, [1] B- | 2: 9 counters, [6] B4\n"
        "row 0:W3 1:B4 (going down)"
    )
    end = tied_game()
    assert link.describe(end) == (
        "game over after round 2 of 2, pot 0, last round won by seat 1\n"
        "seats 0: 10 counters | 1: 10 counters\n"
        "row 0:W3 1:W4 (going up)"
    )
