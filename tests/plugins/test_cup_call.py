"""examples/cup_call, the plugin package of a game that hides: its rules, views, bots, adapters.

Skipped when dicerules_cup_call is not installed (``pip install ./examples/cup_call``).
"""

from __future__ import annotations

import importlib.metadata
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

import dicerules
from dicerules import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    ScriptedStream,
    SeededStream,
    bots,
)
from dicerules.facts import ScoreChange, returns

cc = pytest.importorskip("dicerules_cup_call")
GAME = cc.GAME


def played(script: list[int], /, *actions: str, **rules: int) -> Any:
    """The state after ``actions`` (notation) from a game on the dice of ``script``."""
    state = GAME.new_game(cc.Rules(**rules), stream=ScriptedStream(script))
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def random_states(seed: int, rules: Any = None) -> list[Any]:
    """Every state of one game of random legal play."""
    pick = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    states = [state]
    while not GAME.is_terminal(state):
        state = GAME.apply(state, pick.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


# ------------------------------------------------------------------ the plugin


def test_the_installed_entry_point_names_the_game() -> None:
    (entry,) = importlib.metadata.entry_points(group="dicerules.games", name="cup-call")
    assert entry.value == "dicerules_cup_call:GAME"
    assert entry.load() is GAME
    assert dicerules.get_game("cup-call") is GAME


def test_cup_call_keeps_every_promise_of_the_game_contract() -> None:
    from dicerules.testing import check_game

    check_game(GAME, max_examples=15, max_steps=40)


def test_the_game_declares_its_parts() -> None:
    assert GAME.hides_information
    assert GAME.narrator is cc.CupCallNarrator
    assert GAME.expert is cc.Expert
    assert GAME.default_rules == GAME.presets["standard"] == cc.Rules.preset("standard")
    assert GAME.default_rules == cc.Rules(players=2, dice=2, sides=6, hands=3)
    assert GAME.max_sides(cc.Rules(sides=20)) == 20
    assert GAME.max_length(cc.Rules(players=4, hands=5)) == 35
    assert GAME.payoff(cc.Rules(players=3, hands=2)) == ScoreChange((0, 0, 0), -4, 8, True)


# ---------------------------------------------------------------------- rules

# Two seats: seat 0 throws 5 and 3 (a cup of 3-5, total 8), seat 1 throws 6 and 1 (7).
DEAL = [5, 3, 6, 1]


def test_each_seat_antes_and_throws_its_cup_seat_0_first() -> None:
    state = played(DEAL, hands=1)
    assert state.cups == ((3, 5), (1, 6))  # sorted
    assert [tuple(roll) for roll in state.tape.rolls] == [(5, 3), (6, 1)]  # as thrown
    assert (state.scores, state.pot, state.to_act, state.opener) == ((-1, -1), 2, 0, 0)
    assert GAME.legal_actions(state) == (cc.CHECK, cc.BET)
    assert GAME.conserved(state) == 0


def test_when_every_seat_checks_the_highest_total_takes_the_pot() -> None:
    state = played(DEAL, "check", "check", hands=1)
    assert GAME.is_terminal(state)
    assert state.last == cc.Showdown(1, ((3, 5), (1, 6)), 0, 2)
    assert (GAME.scores(state), GAME.winners(state), state.pot) == ((1, -1), (0,), 0)
    assert GAME.legal_actions(state) == ()
    assert GAME.current_player(state) is None


def test_a_bet_called_is_a_showdown_for_four_chips() -> None:
    state = played(DEAL, "check", "bet", "call", hands=1)  # seat 1 bets on its 7
    assert state.last == cc.Showdown(1, ((3, 5), (1, 6)), 0, 4)
    assert GAME.scores(state) == (2, -2)


def test_a_bet_that_every_seat_folds_to_wins_with_the_cup_unseen() -> None:
    state = played(DEAL, "check", "bet", "fold", hands=1)
    assert state.last == cc.Showdown(1, ((), ()), 1, 3)
    assert GAME.scores(state) == (-1, 1)


def test_checked_seats_answer_the_bet_and_a_folded_cup_stays_down() -> None:
    # Three seats: 2-2 (4), 1-6 (7), 3-3 (6).
    state = played([2, 2, 6, 1, 3, 3], "check", "bet", "call", players=3, hands=1)
    assert (state.to_act, state.bettor, state.pot) == (0, 1, 5)  # seat 0 checked: it answers
    assert GAME.legal_actions(state) == (cc.CALL, cc.FOLD)
    state = GAME.apply(state, cc.FOLD)  # back at the bettor: the hand is over
    assert state.last == cc.Showdown(1, ((), (1, 6), (3, 3)), 1, 5)
    assert GAME.scores(state) == (-1, 3, -2)


def test_a_tie_goes_to_the_seat_first_in_turn_from_the_opener() -> None:
    # Hand 1 (seat 0 opens): 6-6 takes it. Hand 2, seat 1 opens: seats 0 and 2 tie on
    # 7, seat 1 has 2; in turn from seat 1, seat 2 comes before seat 0.
    dice = [6, 6, 1, 1, 1, 1, 3, 4, 1, 1, 5, 2]
    state = played(dice, "check", "check", "check", players=3, hands=2)
    assert (state.hand, state.opener, state.to_act) == (2, 1, 1)
    assert state.last == cc.Showdown(1, ((6, 6), (1, 1), (1, 1)), 0, 3)
    state = GAME.apply(GAME.apply(GAME.apply(state, cc.CHECK), cc.CHECK), cc.CHECK)
    assert state.last == cc.Showdown(2, ((3, 4), (1, 1), (2, 5)), 2, 3)
    assert GAME.scores(state) == (1, -2, 1)
    assert GAME.winners(state) == (0, 2)


def test_the_opener_moves_left_each_hand_and_each_hand_throws_afresh() -> None:
    dice = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]  # a hand's cups: 4 dice
    state = played(dice, hands=3)
    openers = []
    for _ in range(3):
        openers.append((state.hand, state.opener, state.cups))
        state = GAME.apply(GAME.apply(state, cc.CHECK), cc.CHECK)
    assert openers == [(1, 0, ((1, 1), (2, 2))), (2, 1, ((3, 3), (4, 4))), (3, 0, ((5, 5), (6, 6)))]
    assert GAME.scores(state) == (-3, 3)
    assert len(state.tape.rolls) == 6  # the last hand's end draws nothing


