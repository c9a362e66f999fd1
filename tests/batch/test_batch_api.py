"""dicerules.batch's API on any game: purity, errors, read-outs, a game given back."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import dicerules
from dicerules.errors import IllegalActionError, InvalidArgumentError, WrongTypeError

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")


def random_ids(eng: Any, b: Any, rng: Any) -> Any:
    """One legal id a game, drawn by ``rng``; -1 for a game that is over."""
    mask = eng.legal_mask(b)
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else -1 for row in mask])


@pytest.mark.parametrize("name", ["pig", "liars-dice"])
def test_a_batch_is_pure_and_gives_each_game_back(name: str) -> None:
    eng = batch.engine(name)
    game = dicerules.get_game(name)
    seeds = [5, 2**64 - 1, 0]
    b = eng.new_games(seeds)
    rng = np.random.default_rng(1)
    states = [game.new_game(None, seed=seed) for seed in seeds]
    for _ in range(30):
        before = {key: array.copy() for key, array in b.data.items()}
        ids = random_ids(eng, b, rng)
        after = eng.step(b, ids)
        assert all(np.array_equal(before[key], b.data[key]) for key in before)
        states = [
            s if i < 0 else game.apply(s, eng.actions[i]) for s, i in zip(states, ids, strict=True)
        ]
        b = after
    for index, state in enumerate(states):
        assert eng.state(b, index) == state
        assert dicerules.replay(dicerules.record(eng.state(b, index))) == state
        assert eng.history(b, index) == tuple(eng.actions.index(a) for a in game.history(state))
    assert eng.current_player(b).tolist() == [
        -1 if game.current_player(s) is None else game.current_player(s) for s in states
    ]
    assert eng.scores(b).tolist() == [list(game.scores(s)) for s in states]


def test_an_illegal_id_names_the_games_and_ids_and_changes_nothing() -> None:
    eng = batch.engine("liars-dice")
    b = eng.new_games([1, 2, 3])
    challenge = eng.actions.index(
        dicerules.get_game("liars-dice").parse_action(
            eng.state(eng.step(b, [0, 0, 0]), 0), "challenge"
        )
    )
    with pytest.raises(IllegalActionError, match=r"game 1 id \d+ \(challenge\)") as raised:
        eng.step(b, [0, challenge, 5000])
    assert "game 2 id 5000 (ids are 0 to" in str(raised.value)
    assert "game 0" not in str(raised.value)
    assert eng.state(b, 1) == dicerules.get_game("liars-dice").new_game(None, seed=2)
    with pytest.raises(IllegalActionError, match="game 0 id -1"):
        eng.step(b, [-1, 0, 0])
    with pytest.raises(InvalidArgumentError, match="3 games"):
        eng.step(b, [0, 0])
    with pytest.raises(WrongTypeError):
        eng.step(b, [0.0, 0.0, 0.0])
    with pytest.raises(InvalidArgumentError, match="game index 3"):
        eng.state(b, 3)


def test_a_game_that_is_over_takes_only_minus_one() -> None:
    eng = batch.engine("pig", dicerules.get_game("pig").Rules(target=1))
    b = eng.new_games([3, 4])
    while not eng.is_terminal(b).all():
        b = eng.step(b, random_ids(eng, b, np.random.default_rng(0)))
    assert not eng.legal_mask(b).any()
    assert eng.current_player(b).tolist() == [-1, -1]
    with pytest.raises(IllegalActionError, match="game 1 is over"):
        eng.step(b, [-1, 0])
    assert eng.step(b, [-1, -1]).data["states"].tolist() == b.data["states"].tolist()
    assert eng.winners(b).sum(axis=1).tolist() == [1, 1]


def test_seeds_are_checked_and_arrays_are_read_only() -> None:
    eng = batch.engine("pig")
    with pytest.raises(dicerules.errors.InvalidSeedError):
        eng.new_games([-1])
    with pytest.raises(InvalidArgumentError, match="at least one seed"):
        eng.new_games([])
    mine = np.arange(4, dtype=np.uint64)
    b = eng.new_games(mine)
    with pytest.raises(ValueError, match="read-only"):
        b.seeds[0] = 1
    mine[0] = 9  # the caller's array is left writable, and is not the batch's
    assert b.seeds[0] == 0
    assert len(b) == 4 and b.nbytes > 0


def test_observation_rows_are_the_scalar_encodings() -> None:
    eng = batch.engine("link")
    game = dicerules.get_game("link")
    b = eng.new_games([8, 9])
    obs = eng.observation(b, 1)
    assert obs.dtype == np.float32
    for index in range(2):
        want = game.observation.encode(eng.rules, game.view(eng.state(b, index), 1))
        assert obs[index].tolist() == list(want)
    with pytest.raises(ValueError, match="seat"):
        eng.observation(b, 7)


def test_a_game_without_action_ids_has_no_batch_engine() -> None:
    import attrs

    pig = dicerules.get_game("pig")
    bare = attrs.evolve(pig, distinct_actions=None)
    with pytest.raises(InvalidArgumentError, match="distinct_actions"):
        batch.engine(bare)


class WithoutLegal:
    """A kernel written before ``Kernel.legal``: every part but that one."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel

    def __getattr__(self, name: str) -> Any:
        if name == "legal":
            raise AttributeError(name)
        return getattr(self.kernel, name)


