"""Batch engines: many games of one game stepped together in NumPy (extra ``batch``).

One API for every game, after pgx: ``engine(game, rules)`` gives a BatchEngine;
``new_games(seeds)`` starts one game a seed; ``step(b, action_ids)`` applies one
action id (an index into ``game.distinct_actions(rules)``, as the adapters number
them) a game; the read-outs are arrays, one row a game. A game that declares a
kernel (its Game's ``batch``) is stepped by it, every game in the same NumPy
operations; any other game is stepped through its scalar functions behind the same
API, so code written against this module runs on every game with action ids.

A kernel plays exactly the scalar engine's rules, drawing the same dice from the
same SeededStream in the same order, so ``eng.state(b, i)`` is the scalar state
that ``new_game(rules, seed=seeds[i])`` and the same actions reach.

For a learner: ``observation(b, seats)`` takes one seat a game
(``observation(b, current_player(b))``: what each game's seat to act sees);
``returns(b)`` is what each seat is paid (0 until its game is over) and
``rewards(before, after)`` what a step paid it; ``reset_done(b, seeds)`` begins
every game that is over anew, its outcome kept in the new state's ``final_scores``
and ``final_returns``; ``engine(game, auto_reset=True)`` does so inside every
``step``. Every read-out is a new, writeable array of the caller's.
``VectorEnv`` (``dicerules.batch.env``, with gymnasium) is a gymnasium vector
environment for one learning seat against ``uniform`` or a policy; ``ParallelEnv``
has every seat an agent (self-play), after PettingZoo's ParallelEnv.

``simulate(game, n)`` plays ``n`` games with the ``uniform`` bot in every acting
seat, seeded as ``dicerules simulate`` seeds them: game i with
``match.game_seed(seed, i)`` and the bot in seat k of a game seeded g with
``match.bot_seed(g, k)``, so each game is the one ``play_match`` plays with
``uniform`` bots made with those seeds.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import attrs
import numpy as np

from dicerules.bot import as_game
from dicerules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidSeatError,
    WrongTypeError,
    shown,
)
from dicerules.facts import ActionIds
from dicerules.game import AnyGame, check_seat, rules_or_default
from dicerules.vector import Array, pick, splitmix64, to_seeds

__all__ = [
    "BatchEngine", "BatchState", "Kernel", "Outcomes", "ParallelEnv", "ScalarLoop", "VectorEnv",
    "engine", "next_seed", "simulate",
]  # fmt: skip

Data = dict[str, Array]
"""A kernel's arrays, by name, each with one row a game."""

_NO_ID = np.iinfo(np.int64).max
"""What ``step`` reads a uint64 action id past int64 as: past every id, never -1."""

_COMPACT = 0.5
"""``play_uniform`` sets the games that are over aside once fewer than this share of
its rows are still playing (and no seed is left to begin in them)."""

_REFILL = 0.125
"""``play_uniform`` begins the next seeds in the rows whose games are over once they
are this share of its rows."""


class Kernel(Protocol):
    """A game's batch kernel: its rules over arrays, one game a row (``Game.batch``).

    A kernel never changes the arrays it is given (``dicerules.batch`` hands them out
    read-only); ``advance`` returns new ones, and may share those it did not change.
    Every method takes and returns arrays of the same number of rows, and works on
    any subset of rows (``{name: array[rows]}``).
    """

    def new(self, seeds: Array) -> Data:
        """One new game a seed (uint64), as ``new_game(rules, seed=seed)`` makes it."""
        ...

    def advance(self, data: Data, ids: Array, own: bool = False) -> Data:
        """Each game after its action id; -1 leaves a game as it is. Every id is legal.

        ``own``: the caller owns ``data`` and no one else sees it, so its arrays may be
        changed in place (each array is then one name's alone); else they never are.
        """
        ...

    def current_player(self, data: Data) -> Array:
        """The seat to act in each game, -1 once it is over (int64)."""
        ...

    def legal_mask(self, data: Data) -> Array:
        """Games x distinct actions, True where the action is legal (bool)."""
        ...

    def legal_count(self, data: Data) -> Array:
        """The number of legal actions in each game (int64): the rows of ``legal_mask`` summed."""
        ...

    # Optional: ``legal(data, ids) -> Array``, whether each game's id (any int) is a
    # legal action of that game (bool; False for a game that is over), the same as
    # ``legal_mask(data)[game, id]`` without the whole mask. ``step`` checks the
    # caller's ids with it, and with ``legal_mask`` in a kernel without it.

    def nth_legal(self, data: Data, index: Array) -> Array:
        """The id of each game's ``index``-th legal action (0-based, below its
        ``legal_count``; any value for a game that is over, which gets -1) in the order
        the scalar ``legal_actions`` lists them."""
        ...

    def scores(self, data: Data) -> Array:
        """Games x seats: the scalar ``scores`` (int64)."""
        ...

    def winners(self, data: Data) -> Array:
        """Games x seats, True at each seat of the scalar ``winners`` (bool)."""
        ...

    def observation(self, data: Data, seats: Array) -> Array:
        """Games x the encoding's size: each game's scalar encoding of ``view(state, seat)``
        for its own seat in ``seats`` (int64, one a game; -1 for the spectator's view, None)
        (float32)."""
        ...

    def fields(self, data: Data, index: int) -> dict[str, object]:
        """Game ``index``'s fields as the scalar State holds them, read from the kernel's
        own arrays (the tests compare them with the scalar state's)."""
        ...

    def rounds(self, data: Data) -> Array | None:
        """The rounds each game has played, as the game's ``benchmarks.rounds`` counts
        them; None for a game without rounds."""
        ...


