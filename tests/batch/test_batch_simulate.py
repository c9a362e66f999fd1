"""batch.simulate plays the games play_match plays with ``uniform`` bots in every seat."""

from __future__ import annotations

from typing import Any

import pytest

import dicerules
from dicerules import bots
from dicerules.match import bot_seed, game_seed

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")


def scalar_game(name: str, rules: Any, seed: int, index: int) -> Any:
    """Game ``index`` of a series seeded ``seed``, uniform bots in every acting seat."""
    game = dicerules.get_game(name)
    rules = game.default_rules if rules is None else rules
    g = game_seed(seed, index)
    acting = game.acting_seats(rules)
    table = [bots.make("uniform", game, bot_seed(g, s)) if s in acting else None
             for s in range(game.seats(rules))]  # fmt: skip
    return dicerules.play_match(game, rules, table, g)


def check_against_play_match(name: str, rules: Any, games: int, seed: int) -> None:
    game = dicerules.get_game(name)
    out = batch.simulate(name, games, rules=rules, seed=seed, chunk=3)
    assert out.seeds.tolist() == [game_seed(seed, i) for i in range(games)]
    for index in range(games):
        final = scalar_game(name, rules, seed, index)
        assert out.scores[index].tolist() == list(game.scores(final))
        assert np.flatnonzero(out.winners[index]).tolist() == list(game.winners(final))
        assert out.actions[index] == len(game.history(final))


@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
def test_simulate_equals_play_match_with_uniform_bots(name: str) -> None:
    check_against_play_match(name, None, 7, seed=11)


def test_the_uniform_bot_picks_by_its_streams_dice() -> None:
    bot = bots.make("uniform", "liars-dice", seed=5)
    legal = tuple(range(7))
    dice, _ = dicerules.SeededStream(5).roll(3, 7)
    picks = [bot.choose(None, legal) for _ in range(3)]
    assert picks == [face - 1 for face in dice]
    assert bot.name == "uniform" and "uniform" in bots.names("pig")


def test_chunks_do_not_change_the_games() -> None:
    whole = batch.simulate("pig", 9, seed=3, chunk=100)
    cut = batch.simulate("pig", 9, seed=3, chunk=2)
    for field in ("seeds", "winners", "scores", "actions"):
        assert np.array_equal(getattr(whole, field), getattr(cut, field))
    assert batch.simulate("pig", 0).winners.shape == (0, 2)
    with pytest.raises(ValueError, match="chunk"):
        batch.simulate("pig", 3, chunk=0)
    with pytest.raises(TypeError):
        batch.simulate("pig", 3.0)


KERNEL_PRESETS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in sorted(dicerules.GAMES)
    if dicerules.get_game(name).batch is not None
    for preset in dicerules.get_game(name).presets
]


@pytest.mark.parametrize(("name", "preset"), KERNEL_PRESETS)
def test_a_kernel_simulates_the_games_of_play_match(name: str, preset: str) -> None:
    rules = dicerules.get_game(name).presets[preset]
    check_against_play_match(name, rules, 6, seed=2)
    assert not batch.engine(name, rules).generic


@pytest.mark.parametrize(("name", "preset"), KERNEL_PRESETS)
def test_rows_begun_anew_play_the_games_of_a_batch_of_all(name: str, preset: str) -> None:
    # Fewer rows than games: each game over gives its row to the next seed, and every
    # outcome is the one all the games at once give; the caller's seeds stay as given.
    eng = batch.engine(name, dicerules.get_game(name).presets[preset])
    seeds = batch.next_seed(np.arange(120, dtype=np.uint64))
    kept = seeds.copy()
    whole, refilled = eng.play_uniform(seeds), eng.play_uniform(seeds, rows=9)
    for field in ("winners", "scores", "actions", "rounds"):
        wanted, got = getattr(whole, field), getattr(refilled, field)
        assert (wanted is None and got is None) or np.array_equal(wanted, got), field
    assert np.array_equal(seeds, kept)
