"""A batch engine as a gymnasium vector environment for one learning seat (extra ``batch``).

``VectorEnv(game, n, rules=None, opponent="uniform", seat=0)`` plays ``n`` games of
``game`` at once through its batch engine. The learner acts in ``seat`` of every game
(None: each game's own seat, drawn from its seed among the acting seats); the other
seats are played inside ``step`` by ``opponent``:

- ``"uniform"``: the ``uniform`` bot, seat k of a game seeded g drawing from its own
  stream seeded ``match.bot_seed(g, k)``, as ``batch.simulate`` plays it;
- or a policy, ``opponent(observations, masks) -> ids``: given the observation
  (games x size, float32) and the legal mask (games x ids, bool) of each game's
  seat to act, one action id a game; only the ids of the games where an opponent
  acts are used (the others' masks are all True, as below).

It follows gymnasium's vector API:

- ``single_observation_space`` is the game's ``observation`` encoding of the
  learner's view (Box float32), ``single_action_space`` its action ids
  (``Discrete(len(distinct_actions))``); ``action_masks()`` (games x ids, bool), also
  in every ``infos["action_mask"]``, marks the ids the learner may take now;
- a mask is never all False: a game whose action the next ``step`` ignores (one
  that ended) has every id marked, as pgx marks a terminal state's, so that a
  masked softmax (or sb3-contrib's MaskablePPO) over it divides by no zero.
  ``infos["acts"]`` (games, bool) is True where the learner's action is played:
  ``False`` exactly where ``terminated`` was;
- rewards are the learner's change of ``returns`` over the step (``facts.returns``,
  as both adapters pay them): 0 until its game ends; nothing is ever truncated;
- ``metadata["autoreset_mode"]`` is ``NEXT_STEP``: a game that ended in a step gives
  the learner's final view with its reward and ``terminated`` True; the next
  ``step`` ignores that game's action and begins a new one (reward 0). Game i of
  ``reset(seed=s)`` is seeded ``match.game_seed(s, i)``, each game after it in that
  row ``batch.next_seed`` of the one before; ``reset()`` unseeded draws the seeds
  from ``np_random``.

``env.engine`` and ``env.state`` (the BatchState) are there to read, and
``env.engine.state(env.state, i)`` is game i as a scalar State.

``ParallelEnv(game, n, rules=None)`` has every acting seat an agent (self-play), in
the manner of PettingZoo's ParallelEnv but batched: ``reset`` and ``step`` give
dicts by agent (``player_<seat>``, as ``dicerules.pettingzoo`` names them) of
arrays, one row a game. Every agent observes every game from its own seat; one
agent a game is to act, marked by its ``infos[agent]["acts"]`` (games, bool; the
engine's ``current_player`` is its seat), and ``step`` takes its id there and
ignores the other agents' ids for that game. Its ``infos[agent]["action_mask"]``
marks its legal ids where it acts, and every id where it does not (its id is
ignored there: pgx's convention, so that no masked softmax divides by zero). Its
engine is made with ``auto_reset``: a game that ends in a step pays every agent its
reward, is ``terminated`` for every agent, and the observations that step gives are
of the next game in that row, begun from ``batch.next_seed`` of its seed
(``env.state.final_scores`` holds the finished game's scores). Nothing is
truncated, so a learner never needs a final view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from gymnasium.vector import AutoresetMode  # type: ignore[import-not-found, unused-ignore]
from gymnasium.vector import VectorEnv as GymVectorEnv  # type: ignore[import-not-found, unused-ignore]

from dicerules.batch import BatchEngine, BatchState, _as_ids, engine, next_seed
from dicerules.errors import IllegalActionError, InvalidArgumentError, WrongTypeError, shown
from dicerules.game import AnyGame
from dicerules.vector import Array, pick, splitmix64, to_seeds

__all__ = ["ParallelEnv", "Policy", "VectorEnv"]

Policy = Callable[[Array, Array], Any]
"""An opponent's policy: (observations, legal masks) of many games -> an action id a game."""


def _spaces(eng: BatchEngine, n: int) -> tuple[Any, Any, Any, Any]:
    """The observation and action spaces of one game, then of ``n`` games."""
    encoding = eng.game.observation
    if encoding is None:
        raise InvalidArgumentError(f"{eng.game.name} declares no observation encoding")
    size, ids = encoding.size(eng.rules), len(eng.actions)
    return (
        spaces.Box(-np.inf, np.inf, (size,), dtype=np.float32),
        spaces.Discrete(ids),
        spaces.Box(-np.inf, np.inf, (n, size), dtype=np.float32),
        spaces.MultiDiscrete(np.full(n, ids)),
    )


