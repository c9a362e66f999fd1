"""Games in play: a table per game, its seats and tokens, its sockets and its bots.

A move goes through ``Table.play`` (a person's, from a socket) or the table's bot
loop, under the table's lock: ``wire.move`` checks it, the storage commits it, and
only then does the table take the new state and queue ``wire.view`` and
``wire.events`` for each socket, each for its own seat (made once a seat, whatever
the number of its sockets). The moves, seats taken and new games of every table go
to the storage through the lobby's ``Committer``: those that come while the storage
is busy wait for it and are committed together, in one transaction on one worker
thread. A move the storage did not take is a move that did not happen (nor did any
write of its batch): the mover is told ``storage_unavailable``, and a bot tries again
after a pause that doubles, from BOT_RETRY to BOT_RETRY_MOST seconds.

A game ends by its rules, or the server ends it (``Table.stopped``, kept in the
storage with the game's last move): ``record_full`` when a move brings it to the
longest record it may hold (``records.max_actions``: no further move could be
recorded, so none is taken), ``expired`` when its seats were not all taken in time.
A stored game that does not replay is kept as an ``Unplayable``, ``bad_record``: it
is listed, and its record (as stored) may be downloaded. ERRORS holds every refusal
code of the server's own.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import datetime
import functools
import hashlib
import heapq
import hmac
import logging
import secrets
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

import anyio
import anyio.to_thread
import attrs

import dicerules
from dicerules import bots, records, wire
from dicerules.match import bot_seed
from dicerules.records import rules_to_dict
from dicerules_server.storage import (
    EXPIRED,
    DuplicateMoveError,
    GameRow,
    MoveRow,
    NewGame,
    SeatClaim,
    SeatRow,
    Storage,
    StorageUnavailable,
    Write,
)

__all__ = [
    "ERRORS",
    "MAX_NAME",
    "STOPS",
    "Committer",
    "Listener",
    "Lobby",
    "ServerError",
    "StorageFault",
    "Table",
    "Unplayable",
]

log = logging.getLogger("dicerules_server")

MAX_NAME: Final = 40
"""The most characters of a player's name."""

MAX_QUEUE: Final = 1000
"""The most messages queued for one socket; a client that reads none is let go."""

HUMAN: Final = "human"
HOUSE: Final = "house"

RECORD_FULL: Final = "record_full"
BAD_RECORD: Final = "bad_record"
STORAGE_UNAVAILABLE: Final = "storage_unavailable"

ERRORS: Final[Mapping[str, tuple[int, str]]] = {
    "bad_argument": (400, "a field of the request has the wrong type or value"),
    "bad_message": (400, "the request or socket message is not a JSON object the server reads"),
    "too_large": (413, "the request or socket message is longer than the server reads"),
    "not_found": (404, "there is no game of that id"),
    "unknown_seat": (404, "the game has no such seat"),
    "seat_taken": (409, "the seat is not free for a person"),
    "bad_token": (403, "the token is no seat token of this game"),
    "not_started": (400, "the game waits for its players"),
    "stale": (400, "the move answers a view older than the game's step"),
    "not_over": (409, "the game is in play: its record would show every hand"),
    "full": (503, "the server holds as many games in play as it may"),
    STORAGE_UNAVAILABLE: (503, "the database takes no writes now: try again"),
    RECORD_FULL: (409, "the game stopped at the longest record it may hold"),
    EXPIRED: (409, "the game expired before its seats were all taken"),
    BAD_RECORD: (409, "the stored game does not replay: it can only be looked at"),
    "internal": (500, "the server failed: a fault of its own"),
}
"""Every refusal code of the server's own: its HTTP status, and when it is sent. A
game's own refusal is ``wire.error``'s (its codes in ``wire.CODES``), HTTP status 400
(404 for ``unknown_game``). Over a socket a refusal is a message and the connection
goes on, but for the first message (then it closes with 4000 + the status)."""

STOPS: Final = (RECORD_FULL, EXPIRED, BAD_RECORD)
"""Why the server ended a game its rules had not (``summary()["stopped"]["reason"]``):
each is also the code of a move or a join refused in that game."""

