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


def highest_bids(rules: Rules) -> list[str]:
    """One bid a seat, the highest ones of the table: seat p - 1 bids the highest."""
    p, top = rules.players, rules.max_dice * rules.sides
    return [
        f"{(b - 1) // rules.sides + 1}x{(b - 1) % rules.sides + 1}"
        for b in range(top - p + 1, top + 1)
    ]


@pytest.mark.parametrize(
    "shape", [(2, 5, 6), (2, 4, 8), (3, 2, 7), (5, 1, 5), (4, 4, 2), (10, 10, 20)], ids=str
)
def test_observations_at_the_highest_bids_are_the_scalar_encodings(
    shape: tuple[int, int, int],
) -> None:
    players, dice, sides = shape
    rules = Rules(players=players, dice_per_player=dice, sides=sides, first_opener="seat0")
    eng = batch.engine(GAME, rules)
    b, state = eng.new_games([7]), GAME.new_game(rules, seed=7)
    for text in highest_bids(rules):
        b, state = step_both(eng, b, state, text)
    for seat in (*range(players), None):
        want = GAME.observation.encode(rules, GAME.view(state, seat))
        assert eng.observation(b, seat)[0].tolist() == list(want), seat