def test_tied_chips_share_the_win() -> None:
    dice = [6, 6, 1, 1, 1, 1, 6, 6]  # hand 1 to seat 0, hand 2 to seat 1
    state = played(dice, "check", "check", "check", "check", hands=2)
    assert (GAME.scores(state), GAME.winners(state)) == ((0, 0), (0, 1))


def test_the_longest_hand_is_a_check_a_bet_and_the_answers() -> None:
    rules = cc.Rules(players=3, hands=2)
    state = GAME.new_game(rules, seed=1)
    while not GAME.is_terminal(state):  # every seat before the bettor checks
        seat = state.to_act
        last = (state.opener - 1) % rules.players
        move = cc.BET if state.bettor is None and seat == last else GAME.legal_actions(state)[0]
        state = GAME.apply(state, move)
    assert len(GAME.history(state)) == GAME.max_length(rules) == 10


def test_random_games_keep_their_declared_bounds() -> None:
    for seed in range(30):
        rules = cc.Rules(players=2 + seed % 5, dice=1 + seed % 3, sides=2 + seed % 7, hands=2)
        states = random_states(seed, rules)
        assert len(states) - 1 <= GAME.max_length(rules)
        assert max(states[-1].tape.dice()) <= GAME.max_sides(rules)
        assert all(GAME.conserved(state) == 0 for state in states)
        assert returns(GAME, states[-1]) == tuple(map(float, GAME.scores(states[-1])))


