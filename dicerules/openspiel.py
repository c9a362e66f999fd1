"""Every registered game as an OpenSpiel game (extra ``openspiel``).

Importing this module registers each game of GAMES, plugins included, with pyspiel
as ``python_dicerules_<name>`` (``-`` written ``_``), its parameters the fields of
the game's Rules and their defaults the default rules::

    pyspiel.load_game("python_dicerules_<name>(players=2)")
    dicerules.openspiel.game(name, rules)            # the same, from a Rules object

A field that may be None takes, for None, the int just below its range (shown as
its default when the default is None), as pyspiel parameters cannot be None. A
field whose default depends on the other fields (eighteen's ``max_rounds``)
defaults to the int below that, "left out": it then takes that default. Two games
whose names differ only by ``-`` and ``_`` would share a pyspiel name: the second
is refused (DuplicateGameError).

The games are sequential, with explicit chance: every die is a chance node of
its own (``dicerules.chance``), outcome ``face - 1`` with probability 1/sides,
except a roll-off the game declares (its ``roll_off``): one chance node whose
outcome is the winning seat, with its exact chance, ties folded in, after which the
dice are those by which that seat wins at once (``deserialize`` refuses others). So
a game whose only endless dice are roll-offs has a finite tree. A player action's
id is its index in the game's ``distinct_actions(rules)``. The returns come at the
end. A game won and lost (``payoff`` None) gives +1 shared
equally among its winners and -1 shared equally among the other acting seats
(0 to every seat when all or none of them win): zero-sum. A game scored by change
(a ``ScoreChange``) gives each seat its final score less its starting score:
zero-sum when the game declares so, else general-sum. (Each built-in game's
``encoding`` module says which it is; all four are zero-sum.)

Observations come from the seat's view, never the state, so they hold nothing
hidden: the string is the view's fields, the tensor the game's ``observation``
encoding. Information states have perfect recall: a game's own
``information_state`` where it declares one (its vector and its text, made from
the seat's views of every state so far); else the seat's view after every action
of the game so far, each with the seat's own action taken there, as text and, for
a game that bounds its length (``max_length``), as a tensor of ``max_length + 1``
such frames. Either tensor holds up to ``INFORMATION_TENSOR_LIMIT`` numbers (past
it, the observation tensor only). ``state.resample_from_infostate(player,
sampler)`` draws afresh what the player may not know (``resample_hidden``), for
OpenSpiel's ISMCTS. The private-only observer (no public
information, one player's private information) shows what the seat's view holds
beyond the spectator's. A game without an encoding has strings only; a game
without ``distinct_actions`` cannot be loaded (ValueError says so).

``serialize(state)`` writes the game's JSON record (the dice drawn are its
scripted stream) and the action and dice of a step under way; ``deserialize``
reads it, refusing anything else with RecordError; ``state.serialize()`` and
``game.deserialize_state`` are the same two. pyspiel's own
``serialize_game_and_state`` writes a pickle of the state, which its
``deserialize_game_and_state`` unpickles: only for text you wrote yourself. The
pyspiel game pickles (as its name and parameters) and deep-copies.
``dicerules_state``, ``record`` and ``pending`` lead from a pyspiel state back to
dicerules.

States answer in Python the calls OpenSpiel's Python algorithms make (``child``,
``clone``, ``apply_action``, ``legal_actions``, ``information_state_string``,
``history_str`` ...), as pyspiel's own path does but without a round trip through
C++ each time; a state made so has no C++ history, which only C++ code would read. A
game keeps the nodes its states reach (the first ``KEPT_NODES``), so a solver's
later walks of a small game's tree look them up instead of playing the engine again.
``game(name, rules, whole_tree=True)`` walks a small game's whole tree at once
(``dicerules.tree.walk``, with each information set's tensor) and keeps it in flat
lists: its states are a node's number, and answer from the tree what OpenSpiel's
solvers ask (legal actions and masks, chance outcomes, information state text and
tensor, returns, history), making the engine's states only for anything else (views,
observations, records), so a solver's every walk costs what a precomputed tree's does.
Both kinds of state are one implementation: every answer is made once, from a few
facts about the node (its player, legal ids, chance outcomes, the information state
of the player to act, returns, moves so far), which a whole tree's states read from
its lists and the others from the engine's states.

``native(name, rules)`` is a small game's whole tree (``dicerules.tree``) as OpenSpiel's
own C++ game, ``pyspiel.load_efg_game`` of its Gambit EFG text, so that OpenSpiel's
algorithms run on it at C++ speed; its ``actions`` map its action ids to the game's
actions and ``ids`` back (``native_tree`` for a tree walked already), and its
``tables(policy)`` read a tabular policy found there by information state text and
action label, as ``dicerules.solvers`` takes one. ``policy_bot(native, policy)``
plays the game's engine as a dicerules Bot with a policy found there.
"""

from __future__ import annotations

import json
import numbers
import threading
from array import array
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found]

from dicerules import chance, tree
from dicerules.errors import (
    DiceRulesError,
    DuplicateGameError,
    InvalidArgumentError,
    RecordError,
    WrongTypeError,
    shown,
)
from dicerules.facts import (
    ActionIds,
    ScoreChange,
    check_length,
    encoded,
    recall_text,
    returns,
    view_text,
)
from dicerules.game import GAMES, AnyGame, get_game
from dicerules.policies import Chances, PolicyBot, views_by_set
from dicerules.records import GameRecord, rules_from_dict, rules_to_dict
from dicerules.records import record as _record
from dicerules.rulefields import derived, field_spec
from dicerules.streams import SEED_LIMIT, seeded_stream

__all__ = [
    "INFORMATION_TENSOR_LIMIT",
    "KEPT_NODES",
    "RECENT_FRAMES",
    "deserialize",
    "dicerules_state",
    "game",
    "information_tensor_size",
    "name_of",
    "native",
    "native_tree",
    "pending",
    "policy_bot",
    "record",
    "register",
    "serialize",
]

_PREFIX = "python_dicerules_"
_NO_BOUND = 2**31 - 1  # max_game_length of a game that declares no bound
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_registered: dict[str, AnyGame] = {}


def name_of(name: str) -> str:
    """The pyspiel name of the dicerules game ``name``."""
    return _PREFIX + name.replace("-", "_")


# ------------------------------------------------------------------ parameters


def _none_value(attribute: attrs.Attribute[Any]) -> int:
    """The int that stands for None in an optional int field's parameter."""
    spec = field_spec(attribute)
    if spec is not None and spec.low is not None:
        return spec.low - 1
    if spec is not None and spec.high is not None:
        return spec.high + 1
    raise InvalidArgumentError(
        f"field {attribute.name} may be None but has no range to stand for it"
    )


def _may_be_none(attribute: attrs.Attribute[Any]) -> bool:
    spec = field_spec(attribute)
    return spec is not None and spec.optional


def _left_out_value(attribute: attrs.Attribute[Any]) -> int | None:
    """The int that stands for "left out" in the parameter of a field whose default
    depends on the other fields (eighteen's ``max_rounds``), or None for other fields.

    pyspiel fills in every parameter it is not given, so such a field's parameter
    defaults to this value, one below the range and below None's stand-in: the field
    is then left out of the Rules and takes the default that the other fields give.
    """
    spec = field_spec(attribute)
    if not derived(attribute):
        return None
    if spec is None or spec.low is None:
        return None
    return spec.low - (2 if spec.optional else 1)


