"""simulate: many seeded games between bots, in this process or on any executor.

``simulate(game, games, bots=...)`` plays ``games`` games and returns a Simulation:
each game's outcome, in game order, and the tallies per bot and per seat that
``dicerules simulate`` prints (``Simulation.table()`` is that text).

Seeds. Game ``i`` (from 0) is seeded ``match.game_seed(seed, i)`` and the bot named
for seat ``k`` of it ``match.bot_seed(game seed, k)``; so every number is the same
whatever the executor, its number of workers, the chunk size or the cluster, and
``dicerules play --seed`` with a game's seed deals that game again.

Seats. ``bots`` holds one bot for every seat that acts, or one for them all. The
list rotates one seat a game: in game ``i`` the bot listed at ``j`` plays the
``(i + j) % n``-th of the ``n`` seats that act (a seat that never acts, such as a
permanent house, gets none). A bot is a name (``bots.make``: ``module:attr`` and
``policy=FILE`` too) or a factory, a Bot class or a function returning a new Bot,
called afresh for every game with the bot's seed when it accepts an argument, else
with none (``bots.build``, the rule of every face, so both spellings play the same
games); the table names it by its bot's ``name``.

Executors. ``executor`` None plays in this process; any
``concurrent.futures.Executor`` (a ProcessPoolExecutor, Dask's
``Client.get_executor()``, loky, mpi4py.futures) is handed chunks of ``chunk``
games, and never more than a few chunks a worker are out at once, so the memory a
run holds does not grow with it beyond its compact outcomes (about ``9 * seats +
8`` bytes a game). Chunks are folded in game order as they come back: a chunk that
comes back early waits for the chunks before it. For a process or cluster
executor the bots' factories are pickled, so they must be defined at the top level
of a module the workers can import (Dask's and loky's executors use cloudpickle,
which also sends a lambda or a closure).

Records. ``records`` (a path, or a text file open for writing) gets each game's
record as one line of JSON, in game order, whatever the executor; a path is written
a chunk at a time, so a run that is killed leaves whole lines but perhaps the last.
``resume=True`` reads the records a path already holds (they must be the first
games of this very run: the same game, rules, players, seed and bots in the same
order, else a RecordError names what differs; a line is read no further than
``records.MAX_LINE`` bytes), drops a last line cut short, counts those games from
their records and plays only the rest: the Simulation and the file end as an
uninterrupted run's would.

Interruption. In the main thread, while it runs, the first Ctrl-C (SIGINT) or
SIGTERM stops handing out games and says on standard error how many games are in
hand; the run waits for them (the workers of ``worker_pool`` end their chunk after
the game in hand; other executors' chunks that cannot be cancelled, being under
way, run to their end; Dask cancels any chunk not back), writes and counts every
game finished in game order, then raises ``Interrupted`` (a KeyboardInterrupt)
holding their Simulation. A second signal stops at once (``worker_pool`` kills its
workers). A signal with a handler of the caller's own is left to it. A worker lost
(killed, out of memory) raises ``WorkersLost``, holding the Simulation of the games
finished before; the records file is whole, and ``resume`` continues.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
import queue
import signal
import sys
import textwrap
import threading
import time
import traceback
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple, Protocol, TextIO, TypeAlias

import attrs

from dicerules import bots as named_bots
from dicerules.bot import Bot, as_game
from dicerules.errors import InvalidArgumentError, RecordError, WrongTypeError
from dicerules.game import AnyGame, get_game
from dicerules.match import bot_seed, game_seed, play_match
from dicerules.narration import Narrator
from dicerules.records import MAX_LINE, GameRecord, Tags, record, replay
from dicerules.stats import Tally
from dicerules.streams import SeededStream, check_seed

__all__ = [
    "Interrupted",
    "Outcome",
    "Outcomes",
    "RemoteTraceback",
    "Simulation",
    "WorkerPool",
    "WorkersLost",
    "ignore_interrupts",
    "rule_value",
    "rules_label",
    "simulate",
    "simulate_batch",
    "worker_pool",
]

BotSpec: TypeAlias = "str | Callable[..., Bot[Any, Any]]"
"""A bot of a simulation: its name in ``bots.make``, or a factory of new bots (called
with the bot's seed when it accepts an argument, else with none: ``bots.build``)."""

SMALLEST_CHUNK = 16
LARGEST_CHUNK = 256
CHUNKS_AHEAD = 3
"""Chunks out at once, per worker of the executor."""
PROGRESS_EVERY = 0.2
"""Seconds between two progress lines, at most one chunk apart."""
POLL = 0.1
"""Seconds between two looks for a signal while waiting on an executor."""
MIN_WIDTH = 1
"""The narrowest ``Simulation.table`` wraps to (a word longer than that stays whole)."""


# ------------------------------------------------------------------ the outcomes


@attrs.frozen
class Outcome:
    """One game of a simulation: which it was, how it ended, who sat where."""

    index: int
    """Its place in the run, from 0."""
    seed: int
    """Its seed, ``match.game_seed(run seed, index)``: ``dicerules play --seed`` deals it."""
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    actions: int
    """How many actions the game took."""
    seating: tuple[str | None, ...]
    """The name of the bot in each seat; None for a seat that never acts."""


class Outcomes(Sequence[Outcome]):
    """The outcomes of a run's games, in game order, kept as compact columns.

    An Outcome is made when it is read; equal runs give equal Outcomes.
    """

    __slots__ = ("_actions", "_scores", "_seat_names", "_seats", "_seed", "_won")

    def __init__(self, seed: int, seats: int, seat_names: tuple[tuple[str | None, ...], ...]):
        self._seed = seed
        self._seats = seats
        self._seat_names = seat_names  # the seating of game i is seat_names[i % len]
        self._won = bytearray()  # 1 for each seat among the winners, seats a game
        self._scores: array[int] | list[int] = array("q")
        self._actions: array[int] | list[int] = array("q")

    def append(self, winners: Sequence[int], scores: Sequence[int], actions: int) -> None:
        """Add the next game's outcome."""
        row = bytearray(self._seats)
        for seat in winners:
            row[seat] = 1
        self._won += row
        try:
            self._scores.extend(scores)
        except OverflowError:  # a score beyond 64 bits: kept as Python ints from now on
            self._scores = [*self._scores, *scores]
        try:
            self._actions.append(actions)
        except OverflowError:
            self._actions = [*self._actions, actions]

    def __len__(self) -> int:
        return len(self._won) // self._seats if self._seats else 0

    def _one(self, index: int) -> Outcome:
        seats = self._seats
        row = range(index * seats, index * seats + seats)
        return Outcome(
            index=index,
            seed=game_seed(self._seed, index),
            winners=tuple(seat for seat, place in enumerate(row) if self._won[place]),
            scores=tuple(self._scores[row.start : row.stop]),
            actions=self._actions[index],
            seating=self._seat_names[index % len(self._seat_names)],
        )

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._one(i) for i in range(*index.indices(len(self)))]
        count = len(self)
        if not isinstance(index, int) or isinstance(index, bool):
            raise WrongTypeError(f"outcomes are indexed by int, not {type(index).__name__}")
        if not -count <= index < count:
            raise IndexError(f"game {index} is not in a run of {count} games")
        return self._one(index % count)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcomes):
            return NotImplemented
        return (
            self._seed,
            self._seats,
            self._seat_names,
            self._won,
            list(self._scores),
            list(self._actions),
        ) == (
            other._seed,
            other._seats,
            other._seat_names,
            other._won,
            list(other._scores),
            list(other._actions),
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Outcomes of {len(self)} games>"

    def __getstate__(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            object.__setattr__(self, name, value)


@attrs.frozen
class Simulation:
    """What a run of ``simulate`` found: every game's outcome and the tallies.

    ``by_bot`` has a Tally per bot name, in the order of ``bots``, over every seat
    it played; ``by_seat`` a Tally per seat, whoever played it. A seat among the
    winners has won, also when the win is shared; ``shared`` counts those wins.
    """

    game: str
    rules: Any
    seed: int
    games: int
    """The games asked for: ``len(outcomes)`` is fewer when the run was interrupted."""
    bots: tuple[str, ...]
    """The bot listed for each seat that acts, by name, before the rotation."""
    acting: tuple[int, ...]
    """The seats that act."""
    outcomes: Outcomes
    by_bot: dict[str, Tally]
    by_seat: tuple[Tally, ...]

    @property
    def complete(self) -> bool:
        """Whether every game asked for was played."""
        return len(self.outcomes) == self.games

    def seat_names(self) -> list[str]:
        """The seats' names in the table: ``seat 0``, ``seat 0 (house)`` for one that never acts."""
        return [
            f"seat {seat}{'' if seat in self.acting else ' (house)'}"
            for seat in range(len(self.by_seat))
        ]

    def to_rows(self) -> list[dict[str, Any]]:
        """A plain dict per bot, then per seat: the numbers of ``table()``, unrounded,
        after the run's game, rules (as ``table()`` names them: the nearest preset and
        the fields set otherwise), seed (a string of digits, as ``--seed`` takes it: a
        JSON reader that takes numbers as doubles, as JavaScript's does, would change
        one past 2**53 - 1) and bots (as ``--bots`` takes them)."""
        run = {
            "game": self.game,
            "rules": rules_label(get_game(self.game), self.rules),
            "seed": str(self.seed),
            "bots": ",".join(self.bots),
        }
        named = [("bot", name, tally) for name, tally in self.by_bot.items()]
        named += [
            ("seat", name, tally)
            for name, tally in zip(self.seat_names(), self.by_seat, strict=True)
        ]
        rows = []
        for group, name, tally in named:
            low, high = tally.interval
            rows.append(
                {
                    **run,
                    "group": group,
                    "name": name,
                    "games": tally.games,
                    "wins": tally.wins,
                    "shared": tally.shared,
                    "win_rate": tally.rate,
                    "interval_low": low,
                    "interval_high": high,
                    "mean_score": tally.mean_score,
                }
            )
        return rows

    def table(self, width: int = 80, preset: str | None = None) -> str:
        """The text ``dicerules simulate`` prints: what was played, a table per bot and
        per seat. Lines longer than ``width`` (1 or more) are wrapped; the rules are
        named from ``preset`` (None, or a name that is not one of the game's presets:
        the nearest preset)."""
        game = get_game(self.game)
        if not isinstance(width, int) or isinstance(width, bool):
            raise WrongTypeError(f"width must be an int, not {type(width).__name__}")
        if width < MIN_WIDTH:
            raise InvalidArgumentError(f"width must be {MIN_WIDTH} or more, got {width}")
        if preset not in game.presets:
            preset = None  # not one of the game's: the nearest names the rules
        done, seats = len(self.outcomes), len(self.by_seat)
        played = f"{done} game{'s' if done != 1 else ''}"
        if not self.complete:
            played = f"{done} of {self.games} games (the run was stopped)"
        score = (game.narrator or Narrator)(game, None).score_name
        header = [
            f"{game.name} ({rules_label(game, self.rules, preset)}), {seats} seats: {played},"
            f" seed {self.seed}, bots {','.join(self.bots)}, rotating one seat a game.",
            "A shared win counts for every seat sharing it"
            + ("." if score == "score" else f"; mean score is {score}."),
        ]
        pooled = [f"the {self.bots.count(name)} {name} bots" for name in self.by_bot
                  if self.bots.count(name) > 1]  # fmt: skip
        if pooled:
            each = "" if len(pooled) == 1 else " each"
            header.append(
                f"{_listed(pooled).capitalize()}{each} share one row: a game counts there"
                " once for each of their seats."
            )
        lines = [part for line in header for part in _wrapped(line, width)]
        by_bot, by_seat = (
            list(self.by_bot.items()),
            list(zip(self.seat_names(), self.by_seat, strict=True)),
        )
        names = _column([name for name, _ in by_bot + by_seat], width)
        lines += ["", *_table("bot", by_bot, names), ""]
        lines += _table("seat", by_seat, names)
        return "\n".join(lines) + "\n"


NAME_COLUMN = 14
"""The least width of the tables' first column, their names."""
TALLIES = 60
"""The width of the tables' columns after the name."""


def _column(names: list[str], width: int) -> int:
    """The width of the tables' name column: the longest name, at least NAME_COLUMN, at
    most what leaves the tallies their room within ``width`` (a longer name is cut)."""
    return max(NAME_COLUMN, min(max(map(len, names), default=0), width - TALLIES))


def _table(title: str, rows: list[tuple[str, Tally]], names: int = NAME_COLUMN) -> list[str]:
    """A table of games, wins, win rate with its interval and mean score, a row a tally;
    its columns hold 100.0%, its first ``names`` characters (a longer name cut, "...")."""
    lines = [
        f"{title:<{names}} {'games':>6} {'wins':>6} {'shared':>6} {'win rate':>8}"
        f"   {'95% interval':<16} {'mean score':>10}"
    ]
    for name, tally in rows:
        low, high = tally.interval
        shown = name if len(name) <= names else name[: names - 3] + "..."
        lines.append(
            f"{shown:<{names}} {tally.games:>6} {tally.wins:>6} {tally.shared:>6}"
            f" {tally.rate:>8.1%}   [{low:>6.1%}, {high:>6.1%}]"
            f" {tally.mean_score:>10.2f}"
        )
    return lines


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _wrapped(line: str, columns: int) -> list[str]:
    """``line`` broken at spaces to fit ``columns``, the rest indented two spaces."""
    if len(line) <= columns:
        return [line]
    return textwrap.wrap(
        line, columns, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    ) or [line]


def rule_value(value: object) -> str:
    """A rule value as ``--rule`` takes it: ``none``, ``true``, ``false``, ``4``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_label(game: AnyGame, rules: Any, base: str | None = None) -> str:
    """The rules by the preset ``base`` (None: the nearest): ``classic with players=2``."""
    fields = attrs.fields(type(rules))
    best: tuple[str, list[str]] | None = None
    for name, preset in game.presets.items():
        if base is not None and name != base:
            continue
        changed = [
            f"{f.name}={rule_value(getattr(rules, f.name))}"
            for f in fields
            if getattr(rules, f.name) != getattr(preset, f.name)
        ]
        if best is None or len(changed) < len(best[1]):
            best = (name, changed)
    if best is None:
        return "custom rules"
    name, changed = best
    return f"{name} with {', '.join(changed)}" if changed else name


# ------------------------------------------------------------------ the work


class Plan(NamedTuple):
    """What a worker needs to play games of a run (it pickles)."""

    game: str
    rules: Any
    bots: tuple[BotSpec, ...]
    """One a seat that acts, in listed order."""
    seed: int
    records: bool
    players: tuple[tuple[str, ...], ...] = ()
    """Who sits in each seat, for the records' tags: one tuple a rotation of the seats."""


class Played(NamedTuple):
    """One game's outcome, and its record as a line of JSON (or "")."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    actions: int
    record: str


class NeverActs:
    """The bot in a seat that never acts (such as a permanent house): never asked."""

    name = "none"

    def choose(self, view: object, legal_actions: tuple[object, ...]) -> object:
        raise RuntimeError("a seat that never acts was asked to choose")


NEVER = NeverActs()


def seating(count: int, index: int, seats: Sequence[int]) -> dict[int, int]:
    """The listed place of the bot in each of ``seats`` (the seats that act) in game
    ``index`` of a list of ``count``: the bot listed at ``j`` sits in
    ``seats[(index + j) % len(seats)]``."""
    return {seat: (place - index) % count for place, seat in enumerate(seats)}


def record_line(state: Any, players: tuple[str, ...] | None = None) -> str:
    """The line a game's record takes in a records file, its tags naming ``players``
    (each seat's bot, ``none`` for a seat that never acts) and this dicerules.

    No date: a run's records file is the same whenever it is played (``resume``)."""
    from dicerules import __version__  # the package, imported by the time games are played

    tags = Tags(players=players, dicerules=__version__) if players is not None else None
    return record(state, tags).to_json()


def _new_bot(spec: BotSpec, game: AnyGame, seed: int) -> Bot[Any, Any]:
    return (
        named_bots.make(spec, game, seed) if isinstance(spec, str) else named_bots.build(spec, seed)
    )


CLOUDPICKLED = ("distributed", "loky")
"""The packages whose executors send a task with cloudpickle (a lambda, a closure)."""


def _pickler(executor: Executor | None) -> Callable[[object], object] | None:
    """How ``executor`` sends a bot's factory to its workers: None for no pickling."""
    if executor is None or isinstance(executor, ThreadPoolExecutor):
        return None
    if type(executor).__module__.partition(".")[0] in CLOUDPICKLED:
        with contextlib.suppress(ImportError):
            dumps: Callable[[object], object] = importlib.import_module("cloudpickle").dumps
            return dumps
    return pickle.dumps


def play_games(
    plan: Plan, start: int, stop: int, stopped: Callable[[], bool] = bool
) -> Iterator[Played]:
    """Play games ``start`` to ``stop - 1`` of ``plan``, one at a time, none once
    ``stopped()``."""
    game = get_game(plan.game)
    acting = game.acting_seats(plan.rules)
    seats = range(game.seats(plan.rules))
    turn = max(1, len(acting))  # the seating comes round again after this many games
    seated = []
    for index in range(turn):
        placed = seating(len(plan.bots), index, acting)
        seated.append([(s, plan.bots[placed[s]] if s in placed else None) for s in seats])
    winners, scores = game.winners, game.scores
    for index in range(start, stop):
        if stopped():
            return
        seed = game_seed(plan.seed, index)
        table = [
            NEVER if spec is None else _new_bot(spec, game, bot_seed(seed, s))
            for s, spec in seated[index % turn]
        ]
        state = play_match(game, plan.rules, table, seed)
        players = plan.players[index % len(plan.players)] if plan.players else None
        line = record_line(state, players) if plan.records else ""
        # Every state holds its tape (the Game contract): its actions count in O(1).
        yield Played(winners(state), scores(state), len(state.tape.actions), line)


_told: Any = None
"""In a worker of ``worker_pool``: the event its caller sets to stop the run."""


def play_chunk(plan: Plan, start: int, stop: int) -> list[Played]:
    """Play games ``start`` to ``stop - 1`` of ``plan``: the task a worker is given.

    In a worker of ``worker_pool``, a run stopped ends the chunk after the game in
    hand: the games played so far come back, fewer than asked."""
    return list(play_games(plan, start, stop, bool if _told is None else _told.is_set))


def ignore_interrupts() -> None:
    """Ignore Ctrl-C in this process: the initializer of a pool's workers, so that the
    terminal's Ctrl-C stops the run through its caller, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _spawning() -> Iterator[None]:
    """While processes are spawned: Ctrl-C ignored (an ignored signal stays ignored
    across exec, so a new worker never dies of one while it imports), and the stop
    signals held for this process, not lost (held, not ignored, on Linux)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    mask = getattr(signal, "pthread_sigmask", None)
    blocked = mask(signal.SIG_BLOCK, STOP_SIGNALS) if mask else None
    came = mask is not None and signal.SIGINT in signal.sigpending()
    given = signal.signal(signal.SIGINT, signal.SIG_IGN)  # drops a Ctrl-C pending
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, given)
        if mask is not None and blocked is not None:
            mask(signal.SIG_SETMASK, blocked)
        if came:
            signal.raise_signal(signal.SIGINT)


def _start_worker(told: Any) -> None:
    """The initializer of a ``worker_pool`` worker: Ctrl-C is its caller's to act on
    (it is ignored from the worker's first instruction); SIGTERM ends it, as it ends
    a pool's worker (held until now: it was spawned with the stop signals held)."""
    global _told
    _told = told
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is not None:  # spawned while its caller held them: a SIGTERM ends it again
        mask(signal.SIG_UNBLOCK, STOP_SIGNALS)


@contextlib.contextmanager
def worker_pool(workers: int, stop: Stop) -> Iterator[Executor]:
    """``workers`` local processes (started with ``spawn``) that follow ``stop``.

    Ctrl-C is left to this process from the workers' first instruction (and one
    that comes here while they are spawned is held, not lost); at ``stop``'s first
    signal each worker ends its chunk after the game in hand; at its second, or
    when the run fails, the workers are killed on the way out, so none outlives
    the caller. A worker lost breaks the pool (``WorkerPool``)."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    told = context.Event()
    stop.told.append(told.set)
    pool = None
    failed = True
    try:
        with _spawning():
            pool = WorkerPool(workers, context, _start_worker, (told,))
        yield pool
        failed = False
    finally:
        stop.told.remove(told.set)
        if pool is not None:
            _close(pool, kill=failed or stop.hard)


def _close(pool: WorkerPool, kill: bool) -> None:
    """Shut ``pool`` down, its workers killed first if ``kill`` (or if a second
    signal comes while they end their games)."""
    if kill:
        pool.kill()
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:
        pool.kill()
        pool.shutdown(wait=True, cancel_futures=True)


_Task: TypeAlias = "tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]"


class WorkerPool(Executor):
    """An Executor of ``workers`` processes of a ``multiprocessing`` context, all started
    at once, each running ``initializer(*initargs)`` first (``worker_pool`` makes one).

    Each worker has a pipe of its own and a thread here that hands it one task at a
    time, pickled, and waits for its answer; a task's exception comes back with its
    traceback's text as its cause. A worker lost (killed, out of memory, ended by a
    signal), busy or at rest, even halfway through an answer, breaks the pool: every
    task not finished fails with BrokenProcessPool and the other workers are killed.
    ``kill()`` kills the workers at once (their tasks fail so); ``shutdown`` lets
    them finish the tasks handed out. Only public APIs of ``multiprocessing``,
    ``threading`` and ``concurrent.futures`` are used.
    """

    def __init__(
        self,
        workers: int,
        context: Any,
        initializer: Callable[..., object],
        initargs: tuple[Any, ...] = (),
    ) -> None:
        self.workers = workers
        """How many tasks run at once (``executor_workers`` reads it)."""
        self._tasks: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._broken = False
        self._shut = False
        self._processes: list[Any] = []
        threads = []
        for _ in range(workers):
            here, there = context.Pipe()
            process = context.Process(target=_serve, args=(there, initializer, initargs))
            process.start()
            there.close()  # the worker holds its end alone: its death is this end's EOF
            self._processes.append(process)
            threads.append(threading.Thread(target=self._feed, args=(here,), daemon=True))
        threads.append(threading.Thread(target=self._watch, daemon=True))
        for thread in threads:
            thread.start()
        self._threads = threads

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            if self._broken:
                raise BrokenProcessPool(LOST)
            if self._shut:
                raise RuntimeError("cannot schedule new futures after shutdown")
            future: Future[Any] = Future()
            self._tasks.put((future, fn, args, kwargs))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            if not self._shut:
                self._shut = True
                if cancel_futures:
                    for future in self._waiting():
                        future.cancel()
                self._end_feeding()
        if wait:
            for thread in self._threads:
                thread.join()
            for process in self._processes:
                process.join()

    def kill(self) -> None:
        """Kill every worker now; the tasks they ran fail with BrokenProcessPool."""
        for process in self._processes:
            with contextlib.suppress(OSError, ValueError):
                process.kill()

    def _waiting(self) -> list[Future[Any]]:
        """Take out every task not yet handed to a worker (the lock held): their futures."""
        taken: list[Future[Any]] = []
        while True:
            try:
                task = self._tasks.get_nowait()
            except queue.Empty:
                return taken
            if task is not None:
                taken.append(task[0])

    def _end_feeding(self) -> None:
        """Tell every worker's thread to end once the tasks before are handed out (the
        lock held): its worker is then told to end."""
        for _ in self._processes:
            self._tasks.put(None)

    def _feed(self, connection: Any) -> None:
        """A worker's thread: hand it tasks one at a time until told to end, or lost."""
        with connection:
            while (task := self._tasks.get()) is not None:
                future, fn, args, kwargs = task
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    sent = pickle.dumps((fn, args, kwargs))
                except Exception as error:  # the task's own: a function that does not pickle
                    future.set_exception(error)
                    continue
                try:
                    connection.send_bytes(sent)
                    answer = connection.recv_bytes()
                except (OSError, EOFError):  # its pipe's end: the worker was lost
                    self._break([future])
                    return
                try:
                    done, value = pickle.loads(answer)
                except Exception as error:  # a result of a class this process lacks
                    future.set_exception(error)
                    continue
                if done:
                    future.set_result(value)
                else:
                    raised, told = value
                    raised.__cause__ = RemoteTraceback(told)
                    future.set_exception(raised)
            with contextlib.suppress(OSError):
                connection.send_bytes(pickle.dumps(None))

    def _watch(self) -> None:
        """Wait for the first worker to end: if the pool was not shut down, it was lost
        (a worker lost at rest has no thread waiting on its pipe)."""
        from multiprocessing.connection import wait as ended

        ended([process.sentinel for process in self._processes])
        with self._lock:
            shut = self._shut
        if not shut:
            self._break([])

    def _break(self, running: list[Future[Any]]) -> None:
        """A worker was lost (running ``running``'s task): the pool is broken."""
        with self._lock:
            first = not self._broken
            self._broken = True
            failed = [*running, *self._waiting()] if first else running
            if first:
                self._end_feeding()
        for future in failed:
            if future in running or future.set_running_or_notify_cancel():
                future.set_exception(BrokenProcessPool(LOST))
        if first:
            self.kill()