@attrs.frozen(eq=False)
class _Steps:
    """The action ids of one step of every game, after the steps before (a persistent list)."""

    before: _Steps | None
    ids: Array

    def __reduce__(self) -> tuple[Any, tuple[tuple[Array, ...]]]:
        # Pickled and deep-copied as the flat list of its steps, first to last: the
        # list one node a step would recurse as deep as the games are long.
        steps: list[Array] = []
        node: _Steps | None = self
        while node is not None:
            steps.append(node.ids)
            node = node.before
        return _steps_of, (tuple(reversed(steps)),)


def _steps_of(ids: tuple[Array, ...]) -> _Steps | None:
    """The persistent list of the steps ``ids``, first to last (``_Steps.__reduce__``)."""
    steps = None
    for each in ids:
        each.flags.writeable = False
        steps = _Steps(steps, each)
    return steps


@attrs.frozen(eq=False, repr=False)
class BatchState:
    """Many games of one game: their seeds and the kernel's arrays (read-only).

    Made by ``BatchEngine.new_games`` and ``step``; a step shares everything it did not
    change with the state before, and keeps each step's action ids (8 bytes a game a
    step) so that ``BatchEngine.state`` can give any game back as a scalar State.
    ``game`` and ``rules`` name the engine that made it: only an engine of that game
    under those rules reads or steps it.
    """

    seeds: Array
    data: Mapping[str, Array]
    steps: _Steps | None = None
    starts: Array | None = None
    """How many of ``steps`` (the oldest) each game's row held before its game began
    (``reset_done``); None when every row's game began with the first."""
    ended: Array | None = None
    """Made by ``reset_done``: the rows whose game was over and began anew (bool)."""
    final_scores: Array | None = None
    """Made by ``reset_done``: games x seats, the scores of the game each ``ended`` row
    finished (int64; 0 in the other rows)."""
    final_returns: Array | None = None
    """Made by ``reset_done``: games x seats, ``returns`` of those games (float32)."""
    game: str | None = attrs.field(default=None, kw_only=True)
    """The name of the game of the engine that made it (None: made by hand, read by any
    engine at its maker's risk, as before states knew their engine)."""
    rules: Any = attrs.field(default=None, kw_only=True)
    """The rules of the engine that made it."""

    def __len__(self) -> int:
        return int(self.seeds.shape[0])

    @property
    def nbytes(self) -> int:
        """The bytes of the seeds and of the kernel's arrays, the action ids kept aside."""
        return int(self.seeds.nbytes + sum(array.nbytes for array in self.data.values()))

    def __repr__(self) -> str:
        return f"<BatchState of {len(self)} games>"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A copy (pickled, or deep-copied) is read-only too.
        extra = (self.starts, self.ended, self.final_scores, self.final_returns)
        return _batch_state, (
            self.seeds, dict(self.data), self.steps, self.game, self.rules, *extra
        )  # fmt: skip


def _batch_state(
    seeds: Array,
    data: Data,
    steps: _Steps | None,
    game: str | None,
    rules: Any,
    *extra: Array | None,
) -> BatchState:
    """A BatchState of arrays made read-only (``BatchState.__reduce__``)."""
    for array in (seeds, *extra):
        if array is not None:
            array.flags.writeable = False
    return BatchState(seeds, _frozen(data), steps, *extra, game=game, rules=rules)


def _frozen(data: Data) -> Data:
    for array in data.values():
        array.flags.writeable = False
    return data


