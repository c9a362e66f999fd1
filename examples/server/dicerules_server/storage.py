"""Storage: every game as its record, in SQLite or PostgreSQL, moves committed in batches.

A game is its record: the game's name, its rules, its seed, the dice drawn at set-up,
and then one row a move (the action in notation and the dice that move drew). A move
is a row keyed by (game, step), so the same step cannot be stored twice: a move that
comes again after a crash is refused, never applied twice. ``record`` gives the
dicerules ``GameRecord`` and ``dicerules.replay`` rebuilds the state from it, every
die checked. ``write`` does many writes (new games, seats taken, moves, of many
games) in one transaction, so that one commit, one sync to the disk, serves them all.

``open_storage(url)``: ``postgresql://...`` (or ``postgres://``) is PostgreSQL through
psycopg 3 (the ``postgresql`` extra); anything else is an SQLite file (a path,
``sqlite:///path``, or an SQLite URI ``file:path?mode=...``). The schema is created on
first use (a database of schema 1 is brought to 2), and its schema row is written at
every start, so that a database this server can open but not write is refused at once;
a database written by a newer server (a higher ``SCHEMA``) is refused with a
StorageError that says so.

Faults: whatever the database refuses for a reason of its own (locked or busy past
``busy_timeout`` seconds, read-only, full, a damaged file, a lost connection) is a
StorageUnavailable, which names the database and the reason; the transaction is rolled
back, so nothing is half-applied. Once ``log_faults`` is on, the first fault is logged,
once, and so is the first write that succeeds after it. A PostgreSQL connection that
was lost is opened again at its next use.

Each method is one transaction and blocks: call it from a worker thread in async code.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from math import ceil
from typing import Any, Final, Protocol

import attrs

import dicerules
from dicerules.records import FORMAT, RuleValue

__all__ = [
    "SCHEMA",
    "DuplicateMoveError",
    "GameRow",
    "MoveRow",
    "NewGame",
    "SeatClaim",
    "SeatRow",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "Write",
    "open_storage",
]

log = logging.getLogger("dicerules_server")

SCHEMA: Final = 2
"""The schema this server writes; a database of a higher one is refused. Schema 2
added ``games.stopped``: why the server ended a game its rules had not."""

BUSY_TIMEOUT: Final = 10.0
"""Seconds a statement waits for a lock another connection holds, by default."""


class StorageError(RuntimeError):
    """The database cannot be used: written by a newer server, or not reachable."""


class StorageUnavailable(StorageError):
    """The database refused a transaction for a reason of its own: locked, read-only,
    full, damaged or unreachable. ``reason`` is the database's word for it."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"cannot use the database {url}: {reason}")
        self.reason = reason


class DuplicateMoveError(StorageError):
    """A move was stored for a step that already has one."""


@attrs.frozen
class SeatRow:
    """One seat of a game: who plays it, and the hash of its token once a person joined."""

    seat: int
    player: str
    """``"human"``, a bot's name, or ``"house"`` for a seat that never acts."""
    name: str | None = None
    token_hash: str | None = None