@pytest.mark.parametrize(
    ("played_so_far", "text", "message"),
    [
        ((), "call", "call: nobody has bet this hand, so there is nothing to call"
                     " (legal here: check, bet)"),
        ((), "fold", "fold: nobody has bet this hand, so there is nothing to fold"
                     " (legal here: check, bet)"),
        (("bet",), "bet", "bet: seat 0 has bet this hand (one bet a hand, no raise), so the"
                          " answer is call or fold (legal here: call, fold)"),
        (("bet",), "check", "check: seat 0 has bet this hand (one bet a hand, no raise), so"
                            " the answer is call or fold (legal here: call, fold)"),
        (("check", "check"), "bet", "the game is over: nobody can bet (no action is legal)"),
    ],
)  # fmt: skip
def test_illegal_actions_say_why(played_so_far: tuple[str, ...], text: str, message: str) -> None:
    state = played(DEAL, *played_so_far, hands=1)
    for attempt in (
        lambda: GAME.parse_action(state, text),
        lambda: GAME.apply(state, cc.parse(text)),
    ):
        with pytest.raises(IllegalActionError) as raised:
            attempt()
        assert str(raised.value) == message
    assert state == played(DEAL, *played_so_far, hands=1)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 1}, "players must be an int from 2 to 6, got 1"),
        ({"players": 7}, "players must be an int from 2 to 6, got 7"),
        ({"dice": 0}, "dice must be an int from 1 to 5, got 0"),
        ({"sides": 21}, "sides must be an int from 2 to 20, got 21"),
        ({"hands": True}, "hands must be an int from 1 to 20, got True"),
    ],
)
def test_rules_out_of_range_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        cc.Rules(**fields)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("text", "action"),
    [("check", cc.CHECK), (" B e T", cc.BET), ("CALL", cc.CALL), ("fold ", cc.FOLD)],
)
def test_notation_ignores_case_and_spaces(text: str, action: object) -> None:
    assert cc.parse(text) == action
    assert GAME.format_action(action) == text.replace(" ", "").lower()


@pytest.mark.parametrize("text", ["", "raise", "bet 2", "pass"])
def test_what_is_not_notation(text: str) -> None:
    with pytest.raises(InvalidActionError, match="is not cup-call notation: write check, bet"):
        GAME.parse_action(GAME.new_game(seed=1), text)


def test_actions_of_another_game_are_refused() -> None:
    hold = dicerules.get_game("eighteen").legal_actions(
        dicerules.get_game("eighteen").new_game(seed=1)
    )[1]
    with pytest.raises(InvalidActionError, match="is not a cup-call action"):
        GAME.apply(GAME.new_game(seed=1), hold)
    with pytest.raises(InvalidActionError, match="is not a cup-call action"):
        GAME.format_action(hold)


def test_describe_tells_every_cup() -> None:
    state = played([2, 2, 6, 1, 3, 3], "check", "bet", "fold", players=3, hands=1)
    assert GAME.describe(state) == (
        "hand 1 of 1, seat 0 to act, seat 1 bet, pot 4; cups 0:2-2 1:1-6 2:3-3 folded;"
        " chips 0:-1 1:-2 2:-1"
    )
    state = GAME.apply(state, cc.CALL)  # 2-2 against 1-6
    assert GAME.describe(state) == "game over after 1 hand, won by seat 1; chips 0:-2 1:3 2:-1"
    state = played([6, 6, 1, 1, 1, 1, 6, 6], "check", "check", "check", "check", hands=2)
    assert GAME.describe(state) == (
        "game over after 2 hands, won by seat 0 and seat 1; chips 0:0 1:0"
    )


# ------------------------------------------------------------- what is hidden