@pytest.mark.parametrize("name", ["liars-dice", "link", "twenty-four"])
def test_step_checks_ids_with_the_mask_of_a_kernel_without_legal(name: str) -> None:
    real = batch.engine(name)
    eng = batch.BatchEngine(real.game, real.rules, WithoutLegal(real.kernel), generic=False)
    assert not hasattr(eng.kernel, "legal")
    b = eng.new_games([1, 2, 3])
    mask = eng.legal_mask(b)
    wrong = int(np.flatnonzero(~mask[1])[0])
    ids = mask.argmax(axis=1)
    ids[1] = wrong
    for checked in (eng, real):
        with pytest.raises(IllegalActionError, match=rf"in 1 of 3 games: game 1 id {wrong} "):
            checked.step(b, ids)
    ids[1] = mask[1].argmax()
    after = eng.step(b, ids)
    assert all(np.array_equal(after.data[k], real.step(b, ids).data[k]) for k in after.data)


@pytest.mark.parametrize("name", ["pig", "liars-dice"])
def test_a_long_batch_pickles_and_deep_copies_read_only(name: str) -> None:
    eng = batch.engine(name)
    b = eng.new_games([1, 2])
    rng = np.random.default_rng(3)
    while not eng.is_terminal(b).all():
        b = eng.step(b, random_ids(eng, b, rng))
    for _ in range(3000):  # a step a node: deeper than the interpreter's recursion limit
        b = eng.step(b, [-1, -1])
    for copied in (pickle.loads(pickle.dumps(b)), copy.deepcopy(b)):
        for index in range(2):
            assert eng.history(copied, index) == eng.history(b, index)
            assert eng.state(copied, index) == eng.state(b, index)
        arrays = [copied.seeds, *copied.data.values()]
        assert not any(array.flags.writeable for array in arrays)
        after = eng.step(copied, [-1, -1])
        assert eng.history(after, 0) == eng.history(b, 0)


def every_read(eng: Any, b: Any) -> list[Any]:
    """Each engine method that takes a BatchState (of two games), as a call of nothing."""
    ids = np.zeros(2, dtype=np.int64)
    return [
        lambda: eng.step(b, ids),
        *(lambda method=method: method(b) for method in (eng.current_player, eng.is_terminal)),
        *(lambda method=method: method(b) for method in (eng.legal_mask, eng.scores, eng.winners)),
        lambda: eng.observation(b, 0),
        *(lambda method=method: method(b, 0) for method in (eng.history, eng.state, eng.fields)),
    ]