def _subset(data: Mapping[str, Array], rows: Array) -> Data:
    return {name: array[rows] for name, array in data.items()}


def _owned(array: Array) -> Array:
    """``array`` if it is the caller's to change, else a copy of it (a read-out's rule)."""
    return array if array.flags.writeable else array.copy()


def _as_ids(action_ids: object, count: int) -> Array:
    """``action_ids`` as an int array of ``count`` ids: WrongTypeError for anything but
    ints, InvalidArgumentError for another shape."""
    given = _ints(action_ids, "action ids")
    if given.shape != (count,):
        raise InvalidArgumentError(
            f"one action id a game: {count} games, ids of shape {given.shape}"
        )
    return given


def _ints(values: object, what: str) -> Array:
    """``values`` as an array of NumPy's integer dtype for them, unconverted (a list of
    ints past int64 is uint64): WrongTypeError for anything but ints, bools among them
    too."""
    given = np.asarray(values)
    if given.dtype.kind not in "iu":
        raise WrongTypeError(f"{what} must be ints, not an array of {given.dtype}")
    if not hasattr(values, "__array__"):  # an array's items are of one dtype; a list's
        # may mix bools, which NumPy reads as 1 among ints: their types, one pass in C.
        items = values if given.ndim == 1 else np.asarray(values, object).flat
        kinds = set(map(type, items))  # type: ignore[call-overload]
        if bool in kinds or np.bool_ in kinds:
            raise WrongTypeError(f"{what} must be ints, not bools")
    return given


def next_seed(seeds: Array) -> Array:
    """The seed of the game after each game of ``seeds`` in a row that ``reset_done`` begins
    anew unseeded: ``splitmix64(splitmix64(seed, 0), 0)``, a number neither the game's
    dice nor its bots (``match.bot_seed``) draw."""
    return splitmix64(splitmix64(seeds, 0), 0)


def _chain(steps: _Steps | None) -> list[_Steps]:
    """Every step of a persistent list, oldest first."""
    chain = []
    while steps is not None:
        chain.append(steps)
        steps = steps.before
    chain.reverse()
    return chain


@attrs.frozen
class Outcomes:
    """The results of ``simulate``: one row a game, in game order."""

    seeds: Array
    """Each game's seed (uint64)."""
    winners: Array
    """Games x seats, True at each winning seat (bool)."""
    scores: Array
    """Games x seats, the final scores (int64)."""
    actions: Array
    """The number of actions each game took (int64)."""
    rounds: Array | None
    """The rounds each game played (int64), for a game with rounds; else None."""