def test_a_seat_sees_its_own_cup_and_no_other() -> None:
    state = played([2, 2, 6, 1, 3, 3], "check", "bet", players=3, hands=1)
    views = {seat: GAME.view(state, seat) for seat in (None, 0, 1, 2)}
    assert {seat: view.cup for seat, view in views.items()} == {
        None: (),
        0: (2, 2),
        1: (1, 6),
        2: (3, 3),
    }
    assert {attrs.evolve(view, player=None, cup=()) for view in views.values()} == {views[None]}
    with pytest.raises(ValueError, match="there is no seat 3: the seats are 0 to 2"):
        GAME.view(state, 3)


def test_views_do_not_change_when_the_hidden_cups_are_thrown_again() -> None:
    changed = 0
    for seed in range(12):
        rules = cc.Rules(players=2 + seed % 3, dice=1 + seed % 2, sides=3 + seed % 4, hands=2)
        for state in random_states(seed, rules):
            for seat in (None, *range(rules.players)):
                for draw in range(3):
                    other = GAME.resample_hidden(state, seat, SeededStream(100 * seed + draw))
                    assert GAME.view(other, seat) == GAME.view(state, seat), (seed, seat, draw)
                    changed += other.cups != state.cups
    assert changed > 500  # the cups did change: the views held still for a reason


def test_resample_hidden_gives_the_tape_the_new_stream() -> None:
    state = played(DEAL, hands=2)
    stream = ScriptedStream([4, 4, 9])
    other = GAME.resample_hidden(state, 0, stream)
    assert other.cups == ((3, 5), (4, 4))  # seat 0 keeps its own cup
    assert other.tape.origin == stream
    assert other.tape.stream == ScriptedStream([4, 4, 9], position=2)  # after the dice drawn
    assert (other.tape.actions, other.tape.rolls) == (state.tape.actions, state.tape.rolls)
    assert GAME.resample_hidden(state, None, SeededStream(0)).tape.origin == SeededStream(0)


# ------------------------------------------------------------------ the bots


def test_win_chance_is_exact() -> None:
    view = GAME.view(played([3, 4, 1, 1]), 0)  # 7 as the opener: ties are won
    assert cc.win_chance(view) == Fraction(21, 36)
    view = GAME.view(played([1, 1, 3, 4]), 1)  # 7 second in turn: ties are lost
    assert cc.win_chance(view) == Fraction(15, 36)
    view = GAME.view(played([6, 6, 1, 1, 1, 1], players=3), 0)
    assert cc.win_chance(view) == 1


def test_the_expert_bets_a_strong_cup_and_sometimes_bluffs_a_weak_one() -> None:
    strong = GAME.view(played([6, 6, 1, 1]), 0)
    weak = GAME.view(played([1, 1, 6, 6]), 0)  # a chance of 1/36: under 1/4
    middle = GAME.view(played([3, 3, 6, 6]), 0)  # 15/36: checked, never bluffed
    legal = (cc.CHECK, cc.BET)
    experts = [bots.make("expert", GAME, seed=seed) for seed in range(60)]
    assert {expert.choose(strong, legal) for expert in experts} == {cc.BET}
    assert {expert.choose(middle, legal) for expert in experts} == {cc.CHECK}
    bluffs = sum(expert.choose(weak, legal) == cc.BET for expert in experts)
    assert 10 <= bluffs <= 30  # about one in three
    again = [bots.make("expert", GAME, seed=seed).choose(weak, legal) for seed in range(60)]
    assert again == [bots.make("expert", GAME, seed=seed).choose(weak, legal) for seed in range(60)]


def test_the_expert_answers_a_bet_on_its_chance_and_the_pot() -> None:
    legal = (cc.CALL, cc.FOLD)
    experts = [bots.make("expert", GAME, seed=seed) for seed in range(60)]

    def answers(dice: list[int]) -> set[Any]:
        view = GAME.view(played(dice, "bet"), 1)
        return {expert.choose(view, legal) for expert in experts}

    assert answers([1, 1, 6, 6]) == {cc.CALL}  # 12, second in turn: 35/36
    assert answers([3, 3, 1, 2]) == {cc.FOLD}  # 3: 1/36, and 4 chips won do not pay for 1
    assert answers([3, 3, 2, 4]) == {cc.CALL, cc.FOLD}  # 6: 10/36, and 4 chips pay for 1
    with pytest.raises(TypeError, match="the cup-call expert is handed a cup-call View"):
        experts[0].choose(object(), legal)


