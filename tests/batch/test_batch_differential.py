"""The differential property: a batch engine is its scalar engine, state for state.

For every registered game (the built-in games with their kernels, plugins through
the scalar loop) and every preset, with random seeds (some chosen so that a dice
draw is rejected) and random legal ids, every step compares each read-out with the
scalar engine's, the kernel's own arrays (``eng.fields``) with the scalar state's
fields, and ``eng.state(b, i)`` with the scalar state; now and then ``reset_done``
begins the games that are over anew, each from a seed of its own.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_streams import TWO64, seed_with_draw

import dicerules
from dicerules import testing
from dicerules.facts import ActionIds, returns

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")

# A seed whose draw j is 2**64 - 1, which every die whose sides do not divide 2**64
# rejects: j up to 60 reaches the dice of later rounds, not only the first.
rejecting = st.integers(1, 60).map(lambda j: seed_with_draw(j, TWO64 - 1))
seeds_ = st.one_of(st.integers(0, TWO64 - 1), rejecting)
seeds = st.lists(seeds_, min_size=1, max_size=5)

PRESETS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in sorted(dicerules.GAMES)
    for preset in dicerules.get_game(name).presets
]


def expected_fields(state: Any, fields: dict[str, object]) -> dict[str, object]:
    """The scalar state's values of the fields a kernel reports (``position``: its stream's)."""
    return {
        name: state.tape.stream.position if name == "position" else getattr(state, name)
        for name in fields
    }


def play_to_the_end(eng: Any, b: Any, states: list[Any], rng: Any) -> list[Any]:
    """Every game of ``b`` (the scalar ``states``) played to its end by random legal ids
    (``rng.choice``), each step compared with the scalar engine's; the end states."""
    game = eng.game
    compare(eng, b, states)
    while not all(game.is_terminal(state) for state in states):
        ids = [
            rng.choice(np.flatnonzero(row).tolist()) if row.any() else -1
            for row in eng.legal_mask(b)
        ]
        b = eng.step(b, np.array(ids))
        states = [
            s if i < 0 else game.apply(s, eng.actions[i]) for s, i in zip(states, ids, strict=True)
        ]
        compare(eng, b, states)
    assert [eng.state(b, index) for index in range(len(states))] == states
    return states


def compare(eng: Any, b: Any, states: list[Any]) -> None:
    game, rules = eng.game, eng.rules
    ids = ActionIds(eng.actions)
    players = [game.current_player(s) for s in states]
    assert eng.current_player(b).tolist() == [-1 if p is None else p for p in players]
    assert eng.is_terminal(b).tolist() == [game.is_terminal(s) for s in states]
    mask = eng.legal_mask(b)
    assert mask.shape == (len(states), len(eng.actions))
    for row, state in zip(mask, states, strict=True):
        assert np.flatnonzero(row).tolist() == list(ids.of(game.legal_actions(state)))
    legal = getattr(eng.kernel, "legal", None)  # the optional check of a kernel's ids
    if legal is not None:
        for action in range(-2, len(eng.actions) + 2):
            cells = mask[:, action] if 0 <= action < len(eng.actions) else np.zeros(len(states))
            got = legal(dict(b.data), np.full(len(states), action, dtype=np.int64))
            assert got.tolist() == cells.astype(bool).tolist()
    assert eng.scores(b).tolist() == [list(game.scores(s)) for s in states]
    won = [[seat in game.winners(s) for seat in range(eng.seats)] for s in states]
    assert eng.winners(b).tolist() == won
    assert eng.returns(b).tolist() == [
        np.array(returns(game, s), dtype=np.float32).tolist() for s in states
    ]
    if game.observation is not None:
        for seat in [*sorted({0, eng.seats - 1}), None]:
            obs = eng.observation(b, seat)
            assert obs.dtype == np.float32
            for row, state in zip(obs, states, strict=True):
                assert row.tolist() == list(game.observation.encode(rules, game.view(state, seat)))
        # One seat a game: the seat to act, the spectator (-1) in the games that are over.
        obs = eng.observation(b, eng.current_player(b))
        for row, state, seat in zip(obs, states, players, strict=True):
            assert row.tolist() == list(game.observation.encode(rules, game.view(state, seat)))
    for index, state in enumerate(states):
        fields = eng.fields(b, index)
        assert fields == expected_fields(state, fields)