class BatchEngine:
    """Many games of one game under one set of rules, stepped together (``engine``).

    Every read-out (``current_player``, ``is_terminal``, ``legal_mask``, ``scores``,
    ``winners``, ``observation``, ``returns``, ``rewards``) is a new array that is the
    caller's own, writeable (``torch.from_numpy`` takes it as it is); a BatchState's
    own arrays (``seeds``, ``data``) are read-only.
    """

    def __init__(
        self, game: AnyGame, rules: Any, kernel: Kernel, generic: bool, auto_reset: bool = False
    ) -> None:
        if game.distinct_actions is None:
            raise InvalidArgumentError(
                f"{game.name} declares no distinct_actions: a batch engine needs action ids"
            )
        self.game = game
        self.rules = rules
        self.kernel = kernel
        self.generic = generic
        """Whether the game is stepped through its scalar functions (it has no kernel)."""
        self.auto_reset = auto_reset
        """Whether ``step`` begins the games it ends anew (``reset_done`` without seeds)."""
        self.actions = game.distinct_actions(rules)
        """The distinct actions: an action id is an index into this tuple."""
        self.seats = game.seats(rules)

    def __repr__(self) -> str:
        how = "scalar loop" if self.generic else "kernel"
        auto = ", auto_reset" if self.auto_reset else ""
        return f"<BatchEngine {self.game.name} ({how}{auto}) rules={self.rules!r}>"

    def new_games(self, seeds: Iterable[object]) -> BatchState:
        """One new game a seed: game i is ``new_game(rules, seed=seeds[i])``.

        ``seeds`` are ints from 0 to 2**64 - 1, or a NumPy array of them (uint64).
        """
        seed_array = to_seeds(seeds)
        seed_array.flags.writeable = False
        return self._made(seed_array, self.kernel.new(seed_array), None)

    def _made(
        self, seeds: Array, data: Data, steps: _Steps | None, *extra: Array | None
    ) -> BatchState:
        """A BatchState of this engine (its arrays made read-only); ``extra``: its
        ``starts``, ``ended``, ``final_scores`` and ``final_returns``."""
        return _batch_state(seeds, data, steps, self.game.name, self.rules, *extra)

    def _check_state(self, b: object) -> BatchState:
        """``b`` if this engine made it (its game, its rules); else WrongTypeError for
        anything but a BatchState, InvalidArgumentError naming both engines."""
        if not isinstance(b, BatchState):
            raise WrongTypeError(f"a batch engine takes a BatchState, not {type(b).__name__}")
        if b.game is None:
            return b
        if b.game != self.game.name or not (b.rules is self.rules or b.rules == self.rules):
            raise InvalidArgumentError(
                f"this BatchState was made by the {b.game} batch engine under"
                f" {shown(b.rules)}, not by this one: {self.game.name} under {shown(self.rules)}"
            )
        return b

    def step(self, b: BatchState, action_ids: object) -> BatchState:
        """Every game after its action id (-1 for a game that is over): a new BatchState.

        ``b`` is unchanged. IllegalActionError naming the games and ids when an id is
        not legal in its game (or is not -1 for a game that is over); nothing is applied.
        An engine made with ``auto_reset`` then begins every game that is over anew, as
        ``reset_done(after)`` does: from ``next_seed`` of its seed, its outcome in the
        new state's ``ended``, ``final_scores`` and ``final_returns``.
        """
        after = self._step(self._check_state(b), action_ids)
        if not self.auto_reset:
            return after
        over = self.kernel.current_player(dict(after.data)) < 0
        return self._restart(after, over, next_seed(after.seeds))

    def _step(self, b: BatchState, action_ids: object, wait: bool = False) -> BatchState:
        """``step``; with ``wait``, a game that is not over may also take -1 and wait."""
        given = _as_ids(action_ids, len(b))
        # An id past int64 (uint64) is no id: kept past every one, never -1.
        ids = (np.minimum(given, _NO_ID) if given.dtype == np.uint64 else given).astype(np.int64)
        self._check(b, ids, given, wait)
        ids.flags.writeable = False
        data = self.kernel.advance(dict(b.data), ids)
        return self._made(b.seeds, data, _Steps(b.steps, ids), b.starts)

    def reset_done(self, b: BatchState, seeds: object = None) -> BatchState:
        """``b`` with every game that is over begun anew: a new BatchState (``b`` is unchanged).

        ``seeds``: one a game (ints from 0 to 2**64 - 1, or a uint64 array), of which
        the rows that are over take theirs; None gives such a row the seed
        ``next_seed(its last seed)``.
        The rows still playing are as they were. The new state's ``ended`` marks the
        rows begun anew and ``final_scores``/``final_returns`` hold their finished
        games' scores and returns; ``state(b, i)`` and ``history(b, i)`` are those of
        each row's game now, begun from its new seed.
        """
        self._check_state(b)
        if seeds is None:
            new_seeds = next_seed(b.seeds)
        else:
            new_seeds = to_seeds(seeds)  # type: ignore[arg-type]
            if new_seeds.shape != (len(b),):
                raise InvalidArgumentError(
                    f"one seed a game: {len(b)} games, {new_seeds.shape[0]} seeds"
                )
        over = self.kernel.current_player(dict(b.data)) < 0
        return self._restart(b, over, new_seeds)

    def _restart(self, b: BatchState, over: Array, new_seeds: Array) -> BatchState:
        """``reset_done`` of the rows ``over`` marks (each one a game that is over)."""
        data = dict(b.data)
        rows = np.flatnonzero(over)
        final_scores = np.zeros((len(b), self.seats), dtype=np.int64)
        final_returns = np.zeros((len(b), self.seats), dtype=np.float32)
        if not rows.size:
            return self._made(b.seeds, dict(b.data), b.steps, b.starts, over, final_scores,
                              final_returns)  # fmt: skip
        finished = _subset(data, rows)
        final_scores[rows] = self.kernel.scores(finished)
        final_returns[rows] = self._returns(finished)
        seed_array = b.seeds.copy()
        seed_array[rows] = new_seeds[rows]
        fresh = self.kernel.new(seed_array[rows])
        merged = {}
        for name, array in data.items():
            array = array.copy()
            array[rows] = fresh[name]
            merged[name] = array
        chain = _chain(b.steps)
        starts = np.zeros(len(b), np.int64) if b.starts is None else b.starts.copy()
        starts[rows] = len(chain)
        steps = b.steps
        cut = int(starts.min())  # the oldest steps, which no row's game holds, are dropped
        if cut:
            steps = None
            for step in chain[cut:]:
                steps = _Steps(steps, step.ids)
            starts -= cut
        return self._made(seed_array, merged, steps, starts, over, final_scores, final_returns)

    def _check(self, b: BatchState, ids: Array, given: Array, wait: bool = False) -> None:
        data = dict(b.data)
        over = self.kernel.current_player(data) < 0
        check = getattr(self.kernel, "legal", None)  # optional: a kernel may have none
        if check is not None:
            legal = check(data, ids)
        else:
            mask = self.kernel.legal_mask(data)
            known = (ids >= 0) & (ids < len(self.actions))
            legal = known & mask[np.arange(len(b)), np.where(known, ids, 0)]
        bad = np.flatnonzero(np.where(over, ids != -1, ~legal & ~(wait & (ids == -1))))
        if not bad.size:
            return
        listed = ", ".join(self._why(int(g), int(given[g]), bool(over[g])) for g in bad[:5])
        more = f" and {bad.size - 5} more" if bad.size > 5 else ""
        raise IllegalActionError(
            f"illegal action ids in {bad.size} of {len(b)} games: {listed}{more};"
            " nothing was applied"
        )

    def _why(self, game: int, action: int, over: bool) -> str:
        if over:
            return f"game {game} is over, id {action} (only -1)"
        if not 0 <= action < len(self.actions):
            return f"game {game} id {shown(action)} (ids are 0 to {len(self.actions) - 1})"
        return f"game {game} id {action} ({self.game.format_action(self.actions[action])})"

    def current_player(self, b: BatchState) -> Array:
        """The seat to act in each game; -1 once it is over (int64)."""
        return _owned(self.kernel.current_player(dict(self._check_state(b).data)))

    def is_terminal(self, b: BatchState) -> Array:
        """Whether each game is over (bool)."""
        return self.current_player(b) < 0

    def legal_mask(self, b: BatchState) -> Array:
        """Games x distinct actions: True where the action is legal (none once over)."""
        return _owned(self.kernel.legal_mask(dict(self._check_state(b).data)))

    def scores(self, b: BatchState) -> Array:
        """Games x seats: each game's ``scores``."""
        return _owned(self.kernel.scores(dict(self._check_state(b).data)))

    def winners(self, b: BatchState) -> Array:
        """Games x seats: True at each seat of each game's ``winners``."""
        return _owned(self.kernel.winners(dict(self._check_state(b).data)))

    def returns(self, b: BatchState) -> Array:
        """Games x seats (float32): what each seat is paid for its game, as
        ``dicerules.facts.returns`` pays it (and both adapters); 0s until the game is over."""
        return self._returns(dict(self._check_state(b).data))

    def _returns(self, data: Data) -> Array:
        kernel, game = self.kernel, self.game
        over = (kernel.current_player(data) < 0)[:, None]
        if game.payoff is not None:
            start = np.array(game.payoff(self.rules).start, dtype=np.int64)
            return np.where(over, kernel.scores(data) - start, 0).astype(np.float32)
        won = kernel.winners(data)
        acting = np.zeros(self.seats, dtype=bool)
        acting[list(game.acting_seats(self.rules))] = True
        lost = acting & ~won
        winners = won.sum(axis=1, keepdims=True)
        losers = lost.sum(axis=1, keepdims=True)
        paid = over & (winners > 0) & (losers > 0)
        share = np.where(won, 1.0 / np.maximum(winners, 1), 0.0)
        share -= np.where(lost, 1.0 / np.maximum(losers, 1), 0.0)
        return np.where(paid, share, 0.0).astype(np.float32)

    def rewards(self, before: BatchState, after: BatchState) -> Array:
        """Games x seats (float32): what each seat gained from ``before`` to ``after``
        (``after`` made from ``before`` by ``step``, ``reset_done`` or both):
        ``returns(after) - returns(before)``, where a row of ``after`` begun anew counts
        the ``final_returns`` of the game it finished."""
        if len(before) != len(after):
            raise InvalidArgumentError(
                f"rewards of two BatchStates of {len(before)} and {len(after)} games"
            )
        paid = self.returns(after)
        if after.ended is not None and after.final_returns is not None:
            paid = np.where(after.ended[:, None], after.final_returns, paid)
        return paid - self.returns(before)

    def observation(self, b: BatchState, seats: object) -> Array:
        """Games x the observation's size (float32): row i is the game's ``observation``
        Encoding of ``view(state(b, i), seat)``. ValueError for a game without one.

        ``seats``: one seat for every game (an int, a NumPy integer, or None for the
        spectator's view), or an int array of one seat a game, -1 for the spectator's
        view: ``observation(b, current_player(b))`` is what each game's seat to act
        sees, and the final view (a spectator's) in the games that are over.
        """
        if self.game.observation is None:
            raise InvalidArgumentError(f"{self.game.name} declares no observation encoding")
        return self.kernel.observation(dict(self._check_state(b).data), self._seats(b, seats))

    def _seats(self, b: BatchState, seats: object) -> Array:
        """``observation``'s ``seats`` as int64, one a game, -1 for the spectator."""
        if seats is None:
            return np.full(len(b), -1, dtype=np.int64)
        if isinstance(seats, bool | np.bool_):
            check_seat(bool(seats), self.seats)  # its error: a seat is not a bool
        if isinstance(seats, int | np.integer) and not isinstance(seats, bool | np.bool_):
            check_seat(int(seats), self.seats)
            return np.full(len(b), seats, dtype=np.int64)
        if not isinstance(seats, np.ndarray | list | tuple) and not hasattr(seats, "__array__"):
            raise WrongTypeError(
                f"seats must be an int, None or an int array, not {type(seats).__name__}"
            )
        array = _ints(seats, "seats")
        if array.shape != (len(b),):
            raise InvalidArgumentError(
                f"one seat a game: {len(b)} games, seats of shape {array.shape}"
            )
        # Checked in their own dtype, before the cast: uint64's 2**64 - 1 is int64's -1.
        out = array >= self.seats
        if array.dtype.kind == "i":
            out |= array < -1
        bad = np.flatnonzero(out)
        if bad.size:
            raise InvalidSeatError(
                f"there is no seat {array[bad[0]]} (game {bad[0]}): the seats are -1 (a"
                f" spectator) to {self.seats - 1}"
            )
        return array.astype(np.int64)

    def history(self, b: BatchState, index: int) -> tuple[int, ...]:
        """The action ids game ``index`` has taken, in order."""
        self._check_index(b, index)
        chain = _chain(b.steps)
        start = 0 if b.starts is None else int(b.starts[index])
        return tuple(
            action for action in (int(step.ids[index]) for step in chain[start:]) if action >= 0
        )

    def state(self, b: BatchState, index: int) -> Any:
        """Game ``index`` as a scalar State: the state the scalar engine reaches from
        ``new_game(rules, seed=b.seeds[index])`` and the same actions."""
        self._check_index(b, index)
        if isinstance(self.kernel, ScalarLoop):
            return b.data["states"][index]
        game = self.game
        state = game.new_game(self.rules, seed=int(b.seeds[index]))
        for action in self.history(b, index):
            state = game.apply(state, self.actions[action])
        return state

    def fields(self, b: BatchState, index: int) -> dict[str, object]:
        """Game ``index``'s fields as its kernel holds them (see ``Kernel.fields``)."""
        self._check_index(b, index)
        return self.kernel.fields(dict(b.data), index)

    def _check_index(self, b: BatchState, index: int) -> None:
        self._check_state(b)
        if not isinstance(index, int | np.integer) or isinstance(index, bool):
            raise WrongTypeError(f"a game's index is an int, not {type(index).__name__}")
        if not 0 <= index < len(b):
            raise InvalidArgumentError(f"game index {shown(index)} is not from 0 to {len(b) - 1}")

    def play_uniform(self, seeds: Array, rows: int | None = None) -> Outcomes:
        """The games ``seeds`` start, played to the end by ``uniform`` bots in every
        acting seat, the bot in seat k of a game seeded g seeded with ``bot_seed(g, k)``;
        at most ``rows`` at a time (None: all at once).

        Each step draws one die from the stream of every row's bot to act, at flat
        indices (a row's seats side by side), and writes every row's position back,
        the rows that are over included: their games are done, so no die of theirs is
        read again. Once an eighth of the rows are over, their outcomes are taken and
        the next seeds begin in them; once no seed is left, the rows that are over are
        set aside whenever fewer than half still play. So a batch rarely steps rows
        whose games are done, and only the last games of all play in a thinning batch."""
        kernel, seats, count = self.kernel, self.seats, seeds.shape[0]
        width = count if rows is None else min(rows, count)
        # Every array the batch's own, to change in place (a kernel may hand out views).
        data = {name: np.array(array) for name, array in kernel.new(seeds[:width]).items()}
        bot_seeds = _bot_seeds(seeds[:width], seats)
        bot_positions = np.zeros((width, seats), dtype=np.uint64)
        actions = np.zeros(count, dtype=np.int64)
        taken = np.zeros(width, dtype=np.int64)  # the actions of the games in ``data``
        winners = np.zeros((count, seats), dtype=bool)
        scores = np.zeros((count, seats), dtype=np.int64)
        rounds = np.zeros(count, dtype=np.int64)
        has_rounds = True
        games = np.arange(width)  # the game each row of ``data`` plays
        begun = width  # the seeds begun so far
        firsts = games * seats  # each row's first seat in the flat bot arrays
        while games.size:
            player = kernel.current_player(data)
            live = player >= 0
            playing = np.count_nonzero(live)
            over = games.size - playing
            fresh = min(over, count - begun)
            if over >= games.size * (_REFILL if fresh else 1 - _COMPACT) or not playing:
                done = np.flatnonzero(~live)
                finished = _subset(data, done)
                winners[games[done]] = kernel.winners(finished)
                scores[games[done]] = kernel.scores(finished)
                actions[games[done]] = taken[done]
                played = kernel.rounds(finished)
                if played is None:
                    has_rounds = False
                else:
                    rounds[games[done]] = played
                if fresh:  # the next seeds begin in the rows of the games over
                    again = done[:fresh]
                    for name, array in kernel.new(seeds[begun : begun + fresh]).items():
                        data[name][again] = array
                    bot_seeds[again] = _bot_seeds(seeds[begun : begun + fresh], seats)
                    bot_positions[again], taken[again] = 0, 0
                    games[again] = np.arange(begun, begun + fresh)
                    begun += fresh
                    player = kernel.current_player(data)
                    live = player >= 0
                else:
                    keep = np.flatnonzero(live)
                    games, data, player = games[keep], _subset(data, keep), player[keep]
                    bot_seeds, bot_positions = bot_seeds[keep], bot_positions[keep]
                    live, taken, firsts = live[keep], taken[keep], firsts[: keep.size]
                    if not games.size:
                        break
            at = firsts + np.maximum(player, 0)
            positions = bot_positions.reshape(-1)
            picked, positions[at] = pick(
                bot_seeds.reshape(-1)[at], positions[at], np.maximum(kernel.legal_count(data), 1)
            )
            taken += live
            data = kernel.advance(data, kernel.nth_legal(data, picked - 1), own=True)
        return Outcomes(seeds, winners, scores, actions, rounds if has_rounds else None)