def _parameters(
    dgame: AnyGame, rules: Any, *, specification: bool = False
) -> dict[str, bool | int | str]:
    """``rules`` as pyspiel parameters (for the ``specification``: "left out" for a
    field whose default depends on the others)."""
    result: dict[str, bool | int | str] = {}
    for attribute in attrs.fields(dgame.Rules):
        value = getattr(rules, attribute.name)
        left_out = _left_out_value(attribute)
        if specification and left_out is not None:
            value = left_out
        elif value is None:
            value = _none_value(attribute)
        if not isinstance(value, bool | int | str):
            raise InvalidArgumentError(
                f"{dgame.name} field {attribute.name} is not a bool, int or str"
            )
        result[attribute.name] = value
    return result


def _rules(dgame: AnyGame, params: dict[str, Any]) -> Any:
    """The Rules that pyspiel parameters ``params`` name (defaults: the default rules).

    InvalidRulesError if they are not valid rules.
    """
    values = rules_to_dict(dgame.default_rules)
    for attribute in attrs.fields(dgame.Rules):
        left_out = _left_out_value(attribute)
        if left_out is not None:
            values.pop(attribute.name)  # derived from the others unless given
        if attribute.name not in params:
            continue
        value = params[attribute.name]
        if left_out is not None and value == left_out:
            continue
        if _may_be_none(attribute) and value == _none_value(attribute):
            value = None
        values[attribute.name] = value
    names = {attribute.name for attribute in attrs.fields(dgame.Rules)}
    unknown = sorted(set(params) - names)
    if unknown:
        raise InvalidArgumentError(f"{dgame.name} has no rule {', '.join(unknown)}")
    return dgame.Rules(**values)


# ------------------------------------------------------------------ game


def register(dgame: AnyGame) -> str:
    """Register ``dgame`` with pyspiel (once) and return its pyspiel name.

    Importing this module registers every game of GAMES; a game registered with
    dicerules later is registered here by ``game``.
    """
    name = name_of(dgame.name)
    taken = _registered.get(name)
    if taken is not None:
        if taken is dgame or taken == dgame:
            return name
        raise DuplicateGameError(
            f"the games {taken.name!r} and {dgame.name!r} have one OpenSpiel name, {name}"
            f" ('-' is written '_'): {dgame.name!r} cannot be registered with OpenSpiel;"
            " give it another name"
        )
    params = _parameters(dgame, dgame.default_rules, specification=True)
    pyspiel.register_game(_game_type(dgame, dgame.default_rules, params), _factory(dgame))
    _registered[name] = dgame
    return name


def _factory(dgame: AnyGame) -> type[_Game]:
    """The pyspiel Game class of ``dgame``, made from pyspiel parameters (a class, as
    OpenSpiel's Python games register: pyspiel keeps it until the interpreter exits)."""

    def __init__(self: _Game, params: dict[str, Any] | None = None) -> None:
        _Game.__init__(self, dgame, _rules(dgame, dict(params or {})))

    return type(f"_Game_{dgame.name.replace('-', '_')}", (_Game,), {"__init__": __init__})


def _loaded(name: str, params: dict[str, Any], bound: int | None = None) -> pyspiel.Game:
    """The pyspiel game a pickle holds: ``game`` from its name and parameters (and the
    bound of its whole tree, if it holds one)."""
    dgame = get_game(name)
    rules = _rules(dgame, params)
    if bound is None:
        return game(name, rules)
    return game(name, rules, whole_tree=True, bound=bound)


def game(
    name: str, rules: Any = None, *, whole_tree: bool = False, bound: int = tree.NODE_BOUND
) -> pyspiel.Game:
    """The pyspiel game of the dicerules game ``name`` under ``rules`` (None: the default).

    With ``whole_tree`` the game's whole tree is walked at once (``dicerules.tree.walk``;
    InvalidArgumentError past ``bound`` nodes) and its states answer from it, as a
    precomputed tree would: for solvers that walk a small game's tree again and again.
    """
    dgame = get_game(name)
    short = register(dgame)
    rules = dgame.default_rules if rules is None else rules
    if not isinstance(rules, dgame.Rules):
        raise WrongTypeError(f"{name} rules must be its Rules, not {type(rules).__name__}")
    if not isinstance(whole_tree, bool):
        raise WrongTypeError(f"whole_tree must be a bool, not {type(whole_tree).__name__}")
    spiel_game: _Game = pyspiel.load_game(short, _parameters(dgame, rules))
    if whole_tree:
        spiel_game.walked = _Walked(
            spiel_game, tree.walk(dgame, rules, bound=bound, tensors=True, views=False)
        )
        spiel_game.bound = bound
    return spiel_game


KEPT_NODES = 300_000
"""The most nodes of a game's tree the adapter keeps (per pyspiel game object): every
state a step made, each with what observers made of it, looked up when a walk comes
back to it. A small game's whole tree fits (liar's dice of two seats of one six-sided
die: 294,883 nodes, about 700 MB kept); a larger game keeps its first ones and makes
the others afresh, so that a long run of play through one game object (a learner's)
holds no more than that."""


RECENT_FRAMES = 4096
"""How many nodes' views a game keeps (the last used): a walk of the tree finds its
parent's there, and the text made from them is kept with the node instead."""


INFORMATION_TENSOR_LIMIT = 2**22
"""The most numbers an information state tensor may hold (4,194,304: 16 MiB of float32,
made for each thread that reads one). A game whose tensor would hold more has none:
OpenSpiel's ``information_state_tensor`` raises InvalidArgumentError naming this
bound and the observation tensor, which is far smaller."""


def information_tensor_size(dgame: AnyGame, rules: Any) -> int | None:
    """How many numbers the information state tensor of ``dgame`` under ``rules``
    would hold: the size of the game's ``information_state`` where it declares one;
    else ``max_length + 1`` frames of the view's encoding and a one-hot of the action
    taken, None for a game without an encoding or a ``max_length``."""
    declared = dgame.information_state
    if declared is not None:
        return declared.size(rules)
    encoding, max_length = dgame.observation, dgame.max_length(rules)
    if encoding is None or max_length is None or dgame.distinct_actions is None:
        return None
    return (max_length + 1) * (encoding.size(rules) + len(dgame.distinct_actions(rules)))


def _tensors(dgame: AnyGame, rules: Any) -> tuple[bool, bool]:
    """Whether the game has observation tensors, and information state tensors."""
    total = information_tensor_size(dgame, rules)
    return dgame.observation is not None, total is not None and total <= INFORMATION_TENSOR_LIMIT


def _game_type(dgame: AnyGame, rules: Any, params: dict[str, Any]) -> pyspiel.GameType:
    observation, information = _tensors(dgame, rules)
    payoff: ScoreChange | None = dgame.payoff(rules) if dgame.payoff is not None else None
    zero_sum = payoff is None or payoff.zero_sum
    kind = pyspiel.GameType
    return pyspiel.GameType(
        short_name=name_of(dgame.name),
        long_name=f"dicerules {dgame.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if zero_sum else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=64,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=information,
        provides_observation_string=True,
        provides_observation_tensor=observation,
        parameter_specification=params,
    )