LOST = "a worker process ended while the pool ran its tasks (killed, or out of memory)"
"""BrokenProcessPool's message, when a ``WorkerPool`` lost a worker."""


def _serve(connection: Any, initializer: Callable[..., object], initargs: tuple[Any, ...]) -> None:
    """A ``WorkerPool`` worker: run each task its pipe brings, answer ``(True, result)``
    or ``(False, exception)``, until the pipe brings None or ends."""
    initializer(*initargs)
    with connection:
        while True:
            try:
                task = pickle.loads(connection.recv_bytes())
            except EOFError:
                return
            except Exception as error:  # a task whose function this process cannot find
                connection.send_bytes(_failure(error))
                continue
            if task is None:
                return
            fn, args, kwargs = task
            try:
                sent = pickle.dumps((True, fn(*args, **kwargs)))
            except Exception as error:  # the task's, or its result does not pickle
                sent = _failure(error)
            connection.send_bytes(sent)


def _failure(error: Exception) -> bytes:
    """A worker's answer for a task that raised ``error``: it, and its traceback's text."""
    told = "".join(traceback.format_exception(error))
    try:
        return pickle.dumps((False, (error, told)))
    except Exception:  # an exception that does not pickle: its text
        return pickle.dumps((False, (RuntimeError(repr(error)), told)))