def _seeds(seed: int | None, n: int, rng: np.random.Generator) -> Array:
    """The seeds of ``n`` new games: game i ``match.game_seed(seed, i)``, or drawn from ``rng``."""
    if seed is None:
        return rng.integers(0, 2**64, size=n, dtype=np.uint64)
    return splitmix64(to_seeds([seed]), np.arange(1, n + 1, dtype=np.uint64))


class VectorEnv(GymVectorEnv):  # type: ignore[misc, unused-ignore]  # untyped where gymnasium is absent
    """``n`` games of ``game`` as a gymnasium vector environment for one learning seat."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: AnyGame | str,
        n: int,
        rules: Any = None,
        opponent: str | Policy = "uniform",
        seat: int | None = 0,
    ) -> None:
        if not isinstance(n, int) or isinstance(n, bool):
            raise WrongTypeError(f"n must be an int, not {type(n).__name__}")
        if n < 1:
            raise InvalidArgumentError(f"n must be at least 1, got {shown(n)}")
        if opponent != "uniform" and not callable(opponent):
            raise InvalidArgumentError(
                f'opponent must be "uniform" or a policy (observations, masks) -> ids,'
                f" not {shown(opponent)}"
            )
        self.engine = engine(game, rules)
        game_, rules_ = self.engine.game, self.engine.rules
        if game_.observation is None:
            raise InvalidArgumentError(f"{game_.name} declares no observation encoding")
        self.acting = np.array(game_.acting_seats(rules_), dtype=np.int64)
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.acting
        ):
            raise InvalidArgumentError(
                f"seat {shown(seat)} is not an acting seat of {game_.name}:"
                f" {', '.join(map(str, self.acting.tolist()))} (or None)"
            )
        self.opponent = opponent
        self._policy = None if isinstance(opponent, str) else opponent
        self.fixed_seat = seat
        self.num_envs = n
        (self.single_observation_space, self.single_action_space, self.observation_space,
         self.action_space) = _spaces(self.engine, n)  # fmt: skip
        self.state: BatchState | None = None
        """The games now (None before ``reset``)."""
        self.seat = np.zeros(n, dtype=np.int64)
        """The learner's seat in each game."""
        self._ended = np.zeros(n, dtype=bool)
        self._bot_seeds = np.zeros((n, self.engine.seats), dtype=np.uint64)
        self._bot_positions = np.zeros((n, self.engine.seats), dtype=np.uint64)

    def __repr__(self) -> str:
        return f"VectorEnv({self.engine.game.name!r}, {self.num_envs}, opponent={self.opponent!r})"

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """New games in every row: the learner's observations and ``{"action_mask": ...}``."""
        super().reset(seed=seed)
        b = self.engine.new_games(_seeds(seed, self.num_envs, self.np_random))
        everyone = np.ones(self.num_envs, dtype=bool)
        self._began(b, everyone)
        self.state = self._to_learner(b, everyone)
        self._ended = np.zeros(self.num_envs, dtype=bool)
        return self._observe(self.state), self._infos(self.state)

    def step(self, actions: object) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """The learner's action id in each game (ignored in a game that ended last step),
        then the opponents' until the learner is to act again or the game is over."""
        if self.state is None:
            raise InvalidArgumentError("step before reset: call reset first")
        eng = self.engine
        b = self.state
        ended = self._ended
        if ended.any():
            b = eng._restart(b, ended, next_seed(b.seeds))
            self._began(b, ended)
            b = self._to_learner(b, ended)
        start = eng.returns(b)
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise InvalidArgumentError(
                f"one action a game: {self.num_envs} games, actions of shape {ids.shape}"
            )
        if ids.dtype.kind not in "iu":
            raise WrongTypeError(f"actions must be ints, not an array of {ids.dtype}")
        waiting = np.flatnonzero(~ended & (ids == -1))
        if waiting.size:
            raise IllegalActionError(
                f"the learner is to act in game {waiting[0]}: id -1 is for a game that ended"
            )
        b = eng._step(b, np.where(ended, -1, ids).astype(np.int64), wait=True)
        b = self._opponents(b)
        at = np.arange(self.num_envs)
        rewards = (eng.returns(b) - start)[at, self.seat]
        terminated = eng.is_terminal(b)
        self.state, self._ended = b, terminated
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._observe(b), rewards, terminated.copy(), truncated, self._infos(b)

    def action_masks(self) -> Array:
        """Games x action ids: the ids the learner may take now in each game (bool); every
        id in a game whose action the next step ignores (one that ended)."""
        if self.state is None:
            raise InvalidArgumentError("action_masks before reset: call reset first")
        return self._mask(self.state)

    # ------------------------------------------------------------------ inside a step

    def _mask(self, b: BatchState) -> Array:
        return _masked(self.engine, b, self.engine.current_player(b) == self.seat)

    def _observe(self, b: BatchState) -> Array:
        return self.engine.observation(b, self.seat)

    def _infos(self, b: BatchState) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=bool)
        acts = self.engine.current_player(b) == self.seat
        mask = _masked(self.engine, b, acts)
        return {"action_mask": mask, "_action_mask": every, "acts": acts, "_acts": every}

    def _began(self, b: BatchState, rows: Array) -> None:
        """The learner's seat and the opponents' streams of the games ``rows`` begin."""
        seeds = b.seeds[rows]
        if self.fixed_seat is None:
            # A draw of the bots' stream past every seat's: the bots never use it.
            spare = self.engine.seats + 1
            drawn = splitmix64(splitmix64(seeds, 0), spare) % np.uint64(self.acting.size)
            self.seat[rows] = self.acting[drawn.astype(np.int64)]
        else:
            self.seat[rows] = self.fixed_seat
        seats = np.arange(1, self.engine.seats + 1, dtype=np.uint64)
        self._bot_seeds[rows] = splitmix64(splitmix64(seeds, 0)[:, None], seats[None, :])
        self._bot_positions[rows] = 0

    def _to_learner(self, b: BatchState, fresh: Array) -> BatchState:
        """The opponents' moves until the learner is to act in every game; a game of
        ``fresh`` (just begun) that ends before the learner acts is begun anew."""
        while True:
            b = self._opponents(b)
            again = fresh & self.engine.is_terminal(b)
            if not again.any():
                return b
            b = self.engine._restart(b, again, next_seed(b.seeds))
            self._began(b, again)

    def _opponents(self, b: BatchState) -> BatchState:
        """The opponents' moves until the learner is to act or the game is over."""
        eng = self.engine
        while True:
            player = eng.current_player(b)
            acting = (player >= 0) & (player != self.seat)
            if not acting.any():
                return b
            if self._policy is None:
                ids = self._uniform(b, player, acting)
            else:
                seats = np.where(acting, player, -1)
                mask = _masked(eng, b, acting)
                chosen = np.asarray(self._policy(eng.observation(b, seats), mask))
                ids = np.where(acting, chosen, -1)
            b = eng._step(b, ids.astype(np.int64), wait=True)

    def _uniform(self, b: BatchState, player: Array, acting: Array) -> Array:
        kernel, data = self.engine.kernel, dict(b.data)
        rows = np.flatnonzero(acting)
        seat = player[rows]
        sub = {name: array[rows] for name, array in data.items()}
        picked, after = pick(
            self._bot_seeds[rows, seat], self._bot_positions[rows, seat], kernel.legal_count(sub)
        )
        self._bot_positions[rows, seat] = after
        ids = np.full(self.num_envs, -1, dtype=np.int64)
        ids[rows] = kernel.nth_legal(sub, picked - 1)
        return ids