def test_the_expert_wins_chips_from_the_random_bot() -> None:
    rules = cc.Rules(hands=20)
    chips = 0
    for seed in range(30):
        seats = [bots.make("expert", GAME, seed), bots.make("random", GAME, seed)]
        first = seed % 2  # each bot opens half the games
        final = dicerules.play_match(GAME, rules, seats[first:] + seats[:first], seed)
        chips += GAME.scores(final)[first]
    assert chips > 30


# -------------------------------------------------------- action ids, observation


def test_every_legal_action_has_an_id() -> None:
    ids = GAME.distinct_actions(GAME.default_rules)
    assert ids == (cc.CHECK, cc.BET, cc.CALL, cc.FOLD)
    for state in random_states(3):
        assert set(GAME.legal_actions(state)) <= set(ids)


def test_the_observation_is_the_view_in_numbers() -> None:
    rules = cc.Rules(players=2, dice=2, sides=3, hands=2)
    encoding = GAME.observation
    assert [name for name, _ in encoding.pieces(rules)] == [
        "player", "to_act", "opener", "hand", "cup", "in_hand", "bettor", "pot", "scores",
        "shown", "last_winner", "last_pot",
    ]  # fmt: skip
    assert encoding.size(rules) == 3 * 2 + 1 + 3 + 2 + 2 + 1 + 2 + 2 * 3 + 2 + 1
    # Hand 1: 1-2 against 2-2, bet and called; hand 2: 3-3 against 1-1, seat 1 checks.
    state = played([1, 2, 2, 2, 3, 3, 1, 1], "bet", "call", "check", **attrs.asdict(rules))

    def pieces(seat: int | None) -> dict[str, tuple[float, ...]]:
        vector = encoding.encode(rules, GAME.view(state, seat))
        assert len(vector) == encoding.size(rules)
        return {name: vector[part] for name, part, _ in encoding.slices(rules)}

    assert pieces(0) == {
        "player": (1.0, 0.0),
        "to_act": (1.0, 0.0),
        "opener": (0.0, 1.0),
        "hand": (2.0,),
        "cup": (0.0, 0.0, 2.0),  # seat 0's cup: 3-3
        "in_hand": (1.0, 1.0),
        "bettor": (0.0, 0.0),
        "pot": (2.0,),
        "scores": (-3.0, 1.0),
        "shown": (1.0, 1.0, 0.0, 0.0, 2.0, 0.0),  # hand 1's cups: 1-2 and 2-2
        "last_winner": (0.0, 1.0),
        "last_pot": (4.0,),
    }
    spectator = pieces(None)
    assert (spectator["player"], spectator["cup"]) == ((0.0, 0.0), (0.0, 0.0, 0.0))
    assert pieces(1)["cup"] == (2.0, 0.0, 0.0)  # seat 1's 1-1


# --------------------------------------------------------------- the adapters


def test_openspiel_random_simulation() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import dicerules.openspiel as dos

    for rules in (None, cc.Rules(players=3, dice=1, sides=4, hands=2)):
        pyspiel.random_sim_test(dos.game("cup-call", rules), num_sims=3, serialize=True,
                                verbose=False)  # fmt: skip


# PettingZoo's checks warn about the dict observation its own action-mask convention asks for.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test() -> None:
    pz_test = pytest.importorskip("pettingzoo.test")
    import dicerules.pettingzoo as dpz

    pz_test.api_test(dpz.env("cup-call", cc.Rules(players=3)), num_cycles=200)