class _Game(pyspiel.Game):  # type: ignore[misc]
    """A dicerules game under fixed rules, as pyspiel sees it."""

    def __init__(self, dgame: AnyGame, rules: Any) -> None:
        if dgame.distinct_actions is None:
            raise InvalidArgumentError(
                f"{dgame.name} declares no distinct_actions, which OpenSpiel needs for action"
                " ids: add them to its Game"
            )
        params = _parameters(dgame, rules)
        actions = tuple(dgame.distinct_actions(rules))
        payoff: ScoreChange | None = dgame.payoff(rules) if dgame.payoff is not None else None
        seats = dgame.seats(rules)
        max_length = dgame.max_length(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(actions),
            max_chance_outcomes=_most_outcomes(dgame, rules),
            num_players=seats,
            min_utility=-1.0 if payoff is None else float(payoff.least),
            max_utility=1.0 if payoff is None else float(payoff.most),
            utility_sum=0.0 if payoff is None or payoff.zero_sum else None,
            max_game_length=_NO_BOUND if max_length is None else max_length,
        )
        spec = _parameters(dgame, dgame.default_rules, specification=True)
        super().__init__(_game_type(dgame, rules, spec), info, params)
        self.dgame = dgame
        self.rules = rules
        self.actions = actions
        self.action_ids = ActionIds(actions, dgame)
        self.ids = self.action_ids.ids
        self.payoff = payoff
        self.max_length = max_length
        self.acting = tuple(dgame.acting_seats(rules))
        self.kept = 0
        """How many nodes the tree keeps (``KEPT_NODES`` at most)."""
        self._observers: dict[str, _Observer] = {}
        self.recent: OrderedDict[tuple[_Node, str, int], tuple[Any, ...]] = OrderedDict()
        """Views of the nodes' paths used last (``_Node.frames``), the least recent first."""
        setup = chance.setup(dgame, rules)
        self.root = (
            _Node(self, (setup.after,), (), None) if setup.done else _Node(self, (), (), setup)
        )
        self.walked: _Walked | None = None
        """The whole tree its states answer from (``game(..., whole_tree=True)``), if any."""
        self.bound = tree.NODE_BOUND
        """The bound on that tree's nodes it was walked with."""

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, bool | int | str], int | None]]:
        """Pickled as the game's name and parameters (and its whole tree's bound, if it
        holds one): loaded again on unpickling."""
        bound = None if self.walked is None else self.bound
        return (_loaded, (self.dgame.name, _parameters(self.dgame, self.rules), bound))

    def deserialize_state(self, text: str) -> _State:
        """The state ``state.serialize()`` wrote as ``text`` (``deserialize``), in this game."""
        state: _State = deserialize(text)
        if state.get_game().rules != self.rules or state.get_game().dgame != self.dgame:
            raise RecordError("the serialized state is of another game or other rules")
        return state

    def ids_of(self, legal: tuple[Any, ...]) -> list[int]:
        """The sorted ids of ``legal``, a tuple of legal actions (``ActionIds.of``)."""
        return list(self.action_ids.of(legal))

    def new_initial_state(self) -> _State:
        """The state before the set-up dice (if any)."""
        walked = self.walked
        return _State(self) if walked is None else walked.kind(0)

    def observer(self, kind: str) -> _Observer:
        """The observer of OpenSpiel's information state (``"information"``: perfect
        recall) or its default observation, made once."""
        made = self._observers.get(kind)
        if made is None:
            recall = kind == "information"
            made = self._observers[kind] = _Observer(
                self, pyspiel.IIGObservationType(perfect_recall=recall)
            )
        return made

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> _Observer:
        """An observer: the view (perfect recall: every view so far) as text and tensor."""
        if params:
            raise InvalidArgumentError(f"observation parameters are not supported, got {params}")
        return _Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


# ------------------------------------------------------------------ nodes


def _player_of(node: _Node) -> int:
    """pyspiel's current player at ``node``: chance, terminal or a seat."""
    if node.step is not None:
        return _CHANCE
    seat = node.game.dgame.current_player(node.path[-1])
    return _TERMINAL if seat is None else int(seat)


@attrs.frozen(eq=False)
class _Node:
    """Where a pyspiel state stands: every dicerules state reached (after each
    action), the id of the action taken at each, and the step whose dice are
    being chosen (the set-up, or the action taken at the last state), if any.

    Immutable, so a pyspiel clone shares it; pickled (and so serialized) as JSON.
    A game's end made by ``apply`` holds no dicerules state: what it answers from
    one (its returns, text, record) it makes again from its parent's when asked, so
    that a kept tree holds, at each of its many ends, few objects for the garbage
    collector to scan.
    """

    game: _Game
    held: tuple[Any, ...] | None
    """The dicerules states reached (``path``), or None where they are made again."""
    taken: tuple[int, ...]
    step: chance.Chance | None
    parent: _Node | None = None
    """The node this one was applied to (None for a root or a node read back)."""
    move: int = -1
    """The pyspiel action applied to ``parent`` to make this node (-1 without one)."""
    memo: dict[tuple[str, int], tuple[Any, ...]] = attrs.field(factory=dict)
    """What observers made of each state of ``path``, by kind and seat, kept: the
    states never change, so a node takes its parent's and makes only its own."""
    children: dict[int, _Node] = attrs.field(factory=dict)
    """The nodes ``child`` made, kept (the game's first ``KEPT_NODES``)."""

    def frames(
        self, kind: str, seat: int, make: Callable[[Any], Any], *, kept: bool = True
    ) -> tuple[Any, ...]:
        """``make(state)`` for each state of ``path``, each made once along the line of
        nodes that led here: kept in ``memo``, or (``kept`` False, for objects such as
        views, which the garbage collector would scan at every node of a kept tree) in
        the game's ``RECENT_FRAMES`` last used only."""
        key = (kind, seat)
        recent = self.game.recent

        def known(node: _Node) -> tuple[Any, ...] | None:
            if kept:
                return node.memo.get(key)
            found = recent.get((node, kind, seat))
            if found is not None:
                recent.move_to_end((node, kind, seat))  # used last: kept longest
            return found

        made = known(self)
        if made is not None:
            return made
        line: list[_Node] = []
        node: _Node | None = self
        while node is not None:
            found = known(node)
            if found is not None:
                made = found
                break
            line.append(node)
            node = node.parent
        made = made or ()
        for node in reversed(line):  # the oldest first: each path extends the one before
            path = node.path
            if len(made) < len(path):
                made += tuple(make(state) for state in path[len(made) :])
            if kept:
                node.memo[key] = made
            else:
                recent[node, kind, seat] = made
                if len(recent) > RECENT_FRAMES:
                    recent.popitem(last=False)
        return made

    player: int = attrs.field(init=False, default=attrs.Factory(_player_of, takes_self=True))
    """pyspiel's current player: chance, terminal or a seat."""

    def legal_ids(self) -> list[int]:
        """The sorted ids of the legal actions of a player's turn, made once."""
        known = self.memo.get(("legal", 0))
        if known is None:
            known = tuple(self.game.ids_of(self.game.dgame.legal_actions(self.last)))
            self.memo["legal", 0] = known
        return list(known)

    def __deepcopy__(self, memo: object) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_node_from_json, (self.to_json(),))

    @property
    def path(self) -> tuple[Any, ...]:
        """Every dicerules state reached, after each action (made again if not held)."""
        held = self.held
        if held is not None:
            return held
        assert self.parent is not None  # only a node that apply made lets its states go
        return self.parent.made(self.move)[0]

    @property
    def last(self) -> Any:
        path = self.path
        return path[-1] if path else None

    def to_json(self) -> str:
        step, path = self.step, self.path
        data: dict[str, Any] = {
            "game": name_of(self.game.dgame.name),
            "params": _parameters(self.game.dgame, self.game.rules),
            "record": _record(path[-1]).to_dict() if path else None,
            "action": None,
            "faces": list(step.faces) if step is not None else [],
        }
        if step is not None and step.before is not None:
            data["action"] = self.game.dgame.format_action(step.action)
        return json.dumps(data)

    def child(self, action_id: int) -> _Node:
        """``apply(action_id)``, made once: a small game's tree is kept whole, so that a
        solver's second and later walks only look its nodes up."""
        known = self.children.get(action_id)
        if known is not None:
            return known
        made = self.apply(action_id)
        spiel_game = self.game
        if spiel_game.kept < KEPT_NODES:
            spiel_game.kept += 1
            self.children[action_id] = made
        return made

    def apply(self, action_id: int) -> _Node:
        path, taken, step = self.made(action_id)
        node = _Node(self.game, path, taken, step, self, action_id)
        if node.player == _TERMINAL:
            object.__setattr__(node, "held", None)  # made again from this node when asked
        return node

    def made(self, action_id: int) -> tuple[tuple[Any, ...], tuple[int, ...], chance.Chance | None]:
        """The ``path``, ``taken`` and ``step`` of the node ``apply(action_id)`` makes."""
        step = self.step
        dgame = self.game.dgame
        if step is not None:
            step = _chosen(step, action_id)
            taken = self.taken
        else:
            if not 0 <= action_id < len(self.game.actions):
                raise InvalidArgumentError(f"{action_id} is not an action id of {dgame.name}")
            taken = (*self.taken, action_id)
            check_length(dgame, self.game.max_length, len(taken))
            step = chance.act(dgame, self.last, self.game.actions[action_id])
        if not step.done:
            return self.path, taken, step
        return (*self.path, step.after), taken, None