def _bot_seeds(seeds: Array, seats: int) -> Array:
    """Games x seats: the seed of each seat's bot, ``match.bot_seed(seed, seat)``."""
    bots = np.arange(1, seats + 1, dtype=np.uint64)
    return splitmix64(splitmix64(seeds, 0)[:, None], bots[None, :])


class ScalarLoop:
    """The kernel of a game that declares none: its scalar functions, a game at a time."""

    def __init__(self, game: AnyGame, rules: Any) -> None:
        assert game.distinct_actions is not None  # BatchEngine checks it first
        self.game = game
        self.rules = rules
        self.ids = ActionIds(game.distinct_actions(rules))
        self.seats = game.seats(rules)

    def _states(self, data: Data) -> list[Any]:
        return list(data["states"])

    def _objects(self, states: list[Any]) -> Array:
        array = np.empty(len(states), dtype=object)
        array[:] = states
        return array

    def new(self, seeds: Array) -> Data:
        new_game, rules = self.game.new_game, self.rules
        return {"states": self._objects([new_game(rules, seed=int(seed)) for seed in seeds])}

    def advance(self, data: Data, ids: Array, own: bool = False) -> Data:
        apply, actions = self.game.apply, self.ids.actions
        states = [
            state if action < 0 else apply(state, actions[action])
            for state, action in zip(self._states(data), ids.tolist(), strict=True)
        ]
        return {"states": self._objects(states)}

    def current_player(self, data: Data) -> Array:
        current = self.game.current_player
        players = [current(state) for state in self._states(data)]
        return np.array([-1 if seat is None else seat for seat in players], dtype=np.int64)

    def legal_mask(self, data: Data) -> Array:
        states = self._states(data)
        mask = np.zeros((len(states), len(self.ids.actions)), dtype=bool)
        legal_actions, of = self.game.legal_actions, self.ids.of
        for row, state in enumerate(states):
            mask[row, list(of(legal_actions(state)))] = True
        return mask

    def legal_count(self, data: Data) -> Array:
        legal_actions = self.game.legal_actions
        return np.array([len(legal_actions(state)) for state in self._states(data)], np.int64)

    def nth_legal(self, data: Data, index: Array) -> Array:
        legal_actions, ids = self.game.legal_actions, self.ids.ids
        picked = []
        for state, n in zip(self._states(data), index.tolist(), strict=True):
            legal = legal_actions(state)
            picked.append(ids[legal[n]] if legal else -1)
        return np.array(picked, dtype=np.int64)

    def scores(self, data: Data) -> Array:
        scores = self.game.scores
        rows = [scores(state) for state in self._states(data)]
        return np.array(rows, dtype=np.int64).reshape(len(rows), self.seats)

    def winners(self, data: Data) -> Array:
        states = self._states(data)
        won = np.zeros((len(states), self.seats), dtype=bool)
        for row, state in enumerate(states):
            won[row, list(self.game.winners(state))] = True
        return won

    def observation(self, data: Data, seats: Array) -> Array:
        encoding = self.game.observation
        assert encoding is not None  # BatchEngine checks it first
        view, rules = self.game.view, self.rules
        rows = [
            encoding.encode(rules, view(state, None if seat < 0 else seat))
            for state, seat in zip(self._states(data), seats.tolist(), strict=True)
        ]
        return np.array(rows, dtype=np.float32).reshape(len(rows), encoding.size(rules))

    def fields(self, data: Data, index: int) -> dict[str, object]:
        state = data["states"][index]
        return {field.name: getattr(state, field.name) for field in attrs.fields(type(state))}

    def rounds(self, data: Data) -> Array | None:
        count = self.game.benchmarks.rounds
        if count is None:
            return None
        return np.array([count(state) for state in self._states(data)], dtype=np.int64)


