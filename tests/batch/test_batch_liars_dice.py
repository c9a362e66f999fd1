"""Liar's dice's batch kernel where its tables end: the last calza round, the highest bids.

Calza may be called in the first ``last_calza_round`` rounds only, and the bids'
codes are kept in the smallest int that holds them: both are checked here at their
edges against the scalar engine, game for game.
"""

from __future__ import annotations

from typing import Any

import pytest

import dicerules
from dicerules.errors import IllegalActionError
from dicerules.games.liars_dice import CALZA, Rules

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")

GAME = dicerules.get_game("liars-dice")


def step_both(eng: Any, b: Any, state: Any, text: str) -> tuple[Any, Any]:
    """The batch of one game and its scalar state after the action written ``text``."""
    action = GAME.parse_action(state, text)
    return eng.step(b, np.array([eng.actions.index(action)])), GAME.apply(state, action)


def test_calza_is_refused_after_the_last_calza_round() -> None:
    # Two seats of one two-sided die with wild ones: a bid of 2x2 is always exact, so a
    # calza on it ends the round with no die lost, and the game goes on to round 2.
    rules = Rules(
        players=2, dice_per_player=1, sides=2, calza=True, calza_rounds=1, first_opener="seat0"
    )
    eng = batch.engine(GAME, rules)
    b, state = eng.new_games([1]), GAME.new_game(rules, seed=1)
    for text in ("2x2", "calza", "2x2"):
        b, state = step_both(eng, b, state, text)
    assert state.round == 2 > rules.last_calza_round
    legal = [GAME.format_action(eng.actions[i]) for i in np.flatnonzero(eng.legal_mask(b)[0])]
    assert legal == [GAME.format_action(a) for a in GAME.legal_actions(state)] == ["challenge"]
    assert eng.kernel.legal_count(dict(b.data)).tolist() == [1]
    calza = eng.actions.index(CALZA)
    with pytest.raises(IllegalActionError, match=r"game 0 id \d+ \(calza\)"):
        eng.step(b, np.array([calza]))


def test_the_uniform_bots_play_the_scalar_games_under_a_short_calza_limit() -> None:
    rules = Rules(players=2, dice_per_player=1, sides=2, calza=True, calza_rounds=1)
    assert dicerules.simulate_batch(GAME, 200, rules=rules, seed=0) == dicerules.simulate(
        GAME, 200, bots=("uniform",), rules=rules, seed=0
    )