LIST_LIMIT: Final = 50
"""The games ``Lobby.listing`` gives at once by default."""

LIST_MOST: Final = 100
"""The most games ``Lobby.listing`` gives at once."""

BOT_RETRY: Final = 0.1
"""Seconds a bot waits before it tries again a move the storage did not take."""

BOT_RETRY_MOST: Final = 5.0
"""The longest that wait grows to (it doubles at each try)."""

_UNAVAILABLE: Final = "the server cannot store games now: try again in a moment"

T = TypeVar("T")


class ServerError(Exception):
    """A request the server refuses: ``code`` (one of ERRORS) and its ``status`` say
    which, for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.status = ERRORS[code][0]

    def message(self) -> dict[str, str]:
        """The error as a client is sent it, as ``wire.error`` makes the game's own."""
        return {"error": self.code, "message": str(self)}


class StorageFault(ServerError):
    """The storage did not take what the server asked of it (``storage_unavailable``)."""

    def __init__(self) -> None:
        super().__init__(STORAGE_UNAVAILABLE, _UNAVAILABLE)


async def stored(call: Callable[..., T], *args: object) -> T:
    """``call(*args)``, a storage method, in a worker thread; a fault is a StorageFault
    (the storage has logged it)."""
    try:
        return await anyio.to_thread.run_sync(call, *args)
    except StorageUnavailable:
        raise StorageFault from None


class Committer:
    """The writes on their way to the storage (moves, seats taken, new games),
    committed in batches: the writes that come while the storage is busy wait for it,
    and go in its next transaction together (one commit, one sync to the disk, one
    worker thread for them all).

    ``write`` returns once its transaction is committed: no move is told before the
    database has it. At most ``storage.writers`` batches are in flight at once, each on
    a thread of the committer's own.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._threads = concurrent.futures.ThreadPoolExecutor(
            storage.writers, thread_name_prefix="dicerules-commit"
        )
        self._queued: list[tuple[Write, asyncio.Future[bool]]] = []
        self._starting = False  # a batch is about to take what is queued
        self._in_flight = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def write(self, write: Write) -> bool:
        """Do the write (``Storage.write``): whether it was done; StorageFault if the
        storage did not take its batch."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queued.append((write, future))
        self._next_batch()
        return await future

    def _next_batch(self) -> None:
        if self._queued and not self._starting and self._in_flight < self.storage.writers:
            self._starting = True
            self._in_flight += 1
            task = asyncio.get_running_loop().create_task(self._commit())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _commit(self) -> None:
        # A task runs from the loop's next turn: what every table queued till then.
        self._starting = False
        batch, self._queued = self._queued, []
        try:
            taken = await asyncio.get_running_loop().run_in_executor(
                self._threads, self.storage.write, [write for write, _ in batch]
            )
        except BaseException as error:
            for _, future in batch:
                if not future.done():
                    fault = isinstance(error, StorageUnavailable)
                    future.set_exception(StorageFault() if fault else error)
            if not isinstance(error, Exception):
                raise
        else:
            for (_, future), stored in zip(batch, taken, strict=True):
                if not future.done():
                    future.set_result(stored)
        finally:
            self._in_flight -= 1
            self._next_batch()

    def close(self) -> None:
        """Let the threads go once the batches in flight are committed."""
        self._threads.shutdown(wait=False)


def refusal(exc: BaseException) -> dict[str, str]:
    """``{"error": code, "message": text}`` for any refusal, the server's or the game's."""
    return exc.message() if isinstance(exc, ServerError) else wire.error(exc)


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str:
    """A player's name as shown: trimmed, no control characters, at most MAX_NAME long."""
    if not isinstance(name, str):
        raise ServerError("bad_argument", "a name is a string")
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C").strip()
    if not name:
        raise ServerError("bad_argument", "a name needs at least one letter")
    if len(name) > MAX_NAME:
        raise ServerError("bad_argument", f"a name is at most {MAX_NAME} characters")
    return name