@attrs.frozen
class GameRow:
    """A game as stored: enough to replay it (``record``) and to seat its players."""

    id: str
    game: str
    rules: dict[str, RuleValue] = attrs.field(hash=False)
    seed: int
    setup_rolls: tuple[int, ...]
    created: str
    seats: tuple[SeatRow, ...]
    actions: tuple[str, ...] = ()
    move_rolls: tuple[int, ...] = ()
    finished: bool = False
    stopped: str | None = None
    """Why the server ended the game before its rules did (``"record_full"``,
    ``"expired"``); None for a game in play or ended by its rules."""

    def record_data(self) -> dict[str, object]:
        """The game's record as its JSON object, as stored: unchecked, so that even a
        game that no longer replays can be looked at."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": dict(self.rules),
            "stream": {"seed": str(self.seed)},  # a string: past JSON's safe integers
            "actions": list(self.actions),
            "rolls": [*self.setup_rolls, *self.move_rolls],
            "tags": {
                "event": f"dicerules-server game {self.id}",
                "date": self.created[:10],
                "players": [seat.player for seat in self.seats],
                "dicerules": dicerules.__version__,
            },
        }

    def record(self) -> dicerules.GameRecord:
        """The game's record (RecordError if it is no record): it replays with
        ``dicerules.replay``."""
        return dicerules.GameRecord.from_dict(self.record_data())

    def record_json(self) -> str:
        """The record as JSON text: as ``record`` writes it, or as stored if it is none."""
        try:
            return self.record().to_json()
        except dicerules.DiceRulesError:
            return json.dumps(self.record_data())


@attrs.frozen
class MoveRow:
    """One move to store: its game, its step, the action in notation and the dice it
    drew; ``finished`` if it ends the game, ``stopped`` why the server ended it (if its
    rules did not)."""

    game_id: str
    step: int
    action: str
    rolls: tuple[int, ...] = ()
    finished: bool = False
    stopped: str | None = None


@attrs.frozen
class NewGame:
    """A new game to store, with its seats; the games ``expire`` (not over yet) end
    with it, as expired."""

    row: GameRow
    expire: tuple[str, ...] = ()


@attrs.frozen
class SeatClaim:
    """A free person's seat of a game not over, to give to ``name`` and its token (the
    token's hash)."""

    game_id: str
    seat: int
    name: str
    token_hash: str


Write = MoveRow | NewGame | SeatClaim
"""What ``Storage.write`` does, many in one transaction."""


_TABLES: Final = (
    """CREATE TABLE IF NOT EXISTS dicerules_server (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    # seed is text: a seed runs to 2**64 - 1, past a signed 64-bit column.
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed TEXT NOT NULL,
        setup_rolls TEXT NOT NULL,
        created TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        stopped TEXT)""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        player TEXT NOT NULL,
        name TEXT,
        token_hash TEXT,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS moves (
        game_id TEXT NOT NULL REFERENCES games (id),
        step INTEGER NOT NULL,
        action TEXT NOT NULL,
        rolls TEXT NOT NULL,
        PRIMARY KEY (game_id, step))""",
    "CREATE INDEX IF NOT EXISTS games_by_finished ON games (finished, created)",
)

_MIGRATIONS: Final = {1: ("ALTER TABLE games ADD COLUMN stopped TEXT",)}
"""What brings a database of schema N to N + 1."""

EXPIRED: Final = "expired"
"""``games.stopped`` of a game that waited too long for its players."""

_GAME_COLUMNS: Final = "id, game, rules, seed, setup_rolls, created, finished, stopped"


class Execute(Protocol):
    """Runs one SQL statement (``?`` placeholders) in a transaction: the rows it gives."""

    def __call__(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]: ...