def _node_from_json(text: str) -> _Node:
    return _replayed(text)[0]


_KEYS = ("game", "params", "record", "action", "faces")


def _replayed(text: object) -> tuple[_Node, list[int]]:
    """The node that ``serialize`` wrote as ``text``, and the pyspiel actions leading to it.

    RecordError for anything but what ``serialize`` writes: text that is not such
    JSON, a game that is not ours, a record of other rules or one that does not
    replay, dice of no step under way.
    """
    data = _read(text)
    dgame = _registered.get(data["game"]) if isinstance(data["game"], str) else None
    if dgame is None:
        raise RecordError(f"{shown(data['game'])} is not the pyspiel name of a dicerules game")
    params = data["params"]
    if not isinstance(params, dict) or not all(
        isinstance(value, bool | int | str) for value in params.values()
    ):
        raise RecordError("params must be an object of bools, ints and strs")
    try:
        rules = _rules(dgame, params)
    except DiceRulesError as error:
        raise RecordError(f"the params are not rules of {dgame.name}: {error}") from None
    spiel_game = game(dgame.name, rules)
    rec = None if data["record"] is None else GameRecord.from_dict(data["record"])
    action, faces = data["action"], data["faces"]
    if action is not None and not isinstance(action, str):
        raise RecordError(f"action must be a str or null, got {shown(action)}")
    if not isinstance(faces, list) or not all(type(face) is int for face in faces):
        raise RecordError("faces must be a list of ints")
    node: _Node = spiel_game.root
    moves: list[int] = []
    if rec is not None:
        if rules_from_dict(dgame, rec.rules) != rules:
            raise RecordError("the record is of other rules than the params say")
        node = _follow(node, moves, list(rec.rolls), list(rec.actions))
        if node.step is not None or _record(node.last) != rec:
            raise RecordError("the record does not replay to a state of its own")
    elif node.step is None:
        raise RecordError("the game has no set-up dice, so the record cannot be null")
    elif action is not None:
        raise RecordError("an action before the set-up is over")
    if action is not None:
        node = _follow(node, moves, [], [action])
        if node.step is None:
            raise RecordError(f"the action {action!r} draws no dice, so it is no step under way")
    if faces:
        node = _follow(node, moves, faces, [])
        if node.step is None:
            raise RecordError("the faces end the step: it is no step under way")
    return node, moves


