"""dicerules.batch as a learner uses it: one seat a game, returns and rewards,
reset_done, read-outs that are the caller's own, and the gymnasium VectorEnv."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import dicerules
from dicerules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidSeatError,
    WrongTypeError,
)
from dicerules.facts import returns

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")

GAMES = sorted(dicerules.GAMES)


def played(eng: Any, count: int, steps: int, seed: int = 0) -> Any:
    """``count`` games after ``steps`` random legal steps (games that end stay over)."""
    rng = np.random.default_rng(seed)
    b = eng.new_games(range(seed, seed + count))
    for _ in range(steps):
        mask = eng.legal_mask(b)
        ids = np.where(mask.any(axis=1), (rng.random(mask.shape) * mask).argmax(axis=1), -1)
        b = eng.step(b, ids)
    return b


@pytest.mark.parametrize("name", GAMES)
def test_every_read_out_is_a_new_writeable_array(name: str) -> None:
    eng = batch.engine(name)
    b = played(eng, 4, 3)
    outs = [eng.current_player(b), eng.is_terminal(b), eng.legal_mask(b), eng.scores(b),
            eng.winners(b), eng.returns(b), eng.rewards(b, b)]  # fmt: skip
    if eng.game.observation is not None:
        outs.append(eng.observation(b, eng.current_player(b)))
    for out in outs:
        assert out.flags.writeable
        assert not any(np.shares_memory(out, array) for array in b.data.values())


@pytest.mark.parametrize("name", ["liars-dice", "eighteen", "pig"])
def test_one_seat_a_game_is_each_row_of_that_seats_observation(name: str) -> None:
    eng = batch.engine(name)
    b = played(eng, 6, 5)
    seats = np.array([0, 1, -1, 1, 0, -1])
    obs = eng.observation(b, seats)
    for row, seat in enumerate(seats.tolist()):
        alone = eng.observation(b, None if seat < 0 else seat)
        assert obs[row].tolist() == alone[row].tolist()
    assert eng.observation(b, np.int64(1)).tolist() == eng.observation(b, 1).tolist()
    assert eng.observation(b, seats.astype(np.uint8)[[0, 1, 3, 4, 0, 1]]).shape == obs.shape


def test_a_bad_seat_is_refused_by_name() -> None:
    eng = batch.engine("liars-dice")
    b = eng.new_games([1, 2])
    with pytest.raises(WrongTypeError, match="seats must be ints"):
        eng.observation(b, np.array([0.0, 1.0]))
    with pytest.raises(WrongTypeError):
        eng.observation(b, True)
    with pytest.raises(WrongTypeError):
        eng.observation(b, "0")
    with pytest.raises(InvalidArgumentError, match="one seat a game: 2 games"):
        eng.observation(b, np.array([0, 1, 1]))
    with pytest.raises(InvalidArgumentError, match=r"no seat 4 \(game 1\)"):
        eng.observation(b, np.array([0, 4]))
    with pytest.raises(InvalidArgumentError):
        eng.observation(b, np.int64(7))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16",
                                   "uint32", "uint64"])  # fmt: skip
def test_a_seat_out_of_range_is_refused_in_every_integer_dtype(dtype: str) -> None:
    eng = batch.engine("liars-dice")
    b = eng.new_games([1, 2])
    info = np.iinfo(dtype)
    for far in {info.min, info.max, -2, eng.seats}:
        if not info.min <= far <= info.max or -1 <= far < eng.seats:
            continue
        with pytest.raises(InvalidSeatError, match=f"no seat {far} "):
            eng.observation(b, np.array([0, far], dtype=dtype))
        with pytest.raises(InvalidSeatError):
            eng.observation(b, np.dtype(dtype).type(far))


def test_a_list_of_seats_past_int64_is_no_seat_not_the_spectator() -> None:
    eng = batch.engine("liars-dice")
    b = eng.new_games([1, 2])
    # NumPy reads this list as uint64: 2**64 - 1 is no seat, not int64's -1.
    with pytest.raises(InvalidSeatError, match=f"no seat {2**64 - 1} "):
        eng.observation(b, [2**64 - 1, 2**64 - 1])


def test_bools_among_the_seats_are_refused_as_steps_ids_are() -> None:
    eng = batch.engine("liars-dice")
    b = eng.new_games([1, 2])
    for seats in ([True, 0], (0, np.bool_(False)), np.array([True, False])):
        with pytest.raises(WrongTypeError, match="seats must be ints"):
            eng.observation(b, seats)
    with pytest.raises(WrongTypeError, match="action ids must be ints, not bools"):
        eng.step(b, [True, 0])


@pytest.mark.parametrize("name", ["twenty-four", "liars-dice", "pig"])
def test_rewards_are_the_change_of_returns_paid_at_the_end(name: str) -> None:
    eng = batch.engine(name)
    game = eng.game
    rng = np.random.default_rng(3)
    b = eng.new_games(range(8))
    total = np.zeros((8, eng.seats), dtype=np.float32)
    while not eng.is_terminal(b).all():
        mask = eng.legal_mask(b)
        ids = np.where(mask.any(axis=1), (rng.random(mask.shape) * mask).argmax(axis=1), -1)
        after = eng.step(b, ids)
        reward = eng.rewards(b, after)
        assert reward.dtype == np.float32 and reward.shape == (8, eng.seats)
        assert not reward[~eng.is_terminal(after)].any()
        total += reward
        b = after
    expected = [np.float32(returns(game, eng.state(b, i))).tolist() for i in range(8)]
    assert total.tolist() == expected == eng.returns(b).tolist()
    with pytest.raises(InvalidArgumentError, match="2 and 8 games"):
        eng.rewards(eng.new_games([1, 2]), b)


def test_reset_done_is_pure_and_keeps_the_finished_outcome() -> None:
    game = dicerules.get_game("liars-dice")
    eng = batch.engine(game, game.Rules(players=2, dice_per_player=1))
    b = played(eng, 16, 4)
    over = eng.is_terminal(b)
    assert over.any() and not over.all()
    kept = {name: array.copy() for name, array in b.data.items()}
    scores, paid = eng.scores(b), eng.returns(b)
    after = eng.reset_done(b, range(100, 116))
    assert all(np.array_equal(kept[name], b.data[name]) for name in kept)
    assert after.ended.tolist() == over.tolist()
    assert after.final_scores.tolist() == np.where(over[:, None], scores, 0).tolist()
    assert after.final_returns.tolist() == np.where(over[:, None], paid, 0).tolist()
    assert not eng.is_terminal(after).any()
    assert after.seeds.tolist() == np.where(over, np.arange(100, 116), b.seeds).tolist()
    for i in np.flatnonzero(~over).tolist():
        assert eng.state(after, i) == eng.state(b, i)
    for i in np.flatnonzero(over).tolist():
        assert eng.history(after, i) == ()
    # A BatchState begun anew pickles, and gives its games back the same.
    again = pickle.loads(pickle.dumps(after))
    assert [eng.state(again, i) for i in range(16)] == [eng.state(after, i) for i in range(16)]
    # Nothing over: nothing begins anew.
    fresh = eng.reset_done(after)
    assert not fresh.ended.any() and not fresh.final_scores.any()
    assert fresh.seeds.tolist() == after.seeds.tolist()
    with pytest.raises(InvalidArgumentError, match="one seed a game: 16 games, 3 seeds"):
        eng.reset_done(b, [1, 2, 3])
    with pytest.raises(IllegalActionError, match="game 0"):
        eng.step(after, np.full(16, -1))  # only a game that is over takes -1


def test_reset_done_unseeded_begins_the_next_seed_of_each_row() -> None:
    eng = batch.engine("twenty-four")
    b = played(eng, 6, 30)
    over = eng.is_terminal(b)
    assert over.any()
    after = eng.reset_done(b)
    expected = np.where(over, batch.next_seed(b.seeds), b.seeds)
    assert after.seeds.tolist() == expected.tolist()
    assert eng.reset_done(b).seeds.tolist() == expected.tolist()  # the same every time


@pytest.mark.parametrize("name", ["liars-dice", "pig"])
def test_an_auto_reset_step_is_a_step_then_reset_done(name: str) -> None:
    game = dicerules.get_game(name)
    rules = (
        game.Rules(players=2, dice_per_player=1) if name == "liars-dice" else game.Rules(target=6)
    )
    plain, auto = batch.engine(game, rules), batch.engine(game, rules, auto_reset=True)
    assert "auto_reset" in repr(auto) and "auto_reset" not in repr(plain)
    rng = np.random.default_rng(5)
    b = plain.new_games(range(12))
    ended = 0
    for _ in range(40):
        mask = plain.legal_mask(b)
        ids = (rng.random(mask.shape) * mask).argmax(axis=1)
        kept = {key: array.copy() for key, array in b.data.items()}
        after = auto.step(b, ids)
        assert all(np.array_equal(kept[key], b.data[key]) for key in kept)  # pure
        expected = plain.reset_done(plain.step(b, ids))
        for field in ("seeds", "ended", "final_scores", "final_returns", "starts"):
            got, want = getattr(after, field), getattr(expected, field)
            assert (got is want is None) or got.tolist() == want.tolist()
        assert [auto.state(after, i) for i in range(12)] == [
            plain.state(expected, i) for i in range(12)
        ]
        assert not auto.is_terminal(after).any()  # every row always playing
        assert auto.rewards(b, after).tolist() == plain.rewards(b, plain.step(b, ids)).tolist()
        ended += int(after.ended.sum())
        b = after
    assert ended > 12
    with pytest.raises(WrongTypeError, match="auto_reset must be a bool, not int"):
        batch.engine(name, auto_reset=1)


def test_a_batch_state_made_by_hand_is_read_as_before() -> None:
    eng = batch.engine("liars-dice")
    b = played(eng, 3, 2)
    by_hand = batch.BatchState(b.seeds, dict(b.data), b.steps)
    assert by_hand.game is None
    assert eng.current_player(by_hand).tolist() == eng.current_player(b).tolist()
    assert eng.state(by_hand, 1) == eng.state(b, 1)