class Listener:
    """One socket's seat (None: a spectator) and the messages waiting to go to it."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, text: str | None) -> None:
        """Queue a message (None: close); a socket too far behind is closed instead."""
        if self.queue.qsize() >= MAX_QUEUE:
            text = None
        self.queue.put_nowait(text)


def _public_seats(seats: Sequence[SeatRow]) -> list[dict[str, object]]:
    return [
        {
            "seat": seat.seat,
            "player": seat.player,
            "name": seat.name,
            "taken": seat.player != HUMAN or seat.token_hash is not None,
        }
        for seat in seats
    ]


def _all_taken(seats: Sequence[SeatRow]) -> bool:
    return all(seat.token_hash for seat in seats if seat.player == HUMAN)


def _layout(game: Any, rules: Any) -> Any:
    """``wire.layout`` of a game and rules: made once for the tables of the same game
    and (hashable) rules, which only send it."""
    try:
        hash(rules)
    except TypeError:
        return wire.layout(game, rules)
    return _layout_of(game.name, rules)


_layout_of: Final = functools.lru_cache(maxsize=64)(wire.layout)


_EPOCH: Final = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)


def _micros(created: str) -> int:
    """A game's ``created`` (ISO 8601, UTC) in microseconds since 1970."""
    return (datetime.datetime.fromisoformat(created) - _EPOCH) // datetime.timedelta(microseconds=1)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _stamp(moment: datetime.datetime) -> str:
    """How a moment is stored: ISO 8601 to the microsecond, so that text order is time order."""
    return moment.isoformat(timespec="microseconds")


