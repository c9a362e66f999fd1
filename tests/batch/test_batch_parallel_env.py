"""dicerules.batch.ParallelEnv: every seat an agent, PettingZoo's ParallelEnv batched."""

from __future__ import annotations

from typing import Any

import pytest

import dicerules
from dicerules.errors import IllegalActionError, InvalidArgumentError, WrongTypeError
from dicerules.facts import returns
from dicerules.match import game_seed

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
batch = pytest.importorskip("dicerules.batch")
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402


def random_actions(env: Any, infos: Any, rng: Any) -> dict[str, Any]:
    """Each agent's random legal id in every game (any id where it is not to act)."""
    return {
        agent: (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        for agent, info in infos.items()
    }


def roll_out(env: Any, seed: int, steps: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    out = [env.reset(seed=seed)]
    for _ in range(steps):
        out.append(env.step(random_actions(env, out[-1][-1], rng)))
    return out


def check_views(env: Any, observations: dict[str, Any]) -> None:
    """Each agent's rows are the scalar encodings of its own seat's view, and nothing else."""
    eng, game = env.engine, env.engine.game
    for agent, seat in env.seat_of.items():
        assert observations[agent].tolist() == eng.observation(env.state, seat).tolist()
        for i in range(env.num_envs):
            view = game.view(eng.state(env.state, i), seat)
            assert observations[agent][i].tolist() == list(game.observation.encode(eng.rules, view))


def check_step(env: Any, observations: Any, infos: Any) -> None:
    """The shapes of a reset's or step's arrays, and one agent to act a game."""
    size = env.single_observation_space.shape[0]
    for agent in env.agents:
        assert observations[agent].shape == (env.num_envs, size)
        assert observations[agent].dtype == np.float32
        assert env.observation_space(agent).contains(observations[agent])
        assert list(infos[agent]) == ["action_mask", "acts"]  # nothing more: no hidden fact
        assert infos[agent]["action_mask"].shape == (env.num_envs, env.single_action_space.n)
        assert np.array_equal(env.action_masks()[agent], infos[agent]["action_mask"])
    # One agent a game is to act, with the legal ids of its game; the others' ids are
    # ignored there, and each of their masks marks every id.
    player = env.engine.current_player(env.state)
    assert sum(infos[agent]["acts"].astype(int) for agent in env.agents).tolist() == [1] * 4
    for agent, seat in env.seat_of.items():
        acts, mask = infos[agent]["acts"], infos[agent]["action_mask"]
        assert acts.tolist() == (player == seat).tolist()
        assert mask[acts].tolist() == env.engine.legal_mask(env.state)[acts].tolist()
        assert mask[~acts].all()


@pytest.mark.parametrize("name", ["liars-dice", "eighteen", "link", "twenty-four", "pig"])
def test_every_agent_gets_arrays_of_its_own_view_every_step(name: str) -> None:
    env = batch.ParallelEnv(name, 4)
    acting = dicerules.get_game(name).acting_seats(env.engine.rules)
    assert env.possible_agents == [f"player_{seat}" for seat in acting]
    rng = np.random.default_rng(3)
    observations, infos = env.reset(seed=3)
    assert env.agents == env.possible_agents
    assert env.state.seeds.tolist() == [game_seed(3, i) for i in range(4)]
    check_step(env, observations, infos)
    for _ in range(8):
        observations, rewards, terminations, truncations, infos = env.step(
            random_actions(env, infos, rng)
        )
        check_step(env, observations, infos)
        check_views(env, observations)
        for agent in env.agents:
            assert rewards[agent].dtype == np.float32 and rewards[agent].shape == (4,)
            assert terminations[agent].tolist() == env.state.ended.tolist()
            assert not truncations[agent].any()
            assert not rewards[agent][~terminations[agent]].any()
    first = roll_out(env, 3, 10)
    assert data_equivalence(first, roll_out(env, 3, 10), exact=True)
    assert not data_equivalence(first, roll_out(env, 4, 10))


def test_self_play_replays_as_scalar_games_begun_anew_from_the_next_seed() -> None:
    game = dicerules.get_game("liars-dice")
    rules = game.Rules(players=3, dice_per_player=1)
    env = batch.ParallelEnv(game, 5, rules=rules)
    rng = np.random.default_rng(2)
    observations, infos = env.reset(seed=9)
    seeds = [game_seed(9, i) for i in range(5)]
    states = [game.new_game(rules, seed=seed) for seed in seeds]
    finished = 0
    for _ in range(30):
        actions = random_actions(env, infos, rng)
        for i in range(5):
            agent = f"player_{game.current_player(states[i])}"
            states[i] = game.apply(states[i], env.engine.actions[actions[agent][i]])
        observations, rewards, terminations, _, infos = env.step(actions)
        for i in range(5):
            ended = game.is_terminal(states[i])
            paid = returns(game, states[i]) if ended else (0.0,) * 3
            for agent, seat in env.seat_of.items():
                assert terminations[agent][i] == ended
                assert rewards[agent][i] == np.float32(paid[seat])
            if ended:
                seeds[i] = int(batch.next_seed(np.array([seeds[i]], np.uint64))[0])
                states[i] = game.new_game(rules, seed=seeds[i])
                finished += 1
            assert env.engine.state(env.state, i) == states[i]
        assert env.state.seeds.tolist() == seeds
        check_views(env, observations)
    assert finished > 5


def test_bad_use_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="n must be at least 1"):
        batch.ParallelEnv("liars-dice", 0)
    with pytest.raises(WrongTypeError, match="n must be an int"):
        batch.ParallelEnv("liars-dice", 2.0)
    env = batch.ParallelEnv("liars-dice", 2)
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step({})
    with pytest.raises(InvalidArgumentError, match="no agent 'player_9'"):
        env.observation_space("player_9")
    _, infos = env.reset(seed=1)
    began = env.state
    actions = {agent: info["action_mask"].argmax(axis=1) for agent, info in infos.items()}
    first = f"player_{env.engine.current_player(env.state)[0]}"  # the agent to act in game 0
    with pytest.raises(InvalidArgumentError, match=f"{first} is to act in game 0: no ids"):
        env.step({agent: ids for agent, ids in actions.items() if agent != first})
    with pytest.raises(InvalidArgumentError, match="no agent 'nobody'"):
        env.step({**actions, "nobody": np.zeros(2, dtype=np.int64)})
    with pytest.raises(WrongTypeError, match="not bools"):
        env.step({**actions, first: [True, 0]})
    with pytest.raises(WrongTypeError, match="a dict of agent"):
        env.step([0, 0])
    with pytest.raises(IllegalActionError, match="game 0 id -1"):
        env.step({**actions, first: np.array([-1, -1])})
    assert env.state is began  # the refused steps changed nothing
    env.step(actions)
    assert env.engine.history(env.state, 0) == (int(actions[first][0]),)