class Storage:
    """Games in a database, through connections each used by one thread at a time."""

    url: str
    _placeholder = "?"

    def __init__(self, url: str, connections: Sequence[Any]) -> None:
        self.url = url
        self._connections: queue.SimpleQueue[Any] = queue.SimpleQueue()
        for connection in connections:
            self._connections.put(connection)
        self._count = len(connections)
        self.log_faults = False
        """Whether a fault, and the first write after it, are logged (once each): a
        server turns it on once it serves, as a fault at start is its to tell."""
        self._failing = False
        self._health = threading.Lock()
        try:
            self._create_schema()
        except BaseException:
            self.close()
            raise

    @property
    def writers(self) -> int:
        """How many transactions may run side by side: the connections kept."""
        return self._count

    # -------------------------------------------------------------- faults

    def _is_fault(self, error: BaseException) -> bool:
        """Whether the database refused for a reason of its own (not a bug of ours)."""
        return isinstance(error, sqlite3.DatabaseError) and not isinstance(
            error, sqlite3.IntegrityError | sqlite3.ProgrammingError
        )

    def _unavailable(self, error: BaseException) -> StorageUnavailable:
        reason = _first_line(error)
        with self._health:
            if not self._failing and self.log_faults:
                self._failing = True
                log.warning("the database %s cannot be used: %s; games wait", self.url, reason)
        return StorageUnavailable(self.url, reason)

    def _written(self) -> None:
        if self._failing:
            with self._health:
                if self._failing:
                    self._failing = False
                    log.warning("the database %s takes writes again", self.url)

    # -------------------------------------------------------------- transactions

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection of the pool, for one thread at a time."""
        connection = self._connections.get()
        try:
            if self._lost(connection):
                connection = self._reconnect(connection)
            yield connection
        finally:
            self._connections.put(connection)

    def _lost(self, connection: Any) -> bool:
        return False  # an SQLite connection is a file: never lost

    def _reconnect(self, connection: Any) -> Any:
        return connection

    # The SQL is written with ? placeholders; PostgreSQL's driver wants %s.
    def _sql(self, text: str) -> str:
        return text if self._placeholder == "?" else text.replace("?", self._placeholder)

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Execute]:
        """One transaction: committed if the block ends, else rolled back. A fault of
        the database is a StorageUnavailable; ``write``: the block may write."""
        try:
            with self._connection() as connection:
                cursor = connection.cursor()

                def execute(sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]:
                    cursor.execute(self._sql(sql), tuple(parameters))
                    return list(cursor.fetchall()) if cursor.description else []

                try:
                    self._begin(cursor, write)
                    yield execute
                    connection.commit()
                except BaseException:
                    with suppress(Exception):
                        connection.rollback()
                    raise
                finally:
                    with suppress(Exception):
                        cursor.close()
        except Exception as error:
            if self._is_fault(error):
                raise self._unavailable(error) from None
            raise
        if write:
            self._written()

    def _begin(self, cursor: Any, write: bool) -> None:
        # A writer takes the write lock at once, so that it waits (busy_timeout) for
        # it here rather than failing at its first write; a reader needs no lock.
        cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")

    def _create_schema(self) -> None:
        with self._transaction() as execute:
            self._lock_schema(execute)
            for statement in _TABLES:
                execute(statement)
            found = execute("SELECT value FROM dicerules_server WHERE key = 'schema'")
            schema = int(found[0][0]) if found else SCHEMA
            if schema > SCHEMA:
                raise StorageError(
                    f"the database {self.url} was written by a newer dicerules-server (schema"
                    f" {schema}; this one knows {SCHEMA}): upgrade dicerules-server to use it"
                )
            for older in range(schema, SCHEMA):
                for statement in _MIGRATIONS[older]:
                    execute(statement)
            # Written at every start: a database that cannot be written is found now.
            execute(
                "INSERT INTO dicerules_server (key, value) VALUES ('schema', ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (str(SCHEMA),),
            )

    def _lock_schema(self, execute: Execute) -> None:
        pass  # SQLite's BEGIN IMMEDIATE already keeps other writers out

    # -------------------------------------------------------------- games

    def create_game(self, row: GameRow, expire: Sequence[str] = ()) -> None:
        """Store a new game and its seats, and end the games ``expire`` as expired."""
        self.write([NewGame(row, tuple(expire))])

    def expire(self, game_ids: Sequence[str]) -> None:
        """End the games (those not over yet) as expired."""
        with self._transaction() as execute:
            _expire(execute, game_ids)

    def expire_waiting(self, created_before: str) -> int:
        """End as expired every game made before then with a person's seat still free:
        the games that waited too long, at a start. How many."""
        with self._transaction() as execute:
            ended = execute(
                "UPDATE games SET finished = 1, stopped = ? WHERE finished = 0 AND created < ?"
                " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
                " AND player = 'human' AND token_hash IS NULL) RETURNING id",
                (EXPIRED, created_before),
            )
        return len(ended)

    def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free person's seat of a game not over to ``name`` and its token; False
        if it was taken."""
        return self.write([SeatClaim(game_id, seat, name, token_hash)])[0]

    def append_move(
        self,
        game_id: str,
        step: int,
        action: str,
        rolls: Sequence[int],
        finished: bool,
        stopped: str | None = None,
    ) -> None:
        """Store the move of ``step`` (and the game's end: ``stopped``, why the server
        ended it, if its rules did not); DuplicateMoveError if the step has one."""
        if not self.write([MoveRow(game_id, step, action, tuple(rolls), finished, stopped)])[0]:
            raise DuplicateMoveError(f"game {game_id} already has a move at step {step}")

    def write(self, writes: Sequence[Write]) -> list[bool]:
        """Do the writes in one transaction, so all or none (one commit, one sync to
        the disk): for each, whether it was done. A move is not if its step has one
        already, a claim if the seat is not free; then nothing of it is written."""
        done: list[bool] = []
        moves: list[MoveRow] = []  # in a row: inserted together
        with self._transaction() as execute:
            for write in writes:
                if isinstance(write, MoveRow):
                    moves.append(write)
                    continue
                done.extend(_append(execute, moves))
                moves.clear()
                done.append(_write(execute, write))
            done.extend(_append(execute, moves))
        return done

    def load(self, game_id: str) -> GameRow | None:
        """The game with that id, with its seats and moves; None if there is none."""
        with self._transaction(write=False) as execute:
            found = execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
            return self._rows(execute, found)[0] if found else None

    def unfinished(self) -> list[GameRow]:
        """Every game not over, oldest first: what a server carries on at start."""
        with self._transaction(write=False) as execute:
            found = execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE finished = 0 ORDER BY created, id"
            )
            return self._rows(execute, found)

    def _rows(
        self,
        execute: Execute,
        games: list[tuple[Any, ...]],
    ) -> list[GameRow]:
        rows = []
        for game_id, game, rules, seed, setup_rolls, created, finished, stopped in games:
            seats = execute(
                "SELECT seat, player, name, token_hash FROM seats WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
            moves = execute(
                "SELECT action, rolls FROM moves WHERE game_id = ? ORDER BY step", (game_id,)
            )
            rows.append(
                GameRow(
                    id=game_id,
                    game=game,
                    rules=json.loads(rules),
                    seed=int(seed),
                    setup_rolls=tuple(json.loads(setup_rolls)),
                    created=created,
                    seats=tuple(SeatRow(*seat) for seat in seats),
                    actions=tuple(action for action, _ in moves),
                    move_rolls=tuple(die for _, rolls in moves for die in json.loads(rolls)),
                    finished=bool(finished),
                    stopped=stopped,
                )
            )
        return rows

    def close(self) -> None:
        """Close the connections."""
        for _ in range(self._count):
            with suppress(Exception):
                self._connections.get().close()


def _first_line(error: BaseException) -> str:
    """An error's reason in one line (the database's own words)."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0].strip()


_ROWS: Final = 500
"""The most moves one INSERT statement holds (SQLite takes 32,766 values at most)."""


def _append(execute: Execute, moves: Sequence[MoveRow]) -> list[bool]:
    """Insert the moves, many to a statement: for each, whether it was (not if its
    step has a move, stored before or earlier in ``moves``)."""
    added: set[tuple[str, int]] = set()
    for start in range(0, len(moves), _ROWS):
        rows = moves[start : start + _ROWS]
        values = ", ".join(["(?, ?, ?, ?)"] * len(rows))
        found = execute(
            f"INSERT INTO moves (game_id, step, action, rolls) VALUES {values}"
            " ON CONFLICT (game_id, step) DO NOTHING RETURNING game_id, step",
            [v for m in rows for v in (m.game_id, m.step, m.action, json.dumps(list(m.rolls)))],
        )
        added.update((game_id, step) for game_id, step in found)
    taken = []
    for move in moves:
        key = (move.game_id, move.step)
        taken.append(key in added)
        added.discard(key)  # the first move of a step is the one stored
        if taken[-1] and move.finished:
            execute(
                "UPDATE games SET finished = 1, stopped = ? WHERE id = ?",
                (move.stopped, move.game_id),
            )
    return taken


def _write(execute: Execute, write: NewGame | SeatClaim) -> bool:
    if isinstance(write, SeatClaim):
        taken = execute(
            "UPDATE seats SET name = ?, token_hash = ? WHERE game_id = ? AND seat = ?"
            " AND player = 'human' AND token_hash IS NULL"
            " AND EXISTS (SELECT 1 FROM games WHERE id = ? AND finished = 0) RETURNING seat",
            (write.name, write.token_hash, write.game_id, write.seat, write.game_id),
        )
        return bool(taken)
    row = write.row
    execute(
        f"INSERT INTO games ({_GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            row.id,
            row.game,
            json.dumps(row.rules),
            str(row.seed),
            json.dumps(row.setup_rolls),
            row.created,
            int(row.finished),
            row.stopped,
        ),
    )
    for seat in row.seats:
        execute(
            "INSERT INTO seats (game_id, seat, player, name, token_hash) VALUES (?, ?, ?, ?, ?)",
            (row.id, seat.seat, seat.player, seat.name, seat.token_hash),
        )
    _expire(execute, write.expire)
    return True


def _expire(execute: Execute, game_ids: Sequence[str]) -> None:
    for game_id in game_ids:
        execute(
            "UPDATE games SET finished = 1, stopped = ? WHERE id = ? AND finished = 0",
            (EXPIRED, game_id),
        )


class SQLiteStorage(Storage):
    """Games in an SQLite file: write-ahead log, every commit synced to disk."""

    def __init__(self, path: str, busy_timeout: float = BUSY_TIMEOUT) -> None:
        try:
            connection = sqlite3.connect(
                path, check_same_thread=False, isolation_level=None, uri=path.startswith("file:")
            )
        except sqlite3.Error as error:
            raise StorageUnavailable(path, _first_line(error)) from None
        try:
            connection.execute(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as error:
            connection.close()
            raise StorageUnavailable(path, _first_line(error)) from None
        super().__init__(path, [connection])


class PostgresStorage(Storage):
    """Games in PostgreSQL, through psycopg 3; ``busy_timeout`` is its lock_timeout."""

    _placeholder = "%s"
    POOL = 4
    """Connections kept open: moves of different games commit side by side."""

    def __init__(self, url: str, busy_timeout: float = BUSY_TIMEOUT) -> None:
        try:
            import psycopg
        except ImportError:
            raise StorageError(
                "PostgreSQL needs psycopg 3: pip install 'dicerules-server[postgresql]'"
            ) from None
        self._psycopg = psycopg
        self._lock_timeout = f"{round(busy_timeout * 1000)}ms"
        # A server that does not answer is given the busy timeout too (libpq's least is
        # 2 s), unless the URL says how long.
        shown = _without_password(url)
        connections: list[Any] = []
        try:
            given = psycopg.conninfo.conninfo_to_dict(url)
            wait = max(2, ceil(busy_timeout))
            self._dsn = (
                url
                if "connect_timeout" in given
                else psycopg.conninfo.make_conninfo(url, connect_timeout=wait)
            )
            connections.extend(self._connect() for _ in range(self.POOL))
        except psycopg.Error as error:
            for connection in connections:
                connection.close()
            raise StorageUnavailable(shown, _first_line(error)) from None
        super().__init__(shown, connections)

    def _connect(self) -> Any:
        connection = self._psycopg.connect(self._dsn)
        connection.execute("SELECT set_config('lock_timeout', %s, false)", (self._lock_timeout,))
        connection.commit()
        return connection

    def _is_fault(self, error: BaseException) -> bool:
        return isinstance(error, self._psycopg.OperationalError | self._psycopg.InternalError)

    def _lost(self, connection: Any) -> bool:
        return bool(connection.closed or connection.broken)

    def _reconnect(self, connection: Any) -> Any:
        fresh = self._connect()  # a fault here leaves the lost one in the pool
        with suppress(Exception):
            connection.close()
        return fresh

    def _begin(self, cursor: Any, write: bool) -> None:
        pass  # psycopg opens a transaction at the first statement

    def _lock_schema(self, execute: Execute) -> None:
        # One server at a time creates the schema: others wait for its commit.
        execute("SELECT pg_advisory_xact_lock(7150219)", ())


def _without_password(url: str) -> str:
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    return f"{scheme}://{credentials.partition(':')[0]}:***@{host}"


def open_storage(url: str | os.PathLike[str], *, busy_timeout: float = BUSY_TIMEOUT) -> Storage:
    """The storage at ``url``: PostgreSQL for ``postgresql://``, else an SQLite file
    (``url`` a path, as text or a ``pathlib.Path``); TypeError for anything else.

    ``busy_timeout``: seconds a transaction waits for a lock another connection holds
    before it fails (a StorageUnavailable).
    """
    found = url
    url = os.fspath(url) if isinstance(url, os.PathLike) else url
    if not isinstance(url, str):
        raise TypeError(f"the database is a URL or a path, not {type(found).__name__}")
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(url, busy_timeout)
    return SQLiteStorage(
        url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url, busy_timeout
    )
