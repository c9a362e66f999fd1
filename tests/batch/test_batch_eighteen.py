"""Eighteen's batch kernel, game for game the scalar engine, to the end of every game.

The differential property test plays a few dozen steps of every preset; here whole
games are played, under rules that make the rare paths common (a lightning round
at the end of most games, seats put out, a permanent house with elimination, hidden
hands), with seeds that meet a rejected dice draw at every stage of a game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_batch_differential import play_to_the_end
from test_streams import TWO64, seed_with_draw

import dicerules
from dicerules.games.eighteen import Rules

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")
kernel = pytest.importorskip("dicerules.games.eighteen.batch")
vector = pytest.importorskip("dicerules.vector")

GAME = dicerules.get_game("eighteen")

RULES = [
    *GAME.presets.values(),
    Rules(players=2, target=3),
    Rules(players=5, target=2, floor_at_zero=True),
    Rules(players=8, target=1, start_points=-3),
    Rules(players=3, eliminate_at_zero=True, start_points=1, target=4),
    Rules(players=4, permanent_house=2, eliminate_at_zero=True, max_rounds=None, start_points=1,
          target=5),
    Rules(players=6, simultaneous_reveal=True, roost18_players_lose=False, target=3, max_rounds=4),
    Rules(players=3, permanent_house=1, max_rounds=3, floor_at_zero=True, start_points=-2,
          target=2),
]  # fmt: skip

# Seeds whose draw j is rejected, for j all through a game: the house choice, the
# rounds' dice, the players' dice and the lightning round.
REJECTING = [seed_with_draw(j, TWO64 - 1) for j in range(1, 240, 7)]


def play_from_seeds(eng: Any, seeds: list[int], rng: random.Random) -> list[Any]:
    """The games of ``seeds`` played to their ends (``play_to_the_end``)."""
    states = [GAME.new_game(eng.rules, seed=seed) for seed in seeds]
    return play_to_the_end(eng, eng.new_games(seeds), states, rng)


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_whole_games_are_the_scalar_games(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    seeds = [rng.getrandbits(64) for _ in range(8)] + REJECTING
    states = play_from_seeds(batch.engine(GAME, rules), seeds, rng)
    assert all(state.winners for state in states)


def test_lightning_rounds_longer_than_a_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    # One step's dice a roll: every lightning round of more than a step rolls again.
    monkeypatch.setattr(kernel, "_LIGHTNING_STEPS", 1)
    rules = Rules(players=8, target=1)
    seeds = list(range(40)) + REJECTING
    states = play_from_seeds(batch.engine(GAME, rules), seeds, random.Random(3))
    assert sum(len(state.lightning) > 1 for state in states) > 10


@pytest.mark.parametrize("rejected", [2, 5, 7, 9])
def test_positions_after_part_of_a_roll_count_a_rejected_draw(rejected: int) -> None:
    seed = np.array([seed_with_draw(rejected, TWO64 - 1), 12345], dtype=np.uint64)
    start = np.array([0, 4], dtype=np.uint64)
    _, after = vector.roll(seed, start, 9, 6)
    for used in range(10):
        exact = vector.roll(seed, start, used, 6)[1]
        assert kernel._used(seed, start, after, 9, used).tolist() == exact.tolist()
    assert after[0] == 10  # the rejected draw is counted