def __getattr__(name: str) -> Any:
    """``VectorEnv`` and ``ParallelEnv``, from ``dicerules.batch.env``: imported when first
    asked for, as they need gymnasium where the rest of this module needs NumPy alone."""
    if name in ("VectorEnv", "ParallelEnv"):
        from dicerules.batch import env

        return getattr(env, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def engine(game: AnyGame | str, rules: Any = None, *, auto_reset: bool = False) -> BatchEngine:
    """The batch engine of ``game`` (a Game or its registry name) under ``rules``.

    ``rules`` None means the game's default rules. The game's own kernel when it
    declares one (``Game.batch``), else its scalar functions behind the same API.
    ``auto_reset``: ``step`` begins every game it ends anew (see ``BatchEngine.step``),
    so every row is always playing. InvalidArgumentError for a game without
    ``distinct_actions``.
    """
    if not isinstance(auto_reset, bool):
        raise WrongTypeError(f"auto_reset must be a bool, not {type(auto_reset).__name__}")
    found = as_game(game)
    rules = rules_or_default(rules, found.Rules, found.default_rules)
    if found.distinct_actions is None:
        raise InvalidArgumentError(
            f"{found.name} declares no distinct_actions: a batch engine needs action ids"
        )
    if found.batch is None:
        return BatchEngine(found, rules, ScalarLoop(found, rules), True, auto_reset)
    module, _, name = found.batch.partition(":")
    kernel_class = getattr(importlib.import_module(module), name)
    return BatchEngine(found, rules, kernel_class(rules), False, auto_reset)


def simulate(
    game: AnyGame | str, n: int, *, rules: Any = None, seed: int = 0, chunk: int = 10_000
) -> Outcomes:
    """``n`` games played by the ``uniform`` bot in every acting seat, ``chunk`` at a time
    (each game that ends gives its row to the next, ``BatchEngine.play_uniform``).

    Game i is seeded with ``match.game_seed(seed, i)`` and its bot in seat k with
    ``match.bot_seed(game_seed, k)``: the same games, action for action, as
    ``play_match`` with ``bots.make("uniform", game, bot_seed(...))`` in every seat.
    Memory is bounded by ``chunk`` games at a time (and the outcome arrays).
    """
    for name, value, least in (("n", n, 0), ("chunk", chunk, 1)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"{name} must be an int, not {type(value).__name__}")
        if value < least:
            raise InvalidArgumentError(f"{name} must be at least {least}, got {shown(value)}")
    eng = engine(game, rules)
    if not n:
        empty = np.zeros((0, eng.seats), np.int64)
        return Outcomes(np.zeros(0, np.uint64), empty.astype(bool), empty, np.zeros(0, np.int64),
                        None)  # fmt: skip
    index = np.arange(1, n + 1, dtype=np.uint64)
    return eng.play_uniform(splitmix64(to_seeds([seed]), index), rows=chunk)