class Table:
    """One game: its state, its seats, the sockets watching it, and its bots."""

    def __init__(
        self, row: GameRow, state: Any, storage: Storage, lobby: Lobby, bot_delay: float
    ) -> None:
        self.id = row.id
        self.row = row
        self.game = dicerules.get_game(row.game)
        self.state = state
        self.seats = list(row.seats)
        self.storage = storage
        self.lobby = lobby
        self.bot_delay = bot_delay
        self.created = _micros(row.created)
        self.bound = records.max_actions(self.game, state.rules)
        """The most moves a record of this game may hold: the last one it takes."""
        self.stopped: str | None = row.stopped
        """Why the server ended the game (one of STOPS), if it did."""
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self.layout = _layout(self.game, state.rules)
        self.bots = {
            seat.seat: bots.make(
                lobby.own_bots.get(seat.player, seat.player),
                self.game,
                seed=bot_seed(row.seed, seat.seat),
            )
            for seat in row.seats
            if seat.player not in (HUMAN, HOUSE)
        }
        self._bot_task: asyncio.Task[None] | None = None

    # -------------------------------------------------------------- facts

    @property
    def started(self) -> bool:
        """Whether every person's seat has been taken (bots wait till then)."""
        return _all_taken(self.seats)

    @property
    def over(self) -> bool:
        """Whether the game has ended, by its rules or by the server."""
        return self.stopped is not None or bool(self.game.is_terminal(self.state))

    @property
    def waiting(self) -> bool:
        """Whether the game waits for people to take its seats."""
        return not self.started and not self.over

    @property
    def step(self) -> int:
        return len(self.state.tape.actions)

    def seat_of(self, token: object) -> int:
        """The seat whose token this is; ServerError ``bad_token`` for any other."""
        if isinstance(token, str) and token:
            digest = token_hash(token)
            for seat in self.seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
        raise ServerError("bad_token", "that is not a seat token of this game")

    def view(self, seat: int | None) -> dict[str, Any]:
        """``wire.view`` of the game now, for ``seat`` (None: a spectator)."""
        return wire.view(self.game, self.state, seat)

    def _why_stopped(self) -> str:
        if self.stopped == RECORD_FULL:
            return f"the game stopped at the longest record it may hold: {self.bound:,} moves"
        return "the game expired: its seats were not all taken in time"

    def _refuse_if_stopped(self) -> None:
        if self.stopped is not None:
            raise ServerError(self.stopped, self._why_stopped())

    def summary(self) -> dict[str, object]:
        """What the lobby shows of the game: nothing of anyone's dice."""
        over = self.over
        stopped = self.stopped
        return {
            "id": self.id,
            "game": self.game.name,
            "rules": wire.rules(self.game, self.state.rules),
            "created": self.row.created,
            "seats": _public_seats(self.seats),
            "started": self.started,
            "over": over,
            "step": self.step,
            "to_act": None if stopped else self.game.current_player(self.state),
            "winners": list(self.game.winners(self.state)) if over and not stopped else [],
            "stopped": None
            if stopped is None
            else {"reason": stopped, "message": self._why_stopped()},
        }

    # -------------------------------------------------------------- sockets

    def listen(self, seat: int | None) -> Listener:
        """A new socket on the table: its first message is the welcome, with its view,
        the table's layout, the whole story so far and the seat's moves."""
        listener = Listener(seat)
        self.listeners.add(listener)
        listener.send(
            wire.dumps(
                {
                    "type": "welcome",
                    "seat": seat,
                    "table": self.summary(),
                    "view": self.view(seat),
                    "layout": self.layout,
                    "story": wire.story(self.game, self.state, seat),
                    "moves": wire.moves(self.game, self.state, seat),
                }
            )
        )
        return listener

    def update(self, seat: int | None, before: Any = None) -> str:
        """The update for ``seat`` of the game now: its view and its moves, with the
        events and the story since ``before`` (None: none, the view sent again)."""
        after = self.state
        # The events first: the view of ``after`` they make is kept for the others.
        events = [] if before is None else wire.events(self.game, before, after, seat)
        return wire.dumps(
            {
                "type": "update",
                "view": wire.view(self.game, after, seat),
                "events": events,
                "story": [] if before is None else wire.story(self.game, after, seat, before),
                "moves": wire.moves(self.game, after, seat),
            }
        )

    async def hint(self, seat: int | None) -> str:
        """The odds of the choice ``seat`` faces now (``wire.hint``, worked out on a
        thread), with the step they are of; the game's error for a seat not to act."""
        state = self.state
        made = await anyio.to_thread.run_sync(wire.hint, self.game, state, seat)
        return wire.dumps({"type": "hint", "step": len(state.tape.actions), **made})

    def unlisten(self, listener: Listener) -> None:
        self.listeners.discard(listener)

    def _broadcast(self, before: Any) -> None:
        made: dict[int | None, str] = {}
        for listener in list(self.listeners):
            seat = listener.seat
            if seat not in made:
                made[seat] = self.update(seat, before)
            listener.send(made[seat])

    def _announce(self, kind: str) -> None:
        text = wire.dumps({"type": kind, "table": self.summary()})
        for listener in list(self.listeners):
            listener.send(text)

    def end(self, reason: str) -> None:
        """End the game for ``reason`` (one of STOPS; the storage says so already), and
        tell every socket: ``{"type": "stopped", "table"}``."""
        self.stopped = reason
        self._announce("stopped")

    # -------------------------------------------------------------- moves

    async def claim(self, seat: int | None, name: str) -> tuple[int, str]:
        """Give a free person's seat (None: the first free one) to ``name``: its token."""
        async with self.lock:
            self._refuse_if_stopped()
            free = [s.seat for s in self.seats if s.player == HUMAN and s.token_hash is None]
            if seat is None:
                if not free:
                    raise ServerError("seat_taken", "every person's seat is taken")
                seat = free[0]
            elif not any(s.seat == seat for s in self.seats):
                raise ServerError("unknown_seat", f"the game has no seat {seat}")
            elif seat not in free:
                raise ServerError("seat_taken", f"seat {seat} is not free for a person")
            token = secrets.token_urlsafe(32)
            digest = token_hash(token)
            with anyio.CancelScope(shield=True):
                taken = await self.lobby.committer.write(SeatClaim(self.id, seat, name, digest))
                if not taken:
                    raise ServerError("seat_taken", f"seat {seat} was just taken")
                self.seats[seat] = attrs.evolve(self.seats[seat], name=name, token_hash=digest)
                self._announce("seats")
                self.wake_bots()
        return seat, token

    async def play(self, seat: int | None, text: object, step: object = None) -> None:
        """A person's move: checked by ``wire.move``, stored, then told to every socket.

        ``step``, when given, is the step the client saw last: a move made on an old
        view (sent again after a lost connection, say) is refused as ``stale``.
        """
        async with self.lock:
            self._refuse_if_stopped()
            if step is not None and step != self.step:
                raise ServerError(
                    "stale", f"the game is at step {self.step}, not {step}: here is the view"
                )
            if not self.started and not self.over:
                raise ServerError("not_started", "the game waits for its players")
            await self._commit(wire.move(self.game, self.state, seat, text))

    async def _commit(self, after: Any) -> None:
        before = self.state
        count = len(after.tape.rolls) - len(before.tape.rolls)
        rolls = (
            tuple(die for roll in after.tape.rolls.newest(count) for die in roll) if count else ()
        )
        action = self.game.format_action(after.tape.actions.last)
        over = bool(self.game.is_terminal(after))
        # The move that brings the record to its bound is the game's last: no later
        # one could be recorded, so the server ends the game with it.
        full = not over and len(after.tape.actions) >= self.bound
        move = MoveRow(
            self.id,
            len(before.tape.actions),
            action,
            rolls,
            over or full,
            RECORD_FULL if full else None,
        )
        # Once the database has the move, the move happened: no cancellation between.
        with anyio.CancelScope(shield=True):
            if not await self.lobby.committer.write(move):
                raise DuplicateMoveError(f"game {self.id} already has a move at step {move.step}")
            self.state = after
            self._broadcast(before)
            if full:
                self.end(RECORD_FULL)
            if over or full:
                self.lobby.finished(self)
            else:
                self.wake_bots()

    # -------------------------------------------------------------- bots

    def _bot_to_act(self) -> int | None:
        seat = self.game.current_player(self.state)
        return seat if seat in self.bots and self.started and not self.over else None

    def wake_bots(self) -> None:
        """Start the bots' loop if a bot is to act and it is not running."""
        if self._bot_to_act() is not None and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        pause, retry = self.bot_delay, BOT_RETRY
        chosen: tuple[int, Any] | None = None  # (step, state after): tried, not stored
        while (seat := self._bot_to_act()) is not None:
            await asyncio.sleep(pause)
            async with self.lock:
                if self._bot_to_act() != seat:
                    continue
                if chosen is None or chosen[0] != self.step:
                    state = self.state
                    choice = self.bots[seat].choose(
                        self.game.view(state, seat), self.game.legal_actions(state)
                    )
                    chosen = (self.step, self.game.apply(state, choice))
                try:
                    await self._commit(chosen[1])
                except StorageFault:
                    pause, retry = retry, min(2 * retry, BOT_RETRY_MOST)  # the same move again
                    continue
                except Exception:
                    log.exception("game %s: the bot in seat %d could not move", self.id, seat)
                    return
                pause, retry, chosen = self.bot_delay, BOT_RETRY, None

    def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()