def _read(text: object) -> dict[str, Any]:
    """``text`` as the JSON object ``serialize`` writes, its keys checked."""
    if not isinstance(text, str | bytes):
        raise WrongTypeError(f"a serialized state is a str, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError and bad UTF-8 included
        raise RecordError(f"not a serialized dicerules state: {shown(str(error))}") from None
    if not isinstance(data, dict) or set(data) != set(_KEYS):
        raise RecordError(f"a serialized dicerules state is an object of {', '.join(_KEYS)}")
    return data


def _most_outcomes(dgame: AnyGame, rules: Any) -> int:
    """The most outcomes of a chance node: a die's faces, or a roll-off's seats."""
    sides: int = dgame.max_sides(rules)
    return sides if dgame.roll_off is None else max(sides, dgame.seats(rules))


def _chosen(step: chance.Chance, outcome: int) -> chance.Chance:
    """``step`` after the chance ``outcome``: the seat that wins the roll-off its next
    die begins, or else the next die's face less 1."""
    return step.show(outcome + 1) if step.roll_off is None else step.settle(outcome)


def _roll_off_won(step: chance.Chance, dice: deque[int]) -> int:
    """The seat whose roll-off dice ``dice`` begin with (taken off them); RecordError
    for dice by which no seat wins the roll-off at once (the adapter deals no others)."""
    roll_off: Any = step.roll_off
    for seat, faces in zip(roll_off.seats, roll_off.faces, strict=True):
        if tuple(dice)[: len(faces)] == faces:
            for _ in faces:
                dice.popleft()
            return int(seat)
    raise RecordError(
        "the serialized game does not replay: its roll-off dice are not the dice by which a"
        " seat wins at once, the only ones its OpenSpiel tree deals"
    )


def _follow(node: _Node, moves: list[int], dice: list[int], actions: list[str]) -> _Node:
    """``node`` after ``dice`` and ``actions`` in turn, each move appended to ``moves``;
    RecordError when they do not make a game."""
    spiel_game = node.game
    dgame = spiel_game.dgame
    dice_left, actions_left = deque(dice), deque(actions)
    try:
        while True:
            if node.step is not None and dice_left:
                step = node.step
                move = (
                    dice_left.popleft() - 1
                    if step.roll_off is None
                    else _roll_off_won(step, dice_left)
                )
            elif node.step is None and actions_left:
                parsed = dgame.parse_action(node.last, actions_left.popleft())
                move = spiel_game.ids_of((parsed,))[0]
            else:
                break
            node = node.apply(move)
            moves.append(move)
    except DiceRulesError as error:
        raise RecordError(f"the serialized game does not replay: {error}") from None
    if dice_left or actions_left:
        raise RecordError("the serialized game does not replay: its dice and actions disagree")
    return node


# ------------------------------------------------------------------ states


def _mask(spiel_game: _Game, player: int, legal: Callable[[int], list[int]]) -> list[int]:
    """``legal_actions_mask(player)``: a 1 for each of ``legal(player)``, as long as
    chance's outcomes (for chance) or the game's actions."""
    size = spiel_game.max_chance_outcomes() if player == _CHANCE else len(spiel_game.actions)
    mask = [0] * size
    for action in legal(player):
        mask[action] = 1
    return mask


@attrs.frozen
class PlayerAction:
    """A move of ``full_history`` (pyspiel's PlayerAction: ``player`` and ``action``)."""

    player: int
    action: int


class _State(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state of a dicerules game: the one implementation of what OpenSpiel's
    algorithms ask of a state.

    It answers in Python what OpenSpiel's Python algorithms ask (``child``, ``clone``,
    ``legal_actions``, ``information_state_string``, ``history`` ...), as pyspiel's own
    path would, without a round trip through C++ for each. Every answer is made here,
    once, from a few facts about the node the state stands on: the methods under
    "facts" below (its player, legal ids and mask, chance outcomes, the information
    state text and tensor of the player to act, returns, moves so far, history text,
    child, clone). This class reads them from a _Node of the engine's states and keeps
    the moves so far (``moves``: player and action); a game's whole tree
    (``_TreeState``) reads the same facts from its flat lists and answers nothing
    itself, so the two kinds of state cannot disagree on how a question is answered.
    A state made by ``child`` or ``clone`` here has no C++ history, which only C++
    code reads.
    """

    def __init__(self, spiel_game: _Game, node: _Node | None = None, moves: Any = ()) -> None:
        super().__init__(spiel_game)
        self.node: _Node = spiel_game.root if node is None else node
        self.moves: tuple[tuple[int, int], ...] = tuple(moves)
        """Each move so far, its player and action (tuples of ints: the collector soon
        stops tracking them)."""

    # -------------------------------------------------------------- facts

    def current_player(self) -> int:
        return self.node.player

    def child(self, action: int) -> _State:
        node = self.node
        move = int(action)
        return _State(node.game, node.child(move), (*self.moves, (node.player, move)))

    def clone(self) -> _State:
        return _State(self.node.game, self.node, self.moves)

    def _apply_action(self, action: int) -> None:
        node = self.node
        self.node = node.child(action)
        self.moves = (*self.moves, (node.player, action))

    def _ids(self) -> list[int]:
        """The legal ids of the player to act (chance's outcomes, sorted); [] at the end."""
        node = self.node
        if node.step is not None:
            return sorted(outcome for outcome, _ in self.chance_outcomes())
        if node.player == _TERMINAL:
            return []
        return node.legal_ids()

    def _own_mask(self) -> list[int]:
        """``legal_actions_mask`` of the player to act."""
        return _mask(self.node.game, self.node.player, lambda _: self._ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        step = self.node.step
        if step is None or step.sides is None:
            return []
        if step.roll_off is not None:
            return [
                (s, float(p))
                for s, p in zip(step.roll_off.seats, step.roll_off.chances, strict=True)
            ]
        if step.sides > self.node.game.max_chance_outcomes():
            raise InvalidArgumentError(
                f"{self.node.game.dgame.name} rolled a die of {step.sides} sides, more than the"
                f" {self.node.game.max_chance_outcomes()} its max_sides declares"
            )
        return [(face - 1, 1.0 / step.sides) for face in step.outcomes]

    def _own_text(self) -> str:
        """The information state text of the player to act (a seat)."""
        node = self.node
        return str(node.game.observer("information").string_from(self, node.player))

    def _own_tensor(self) -> list[float] | None:
        """The information state tensor of the player to act, or None to have pyspiel's
        own path make it (through the game's observer)."""
        return None

    def _paid(self) -> tuple[float, ...] | None:
        """The returns of an ended game (None before its end)."""
        node = self.node
        if node.player != _TERMINAL:
            return None
        known = node.memo.get(("returns", 0))
        if known is None:  # as dicerules.pettingzoo pays
            known = node.memo["returns", 0] = returns(node.game.dgame, node.last)
        return tuple(known)

    def _steps(self) -> Sequence[tuple[int, int]]:
        """Each move so far: its player and action."""
        return self.moves

    def history_str(self) -> str:
        memo = self.node.memo  # a node is reached by one line of moves, so it keeps the text
        known = memo.get(("history", 0))
        if known is None:
            known = memo["history", 0] = (", ".join([str(action) for _, action in self.moves]),)
        return str(known[0])

    # -------------------------------------------------------------- answers made of them

    def apply_action(self, action: int) -> None:
        self._apply_action(int(action))

    def legal_actions(self, player: int | None = None) -> list[int]:
        who = self.current_player()
        if who == _TERMINAL:
            return []
        if who == _CHANCE or player is None or player == who:
            return self._ids()
        if player < 0:
            return list(pyspiel.State.legal_actions(self, player))  # pyspiel's own error
        return []

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        if player is None or player == self.current_player():
            return self._own_mask()
        return _mask(self.get_game(), player, self.legal_actions)

    def _legal_actions(self, player: int) -> list[int]:
        return self._ids() if player == self.current_player() >= 0 else []

    def information_state_string(self, player: int | None = None) -> str:
        who = self.current_player()
        if who >= 0 and (player is None or player == who):
            return self._own_text()
        return self._observed("information", player, pyspiel.State.information_state_string)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        who = self.current_player()
        if who >= 0 and (player is None or player == who):
            known = self._own_tensor()
            if known is not None:
                return known
        if player is None:
            return list(pyspiel.State.information_state_tensor(self))
        return list(pyspiel.State.information_state_tensor(self, player))

    def observation_string(self, player: int | None = None) -> str:
        return self._observed("observation", player, pyspiel.State.observation_string)

    def _observed(self, kind: str, player: int | None, pyspiel_own: Any) -> str:
        """``player``'s (the seat to act's) text from the game's ``kind`` observer; a
        seat out of range goes to pyspiel's own method, for pyspiel's own error."""
        if player is None:
            player = self.current_player()
        node = self.node
        if not 0 <= player < node.game.num_players():
            return str(pyspiel_own(self, player))
        return str(node.game.observer(kind).string_from(self, player))

    def is_chance_node(self) -> bool:
        return self.current_player() == _CHANCE

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL  # no seat to act: the game is over

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def returns(self) -> list[float]:
        paid = self._paid()
        return [0.0] * self.get_game().num_players() if paid is None else list(paid)

    def history(self) -> list[int]:
        return [action for _, action in self._steps()]

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(player, action) for player, action in self._steps()]

    def move_number(self) -> int:
        return len(self._steps())

    def is_initial_state(self) -> bool:
        return not self._steps()

    def serialize(self) -> str:
        """The state as ``dos.serialize`` writes it: JSON, never a pickle."""
        return self.node.to_json()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """A state that ``player_id`` cannot tell from this one, all it may not know
        drawn afresh (the game's ``resample_hidden``), for search (ISMCTS).

        ``probability_sampler()`` (a float from 0 to 1) seeds the draw, and the same
        seed redraws every state the game passed through, so the other seats' own
        histories are made of drawn dice, never of this state's hidden ones. Its
        ``history()`` is still this state's, and its record is not one to replay. A
        game that hides nothing gives a clone. ValueError while dice are being chosen;
        WrongTypeError for a sampler value that is not a real number, InvalidArgumentError
        for one outside 0 to 1 (NaN and the infinities included).
        """
        node = self.node
        spiel_game = node.game
        dgame = spiel_game.dgame
        if not isinstance(player_id, int) or not 0 <= player_id < spiel_game.num_players():
            raise InvalidArgumentError(f"{shown(player_id)} is not a player of this game")
        if node.step is not None or not node.path:
            raise InvalidArgumentError(
                "a state can be resampled between steps only, not while dice are being chosen"
            )
        resample = dgame.resample_hidden
        if resample is None:
            return self.clone()
        drawn = probability_sampler()
        if not isinstance(drawn, numbers.Real) or isinstance(drawn, bool):
            raise WrongTypeError(
                f"probability_sampler() must give a float from 0 to 1, not {type(drawn).__name__}"
            )
        if not 0 <= float(drawn) <= 1:  # NaN fails this too
            raise InvalidArgumentError(
                f"probability_sampler() must give a float from 0 to 1, not {shown(drawn)}"
            )
        seed = int(float(drawn) * SEED_LIMIT) % SEED_LIMIT
        path = tuple(resample(state, player_id, seeded_stream(seed)) for state in node.path)
        return _State(spiel_game, _Node(spiel_game, path, node.taken, None), self._steps())

    def _action_to_string(self, player: int, action: int) -> str:
        spiel_game = self.node.game
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < spiel_game.max_chance_outcomes():
                raise InvalidArgumentError(
                    f"{action} is not a chance outcome of {spiel_game.dgame.name}: the"
                    f" outcomes are 0 to {spiel_game.max_chance_outcomes() - 1}"
                )
            step = self.node.step
            if step is not None and step.roll_off is not None:
                return f"seat {action} wins the roll-off"
            return f"die {action + 1}"
        if not 0 <= action < len(spiel_game.actions):
            raise InvalidArgumentError(
                f"{action} is not an action id of {spiel_game.dgame.name}: the ids are 0"
                f" to {len(spiel_game.actions) - 1}"
            )
        return str(spiel_game.dgame.format_action(spiel_game.actions[action]))

    def __str__(self) -> str:
        node = self.node
        describe = node.game.dgame.describe or repr
        text = "" if not node.path else str(describe(node.last))
        step = node.step
        if step is not None:
            doing = "set-up" if step.before is None else node.game.dgame.format_action(step.action)
            then = f"a d{step.sides}" if step.roll_off is None else "a roll-off"
            text += f"\n{doing}: dice {list(step.faces)}, next {then}"
        return text


# ------------------------------------------------------------------ a whole tree


class _Walked:
    """A game's whole tree (``game(..., whole_tree=True)``), in flat lists by node (the
    tree's preorder numbers), holding what a state answers without the engine: so few
    objects that the garbage collector barely notices them."""

    def __init__(self, spiel_game: _Game, walked: tree.Tree) -> None:
        self.game = spiel_game
        size = self.size = walked.nodes
        self.player = list(walked.player)
        """pyspiel's current player at each node."""
        self.start = [0] * size
        """Where each node's children begin in ``kids``."""
        self.kids: list[int] = []
        """Every node's children, in the tree's order."""
        self.slot: list[tuple[int, ...]] = [()] * size
        """Per node, the position among its children of each action id (-1: illegal)."""
        self.masks: list[tuple[int, ...]] = [()] * size
        """Per node, ``legal_actions_mask`` of the player to act (at a chance node, of
        chance)."""
        self.legal: list[tuple[int, ...]] = [()] * size
        """Per node, its legal action ids (a chance node's outcomes), sorted."""
        self.text: list[str] = [""] * size
        """Per player node, the information state text of the player to act."""
        self.tensors = array("f")
        """The information state tensors of the tree's information sets, in turn."""
        self.tensor_at = [-1] * size
        """Per player node, where the tensor of the player to act begins (-1: not made)."""
        self.paid: list[tuple[float, ...] | None] = [None] * size
        """Per terminal, the returns."""
        self.chances: list[tuple[tuple[int, float], ...]] = [()] * size
        """Per chance node, its outcomes and their chances."""
        self.parent = [-1] * size
        self.move = [-1] * size
        """Each node's parent and the action (or outcome) that led from it."""
        self.zeros = [0.0] * spiel_game.num_players()
        self.histories: list[str | None] = [None] * size
        """``history_str`` of the nodes asked so far."""
        self.kind: type[_TreeState] = type("_TreeState", (_TreeState,), {"walked": self})
        """The class of this tree's states."""
        shared: dict[Any, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
        paid: dict[tuple[Fraction, ...], tuple[float, ...]] = {}
        ids, width, most = spiel_game.ids, len(spiel_game.actions), spiel_game.max_chance_outcomes()
        nothing = (0,) * width
        texts, tensors = walked.information_sets, walked.tensors
        observer = spiel_game.observer("information")
        declared = observer.information
        if observer.refused is not None or declared is None:
            tensors = ()  # the observer's own answer (or refusal) instead
        length = self.tensor_length = 0 if declared is None else declared.size(spiel_game.rules)
        offsets: list[list[int]] = []
        for vectors in tensors:  # one array for all, so that the collector sees one object
            offsets.append([])
            for vector in vectors:
                offsets[-1].append(-1 if len(vector) != length else len(self.tensors))
                if len(vector) == length:  # else the observer's own error, when asked
                    self.tensors.extend(vector)
        for index, (who, kids) in enumerate(zip(walked.player, walked.children, strict=True)):
            self.start[index] = len(self.kids)
            self.kids += kids
            if who == tree.TERMINAL:
                payoffs = walked.payoffs[index]
                known = paid.get(payoffs)
                if known is None:
                    known = paid[payoffs] = tuple(float(value) for value in payoffs)
                self.paid[index] = known
                self.masks[index] = nothing
                continue
            actions = walked.actions[index]
            if who == tree.CHANCE:
                key: Any = (walked.roll_off(index), actions)
                moves = list(actions) if key[0] else [face - 1 for face in actions]
                if len(moves) > most:
                    raise InvalidArgumentError(
                        f"{spiel_game.dgame.name} rolled a die of {len(moves)} sides, more than"
                        f" the {most} its max_sides declares"
                    )
                chances = tuple(
                    (move, float(p)) for move, p in zip(moves, walked.chances[index], strict=True)
                )
                self.chances[index] = chances
            else:
                key = id(actions)
                moves = [ids[action] for action in actions]
                number = walked.infoset[index]
                self.text[index] = texts[who][number]
                if tensors:
                    self.tensor_at[index] = offsets[who][number]
            made = shared.get(key)
            if made is None:
                slot = [-1] * (most if who == tree.CHANCE else width)
                for position, move in enumerate(moves):
                    slot[move] = position
                mask = tuple(int(position >= 0) for position in slot)
                made = shared[key] = (tuple(sorted(moves)), tuple(slot), mask)
            self.legal[index], self.slot[index], self.masks[index] = made
            for kid, move in zip(kids, moves, strict=True):
                self.parent[kid] = index
                self.move[kid] = move

    def history(self, index: int) -> str:
        """``history_str`` at node ``index``, made from its parent's and kept."""
        known = self.histories[index]
        if known is None:
            up = self.parent[index]
            if up < 0:
                known = ""
            else:
                before = self.history(up)
                known = f"{before}, {self.move[index]}" if before else str(self.move[index])
            self.histories[index] = known
        return known

    def moves(self, index: int) -> list[tuple[int, int]]:
        """The moves (player and action) from the root to node ``index``."""
        player, parent, move = self.player, self.parent, self.move
        made: list[tuple[int, int]] = []
        while (up := parent[index]) >= 0:
            made.append((player[up], move[index]))
            index = up
        made.reverse()
        return made


def _tree_state(spiel_game: _Game, index: int) -> _TreeState:
    """The state at node ``index`` of ``spiel_game``'s whole tree (a pickle's)."""
    walked = spiel_game.walked
    if walked is None or not 0 <= index < walked.size:
        raise RecordError(f"the pickled state's node {index} is not in the game's tree")
    return walked.kind(index)


class _TreeState(_State):
    """A state of a game that holds its whole tree (``_Walked``): a node's number.

    It reads the facts _State answers from (its "facts") from the tree instead of the
    engine's states; anything else (views, observations, the game's record) comes from
    the node the engine makes along the state's moves, made when first asked
    (``node``). Each such game has a class of its own (``_Walked.kind``) that holds its
    tree, so that a state holds an int only, which the garbage collector soon stops
    scanning."""

    walked: _Walked

    def __init__(self, index: int) -> None:
        pyspiel.State.__init__(self, self.walked.game)
        self.index = index

    def __reduce__(self) -> tuple[Any, tuple[_Game, int]]:
        """Pickled as its game (which walks its tree again when loaded) and node."""
        return (_tree_state, (self.walked.game, self.index))

    def __deepcopy__(self, memo: object) -> _TreeState:
        return self.walked.kind(self.index)

    @property
    def node(self) -> _Node:  # type: ignore[override]
        """The node of the engine's states along this state's moves, made once."""
        made: _Node | None = self.__dict__.get("_node")
        if made is None:
            made = self.walked.game.root
            for _, move in self._steps():
                made = made.child(move)
            self.__dict__["_node"] = made
        return made

    # -------------------------------------------------------------- facts, from the tree

    def current_player(self) -> int:
        return self.walked.player[self.index]

    def child(self, action: int) -> _State:
        walked, index = self.walked, self.index
        slot = walked.slot[index]
        if type(action) is int and 0 <= action < len(slot) and (position := slot[action]) >= 0:
            return walked.kind(walked.kids[walked.start[index] + position])
        return walked.kind(self._kid(action))

    def _kid(self, action: int) -> int:
        """The node ``action`` leads to; the engine's error for an action not legal here."""
        walked, index = self.walked, self.index
        move = int(action)
        slot = walked.slot[index]
        position = slot[move] if 0 <= move < len(slot) else -1
        if position < 0:
            self.node.child(move)  # the engine's own error for this action
            raise InvalidArgumentError(f"{move} is not a legal action here")
        return walked.kids[walked.start[index] + position]

    def clone(self) -> _State:
        return self.walked.kind(self.index)

    def _apply_action(self, action: int) -> None:
        self.index = self._kid(action)
        self.__dict__.pop("_node", None)

    def _ids(self) -> list[int]:
        return list(self.walked.legal[self.index])

    def _own_mask(self) -> list[int]:
        return list(self.walked.masks[self.index])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.walked.chances[self.index])

    def _own_text(self) -> str:
        return self.walked.text[self.index]

    def _own_tensor(self) -> list[float] | None:
        walked = self.walked
        start = walked.tensor_at[self.index]
        if start < 0:
            return None
        return walked.tensors[start : start + walked.tensor_length].tolist()

    def _paid(self) -> tuple[float, ...] | None:
        return self.walked.paid[self.index]

    def _steps(self) -> Sequence[tuple[int, int]]:
        return self.walked.moves(self.index)

    def history_str(self) -> str:
        return self.walked.history(self.index)


# ------------------------------------------------------------------ observers


class _Observer:
    """OpenSpiel's PyObserver for a dicerules game: ``tensor`` and its named pieces
    (``dict``), and ``set_from`` / ``string_from`` a state for a player.

    Without perfect recall the pieces are those of the game's encoding, from the
    seat's view now; with it, ``views`` (one encoding per frame) and ``actions``
    (a one-hot of the seat's own action in each frame).

    Each thread has a tensor of its own (OpenSpiel calls ``set_from`` and then reads
    ``dict``), so threads that share a game never read each other's seats.
    """

    def __init__(self, spiel_game: _Game, iig_obs_type: pyspiel.IIGObservationType) -> None:
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidArgumentError(
                "an observer of every player's private dice is not supported"
            )
        self.game = spiel_game
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.private_only = not iig_obs_type.public_info
        """What the seat's view shows beyond the spectator's: its text, the fields that
        differ; its tensor, the seat's encoding less the spectator's."""
        self.recall = bool(iig_obs_type.perfect_recall)
        if self.private_only and (self.spectator or self.recall):
            raise InvalidArgumentError(
                "an observer without public information is supported for one player's"
                " private information now, without perfect recall"
            )
        dgame, rules = spiel_game.dgame, spiel_game.rules
        self.encoding = dgame.observation
        self.information = dgame.information_state if self.recall else None
        """The game's own information state, which perfect recall then uses, or None."""
        self.refused: str | None = None
        """Why this observer has no tensor though the game has an encoding, if it has none."""
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self.information is not None:
            declared_size = self.information.size(rules)
            if declared_size > INFORMATION_TENSOR_LIMIT:
                self.refused = (
                    f"{dgame.name} under these rules would have an information state tensor"
                    f" of {declared_size:,} numbers, more than the {INFORMATION_TENSOR_LIMIT:,}"
                    " the adapter allows: use the observation tensor or the information state"
                    " string"
                )
            else:
                pieces = list(self.information.pieces(rules))
        elif self.encoding is not None:
            size = self.encoding.size(rules)
            total = information_tensor_size(dgame, rules)
            if not self.recall:
                pieces = list(self.encoding.pieces(rules))
            elif total is not None and total > INFORMATION_TENSOR_LIMIT:
                self.refused = (
                    f"{dgame.name} under these rules would have an information state tensor"
                    f" of {total:,} numbers, more than the {INFORMATION_TENSOR_LIMIT:,} the"
                    f" adapter allows: use the observation tensor ({size:,} numbers) or the"
                    " information state string"
                )
            elif spiel_game.max_length is not None:
                frames = spiel_game.max_length + 1
                pieces = [("views", (frames, size)), ("actions", (frames, len(spiel_game.actions)))]
        self.pieces = tuple(pieces)
        self._local = threading.local()

    def _buffers(self) -> tuple[np.ndarray[Any, Any], dict[str, np.ndarray[Any, Any]]]:
        """This thread's tensor and its pieces, made on its first use."""
        local = self._local
        tensor = getattr(local, "tensor", None)
        if tensor is None:
            total = sum(int(np.prod(shape)) for _, shape in self.pieces)
            tensor = np.zeros(total, np.float32)
            pieces: dict[str, np.ndarray[Any, Any]] = {}
            start = 0
            for name, shape in self.pieces:
                size = int(np.prod(shape))
                pieces[name] = tensor[start : start + size].reshape(shape)
                start += size
            local.tensor, local.dict = tensor, pieces
        return tensor, local.dict

    @property
    def tensor(self) -> np.ndarray[Any, Any]:
        """The flat tensor ``set_from`` filled last in this thread."""
        return self._buffers()[0]

    @property
    def dict(self) -> dict[str, np.ndarray[Any, Any]]:
        """The named pieces of ``tensor``, each a reshaped view of it."""
        return self._buffers()[1]

    def _seat(self, player: int) -> int | None:
        return None if self.spectator else player

    def _own(self, node: _Node, player: int) -> list[int | None]:
        """For each state of the path, the id of the seat's own action taken there."""
        current = node.game.dgame.current_player
        return [
            node.taken[index] if index < len(node.taken) and current(state) == player else None
            for index, state in enumerate(node.path)
        ]

    def _kind(self, what: str) -> str:
        """The memo's name for ``what`` this observer makes."""
        if self.private_only:
            return f"private {what}"
        return f"spectator {what}" if self.spectator else what

    def _encoded(self, node: _Node, player: int) -> tuple[Any, ...]:
        dgame, rules, seat = node.game.dgame, node.game.rules, self._seat(player)

        def encode(state: Any) -> Any:
            vector = np.asarray(encoded(dgame, rules, dgame.view(state, seat)))
            if self.private_only:
                vector = vector - np.asarray(encoded(dgame, rules, dgame.view(state, None)))
            return vector

        return node.frames(self._kind("tensor"), player, encode)

    def _views(self, node: _Node, player: int) -> tuple[Any, ...]:
        """The seat's view of each state of the path (a spectator's for a spectator)."""
        view, seat = node.game.dgame.view, self._seat(player)
        return node.frames(self._kind("view"), player, lambda state: view(state, seat), kept=False)

    def _information(self, node: _Node, player: int) -> tuple[float, ...]:
        """The game's information state vector, checked to be as long as its pieces say."""
        declared, spiel_game = self.information, node.game
        assert declared is not None
        vector = declared.encode(spiel_game.rules, self._views(node, player))
        size = declared.size(spiel_game.rules)
        if len(vector) != size:
            raise InvalidArgumentError(
                f"{spiel_game.dgame.name}'s information_state encoded {len(vector)} numbers,"
                f" but its pieces say {size}: encode and pieces must agree"
            )
        return vector

    def _texts(self, node: _Node, player: int) -> tuple[str, ...]:
        dgame, seat = node.game.dgame, self._seat(player)

        def text(state: Any) -> str:
            view = dgame.view(state, seat)
            return view_text(view, dgame.view(state, None) if self.private_only else None)

        return node.frames(self._kind("text"), player, text)

    def set_from(self, state: _State, player: int) -> None:
        """Fill ``tensor`` from ``state`` as ``player`` sees it."""
        if self.refused is not None:
            raise InvalidArgumentError(self.refused)
        tensor, pieces = self._buffers()
        tensor.fill(0)
        node = state.node
        if not tensor.size or not node.path:
            return
        if self.information is not None:
            tensor[:] = self._information(node, player)
            return
        if self.encoding is None:
            return
        frames = self._encoded(node, player)
        if not self.recall:
            tensor[:] = frames[-1]
            return
        pieces["views"][: len(frames)] = np.stack(frames)
        actions = pieces["actions"]
        for index, own in enumerate(self._own(node, player)):
            if own is not None:
                actions[index, own] = 1.0

    def string_from(self, state: _State, player: int) -> str:
        """``state`` as ``player`` sees it, as text."""
        node = state.node
        if not node.path:
            return "" if not self.recall else self._who(player)
        declared = self.information
        if declared is not None and declared.text is not None:
            key = (self._kind("information text"), player)
            known = node.memo.get(key)
            if known is None:
                known = (declared.text(node.game.rules, self._views(node, player)),)
                node.memo[key] = known
            return str(known[0])
        texts = self._texts(node, player)
        if not self.recall:
            return texts[-1]
        format_action, actions = node.game.dgame.format_action, node.game.actions
        own = [None if i is None else format_action(actions[i]) for i in self._own(node, player)]
        return recall_text(self._who(player), texts, own)

    def _who(self, player: int) -> str:
        return "spectator" if self.spectator else f"seat {player}"


# ------------------------------------------------------------------ back to dicerules


def _node_of(state: pyspiel.State) -> _Node:
    if not isinstance(state, _State):
        raise WrongTypeError(f"not the state of a dicerules game: {type(state).__name__}")
    return state.node


def dicerules_state(state: pyspiel.State) -> Any:
    """The dicerules state a pyspiel state stands on: the last one reached, before the
    dice of a step under way. ValueError while the set-up dice are being chosen."""
    node = _node_of(state)
    if not node.path:
        raise InvalidArgumentError("the game is not set up yet: its set-up dice are being chosen")
    return node.last


def record(state: pyspiel.State) -> GameRecord:
    """The record of the game up to ``dicerules_state(state)``: it replays with
    ``dicerules.replay`` and ``dicerules replay``."""
    return _record(dicerules_state(state))


def pending(state: pyspiel.State) -> chance.Chance | None:
    """The step whose dice are being chosen (set-up or an action), or None."""
    return _node_of(state).step


def serialize(state: pyspiel.State) -> str:
    """``state`` as JSON: the pyspiel game and parameters, the record of the game so far
    (``record``), and the action and dice of a step under way."""
    return _node_of(state).to_json()


def deserialize(text: str) -> pyspiel.State:
    """The pyspiel state ``serialize`` wrote as ``text``, its history played again."""
    node, moves = _replayed(text)
    state = node.game.new_initial_state()
    for move in moves:
        state.apply_action(move)
    return state


def _register_all(games: Sequence[AnyGame]) -> None:
    """Register every game that can be; ``game(name)`` raises the error of one that cannot.

    A game whose parts raise anything at all is left out, so that one broken plugin
    cannot keep the others from OpenSpiel.
    """
    for dgame in games:
        try:
            register(dgame)
        except Exception:  # game(name) raises it again, where it can be seen
            continue


_register_all(list(GAMES.values()))


# ------------------------------------------------------------------ the tree, natively


@attrs.frozen(eq=False)
class Native:
    """A game's whole tree as OpenSpiel's own C++ game (``native``).

    ``game`` is the pyspiel game, ``tree`` the dicerules tree it was written from,
    ``actions[i]`` the game's action that its action id ``i`` stands for, ``ids`` the id
    of each, and ``outcomes[i]`` the label of its chance outcome ``i`` (``die 3``).
    """

    game: pyspiel.Game
    tree: tree.Tree
    actions: tuple[Any, ...]
    ids: dict[Any, int]
    outcomes: tuple[str, ...]
    outcome_ids: dict[str, int]

    def moves(self, index: int) -> list[int]:
        """The pyspiel actions of the edges of the tree's node ``index``, in its order."""
        walked = self.tree
        if walked.player[index] == tree.CHANCE:
            return [self.outcome_ids[label] for label in walked.labels[index]]
        return [self.ids[action] for action in walked.actions[index]]

    def tables(self, policy: Any) -> dict[int, dict[str, dict[str, float]]]:
        """A tabular policy of ``game`` (with ``policy_table()``, as pyspiel's
        TabularPolicy: ``solver.tabular_average_policy()``) by seat, information state
        text and action label, as ``dicerules.solvers`` and ``dicerules.policies`` take
        one."""
        walked, game = self.tree, self.tree.game
        tables: dict[int, dict[str, dict[str, float]]] = {seat: {} for seat in range(walked.seats)}
        for key, pairs in policy.policy_table().items():
            seat, _, number, _ = key.split("-", 3)  # "seat-seat-set (from 1)-its name"
            text = walked.information_sets[int(seat)][int(number) - 1]
            tables[int(seat)][text] = {
                str(game.format_action(self.actions[action])): float(chance)
                for action, chance in pairs
            }
        return tables


def native(name: str, rules: Any = None, *, bound: int = tree.NODE_BOUND) -> Native:
    """The whole tree of the game ``name`` under ``rules`` as OpenSpiel's own game.

    InvalidArgumentError for a tree past ``bound`` nodes (``dicerules.tree.walk``).
    """
    return native_tree(tree.walk(get_game(name), rules, bound=bound))


def native_tree(walked: tree.Tree) -> Native:
    """A tree walked already (``dicerules.tree.walk``) as OpenSpiel's own game."""
    # OpenSpiel numbers an EFG's actions by their labels, in the order they first appear
    # (chance outcomes apart).
    ids: dict[Any, int] = {}
    labels: dict[str, Any] = {}
    outcomes: dict[str, int] = {}
    for who, actions, names in zip(walked.player, walked.actions, walked.labels, strict=True):
        if who == tree.CHANCE:
            for label in names:
                outcomes.setdefault(label, len(outcomes))
            continue
        for action, label in zip(actions, names, strict=True):
            if labels.setdefault(label, action) != action:
                raise InvalidArgumentError(
                    f"{walked.game.name} writes two actions as {label!r}: each action needs"
                    " a text of its own"
                )
            ids.setdefault(action, len(ids))
    spiel_game = pyspiel.load_efg_game(tree.efg_text(walked))
    return Native(spiel_game, walked, tuple(ids), ids, tuple(outcomes), outcomes)


def policy_bot(game: Native, policy: Any, seed: int = 0) -> PolicyBot:
    """A dicerules Bot that plays ``policy`` (an OpenSpiel policy of ``game.game``: one
    with ``action_probabilities(state)``, as CFR's average policy) on the game's engine.

    It reads the information set from the view it is handed, so the game's views must
    tell apart each seat's information sets (InvalidArgumentError if not); a view of
    no turn of the tree (other rules) is refused (InvalidArgumentError).
    """
    walked = game.tree
    chances: dict[Any, Chances] = {}
    wanted = views_by_set(walked)
    stack = [(0, game.game.new_initial_state())]
    while stack and wanted:
        index, state = stack.pop()
        who = walked.player[index]
        if who == tree.TERMINAL:
            continue
        views = wanted.pop((who, walked.infoset[index]), None) if who >= 0 else None
        if views is not None:
            found = dict(policy.action_probabilities(state))
            made = tuple(
                (action, float(found.get(game.ids[action], 0.0)))
                for action in walked.actions[index]
            )
            for view in views:
                chances[view] = made
        for child, move in zip(walked.children[index], game.moves(index), strict=True):
            stack.append((child, state.child(move)))
    return PolicyBot(chances, seed, strict=True)