class RemoteTraceback(Exception):
    """The traceback of a task's exception in a ``WorkerPool`` worker: its cause."""

    def __str__(self) -> str:
        return f'\n"""\n{self.args[0]}"""'


def executor_workers(executor: Executor | None) -> int:
    """How many tasks ``executor`` runs at once, as far as it says (else the processors)."""
    if executor is None:
        return 1
    if isinstance(executor, WorkerPool):
        return executor.workers
    count = getattr(executor, "_max_workers", None)  # the stdlib's pools and loky's
    if isinstance(count, int) and count > 0:
        return count
    client = getattr(executor, "_client", None)  # Dask's ClientExecutor
    if client is not None and hasattr(client, "nthreads"):
        with contextlib.suppress(Exception):
            return max(1, int(sum(client.nthreads().values())))
    return os.cpu_count() or 1


def default_chunk(games: int, workers: int) -> int:
    """Games a chunk: about sixteen chunks a worker, from 16 to 256 games."""
    return max(SMALLEST_CHUNK, min(LARGEST_CHUNK, games // (16 * workers)))


class Window:
    """Chunks out on an executor, at most ``size`` at once, their results in order."""

    def __init__(
        self, executor: Executor, plan: Plan, chunks: Iterator[tuple[int, int]], size: int
    ) -> None:
        self.executor, self.plan, self.chunks, self.size = executor, plan, chunks, size
        self.ahead: deque[tuple[Future[list[Played]], int]] = deque()
        self.stopping = False

    def fill(self) -> None:
        """Hand out chunks until ``size`` are out or none is left."""
        while len(self.ahead) < self.size:
            bounds = next(self.chunks, None)
            if bounds is None:
                return
            start, end = bounds
            out = self.executor.submit(play_chunk, self.plan, start, end)
            self.ahead.append((out, end - start))

    def in_hand(self, told: bool, workers: int) -> int:
        """The games of the chunks out and not back (``told``: each of the ``workers``
        stops after its game in hand)."""
        out = [games for future, games in self.ahead if not future.done()]
        return min(len(out), workers) if told else sum(out)

    def next(self, stop: Stop, workers: int) -> tuple[list[Played], int] | None:
        """The next chunk's games and how many it was given, once it is back; None when
        none is left. After a stop no chunk is handed out and those not started are
        cancelled; the chunks running are waited for, as ``stop`` says."""
        if not stop():
            self.fill()
        if not self.ahead:
            return None
        head, games = self.ahead[0]
        while not head.done():
            if stop() and not self.stopping:
                self.stopping = True
                self.cancel()
                if not stop.told:  # the chunks running run whole (told: the signal's line)
                    stop.waiting(self.in_hand(False, workers))
                continue
            wait([head], timeout=POLL)
        self.ahead.popleft()
        return None if head.cancelled() else (head.result(), games)

    def cancel(self) -> None:
        """Cancel every chunk not yet started (a chunk already running runs on)."""
        for future, _ in self.ahead:
            future.cancel()


# ------------------------------------------------------------------ signals and progress


class Stop:
    """Ctrl-C and SIGTERM, while a run is on: the first is noted, to stop handing out
    games and wait for the games in hand; the second stops at once (KeyboardInterrupt).

    A Stop entered while another is on is that one: a caller may catch the signals
    before it starts its workers (``dicerules simulate`` does), and the run it then
    makes sees them. ``told`` are called at the first signal to tell workers to stop
    after their game in hand (the run then waits for those games only), ``heard`` are
    called then too, for anything else (a cluster's log silenced); ``in_hand`` says
    how many games are in hand as the signal comes, for the line written on standard
    error then.
    """

    active: Stop | None = None

    def __init__(self) -> None:
        self.signal: int | None = None
        self.hard = False
        """Whether a second signal came: stop at once, stopping the workers."""
        self.saved: dict[int, Any] = {}
        self.told: list[Callable[[], None]] = []
        self.heard: list[Callable[[], None]] = []
        self.in_hand: Callable[[], int] = lambda: 0
        self.progress: Progress | None = None
        self.held = 0
        self.outer: Stop | None = None
        self.terminal = 0
        """The columns of the terminal standard error is (0: not a terminal, the note a
        line): there the note is wrapped to them and begins a line of its own after
        the terminal's echo of a Ctrl-C (``^C``). ``dicerules simulate`` sets it."""

    def __enter__(self) -> Stop:
        if Stop.active is not None:
            self.outer = Stop.active
            return Stop.active
        if threading.current_thread() is not threading.main_thread():
            return self
        defaults = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
        for number, default in defaults.items():
            if signal.getsignal(number) is default:
                self.saved[number] = signal.signal(number, self.note)
        Stop.active = self
        return self

    def note(self, number: int, frame: FrameType | None) -> None:
        if self.signal is not None:  # the second: at once
            self.hard = True
            if not self.held:
                raise KeyboardInterrupt
            return
        self.signal = number
        count = self.in_hand()  # before the workers are told: a game may end at once
        for tell in (*self.told, *self.heard):
            tell()
        self.waiting(count)

    def waiting(self, count: int) -> None:
        """Say on standard error that the run waits for ``count`` games in hand."""
        if not count:
            return
        how = "Ctrl-C" if self.signal == signal.SIGINT else "SIGTERM"
        echoed = self.terminal and self.signal == signal.SIGINT  # "^C" where the cursor is
        fresh = "\n" if echoed or (self.progress is not None and self.progress.open) else ""
        note = (
            f"dicerules simulate: stopping: waiting for the {count:,} game"
            f"{'s' if count != 1 else ''} in hand ({how} again stops at once)"
        )
        lines = _wrapped(note, self.terminal) if self.terminal else [note]
        with contextlib.suppress(OSError):  # unbuffered: safe in a signal handler
            os.write(2, (fresh + "\n".join(lines) + "\n").encode())

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """A stretch a second signal does not cut short (counting and writing games)."""
        self.held += 1
        try:
            yield
        finally:
            self.held -= 1
        if self.hard and not self.held:
            raise KeyboardInterrupt

    def __exit__(self, *exc: object) -> None:
        if self.outer is not None:
            return
        if Stop.active is self:
            Stop.active = None
        for number, handler in self.saved.items():
            signal.signal(number, handler)

    def __call__(self) -> bool:
        return self.signal is not None


class Progress:
    """Games done, games a second and time left, on one line of standard error.

    On a terminal the line is rewritten in place and cleared when the run ends, so
    what follows (the table, a stop's line) begins on a clean line; a file (asked for
    explicitly) gets the same lines and keeps the last, ended.
    """

    def __init__(self, total: int, done: int, shown: bool) -> None:
        self.total, self.first, self.shown = total, done, shown
        self.start = self.last = time.monotonic()
        self.open = False
        """Whether the line shown waits for its end (a stop's line begins a new one)."""
        self.length = 0
        """The length of the line last written, which clearing blanks."""

    def show(self, done: int, final: bool = False) -> None:
        if not self.shown:
            return
        if final and _terminal(sys.stderr):
            if self.open:  # blanked, and the cursor back at its start
                print(f"\r{' ' * self.length}\r", end="", file=sys.stderr, flush=True)
            self.open = False
            return
        now = time.monotonic()
        if not final and now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        rate = (done - self.first) / (now - self.start) if now > self.start else 0.0
        left = f", {_duration((self.total - done) / rate)} left" if rate and not final else ""
        line = f"{done:,}/{self.total:,} games, {rate:,.0f} games/s{left}   "
        print(f"\r{line}", end="\n" if final else "", file=sys.stderr, flush=True)
        self.open, self.length = not final, len(line)


def _terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal (False for none, or a closed one)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False


def _duration(seconds: float) -> str:
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


# ------------------------------------------------------------------ the call


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C or SIGTERM; ``simulation`` holds the games finished."""

    def __init__(self, simulation: Simulation, signal_number: int) -> None:
        super().__init__(f"stopped after {len(simulation.outcomes)} of {simulation.games} games")
        self.simulation = simulation
        self.signal = signal_number


class WorkersLost(BrokenExecutor):
    """A run whose executor lost a worker (killed, or out of memory): ``simulation``
    holds the games finished before, their records written; ``resume`` continues."""

    def __init__(self, simulation: Simulation) -> None:
        super().__init__(
            f"a worker process was lost (killed, or out of memory) after"
            f" {len(simulation.outcomes)} of {simulation.games} games"
        )
        self.simulation = simulation


def _lineup(
    game: AnyGame, bots: object, acting: int, pickled: Callable[[object], object] | None
) -> list[tuple[BotSpec, str]]:
    """Each bot of ``bots`` with its name, checked (``pickled``: how a factory is sent
    to the executor's workers); one a seat that acts."""
    if isinstance(bots, str) or callable(bots):
        bots = (bots,)
    if not isinstance(bots, Iterable):
        raise WrongTypeError(f"bots must be a sequence of names or factories, not {bots!r}")
    found: list[tuple[BotSpec, str]] = []
    known = named_bots.names(game)
    for place, spec in enumerate(bots):
        if isinstance(spec, str):
            if named_bots.is_policy(spec):  # policy=FILE, named by its form
                found.append((named_bots.check(spec, game), spec))
                continue
            if ":" in spec:  # a bot class or factory of the caller's, module:attr,
                checked = named_bots.check(spec, game)  # named by its bot's name if any
                name = getattr(named_bots.make(checked, game, 0), "name", None)
                found.append((checked, name if isinstance(name, str) else spec))
                continue
            if spec not in known:
                raise InvalidArgumentError(
                    f"no bot named {spec!r}; the bots of {game.name} are: {', '.join(known)}"
                )
            found.append((spec, spec))
            continue
        if not callable(spec):
            raise WrongTypeError(
                f"bots[{place}] must be a bot's name or a factory of bots, not {spec!r}"
            )
        bot = named_bots.build(spec, 0, f"bots[{place}] ({spec!r})")
        name = getattr(bot, "name", None)
        if not isinstance(name, str):
            raise WrongTypeError(f"bots[{place}] ({spec!r}) made {bot!r}, a bot with no name")
        if pickled is not None:
            try:
                pickled(spec)
            except Exception as error:
                raise InvalidArgumentError(
                    f"bots[{place}], the factory of the {name!r} bot ({spec!r}), cannot be"
                    f" sent to the executor's workers: it does not pickle ({error}); define"
                    " it at the top level of a module they can import"
                ) from None
        found.append((spec, name))
    if len(found) == 1:
        return found * acting
    if len(found) != acting:
        raise InvalidArgumentError(
            f"give one bot for every seat that acts, or one for each of the {acting}"
            f" seats that act in {game.name} with these rules; {len(found)} given"
        )
    return found


def simulate(
    game: AnyGame | str,
    games: int,
    *,
    bots: Sequence[BotSpec] | BotSpec = ("random",),
    rules: Any = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk: int | None = None,
    records: str | os.PathLike[str] | TextIO | None = None,
    progress: bool = False,
    resume: bool = False,
) -> Simulation:
    """Play ``games`` seeded games of ``game`` between ``bots``; their Simulation.

    ``rules`` None means the game's default rules. ``executor`` None plays in this
    process; ``chunk`` is the games handed to a worker at once (None: chosen from
    the games and the workers). ``records``: a path or a text file that gets every
    record, a line each, in game order; ``resume`` continues the run a records path
    holds the start of. ``progress`` shows games done, games a second and time left
    on standard error. InvalidArgumentError (a ValueError) or WrongTypeError (a
    TypeError) for bad arguments, before any game is played; RecordError for a
    records file that is not the start of this run; Interrupted on Ctrl-C.
    """
    game = as_game(game)
    get_game(game.name)  # workers find the game by its name: it must be registered
    rules = game.default_rules if rules is None else rules
    game.new_game(rules, seed=0)  # bad rules are refused now, not in a worker
    seed = check_seed(seed)
    if not isinstance(games, int) or isinstance(games, bool):
        raise WrongTypeError(f"games must be an int, not {type(games).__name__}")
    if games < 0:
        raise InvalidArgumentError(f"games must be 0 or more, got {games}")
    workers = executor_workers(executor)
    if chunk is None:
        chunk = default_chunk(games, workers)
    elif not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1:
        raise InvalidArgumentError(f"chunk must be an int of 1 or more, got {chunk!r}")
    acting = tuple(game.acting_seats(rules))
    lineup = _lineup(game, bots, len(acting), _pickler(executor))
    if resume and not isinstance(records, str | os.PathLike):
        raise InvalidArgumentError("resume needs records: the path of the run's records")
    if not (records is None or isinstance(records, str | os.PathLike)) and not callable(
        getattr(records, "write", None)
    ):
        raise WrongTypeError(
            f"records must be a path or a text file open for writing, not {type(records).__name__}"
        )
    names = tuple(name for _, name in lineup)
    seats = game.seats(rules)
    rotations = []
    for index in range(max(1, len(acting))):  # the seating repeats after a turn of the seats
        placed = seating(len(names), index, acting)
        rotations.append(tuple(names[placed[s]] if s in placed else None for s in range(seats)))
    players = tuple(tuple(name or NEVER.name for name in seated) for seated in rotations)
    plan = Plan(
        game.name, rules, tuple(spec for spec, _ in lineup), seed, records is not None, players
    )
    outcomes = Outcomes(seed, seats, tuple(rotations))
    with contextlib.ExitStack() as stack:
        writer = _open_records(stack, records, plan, games, outcomes, resume)
        stop = stack.enter_context(Stop())
        shown = stop.progress = Progress(games, len(outcomes), progress)
        lost: BaseException | None = None
        try:
            _play(plan, games, executor, chunk, CHUNKS_AHEAD * workers, outcomes, writer,
                  stop, shown)  # fmt: skip
        except KeyboardInterrupt:
            stop.signal = stop.signal or signal.SIGINT
            stop.hard = True
        except BrokenExecutor as error:
            if stop.signal is None:  # a signal that reached the workers too may break
                lost = error  # the executor: the run is stopped, not failed
        shown.show(len(outcomes), final=True)
    result = _simulation(plan, games, names, acting, outcomes)
    if lost is not None:
        raise WorkersLost(result) from lost
    if stop.signal is not None:
        raise Interrupted(result, stop.signal)
    return result


def simulate_batch(
    game: AnyGame | str, games: int, *, rules: Any = None, seed: int = 0, chunk: int = 10_000
) -> Simulation:
    """``simulate(game, games, bots=("uniform",), rules=rules, seed=seed)``, played by
    ``dicerules.batch`` (extra ``batch``): the same Simulation, games many at a time.

    The arguments are checked as ``simulate`` checks them; ``chunk`` is the games
    stepped together (it bounds the memory).
    """
    from dicerules import batch  # NumPy: only when asked for

    game = as_game(game)
    rules = game.default_rules if rules is None else rules
    game.new_game(rules, seed=0)  # bad rules are refused as simulate refuses them
    seed = check_seed(seed)
    acting = tuple(game.acting_seats(rules))
    seats = game.seats(rules)
    rotation = tuple("uniform" if s in acting else None for s in range(seats))
    outcomes = Outcomes(seed, seats, (rotation,) * max(1, len(acting)))
    played = batch.simulate(game, games, rules=rules, seed=seed, chunk=chunk)
    for won, scores, actions in zip(
        played.winners.tolist(), played.scores.tolist(), played.actions.tolist(), strict=True
    ):
        winners = [seat for seat, win in enumerate(won) if win]
        outcomes.append(winners, scores, actions)
    plan = Plan(game.name, rules, ("uniform",) * len(acting), seed, False)
    return _simulation(plan, games, ("uniform",) * len(acting), acting, outcomes)


def _open_records(
    stack: contextlib.ExitStack,
    records: str | os.PathLike[str] | TextIO | None,
    plan: Plan,
    games: int,
    outcomes: Outcomes,
    resume: bool,
) -> Writer | None:
    """The records file, open to write the run's next record (after those resumed)."""
    if records is None:
        return None
    if not isinstance(records, str | os.PathLike):
        return records
    path = Path(records)
    with _naming(path):
        if resume and path.exists():
            end = _resume(path, plan, games, outcomes)
            with path.open("r+b") as cut:
                cut.truncate(end)  # a last line cut short goes
            file = path.open("a", encoding="utf-8")
        else:
            file = path.open("w", encoding="utf-8")
    stack.callback(_closed, file, path)
    return _Named(file, path)


@contextlib.contextmanager
def _naming(path: Path) -> Iterator[None]:
    """An OSError of the records file names it (``[Errno 28] ...: 'run.jsonl'``)."""
    try:
        yield
    except OSError as error:
        if error.filename is not None:
            raise
        raise type(error)(error.errno, error.strerror or str(error), str(path)) from None


def _closed(file: TextIO, path: Path) -> None:
    with _naming(path):
        file.close()


class Writer(Protocol):
    """Where records are written: a text file, or one whose errors name it."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class _Named:
    """A records file whose write errors name it."""

    def __init__(self, file: TextIO, path: Path) -> None:
        self.file, self.path = file, path

    def write(self, text: str) -> int:
        with _naming(self.path):
            return self.file.write(text)

    def flush(self) -> None:
        with _naming(self.path):
            self.file.flush()


def _resume(path: Path, plan: Plan, games: int, outcomes: Outcomes) -> int:
    """Count the games ``path`` holds the records of into ``outcomes``; the bytes they take.

    RecordError naming the argument that differs for a record that is not this
    run's (its game, rules, players, seed or bots), and for a line longer than any
    record (``records.MAX_LINE``), read no further."""
    end = 0
    game = get_game(plan.game)
    with path.open("rb") as file:
        index = 0
        while line := file.readline(MAX_LINE + 1):
            where = f"{path} line {index + 1}"
            if len(line) > MAX_LINE:
                raise RecordError(
                    f"{where} is longer than any record can be ({MAX_LINE:,} bytes): it is"
                    " not a records file of simulate"
                )
            if not line.endswith(b"\n"):
                break
            if index >= games:
                raise RecordError(f"{where}: the file holds more than the {games} games asked for")
            try:
                rec = GameRecord.from_json(line.decode("utf-8"))
                state = replay(rec)
            except (RecordError, UnicodeDecodeError) as error:
                raise RecordError(f"{where}: {error}") from None
            differs = _differs(rec, state, plan, index)
            if differs is not None:
                raise RecordError(
                    f"{where} is not game {index} of this run ({plan.game}, seed"
                    f" {game_seed(plan.seed, index)}): {differs}; resume with the arguments"
                    " of the run that wrote it"
                )
            outcomes.append(game.winners(state), game.scores(state), len(state.tape.actions))
            end += len(line)
            index += 1
    return end


def _differs(rec: GameRecord, state: Any, plan: Plan, index: int) -> str | None:
    """What of ``plan`` the record of its game ``index`` does not match: "the bots
    differ" and the like, or None."""
    if rec.game != plan.game:
        return f"its game is {rec.game}, not {plan.game}"
    if state.rules != plan.rules:
        fields = [f.name for f in attrs.fields(type(plan.rules))]
        other = [name for name in fields if getattr(state.rules, name) != getattr(plan.rules, name)]
        name = other[0] if other else "rules"
        theirs = rule_value(getattr(state.rules, name, None))
        ours = rule_value(getattr(plan.rules, name, None))
        what = "players" if name == "players" else f"rules ({name})"
        return f"the {what} differ ({theirs} there, {ours} here)"
    if rec.stream != SeededStream(game_seed(plan.seed, index)):
        return "the seed differs"
    if plan.players:
        seated = plan.players[index % len(plan.players)]
        named = rec.tags.players if rec.tags is not None else None
        if named != seated:
            there = ",".join(named) if named else "not named"
            return f"the bots differ (seat by seat: {there} there, {','.join(seated)} here)"
    return None


def _play(
    plan: Plan,
    games: int,
    executor: Executor | None,
    chunk: int,
    ahead: int,
    outcomes: Outcomes,
    writer: Writer | None,
    stop: Stop,
    shown: Progress,
) -> None:
    """Play the games not yet in ``outcomes``, adding each, writing its record."""

    append = outcomes.append

    def add(played: Iterable[Played]) -> bool:
        """Count and write ``played``; whether to stop."""
        for one in played:
            with stop.holding():  # a game is counted and written whole, or not at all
                if writer is not None:
                    writer.write(one.record + "\n")
                append(one.winners, one.scores, one.actions)
        with stop.holding():
            if writer is not None:
                writer.flush()
        shown.show(len(outcomes))
        return stop.signal is not None

    chunks = ((start, min(start + chunk, games)) for start in range(len(outcomes), games, chunk))
    if executor is None:  # game by game, so that a stop loses none of a chunk
        stop.in_hand = lambda: 1  # what a signal's line says
        try:
            for start, end in chunks:
                if add(play_games(plan, start, end, stop)):
                    return
        finally:
            stop.in_hand = lambda: 0
        return
    window = Window(executor, plan, chunks, ahead)
    workers = ahead // CHUNKS_AHEAD
    if stop.told:  # each worker ends its chunk after the game in hand: the signal counts them
        stop.in_hand = lambda: window.in_hand(True, workers)
    try:
        while (back := window.next(stop, workers)) is not None:
            played, given = back
            add(played)
            if len(played) < given:
                break  # a chunk cut short by a stop: the games after it are not all played
    finally:
        stop.in_hand = lambda: 0
        window.cancel()


def _simulation(
    plan: Plan, games: int, names: tuple[str, ...], acting: tuple[int, ...], outcomes: Outcomes
) -> Simulation:
    """The Simulation of ``outcomes``, with its tallies."""
    by_bot = {name: Tally() for name in names}
    seats = outcomes._seats
    by_seat = tuple(Tally() for _ in range(seats))
    seat_bots = [
        [None if name is None else by_bot[name] for name in seated]
        for seated in outcomes._seat_names
    ]
    won, scores = outcomes._won, outcomes._scores
    for index in range(len(outcomes)):
        row = index * seats
        shared = sum(won[row : row + seats]) > 1
        bots_here = seat_bots[index % len(seat_bots)]
        for seat in range(seats):
            win, score = bool(won[row + seat]), scores[row + seat]
            by_seat[seat].add(win, shared, score)
            tally = bots_here[seat]
            if tally is not None:
                tally.add(win, shared, score)
    return Simulation(plan.game, plan.rules, plan.seed, games, names, acting, outcomes, by_bot,
                      by_seat)  # fmt: skip