class Unplayable:
    """A stored game that does not replay (its record is too long or damaged, its game
    not installed): kept as it is, listed as over, ``bad_record``, its record given."""

    over: Final = True

    def __init__(self, row: GameRow, error: str) -> None:
        self.id = row.id
        self.row = row
        self.created = _micros(row.created)
        self.message = f"the stored game does not replay: {error}"

    def refuse(self) -> ServerError:
        return ServerError(BAD_RECORD, self.message)

    def summary(self) -> dict[str, object]:
        """What the lobby shows of it, as of a Table: over, stopped as ``bad_record``."""
        return {
            "id": self.id,
            "game": self.row.game,
            "rules": dict(self.row.rules),
            "created": self.row.created,
            "seats": _public_seats(self.row.seats),
            "started": _all_taken(self.row.seats),
            "over": True,
            "step": len(self.row.actions),
            "to_act": None,
            "winners": [],
            "stopped": {"reason": BAD_RECORD, "message": self.message},
        }


class Lobby:
    """Every game in play, the games that ended last and those that do not replay, by id.

    ``expire_after``: seconds a game may wait for people to take its seats before it
    expires; ``max_unjoined``: the most games one client (address) may have waiting,
    its oldest expiring when it makes one more; ``max_games``: the most games in play.

    ``own_bots`` are the server's own bots: a name the lobby offers beside each game's
    bots, and the form ``dicerules.bots.make`` makes it from (``policy=FILE``,
    ``module:attr``), offered for the games that form can be made for.
    """

    def __init__(
        self,
        storage: Storage,
        *,
        bot_delay: float = 0.5,
        max_games: int = 10_000,
        own_bots: Mapping[str, str] | None = None,
        expire_after: float = 600.0,
        max_unjoined: int = 20,
    ) -> None:
        if not expire_after > 0:
            raise ValueError(f"expire_after must be above 0, not {expire_after!r}")
        if max_unjoined < 1:
            raise ValueError(f"max_unjoined must be at least 1, not {max_unjoined!r}")
        self.storage = storage
        self.committer = Committer(storage)
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.own_bots = dict(own_bots or {})
        self.expire_after = datetime.timedelta(seconds=expire_after)
        self.max_unjoined = max_unjoined
        self.clock: Callable[[], datetime.datetime] = _now
        self.tables: dict[str, Table] = {}
        """The games in play (a game over leaves, though its sockets may stay)."""
        self.recent: OrderedDict[str, Table] = OrderedDict()
        self.unplayable: dict[str, Unplayable] = {}
        self._made_by: dict[str, deque[Table]] = {}
        """A client's games, oldest first: those waiting for their players when last
        seen, and the games made since (a game never waits again once it has stopped
        waiting, so only a client with ``max_unjoined`` of them has them looked at)."""
        self._creating = asyncio.Lock()  # one game's caps checked at a time: they hold exactly
        self._making = 0  # games counted in the caps, not stored yet
        self._sweeper: asyncio.Task[None] | None = None
        self._offered: dict[str, tuple[str, ...]] = {}

    def bot_names(self, game: Any) -> tuple[str, ...]:
        """The bots a seat of ``game`` may be: the game's, then the server's own that
        can be made for it."""
        offered = self._offered.get(game.name)
        if offered is None:
            own = []
            for name, form in self.own_bots.items():
                try:
                    bots.check(form, game)
                except dicerules.DiceRulesError:
                    continue
                own.append(name)
            offered = self._offered[game.name] = (*bots.names(game), *own)
        return offered

    def restore(self) -> int:
        """Rebuild every unfinished game from its record (``dicerules.replay``), after
        ending those that waited for their players too long; keep those that do not
        replay as Unplayable. How many games are in play."""
        expired = self.storage.expire_waiting(_stamp(self.clock() - self.expire_after))
        if expired:
            log.info("%d games expired while the server was away", expired)
        for row in self.storage.unfinished():
            found = self._table_of(row)
            if isinstance(found, Unplayable):
                log.error("game %s does not replay, kept as it is: %s", row.id, found.message)
                self.unplayable[row.id] = found
            else:
                self.tables[row.id] = found
        return len(self.tables)

    def start(self) -> None:
        """Set the bots going where a bot is to act, and the expiry (in the running loop)."""
        for table in self.tables.values():
            table.wake_bots()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def stop(self) -> None:
        for table in self.tables.values():
            table.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.committer.close()

    def _table_of(self, row: GameRow) -> Table | Unplayable:
        try:
            state = dicerules.replay(row.record())
            return Table(row, state, self.storage, self, self.bot_delay)
        except dicerules.DiceRulesError as error:  # or a bot the server no longer has
            return Unplayable(row, str(error))

    def _remember(self, table: Table) -> None:
        self.recent[table.id] = table
        self.recent.move_to_end(table.id)
        while len(self.recent) > 20:
            self.recent.popitem(last=False)

    def finished(self, table: Table) -> None:
        """The game is over: no longer in play, among the last to end."""
        self.tables.pop(table.id, None)
        self._remember(table)

    async def find(self, game_id: str) -> Table | Unplayable:
        """The game with that id, in play, over, or unplayable; ServerError
        ``not_found`` if none."""
        found = self.tables.get(game_id) or self.recent.get(game_id)
        if found is not None:
            return found
        if game_id in self.unplayable:
            return self.unplayable[game_id]
        row = await stored(self.storage.load, game_id)
        if row is None:
            raise ServerError("not_found", "there is no such game")
        return self._table_of(row)

    async def table(self, game_id: str) -> Table:
        """The game with that id, in play or over; ServerError ``not_found`` if none,
        ``bad_record`` if it does not replay."""
        found = await self.find(game_id)
        if isinstance(found, Unplayable):
            raise found.refuse()
        return found

    # -------------------------------------------------------------- the list

    def listing(
        self, limit: int = LIST_LIMIT, after: str | None = None
    ) -> tuple[list[dict[str, object]], str | None]:
        """A page of the games: those in play (newest first), then those over that the
        lobby holds (the last 20 to end, and those that do not replay), at most
        ``limit`` of them, from just past the cursor ``after``; and the cursor of the
        next page (None: this is the last)."""
        if type(limit) is not int or not 1 <= limit <= LIST_MOST:
            raise ServerError("bad_argument", f"limit is a number from 1 to {LIST_MOST}")
        start = (-1, 0, "") if after is None else _cursor_key(after)
        over: dict[str, Table | Unplayable] = {**self.recent, **self.unplayable}
        keys = [
            *((0, -table.created, table.id) for table in self.tables.values()),
            *((1, -game.created, game.id) for game in over.values()),
        ]
        page = heapq.nsmallest(limit + 1, (key for key in keys if key > start))
        shown = [(self.tables.get(key[2]) or over[key[2]]).summary() for key in page[:limit]]
        more = len(page) > limit
        return shown, ".".join(map(str, page[limit - 1])) if more else None

    # -------------------------------------------------------------- expiry

    async def _sweep(self) -> None:
        every = min(60.0, max(1.0, self.expire_after.total_seconds() / 4))
        while True:
            await asyncio.sleep(every)
            self._made_by = {c: deque(m) for c, ts in self._made_by.items() if (m := _waiting(ts))}
            try:
                await self.expire()
            except StorageFault:
                pass  # the storage has logged it: the next sweep tries again
            except Exception:
                log.exception("the games that waited too long could not be expired")

    async def expire(self) -> int:
        """End every game that has waited for its players longer than ``expire_after``:
        how many."""
        due = _stamp(self.clock() - self.expire_after)
        old = [t for t in self.tables.values() if t.row.created < due and t.waiting]
        async with contextlib.AsyncExitStack() as locks:
            for table in old:
                await locks.enter_async_context(table.lock)
            old = [table for table in old if table.waiting]  # none joined since
            with anyio.CancelScope(shield=True):
                if old:
                    await stored(self.storage.expire, [table.id for table in old])
                for table in old:
                    self._expired(table)
        return len(old)

    def _expired(self, table: Table) -> None:
        table.end(EXPIRED)
        self.tables.pop(table.id, None)

    # -------------------------------------------------------------- a new game

    async def create(
        self,
        name: object,
        *,
        preset: object = None,
        rules: object = None,
        players: object = None,
        client: str | None = None,
    ) -> Table:
        """A new game: ``players`` names each seat ``"human"`` or a bot of the game.

        ``client``: who asks (an address); if it has ``max_unjoined`` games waiting
        for their players, the oldest of them expires as this one is made.
        """
        if not isinstance(name, str):
            raise ServerError("bad_argument", "game must be the name of a game")
        game = dicerules.get_game(name)
        made = _rules(game, preset, rules)
        seats = game.seats(made)
        acting = set(game.acting_seats(made))
        seat_rows = tuple(
            SeatRow(seat, player if seat in acting else HOUSE)
            for seat, player in enumerate(
                _players(game, seats, acting, players, self.bot_names(game))
            )
        )
        async with self._creating:  # the caps checked and taken, one game at a time
            mine = deque[Table]() if client is None else self._made_by.get(client, deque())
            if len(mine) >= self.max_unjoined:
                mine = deque(_waiting(mine))
            oldest = mine[0] if len(mine) >= self.max_unjoined else None
            if len(self.tables) + self._making - (oldest is not None) >= self.max_games:
                raise ServerError("full", "the server has as many games as it can hold")
            table = self._deal(game, made, seat_rows)
            await table.lock.acquire()  # till it is stored: a newer game expiring it waits
            if client is not None:
                if oldest is not None:
                    mine.popleft()
                mine.append(table)
                self._made_by[client] = mine
            self._making += 1
        try:  # stored side by side with the games made meanwhile: one commit for them all
            await self._store(table, oldest)
        except BaseException:
            if client is not None:
                kept = [t for t in self._made_by.get(client, ()) if t is not table]
                self._made_by[client] = deque([oldest, *kept] if oldest is not None else kept)
            raise
        finally:
            self._making -= 1
            table.lock.release()
        table.wake_bots()
        return table

    def _deal(self, game: Any, rules: Any, seats: tuple[SeatRow, ...]) -> Table:
        """A new game's table, dealt, not stored yet."""
        seed = secrets.randbits(64)
        state = game.new_game(rules, seed=seed)
        row = GameRow(
            id=secrets.token_hex(6),
            game=game.name,
            rules=rules_to_dict(rules),
            seed=seed,
            setup_rolls=state.tape.dice(),
            created=_stamp(self.clock()),
            seats=seats,
        )
        return Table(row, state, self.storage, self, self.bot_delay)

    async def _store(self, table: Table, oldest: Table | None) -> None:
        """Store a new game, ``oldest`` expiring with it if it still waits: then in play."""
        async with contextlib.AsyncExitStack() as locks:
            if oldest is not None:
                await locks.enter_async_context(oldest.lock)
                if not (oldest.waiting and oldest.id in self.tables):  # joined, or not stored
                    oldest = None
            with anyio.CancelScope(shield=True):
                expire = () if oldest is None else (oldest.id,)
                await self.committer.write(NewGame(table.row, expire))
                if oldest is not None:
                    self._expired(oldest)
                self.tables[table.id] = table


