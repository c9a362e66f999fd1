"""examples/pig, the plugin package, installed: its rules, its entry point, check_game.

Skipped when dicerules_pig is not installed (``pip install ./examples/pig``).
"""

from __future__ import annotations

import importlib.metadata
import pickle

import attrs
import pytest

import dicerules
from dicerules import (
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    ScriptedStream,
    bots,
)

pig = pytest.importorskip("dicerules_pig")
GAME = pig.GAME


def played(dice: list[int], *actions: str, **rules: int) -> object:
    """The state after ``actions`` (notation) from a game on ``dice``."""
    state = GAME.new_game(pig.Rules(**rules), stream=ScriptedStream(dice))
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


# ------------------------------------------------------------------ the plugin


def test_the_installed_entry_point_names_the_game() -> None:
    (entry,) = importlib.metadata.entry_points(group="dicerules.games", name="pig")
    assert entry.value == "dicerules_pig:GAME"
    assert entry.load() is GAME
    assert dicerules.get_game("pig") is GAME
    assert dicerules.GAMES["pig"] is GAME
    assert list(dicerules.GAMES)[:4] == ["eighteen", "liars-dice", "link", "twenty-four"]


def test_pig_keeps_every_promise_of_the_game_contract() -> None:
    from dicerules.testing import check_game

    check_game(GAME, max_examples=40, max_steps=80)


def test_the_game_declares_its_parts() -> None:
    assert not GAME.hides_information
    assert GAME.outside_scores is None
    assert GAME.narrator is None
    assert GAME.presets == {"standard": pig.Rules(players=2, target=100)}
    assert GAME.default_rules == GAME.presets["standard"] == pig.Rules.preset("standard")
    assert GAME.seats(pig.Rules(players=5)) == 5
    assert GAME.acting_seats(pig.Rules(players=3)) == (0, 1, 2)


# ---------------------------------------------------------------------- rules


def test_a_roll_adds_to_the_turn_total_and_hold_banks_it() -> None:
    state = played([4, 3], "roll", "roll")
    assert (state.to_act, state.turn_total, state.scores, state.last_roll) == (0, 7, (0, 0), 3)
    state = GAME.apply(state, pig.HOLD)
    assert (state.to_act, state.turn_total, state.scores) == (1, 0, (7, 0))
    assert GAME.legal_actions(state) == (pig.ROLL,)


def test_a_one_ends_the_turn_and_loses_its_total() -> None:
    state = played([6, 5, 1], "roll", "roll", "roll")
    assert (state.to_act, state.turn_total, state.scores, state.last_roll) == (1, 0, (0, 0), 1)


def test_a_turn_starts_with_a_roll() -> None:
    state = GAME.new_game(seed=3)
    assert GAME.legal_actions(state) == (pig.ROLL,)
    message = "hold: seat 0 has nothing to bank yet; a turn starts with a roll (legal here: roll)"
    with pytest.raises(IllegalActionError) as raised:
        GAME.apply(state, pig.HOLD)
    assert str(raised.value) == message
    with pytest.raises(IllegalActionError):
        GAME.parse_action(state, "hold")
    assert GAME.legal_actions(played([2], "roll")) == (pig.ROLL, pig.HOLD)


def test_turns_pass_to_the_left_round_the_table() -> None:
    state = played([1, 5, 1, 2], "roll", "roll", "hold", "roll", "roll", players=3)
    assert state.scores == (0, 5, 0)
    assert state.to_act == 0
    assert state.turn_total == 2


def test_the_first_to_bank_the_target_wins() -> None:
    state = played([6, 6, 6, 5], "roll", "roll", "roll", "roll", target=23)
    assert not GAME.is_terminal(state)  # 23 in hand is not 23 banked
    assert GAME.winners(state) == ()
    state = GAME.apply(state, pig.HOLD)
    assert GAME.is_terminal(state)
    assert (GAME.winners(state), GAME.scores(state), GAME.current_player(state)) == (
        (0,),
        (23, 0),
        None,
    )
    assert GAME.legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        GAME.apply(state, pig.ROLL)
    assert GAME.describe(state) == "game over, seat 0 wins; scores 0:23 1:0 (target 23)"


def test_a_target_of_one_is_won_by_the_first_hold() -> None:
    state = played([2], "roll", "hold", target=1)
    assert GAME.winners(state) == (0,)


def test_the_dice_are_one_a_roll_and_nothing_else() -> None:
    state = played([3, 4, 1, 5], "roll", "roll", "hold", "roll", "roll")
    assert [tuple(roll) for roll in state.tape.rolls] == [(3,), (4,), (1,), (5,)]
    assert len(GAME.new_game(seed=1).tape.rolls) == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 1}, "players must be an int from 2 to 10, got 1"),
        ({"players": 11}, "players must be an int from 2 to 10, got 11"),
        ({"players": True}, "players must be an int from 2 to 10, got True"),
        ({"target": 0}, "target must be an int from 1 to 1000, got 0"),
        ({"target": "100"}, "target must be an int from 1 to 1000, got '100'"),
    ],
)
def test_rules_out_of_range_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        pig.Rules(**fields)
    assert str(raised.value) == message


