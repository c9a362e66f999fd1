"""Every liars-dice game ends within ``max_length``, calza included (rule 11's limit).

An exact calza gives a die back, and one by a seat holding all its dice changes
nothing, so without a limit the same position can come round for ever. Calza is
offered in the first ``last_calza_round`` rounds only; these tests hold the game to
that, under the play most likely to go on.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerules
from dicerules import IllegalActionError, InvalidRulesError, SeededStream
from dicerules.games import liars_dice as ld
from dicerules.games.liars_dice import CALZA, CHALLENGE, Bid, Rules
from dicerules.testing import rules as any_rules

GAME = dicerules.get_game("liars-dice")
LOOP = Rules(players=2, dice_per_player=1, sides=2, calza=True)
"""Two seats of one two-sided die: with wild ones, 2x2 is always exact."""


def play_calza_first(rules: Rules, seed: int, bound: int) -> int:
    """Actions a game takes when each seat calls calza whenever it may, else opens
    with the highest bid or plays at random; AssertionError past ``bound``."""
    state = ld.new_game(rules, seed=seed)
    chooser = SeededStream(seed)
    for count in range(bound + 1):
        if ld.is_terminal(state):
            return count
        legal = ld.legal_actions(state)
        if CALZA in legal:
            action = CALZA
        elif not state.bid_count:
            action = legal[-1]
        else:
            (index,), chooser = chooser.roll(1, len(legal))
            action = legal[index - 1]
        state = ld.apply(state, action)
    raise AssertionError(f"{rules!r}, seed {seed}: no end within {bound} actions")


def test_the_endless_calza_ends_within_max_length() -> None:
    bound = GAME.max_length(LOOP)
    assert bound is not None
    for seed in range(5):
        assert play_calza_first(LOOP, seed, bound) <= bound
    state = ld.new_game(LOOP, seed=0)
    for _ in range(LOOP.last_calza_round):
        state = ld.apply(ld.apply(state, Bid(2, 2)), CALZA)  # exact, with nothing to gain
    assert state.dice == (1, 1) and state.round == LOOP.last_calza_round + 1
    state = ld.apply(state, Bid(2, 2))
    assert ld.legal_actions(state) == (CHALLENGE,)
    assert ld.is_terminal(ld.apply(state, CHALLENGE))


@settings(max_examples=40, deadline=None)
@given(rules=any_rules(GAME), seed=st.integers(0, 2**64 - 1))
def test_every_rules_set_ends_within_max_length(rules: Rules, seed: int) -> None:
    bound = GAME.max_length(rules)
    assert bound is not None
    play_calza_first(rules, seed, bound)


def test_calza_rounds_sets_the_limit() -> None:
    assert Rules.preset("perudo").last_calza_round == 200  # 10 rounds a die, 20 dice
    assert Rules(calza=True, calza_rounds=3).last_calza_round == 3
    assert Rules().last_calza_round == 0
    rules = Rules(players=2, dice_per_player=1, sides=2, calza=True, calza_rounds=1)
    assert GAME.max_length(rules) == 1 * (2 * 2 + 1) + (2 * 2 + 1)
    state = ld.apply(ld.apply(ld.new_game(rules, seed=1), Bid(2, 2)), CALZA)
    state = ld.apply(state, Bid(1, 2))
    assert CALZA not in ld.legal_actions(state)
    with pytest.raises(IllegalActionError, match="first 1 rounds only"):
        ld.apply(state, CALZA)
    with pytest.raises(IllegalActionError, match="first 1 rounds only"):
        ld.parse_action(state, "calza")


def test_calza_rounds_needs_calza_and_a_range() -> None:
    with pytest.raises(InvalidRulesError, match="calza_rounds needs calza=True"):
        Rules(calza_rounds=5)
    for bad in (0, 1001, True, 2.0):
        with pytest.raises(InvalidRulesError, match="calza_rounds"):
            Rules(calza=True, calza_rounds=bad)  # type: ignore[arg-type]


def test_calza_rounds_is_left_out_of_reprs_and_records_by_default() -> None:
    perudo = Rules.preset("perudo")
    assert "calza_rounds" not in repr(perudo)
    record = dicerules.record(ld.new_game(perudo, seed=3))
    assert "calza_rounds" not in record.to_json()
    rules = Rules(calza=True, calza_rounds=7)
    state = ld.new_game(rules, seed=3)
    again = dicerules.replay(dicerules.GameRecord.from_json(dicerules.record(state).to_json()))
    assert again == state and again.rules.calza_rounds == 7