def _waiting(tables: Sequence[Table]) -> list[Table]:
    return [table for table in tables if table.waiting]


def _cursor_key(cursor: object) -> tuple[int, int, str]:
    parts = cursor.split(".", 2) if isinstance(cursor, str) else []
    try:
        group, created, game_id = int(parts[0]), int(parts[1]), parts[2]
    except (IndexError, ValueError):
        raise ServerError("bad_argument", "that cursor is not one the server gave") from None
    return (group, created, game_id)


def _rules(game: Any, preset: object, rules: object) -> Any:
    if preset is None:
        base = game.default_rules
    elif isinstance(preset, str) and preset in game.presets:
        base = game.presets[preset]
    else:
        known = ", ".join(game.presets)
        raise dicerules.InvalidRulesError(f"{game.name} has no preset {preset!r} (it has {known})")
    if rules is None:
        return base
    if not isinstance(rules, Mapping):
        raise ServerError("bad_argument", "rules must be an object of rule fields")
    fields = attrs.fields_dict(type(base))
    unknown = sorted(str(key) for key in rules if key not in fields)
    if unknown:
        raise dicerules.InvalidRulesError(
            f"{game.name} has no rule {', '.join(unknown)} (its rules: {', '.join(fields)})"
        )
    return attrs.evolve(base, **rules)


def _players(
    game: Any, seats: int, acting: set[int], players: object, offered: Sequence[str]
) -> Sequence[str]:
    if players is None:  # the first acting seat a person, the others the expert
        first = min(acting)
        return [HUMAN if seat == first else "expert" for seat in range(seats)]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ServerError("bad_argument", "players must be a list: 'human' or a bot, one a seat")
    if len(players) != seats:
        raise ServerError(
            "bad_argument", f"{game.name} with these rules has {seats} seats, not {len(players)}"
        )
    known: Callable[[str], bool] = set(offered).__contains__
    for seat, player in enumerate(players):
        if seat in acting and player != HUMAN and not known(player):
            names = ", ".join(offered)
            raise ServerError(
                "bad_argument", f"seat {seat}: {player!r} is not 'human' nor a bot ({names})"
            )
    return players