def test_new_game_takes_pig_rules_only() -> None:
    with pytest.raises(TypeError, match=r"rules must be dicerules_pig\.Rules, not Rules"):
        GAME.new_game(dicerules.get_game("link").default_rules)
    with pytest.raises(InvalidRulesError, match="no pig preset 'fast'; the presets are: standard"):
        pig.Rules.preset("fast")


# ------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "action"), [("roll", pig.ROLL), (" R o L l ", pig.ROLL), ("HOLD", pig.HOLD)]
)
def test_notation_ignores_case_and_spaces(text: str, action: object) -> None:
    assert pig.parse(text) == action
    assert GAME.format_action(action) == text.replace(" ", "").lower()


@pytest.mark.parametrize("text", ["", "stand", "roll 2", "🎲"])
def test_what_is_not_notation(text: str) -> None:
    with pytest.raises(InvalidActionError, match="is not pig notation: write roll or hold"):
        GAME.parse_action(GAME.new_game(seed=1), text)


def test_actions_of_another_game_are_refused() -> None:
    state = GAME.new_game(seed=1)
    stand = dicerules.get_game("eighteen").legal_actions(
        dicerules.get_game("eighteen").new_game(seed=1)
    )[1]
    with pytest.raises(InvalidActionError, match="is not a pig action"):
        GAME.apply(state, stand)
    with pytest.raises(InvalidActionError, match="is not a pig action"):
        GAME.format_action(stand)


# ---------------------------------------------------------------- views, values


def test_every_seat_sees_everything_but_the_stream() -> None:
    state = played([4, 3], "roll", "roll", players=3)
    views = [GAME.view(state, seat) for seat in (None, 0, 1, 2)]
    assert {attrs.evolve(view, player=None) for view in views} == {views[0]}
    assert views[1] == pig.View(state.rules, 0, (0, 0, 0), 0, 7, 3, None)
    with pytest.raises(ValueError, match="there is no seat 3: the seats are 0 to 2"):
        GAME.view(state, 3)


def test_states_are_values() -> None:
    state = played([4, 3], "roll", "roll")
    again = played([4, 3], "roll", "roll")
    assert state == again and hash(state) == hash(again)
    assert pickle.loads(pickle.dumps(state)) == state
    assert repr(state) == (
        "State(rules=Rules(players=2, target=100), scores=(0, 0), to_act=0,"
        " turn_total=7, winner=None)"
    )
    assert (
        GAME.describe(state)
        == "seat 0 to act, turn total 7, last roll 3; scores 0:0 1:0 (target 100)"
    )
    assert GAME.history(state) == (pig.ROLL, pig.ROLL)


def test_a_record_replays_and_audits_the_dice() -> None:
    state = dicerules.play_match(
        GAME, None, [bots.make("random", GAME, seed=s) for s in (0, 1)], seed=9
    )
    rec = dicerules.record(state)
    assert rec.game == "pig"
    assert set(rec.actions) == {"roll", "hold"}
    assert len(rec.rolls) == rec.actions.count("roll")
    back = GameRecord.from_json(rec.to_json())
    assert dicerules.replay(back) == state


# ------------------------------------------------------------------- the bots


def test_the_expert_holds_at_twenty_or_to_win() -> None:
    expert = bots.make("expert", "pig", seed=0)
    assert expert.name == "expert"
    view = GAME.view(played([6, 6, 6], "roll", "roll", "roll"), 0)
    assert (
        expert.choose(view, GAME.legal_actions(played([6, 6, 6], "roll", "roll", "roll")))
        == pig.ROLL
    )
    state = played([6, 6, 6, 2], "roll", "roll", "roll", "roll")
    assert expert.choose(GAME.view(state, 0), GAME.legal_actions(state)) == pig.HOLD
    state = played([4], "roll", target=4)
    assert expert.choose(GAME.view(state, 0), GAME.legal_actions(state)) == pig.HOLD
    with pytest.raises(TypeError, match="the pig expert is handed a pig View"):
        expert.choose(object(), (pig.ROLL,))


def test_the_expert_beats_the_random_bot() -> None:
    wins = 0
    for seed in range(40):
        seats = [bots.make("expert", GAME, seed), bots.make("random", GAME, seed)]
        first = seed % 2  # each bot starts half the games
        final = dicerules.play_match(GAME, None, seats[first:] + seats[:first], seed)
        wins += GAME.winners(final) == (first,)
    assert wins >= 30
