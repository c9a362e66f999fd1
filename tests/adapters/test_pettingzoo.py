"""dicerules.pettingzoo: every registered game, plugins included, as an AEC environment."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import dicerules
from dicerules import GAMES, SeededStream
from dicerules.facts import returns
from dicerules.game import AnyGame

# Skipped as a whole without the extra ``pettingzoo`` (which brings numpy).
pz_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")
dpz = pytest.importorskip("dicerules.pettingzoo")
api_test, seed_test = pz_test.api_test, pz_test.seed_test

# PettingZoo's checks warn about the dict observation that its own action-mask
# convention asks for; the same warnings come from its classic games.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

PRESETS = [
    pytest.param(game, rules, id=f"{name}-{preset}")
    for name, game in GAMES.items()
    if game.distinct_actions is not None and game.observation is not None
    for preset, rules in game.presets.items()
]
"""Every preset of every game that can be an environment (the test below checks: all)."""


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_registered_game_declares_what_an_environment_needs(game: AnyGame) -> None:
    lacking = [part for part in ("distinct_actions", "observation") if getattr(game, part) is None]
    assert not lacking, f"{game.name} declares no {' and no '.join(lacking)}"


def play(env: Any, seed: int | None, pick: random.Random) -> list[tuple[str, int | None]]:
    """One game in ``env`` from ``reset(seed=seed)``, every id picked among the mask's."""
    env.reset(seed=seed)
    taken = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = pick.choice(np.flatnonzero(observation["action_mask"]).tolist())
        env.step(action)
        taken.append((agent, action))
    return taken


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_pettingzoo_api_test(game: AnyGame, rules: Any) -> None:
    api_test(dpz.env(game.name, rules), num_cycles=1000)


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_pettingzoo_seed_test(game: AnyGame, rules: Any) -> None:
    seed_test(lambda: dpz.env(game.name, rules), num_cycles=500)


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_agents_are_the_acting_seats_and_ids_index_the_distinct_actions(
    game: AnyGame, rules: Any
) -> None:
    env = dpz.raw_env(game.name, rules)
    acting = game.acting_seats(rules)
    assert env.possible_agents == [f"player_{seat}" for seat in acting]
    assert game.distinct_actions is not None
    assert game.observation is not None
    actions = game.distinct_actions(rules)
    for agent in env.possible_agents:
        assert env.action_space(agent).n == len(actions)
        space = env.observation_space(agent)
        assert space["observation"].shape == (game.observation.size(rules),)
        assert space["action_mask"].shape == (len(actions),)
    seen = {agent for agent, _ in play(env, 0, random.Random(0))}
    assert seen == set(env.possible_agents)


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_random_play_ends_with_the_games_returns_and_replays(game: AnyGame, rules: Any) -> None:
    env = dpz.env(game.name, rules)
    raw = env.unwrapped
    for seed in range(3):
        pick = random.Random(seed)
        env.reset(seed=seed)
        paid = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            paid[agent] += reward
            assert not truncated
            state = raw.dicerules_state
            mask = observation["action_mask"]
            if terminated:
                assert game.is_terminal(state)
                assert not mask.any()
                env.step(None)
                continue
            # The mask is exactly the legal actions, as ids.
            actions = game.distinct_actions(rules)
            legal = {actions.index(action) for action in game.legal_actions(state)}
            assert set(np.flatnonzero(mask).tolist()) == legal
            assert f"player_{game.current_player(state)}" == agent
            env.step(pick.choice(sorted(legal)))
            steps += 1
        final = raw.dicerules_state
        assert game.is_terminal(final)
        assert len(game.history(final)) == steps
        owed = returns(game, final)
        assert paid == {agent: owed[int(agent.split("_")[1])] for agent in env.possible_agents}
        if game.payoff is None or game.payoff(rules).zero_sum:
            assert sum(paid.values()) == pytest.approx(0.0)
        assert dicerules.replay(dicerules.record(final)) == final


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_the_same_seed_gives_the_same_game_and_no_seed_a_drawn_one(
    game: AnyGame, rules: Any
) -> None:
    first, second = dpz.raw_env(game.name, rules), dpz.raw_env(game.name, rules)
    assert play(first, 7, random.Random(1)) == play(second, 7, random.Random(1))
    assert first.dicerules_state == second.dicerules_state
    assert dicerules.record(first.dicerules_state).stream == SeededStream(7)
    first.reset()
    second.reset()
    drawn = [dicerules.record(env.dicerules_state).stream for env in (first, second)]
    assert all(type(stream) is SeededStream for stream in drawn)
    assert drawn[0] != drawn[1]


