"""Every registered game as a PettingZoo AEC environment (extra ``pettingzoo``).

``env(name, rules=None, render_mode=None)`` is the environment a learner uses
(PettingZoo's order-enforcing and bounds-checking wrappers around ``raw_env``);
``raw_env`` is the bare one. Plugins work the same as the built-in games: all this
module knows of a game is its Game.

- Agents are ``player_<seat>`` for each seat in ``game.acting_seats(rules)``: a
  seat that never acts (a permanent house) is no agent.
- Actions are ids, the index of an action in ``game.distinct_actions(rules)``:
  ``Discrete`` of that length. An illegal id raises IllegalActionError; an id that
  is not an int (a bool, a float, a str) WrongTypeError.
- Used before ``reset``, the environment raises NotResetError (a DiceRulesError and
  an AttributeError); an agent it does not have, InvalidArgumentError.
- It pickles and deep-copies mid-game (a registered game is pickled by name).
- An observation is ``{"observation": Box float32, "action_mask": Box int8}``: the
  game's ``observation`` encoding of the agent's view, and 1 at every id the agent
  may take now (none when it is not to act). Both come from views, never from the
  state, so nothing an agent may not know reaches it.
- ``reset(seed=s)`` starts ``new_game(rules, seed=s)``: the same seed gives the same
  dice, hence the same game for the same actions. Without a seed one is drawn.
- Rewards come when the game ends, as ``dicerules.facts.returns`` pays them (the
  OpenSpiel adapter pays the same): a game won and lost pays +1 shared among its
  winners and -1 among the other agents; a game scored by change pays each agent
  its change of score. Every agent is then terminated; nothing is truncated, for
  every game ends.
- ``render_mode="ansi"``: ``render()`` returns the game so far as the game's
  narrator tells it to a spectator (so it shows no hidden dice).

A game that declares no action ids or no observation encoding cannot be an
environment: ValueError names what it lacks.
"""

from __future__ import annotations

from typing import Any

import numpy as np  # type: ignore[import-not-found, unused-ignore]
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

from dicerules.errors import DiceRulesError, InvalidArgumentError, WrongTypeError, shown
from dicerules.facts import ActionIds, check_length, encoded, returns
from dicerules.game import GAMES, AnyGame, get_game, rules_or_default
from dicerules.narration import Narrator

__all__ = ["DiceRulesEnv", "NotResetError", "agent_name", "env", "raw_env"]

RENDER_MODES = ("ansi",)
_SET_BY_RESET = frozenset(
    ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos",
     "_cumulative_rewards")
)  # fmt: skip


class NotResetError(DiceRulesError, AttributeError):
    """An environment used before its first ``reset``: it has no game yet."""


def agent_name(seat: int) -> str:
    """The agent of a seat: ``player_2``."""
    return f"player_{seat}"


def env(name: str, rules: Any = None, render_mode: str | None = None) -> AECEnv:
    """The game ``name`` under ``rules`` (None: its default rules) as a wrapped AEC env."""
    wrapped: AECEnv = raw_env(name, rules, render_mode)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(name: str, rules: Any = None, render_mode: str | None = None) -> DiceRulesEnv:
    """The game ``name`` under ``rules`` (None: its default rules) as a bare AEC env."""
    return DiceRulesEnv(get_game(name), rules, render_mode)


class DiceRulesEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One game under fixed rules as a PettingZoo AEC environment (see the module)."""

    metadata: dict[str, Any]

    def __init__(self, game: AnyGame, rules: Any = None, render_mode: str | None = None) -> None:
        super().__init__()
        rules = rules_or_default(rules, game.Rules, game.default_rules)
        if game.distinct_actions is None:
            raise InvalidArgumentError(f"{game.name} declares no action ids (distinct_actions)")
        if game.observation is None:
            raise InvalidArgumentError(
                f"{game.name} declares no observation encoding (observation)"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidArgumentError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.rules = rules
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"dicerules_{game.name.replace('-', '_')}",
            "is_parallelizable": False,
        }
        self.actions = game.distinct_actions(rules)
        self.action_ids = ActionIds(self.actions, game)
        self.max_length = game.max_length(rules)
        self.encoding = game.observation
        self.seat_of = {agent_name(seat): seat for seat in game.acting_seats(rules)}
        self.possible_agents = list(self.seat_of)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.encoding.size(rules),), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(len(self.actions)))
        self.dicerules_state: Any = None
        """The game's state, for ``dicerules.record`` say; None before the first reset."""
        self._taken = 0
        self._told: list[str] = []
        self._seen: Any = None
        self._narrator: Narrator[Any] | None = None

    def __getattr__(self, name: str) -> Any:
        if name in _SET_BY_RESET:
            raise NotResetError(f"call reset() before reading {name}: there is no game yet")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and deep-copied) with a registered game by name (a Game holds
        read-only mappings, which do not pickle)."""
        state = dict(self.__dict__)
        if GAMES.get(self.game.name) is not self.game:
            return state
        state["game"] = self.game.name
        del state["action_ids"]  # it names the game too: made again on unpickling
        if self._narrator is not None:
            narrator = dict(vars(self._narrator))
            narrator.pop("game", None)
            state["_narrator"] = (type(self._narrator), narrator)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        if not isinstance(state["game"], str):
            self.__dict__.update(state)
            return
        game = get_game(state["game"])
        state = dict(state, game=game)
        if state["_narrator"] is not None:
            kind, fields = state["_narrator"]
            narrator = kind.__new__(kind)
            vars(narrator).update(fields, game=game)
            state["_narrator"] = narrator
        self.__dict__.update(state)
        self.action_ids = ActionIds(self.actions, game)

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``; InvalidArgumentError for one that is not an agent here."""
        try:
            return self.seat_of[agent]  # type: ignore[index]
        except (KeyError, TypeError):
            known = ", ".join(self.possible_agents)
            raise InvalidArgumentError(
                f"{shown(agent)} is not an agent of {self.game.name}: the agents are {known}"
            ) from None

    def _started(self) -> Any:
        """The game's state; NotResetError before the first ``reset``."""
        if self.dicerules_state is None:
            raise NotResetError("call reset() before using the environment: it has no game yet")
        return self.dicerules_state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``new_game(rules, seed=seed)``, a seed drawn when None."""
        state = self.game.new_game(self.rules, seed=seed)
        self.dicerules_state = state
        self._taken = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if self.render_mode is not None:
            self._narrator = (self.game.narrator or Narrator)(self.game, None)
            self._seen = self.game.view(state, None)
            self._told = self._narrator.news(None, self._seen)
        self._select(state, None)

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent`` knows now, as numbers, and the ids it may take."""
        game, state = self.game, self._started()
        seat = self._seat(agent)
        vector = encoded(game, self.rules, game.view(state, seat))
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if game.current_player(state) == seat:
            mask[list(self.action_ids.of(game.legal_actions(state)))] = 1
        return {"observation": np.asarray(vector, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take the action with id ``action`` for the agent to act (None once it is done).

        The id is an int (a NumPy integer too), never a bool, float or str.
        """
        self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidArgumentError(f"{agent} is to act: give an action id, not None")
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise WrongTypeError(
                f"an action id is an int, not {type(action).__name__} ({shown(action)})"
            )
        index = int(action)
        if not 0 <= index < len(self.actions):
            raise InvalidArgumentError(
                f"there is no action id {index}: the ids are 0 to {len(self.actions) - 1}"
            )
        chosen = self.actions[index]
        game = self.game
        check_length(game, self.max_length, self._taken + 1)
        state = game.apply(self.dicerules_state, chosen)
        self.dicerules_state = state
        self._taken += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self._narrator is not None:
            seen = game.view(state, None)
            self._told += self._narrator.step(self._seen, self.seat_of[agent], chosen, seen)
            self._seen = seen
        self._select(state, agent)
        self._accumulate_rewards()

    def _select(self, state: Any, last: str | None) -> None:
        """Choose the agent to act; at the game's end, pay and terminate every agent."""
        game = self.game
        seat = game.current_player(state)
        if seat is not None:
            self.agent_selection = agent_name(seat)
            return
        paid = returns(game, state)
        for agent, seat in self.seat_of.items():
            self.rewards[agent] = paid[seat]
            self.terminations[agent] = True
        order = self.agents
        after = order.index(last) + 1 if last in order else 0
        self.agent_selection = order[after % len(order)]
        if self._narrator is not None:
            self._told += self._result()

    def _result(self) -> list[str]:
        """The winners and the final scores, told to a spectator."""
        teller, state = self._narrator, self.dicerules_state
        assert teller is not None
        return teller.ending(self.game.winners(state), self.game.scores(state))

    def render(self) -> str | None:
        """``ansi``: the game so far as its narrator tells it to a spectator."""
        if self.render_mode is None:
            return None
        return "\n".join(self._told)

    def close(self) -> None:
        """Nothing to free."""
