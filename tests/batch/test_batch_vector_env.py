"""dicerules.batch.VectorEnv: a gymnasium vector environment for one learning seat."""

from __future__ import annotations

from typing import Any

import pytest

import dicerules
from dicerules.bots.uniform import UniformBot
from dicerules.errors import IllegalActionError, InvalidArgumentError
from dicerules.facts import ActionIds, returns
from dicerules.match import bot_seed, game_seed

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
batch = pytest.importorskip("dicerules.batch")
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.utils.passive_env_checker import (  # noqa: E402
    check_action_space,
    check_obs,
    check_observation_space,
)
from gymnasium.vector import AutoresetMode  # noqa: E402


def random_actions(env: Any, rng: Any) -> Any:
    mask = env.action_masks()
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def roll_out(env: Any, seed: int, steps: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    out = [env.reset(seed=seed)]
    for _ in range(steps):
        out.append(env.step(random_actions(env, rng)))
    return out


@pytest.mark.parametrize("name", ["liars-dice", "eighteen", "link", "twenty-four", "pig"])
def test_it_passes_gymnasiums_checks_and_replays_a_seed(name: str) -> None:
    env = batch.VectorEnv(name, 5, seat=None)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    for space in (env.single_observation_space, env.observation_space):
        check_observation_space(space)
    for space in (env.single_action_space, env.action_space):
        check_action_space(space)
    first = roll_out(env, 11, 12)
    obs, infos = first[0]
    check_obs(obs, env.observation_space, "reset")
    assert infos["action_mask"].any(axis=1).all()  # the learner is to act in every game
    for obs, rewards, terminated, truncated, infos in first[1:]:
        check_obs(obs, env.observation_space, "step")
        assert rewards.shape == terminated.shape == truncated.shape == (5,)
        assert not truncated.any()
        assert infos["acts"].tolist() == (~terminated).tolist()
        assert infos["action_mask"][terminated].all()  # ignored next step: every id marked
    assert data_equivalence(first, roll_out(env, 11, 12), exact=True)
    assert not data_equivalence(first, roll_out(env, 12, 12))


def test_games_end_reward_the_learner_and_begin_anew_on_the_next_step() -> None:
    game = dicerules.get_game("liars-dice")
    rules = game.Rules(players=3, dice_per_player=1)
    env = batch.VectorEnv(game, 6, rules=rules, seat=1)
    rng = np.random.default_rng(0)
    env.reset(seed=5)
    ids = ActionIds(env.engine.actions)
    seeds = [game_seed(5, i) for i in range(6)]
    ended = np.zeros(6, dtype=bool)
    finished = 0
    for _ in range(40):
        before = env.state
        obs, rewards, terminated, _, _ = env.step(random_actions(env, rng))
        assert not rewards[ended].any() and not terminated[ended].any()
        for i in np.flatnonzero(ended).tolist():
            seeds[i] = int(batch.next_seed(np.array([seeds[i]], np.uint64))[0])
        for i in range(6):
            state = env.engine.state(env.state, i)
            assert env.state.seeds[i] == seeds[i]
            # The opponents are the uniform bot, seeded as in play_match.
            replay = game.new_game(rules, seed=seeds[i])
            bots = {seat: UniformBot(bot_seed(seeds[i], seat)) for seat in range(3)}
            for action in env.engine.history(env.state, i):
                seat = game.current_player(replay)
                if seat != 1:
                    chosen = bots[seat].choose(game.view(replay, seat), game.legal_actions(replay))
                    assert ids.ids[chosen] == action
                replay = game.apply(replay, env.engine.actions[action])
            assert replay == state
            assert rewards[i] == np.float32(returns(game, state)[1] if terminated[i] else 0.0)
            assert terminated[i] == game.is_terminal(state)
            assert obs[i].tolist() == list(game.observation.encode(rules, game.view(state, 1)))
        finished += int(terminated.sum())
        ended = terminated
        assert before is not env.state
    assert finished > 6


def masked_softmax(logits: Any, mask: Any) -> Any:
    """A policy's probabilities over the ids a mask marks: NaN in a row marking none."""
    with np.errstate(invalid="ignore", divide="ignore"):
        weights = np.where(mask, np.exp(logits - logits.max(axis=1, keepdims=True)), 0.0)
        return weights / weights.sum(axis=1, keepdims=True)


def softmax_ids(rng: Any, mask: Any) -> Any:
    """A random policy's ids by masked softmax, checked to be no NaN."""
    probabilities = masked_softmax(rng.normal(size=mask.shape), mask)
    assert not np.isnan(probabilities).any()
    return probabilities.argmax(axis=1)


@pytest.mark.parametrize(
    ("name", "fields"),
    [("liars-dice", {"players": 2, "dice_per_player": 1}), ("twenty-four", {"players": 2})],
)
def test_no_mask_makes_a_masked_softmax_nan_as_games_end(name: str, fields: Any) -> None:
    rules = dicerules.get_game(name).Rules(**fields)
    rng = np.random.default_rng(4)
    opponent_calls = []

    def opponent(obs: Any, mask: Any) -> Any:
        opponent_calls.append(mask.shape[0])
        return softmax_ids(rng, mask)

    for env in (
        batch.VectorEnv(name, 8, rules, seat=None),
        batch.VectorEnv(name, 8, rules, opponent=opponent),
    ):
        _, infos = env.reset(seed=2)
        ignored = 0
        for _ in range(40):
            *_, terminated, _, infos = env.step(softmax_ids(rng, infos["action_mask"]))
            ignored += int(terminated.sum())  # rows whose action the next step ignores
        assert ignored > 8
    assert opponent_calls
    parallel = batch.ParallelEnv(name, 8, rules)
    _, infos = parallel.reset(seed=2)
    for _ in range(40):
        actions = {agent: softmax_ids(rng, info["action_mask"]) for agent, info in infos.items()}
        _, _, ended, _, infos = parallel.step(actions)
        ignored += int(ended["player_0"].sum())
    assert ignored > 16


def test_a_policy_plays_the_other_seats() -> None:
    seen = []

    def lowest(obs: Any, mask: Any) -> Any:
        seen.append((~mask.all(axis=1)).sum())
        return mask.argmax(axis=1)

    env = batch.VectorEnv("twenty-four", 3, opponent=lowest, seat=0)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(10):
        env.step(random_actions(env, rng))
    assert seen and all(count > 0 for count in seen)
    assert (env.engine.current_player(env.state)[~env.engine.is_terminal(env.state)] == 0).all()


def test_bad_use_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="opponent"):
        batch.VectorEnv("liars-dice", 2, opponent="expert")
    with pytest.raises(InvalidArgumentError, match="not an acting seat"):
        batch.VectorEnv("liars-dice", 2, seat=9)
    with pytest.raises(InvalidArgumentError, match="n must be at least 1"):
        batch.VectorEnv("liars-dice", 0)
    env = batch.VectorEnv("liars-dice", 2)
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match="id -1"):
        env.step(np.array([-1, -1]))
    with pytest.raises(InvalidArgumentError, match="one action a game"):
        env.step(np.zeros(3, dtype=np.int64))


def test_an_unseeded_reset_draws_its_games_from_np_random() -> None:
    env = batch.VectorEnv("twenty-four", 3)
    env.reset()
    drawn = env.state.seeds.tolist()
    env.reset()
    assert env.state.seeds.tolist() != drawn  # fresh games each time
    env.reset(seed=4)
    assert env.state.seeds.tolist() == [game_seed(4, i) for i in range(3)]