@pytest.mark.parametrize(("game", "rules"), [p for p in PRESETS if p.values[0].hides_information])
def test_observations_do_not_change_when_only_hidden_information_does(
    game: AnyGame, rules: Any
) -> None:
    env = dpz.raw_env(game.name, rules)
    resample = game.resample_hidden
    assert resample is not None
    changed = 0
    for seed in range(3):
        pick = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            state = env.dicerules_state
            for index, other in enumerate(env.agents):
                seat = env.seat_of[other]
                seen = env.observe(other)
                twin = resample(state, seat, SeededStream(1000 * seed + index))
                changed += twin != state
                env.dicerules_state = twin
                again = env.observe(other)
                env.dicerules_state = state
                assert set(again) == {"observation", "action_mask"}
                for key in again:
                    assert np.array_equal(again[key], seen[key]), (agent, other, key)
            observation, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
            else:
                env.step(pick.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert changed, "no hidden information was ever drawn again: the test proved nothing"


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_ansi_render_tells_the_game_to_a_spectator(game: AnyGame, rules: Any) -> None:
    env = dpz.env(game.name, rules, render_mode="ansi")
    play(env, 3, random.Random(3))
    text = env.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert any(line.startswith("Game over") for line in lines)
    teller = (game.narrator or dicerules.narration.Narrator)(game, None)
    state = game.new_game(rules, seed=3)
    seen = game.view(state, None)
    told = teller.news(None, seen)
    for action in game.history(env.unwrapped.dicerules_state):
        seat = game.current_player(state)
        state = game.apply(state, action)
        now = game.view(state, None)
        told += teller.step(seen, seat, action, now)
        seen = now
    assert lines[: len(told)] == told
    silent = dpz.env(game.name, rules)
    silent.reset(seed=3)
    assert silent.render() is None


def test_a_game_without_action_ids_or_an_encoding_is_refused() -> None:
    game = next(iter(GAMES.values()))
    for field, what in (("distinct_actions", "action ids"), ("observation", "encoding")):
        bare = attrs.evolve(game, **{field: None})
        with pytest.raises(ValueError, match=f"{game.name} declares no .*{what}"):
            dpz.DiceRulesEnv(bare)


def test_bad_names_rules_and_render_modes() -> None:
    game = next(iter(GAMES.values()))
    with pytest.raises(dicerules.UnknownGameError):
        dpz.env("no such game")
    with pytest.raises(TypeError, match="rules must be"):
        dpz.env(game.name, rules=object())
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi'"):
        dpz.env(game.name, render_mode="human")


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    game = next(iter(GAMES.values()))
    env = dpz.raw_env(game.name)
    env.reset(seed=0)
    observation = env.observe(env.agent_selection)
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    before = env.dicerules_state
    if len(illegal):
        with pytest.raises(dicerules.IllegalActionError):
            env.step(int(illegal[0]))
    with pytest.raises(ValueError, match="give an action id"):
        env.step(None)
    for outside in (-1, len(observation["action_mask"])):
        with pytest.raises(ValueError, match=f"there is no action id {outside}"):
            env.step(outside)
    assert env.dicerules_state == before


def test_a_plugin_game_is_an_environment_too() -> None:
    plugin = pytest.importorskip("dicerules_pig")
    game = plugin.GAME
    assert GAMES[game.name] is game
    api_test(dpz.env(game.name), num_cycles=1000)


# ------------------------------------------------------------------ a game's mistakes

TWO_BY_ONE = {"players": 2, "dice_per_player": 1, "first_opener": "seat0"}


def _broken_env(**parts: Any) -> Any:
    """liars-dice at two seats of one die, as a game named ``broken``, ``parts`` changed."""
    game = attrs.evolve(GAMES["liars-dice"], name="broken", **parts)
    made = dpz.DiceRulesEnv(game, game.Rules(**TWO_BY_ONE))
    made.reset(seed=1)
    return made


def test_a_legal_action_without_an_id_names_the_part() -> None:
    base = GAMES["liars-dice"]

    def fewer(rules: Any) -> tuple[Any, ...]:
        return tuple(base.distinct_actions(rules))[:-1]  # challenge left out

    env = _broken_env(distinct_actions=fewer)
    env.step(0)  # the first bid; now challenge is legal
    with pytest.raises(dicerules.DiceRulesError, match=r"broken.*'challenge'.*distinct_actions"):
        env.observe(env.agent_selection)


def test_an_observation_of_the_wrong_length_names_the_part() -> None:
    encoding = GAMES["liars-dice"].observation
    assert encoding is not None
    short = attrs.evolve(encoding, encode=lambda rules, view: encoding.encode(rules, view)[:-1])
    env = _broken_env(observation=short)
    size = encoding.size(env.rules)
    with pytest.raises(dicerules.DiceRulesError, match=rf"broken.*observation.*{size}"):
        env.observe(env.agent_selection)


def test_a_game_longer_than_max_length_names_the_part() -> None:
    env = _broken_env(max_length=lambda rules: 1)
    env.step(0)
    before = env.dicerules_state
    with pytest.raises(dicerules.DiceRulesError, match=r"broken.*max_length 1"):
        env.step(1)
    assert env.dicerules_state == before


# ------------------------------------------------------------------ misuse, pickles


@pytest.mark.parametrize("bad", [True, False, 0.7, 1.0, "3", np.float32(1), np.bool_(True)])
def test_step_takes_only_ints_of_the_action_space(bad: Any) -> None:
    env = dpz.raw_env("liars-dice")
    env.reset(seed=0)
    before = env.dicerules_state
    with pytest.raises(dicerules.WrongTypeError, match="an action id is an int"):
        env.step(bad)
    assert env.dicerules_state == before
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int64(legal[0]))  # a NumPy integer is an int
    assert env.dicerules_state != before