def test_an_engine_refuses_the_batch_state_of_another() -> None:
    liars_dice = dicerules.get_game("liars-dice")
    wild = batch.engine(liars_dice, liars_dice.Rules(first_opener="seat0"))
    plain = batch.engine(liars_dice, liars_dice.Rules(first_opener="seat0", ones_wild=False))
    link = batch.engine("link")
    b = wild.new_games([1, 2])
    for other, made in ((plain, b), (link, b), (wild, link.new_games([1, 2]))):
        for call in every_read(other, made):
            with pytest.raises(InvalidArgumentError, match="made by the") as raised:
                call()
            assert repr(other.rules) in str(raised.value)
            assert str(raised.value).count(" under ") == 2
    with pytest.raises(InvalidArgumentError, match="ones_wild=False"):
        wild.step(plain.new_games([1]), [0])
    same = batch.engine(liars_dice, liars_dice.Rules(first_opener="seat0"))
    assert same.state(same.step(b, [0, 0]), 1) == wild.state(wild.step(b, [0, 0]), 1)
    copied = pickle.loads(pickle.dumps(b))
    assert (copied.game, copied.rules) == ("liars-dice", wild.rules)
    assert wild.history(wild.step(copied, [0, 0]), 0) == (0,)
    for call in every_read(wild, None):
        with pytest.raises(WrongTypeError, match="takes a BatchState, not NoneType"):
            call()


@pytest.mark.parametrize("name", ["pig", "liars-dice"])
def test_bad_arguments_get_errors_of_the_hierarchy(name: str) -> None:
    eng = batch.engine(name)
    b = eng.new_games([1, 2])
    for seeds in (5, None, np.uint64(5), b"12", "12"):
        with pytest.raises(WrongTypeError, match="seeds are ints"):
            eng.new_games(seeds)
    for seeds in (np.array([], dtype=np.uint64), np.array([], dtype=np.int64)):
        with pytest.raises(InvalidArgumentError, match="at least one seed"):
            eng.new_games(seeds)
    with pytest.raises(InvalidArgumentError, match=r"shape \(1, 2\)"):
        eng.new_games(np.array([[1, 2]], dtype=np.uint64))
    with pytest.raises(WrongTypeError, match="a seat must be an int or None, not bool"):
        eng.observation(b, True)
    first = [int(np.flatnonzero(row)[0]) for row in eng.legal_mask(b)]
    with pytest.raises(WrongTypeError, match="not bools"):
        eng.step(b, [True, first[1]])
    with pytest.raises(WrongTypeError, match="not bools"):
        eng.step(b, (first[0], np.True_))
    with pytest.raises(WrongTypeError, match="not bools"):
        eng.step(b, [[first[0], True]])  # a bool before a wrong shape
    for bools in ([True, False], np.array([True, False])):
        with pytest.raises(WrongTypeError, match="not an array of bool"):
            eng.step(b, bools)
    with pytest.raises(WrongTypeError, match="not an array of float64"):
        eng.step(b, [first[0], 1.0])
    with pytest.raises(
        InvalidArgumentError, match=r"one action id a game: 2 games, ids of shape \(\)"
    ):
        eng.step(b, first[0])

    class Tensor:  # an array of ids as torch hands it over: ``__array__``
        def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
            return np.array(first, dtype=np.int32)

    assert eng.history(eng.step(b, Tensor()), 0) == (first[0],)
    assert eng.history(eng.step(b, tuple(first)), 1) == (first[1],)
    huge = np.array([2**64 - 1, first[1]], dtype=np.uint64)
    with pytest.raises(IllegalActionError, match=f"game 0 id {2**64 - 1} "):
        eng.step(b, huge)
    assert eng.history(eng.step(b, np.array(first, dtype=np.uint64)), 1) == (first[1],)
    rng = np.random.default_rng(0)
    while not eng.is_terminal(b).all():
        b = eng.step(b, random_ids(eng, b, rng))
    with pytest.raises(IllegalActionError, match=f"game 0 is over, id {2**64 - 1} "):
        eng.step(b, np.full(2, 2**64 - 1, dtype=np.uint64))
    assert eng.step(b, np.full(2, -1)).seeds.tolist() == [1, 2]