class ParallelEnv:
    """``n`` games of ``game``, every acting seat an agent: PettingZoo's ParallelEnv, batched."""

    metadata: dict[str, Any] = {"name": "dicerules_batch_parallel"}  # noqa: RUF012

    def __init__(self, game: AnyGame | str, n: int, rules: Any = None) -> None:
        if not isinstance(n, int) or isinstance(n, bool):
            raise WrongTypeError(f"n must be an int, not {type(n).__name__}")
        if n < 1:
            raise InvalidArgumentError(f"n must be at least 1, got {shown(n)}")
        self.engine = eng = engine(game, rules, auto_reset=True)
        self.num_envs = n
        self.seat_of = {f"player_{seat}": seat for seat in eng.game.acting_seats(eng.rules)}
        """Each agent's seat."""
        self.possible_agents = list(self.seat_of)
        self.agents: list[str] = []
        """Every agent once reset: as every game that ends begins anew, none ever leaves."""
        (self.single_observation_space, self.single_action_space, self._observation_space,
         self._action_space) = _spaces(self.engine, n)  # fmt: skip
        self.state: BatchState | None = None
        """The games now (None before ``reset``)."""

    def __repr__(self) -> str:
        return f"ParallelEnv({self.engine.game.name!r}, {self.num_envs})"

    def observation_space(self, agent: str) -> Any:
        """An agent's observations of the ``n`` games (Box, games x size, float32)."""
        self._seat(agent)
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        """An agent's action ids, one a game (MultiDiscrete)."""
        self._seat(agent)
        return self._action_space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Array], dict[str, dict[str, Array]]]:
        """New games in every row: each agent's observations and ``{"action_mask": ...}``.

        Game i of ``reset(seed=s)`` is seeded ``match.game_seed(s, i)``; ``reset()``
        draws fresh seeds.
        """
        self.state = self.engine.new_games(_seeds(seed, self.num_envs, np.random.default_rng()))
        self.agents = self.possible_agents[:]
        return self._observe(self.state), self._infos(self.state)

    def step(self, actions: Mapping[str, object]) -> tuple[
        dict[str, Array], dict[str, Array], dict[str, Array], dict[str, Array],
        dict[str, dict[str, Array]],
    ]:  # fmt: skip
        """Each game after the id of its agent to act: observations, rewards (float32),
        terminations, truncations (bool) and infos, each a dict by agent of one row a game.

        ``actions``: agent -> ids, one a game (those of games where it is not to act are
        not read); an agent to act in no game may be left out.
        """
        if self.state is None:
            raise InvalidArgumentError("step before reset: call reset first")
        if not isinstance(actions, Mapping):
            raise WrongTypeError(
                f"actions are a dict of agent -> ids, not {type(actions).__name__}"
            )
        for agent in actions:
            self._seat(agent)
        eng, b = self.engine, self.state
        player = eng.current_player(b)
        ids = np.full(self.num_envs, -1, dtype=np.int64)
        for agent, seat in self.seat_of.items():
            acting = player == seat
            if not acting.any():
                continue
            if agent not in actions:
                game = int(np.flatnonzero(acting)[0])
                raise InvalidArgumentError(f"{agent} is to act in game {game}: no ids for it")
            given = _as_ids(actions[agent], self.num_envs)
            ids[acting] = np.minimum(given[acting], np.iinfo(np.int64).max).astype(np.int64)
        after = eng.step(b, ids)
        paid = eng.rewards(b, after)
        self.state = after
        assert after.ended is not None  # an auto_reset step marks the games that ended
        rewards = {agent: paid[:, seat].copy() for agent, seat in self.seat_of.items()}
        terminations = {agent: after.ended.copy() for agent in self.seat_of}
        truncations = {agent: np.zeros(self.num_envs, dtype=bool) for agent in self.seat_of}
        return self._observe(after), rewards, terminations, truncations, self._infos(after)

    def action_masks(self) -> dict[str, Array]:
        """Each agent's games x action ids: the ids it may take now (bool); every id in
        the games where it is not to act (its id is ignored there)."""
        if self.state is None:
            raise InvalidArgumentError("action_masks before reset: call reset first")
        return {agent: info["action_mask"] for agent, info in self._infos(self.state).items()}

    def close(self) -> None:
        """Nothing to release."""

    def _seat(self, agent: object) -> int:
        if agent not in self.seat_of:
            known = ", ".join(self.possible_agents)
            raise InvalidArgumentError(f"there is no agent {shown(agent)}: the agents are {known}")
        return self.seat_of[str(agent)]

    def _observe(self, b: BatchState) -> dict[str, Array]:
        return {agent: self.engine.observation(b, seat) for agent, seat in self.seat_of.items()}

    def _infos(self, b: BatchState) -> dict[str, dict[str, Array]]:
        legal, player = self.engine.legal_mask(b), self.engine.current_player(b)
        infos = {}
        for agent, seat in self.seat_of.items():
            acts = player == seat
            infos[agent] = {"action_mask": _masked(self.engine, b, acts, legal), "acts": acts}
        return infos


def _masked(eng: BatchEngine, b: BatchState, acts: Array, legal: Array | None = None) -> Array:
    """Games x ids: the legal ids of the games where ``acts``, every id elsewhere (an
    action there is ignored; a mask all False would make a masked softmax NaN)."""
    mask = eng.legal_mask(b) if legal is None else legal.copy()
    mask[~acts] = True
    return mask