def play(eng: Any, seed_list: list[int], picks: st.DataObject, steps: int) -> None:
    game = eng.game
    b = eng.new_games(seed_list)
    states = [game.new_game(eng.rules, seed=seed) for seed in seed_list]
    compare(eng, b, states)
    taken: list[list[int]] = [[] for _ in states]  # each game's ids since it began
    for _ in range(steps):
        if any(game.is_terminal(s) for s in states) and picks.draw(st.booleans()):
            new_seeds = picks.draw(st.lists(seeds_, min_size=len(states), max_size=len(states)))
            before = b
            b = eng.reset_done(b, new_seeds)
            ended = [game.is_terminal(s) for s in states]
            assert b.ended.tolist() == ended
            assert before.seeds.tolist() == seed_list  # pure: ``before`` is unchanged
            for i, state in enumerate(states):
                if ended[i]:
                    assert b.final_scores[i].tolist() == list(game.scores(state))
                    states[i] = game.new_game(eng.rules, seed=new_seeds[i])
                    taken[i] = []
                    seed_list = [*seed_list[:i], new_seeds[i], *seed_list[i + 1 :]]
            compare(eng, b, states)
            assert b.seeds.tolist() == seed_list
        if all(game.is_terminal(s) for s in states):
            break
        mask = eng.legal_mask(b)
        ids = [
            picks.draw(st.sampled_from(np.flatnonzero(row).tolist())) if row.any() else -1
            for row in mask
        ]
        b = eng.step(b, np.array(ids))
        states = [
            s if i < 0 else game.apply(s, eng.actions[i]) for s, i in zip(states, ids, strict=True)
        ]
        for row, i in zip(taken, ids, strict=True):
            row.extend([i] if i >= 0 else [])
        compare(eng, b, states)
    for index, state in enumerate(states):
        assert eng.state(b, index) == state
        assert eng.history(b, index) == tuple(taken[index])


@pytest.mark.parametrize(("name", "preset"), PRESETS)
@settings(max_examples=6)
@given(seed_list=seeds, picks=st.data())
def test_batch_equals_scalar_for_every_preset(
    name: str, preset: str, seed_list: list[int], picks: st.DataObject
) -> None:
    game = dicerules.get_game(name)
    play(batch.engine(game, game.presets[preset]), seed_list, picks, steps=40)


@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
@settings(max_examples=5)
@given(data=st.data(), seed_list=seeds)
def test_batch_equals_scalar_for_any_rules(
    name: str, data: st.DataObject, seed_list: list[int]
) -> None:
    game = dicerules.get_game(name)
    rules = data.draw(testing.rules(game))
    play(batch.engine(game, rules), seed_list, data, steps=20)


# The games whose kernel the tests above prove: each must be stepped by it, not the loop.
KERNELS = ["eighteen", "liars-dice", "link", "twenty-four"]


@pytest.mark.parametrize("name", KERNELS)
def test_a_game_with_a_kernel_is_stepped_by_it(name: str) -> None:
    eng = batch.engine(name)
    assert not eng.generic
    assert type(eng.kernel).__module__ == dicerules.get_game(name).batch.partition(":")[0]


@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
def test_reset_done_begins_each_game_that_is_over_from_its_own_seed(name: str) -> None:
    """Many games in a row in each of three rows: after every ``reset_done`` each row's
    read-outs, ``state`` and ``history`` are those of its own game, as the scalar engine
    plays it from that game's seed."""
    eng = batch.engine(name)
    game, rng = eng.game, np.random.default_rng(7)
    seed_list = [3, 1, 4]
    b = eng.new_games(seed_list)
    states = [game.new_game(eng.rules, seed=seed) for seed in seed_list]
    taken: list[list[int]] = [[], [], []]
    ended = 0
    for step in range(160):
        ids = [
            int(rng.choice(np.flatnonzero(row))) if row.any() else -1 for row in eng.legal_mask(b)
        ]
        b = eng.step(b, np.array(ids))
        for i, action in enumerate(ids):
            if action >= 0:
                states[i] = game.apply(states[i], eng.actions[action])
                taken[i].append(action)
        new_seeds = [1000 * step + i for i in range(3)]
        b = eng.reset_done(b, new_seeds if step % 2 else None)
        for i in np.flatnonzero(b.ended).tolist():
            assert b.final_returns[i].tolist() == np.float32(returns(game, states[i])).tolist()
            seed = (
                new_seeds[i]
                if step % 2
                else int(batch.next_seed(np.array([seed_list[i]], np.uint64))[0])
            )
            seed_list[i], states[i], taken[i] = seed, game.new_game(eng.rules, seed=seed), []
            ended += 1
        compare(eng, b, states)
        for i in range(3):
            assert eng.state(b, i) == states[i]
            assert eng.history(b, i) == tuple(taken[i])
    assert ended >= 3
    assert b.starts is not None and b.starts.min() == 0  # the steps no game holds are gone