def test_misuse_before_reset_or_with_an_unknown_agent_is_a_dicerules_error() -> None:
    env = dpz.raw_env("liars-dice")
    for use in (lambda: env.step(0), lambda: env.observe("player_0"), env.last):
        with pytest.raises(dpz.NotResetError, match=r"reset\(\)") as caught:
            use()
        assert isinstance(caught.value, dicerules.DiceRulesError | AttributeError)
    env.reset(seed=0)
    for use in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(dicerules.InvalidArgumentError, match="'nobody' is not an agent"):
            use("nobody")
    assert env.action_space("player_0").n == len(env.actions)


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw_env", "env"])
@pytest.mark.parametrize("copy_of", ["pickle", "deepcopy"])
def test_an_env_pickles_and_copies_mid_game(wrapped: bool, copy_of: str) -> None:
    import copy
    import pickle

    make = dpz.env if wrapped else dpz.raw_env
    env = make("eighteen", render_mode="ansi")  # a narrator that keeps what it told
    env.reset(seed=4)
    pick = random.Random(0)

    def steps(target: Any, count: int, rng: random.Random) -> None:
        for _ in range(count):
            observation, _, terminated, truncated, _ = target.last()
            if terminated or truncated:
                target.step(None)
                continue
            target.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))

    steps(env, 5, pick)
    again = pickle.loads(pickle.dumps(env)) if copy_of == "pickle" else copy.deepcopy(env)
    steps(env, 20, random.Random(1))
    steps(again, 20, random.Random(1))
    assert again.unwrapped.dicerules_state == env.unwrapped.dicerules_state
    assert again.render() == env.render()
