"""Storage: every game as its record, in SQLite or PostgreSQL, one transaction a move.

A game is its record: the game's name, its rules, its seed, the dice drawn at set-up,
and then one row a move (the action in notation and the dice that move drew). A move
is a row keyed by (game, step), so the same step cannot be stored twice: a move that
comes again after a crash is refused, never applied twice. ``record`` gives the
dicerules ``GameRecord`` and ``dicerules.replay`` rebuilds the state from it, every
die checked.

``open_storage(url)``: ``postgresql://...`` (or ``postgres://``) is PostgreSQL through
psycopg 3 (the ``postgresql`` extra); anything else is an SQLite file (a path, or
``sqlite:///path``). The schema is created on first use; a database written by a
newer server (a higher ``SCHEMA``) is refused with a StorageError that says so.

Each method is one transaction and blocks: call it from a worker thread in async code.
"""

from __future__ import annotations

import json
import queue
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, Protocol

import attrs

import dicerules
from dicerules.records import RuleValue, Tags
from dicerules.streams import SeededStream

__all__ = [
    "SCHEMA",
    "DuplicateMoveError",
    "GameRow",
    "SeatRow",
    "Storage",
    "StorageError",
    "open_storage",
]

SCHEMA: Final = 1
"""The schema this server writes; a database of a higher one is refused."""


class StorageError(RuntimeError):
    """The database cannot be used: written by a newer server, or not reachable."""


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

    def record(self) -> dicerules.GameRecord:
        """The game's record: it replays with ``dicerules.replay``."""
        return dicerules.GameRecord(
            game=self.game,
            rules=dict(self.rules),
            stream=SeededStream(self.seed),
            actions=self.actions,
            rolls=self.setup_rolls + self.move_rolls,
            tags=Tags(
                event=f"dicerules-server game {self.id}",
                date=self.created[:10],
                players=tuple(seat.player for seat in self.seats),
                dicerules=dicerules.__version__,
            ),
        )


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
        finished INTEGER NOT NULL DEFAULT 0)""",
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


class Execute(Protocol):
    """Runs one SQL statement (``?`` placeholders) in a transaction: the rows it gives."""

    def __call__(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]: ...


class Storage:
    """Games in a database, through connections each used by one thread at a time."""

    url: str
    _placeholder = "?"
    _integrity_errors: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)

    def __init__(self, url: str, connections: Sequence[Any]) -> None:
        self.url = url
        self._connections: queue.SimpleQueue[Any] = queue.SimpleQueue()
        for connection in connections:
            self._connections.put(connection)
        self._count = len(connections)
        self._create_schema()

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection of the pool, for one thread at a time."""
        connection = self._connections.get()
        try:
            yield connection
        finally:
            self._connections.put(connection)

    # The SQL is written with ? placeholders; PostgreSQL's driver wants %s.
    def _sql(self, text: str) -> str:
        return text if self._placeholder == "?" else text.replace("?", self._placeholder)

    @contextmanager
    def _transaction(self) -> Iterator[Execute]:
        with self._connection() as connection:
            cursor = connection.cursor()
            self._begin(cursor)

            def execute(sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]:
                cursor.execute(self._sql(sql), tuple(parameters))
                return list(cursor.fetchall()) if cursor.description else []

            try:
                yield execute
            except BaseException:
                connection.rollback()
                raise
            else:
                connection.commit()
            finally:
                cursor.close()

    def _begin(self, cursor: Any) -> None:
        cursor.execute("BEGIN IMMEDIATE")

    def _create_schema(self) -> None:
        with self._transaction() as execute:
            self._lock_schema(execute)
            for statement in _TABLES:
                execute(statement)
            found = execute("SELECT value FROM dicerules_server WHERE key = 'schema'")
            if not found:
                execute(
                    "INSERT INTO dicerules_server (key, value) VALUES ('schema', ?)", (str(SCHEMA),)
                )
                return
        schema = int(found[0][0])
        if schema > SCHEMA:
            raise StorageError(
                f"the database {self.url} was written by a newer dicerules-server (schema"
                f" {schema}; this one knows {SCHEMA}): upgrade dicerules-server to use it"
            )

    def _lock_schema(self, execute: Execute) -> None:
        pass  # SQLite's BEGIN IMMEDIATE already keeps other writers out

    def create_game(self, row: GameRow) -> None:
        """Store a new game and its seats."""
        with self._transaction() as execute:
            execute(
                "INSERT INTO games (id, game, rules, seed, setup_rolls, created, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    json.dumps(row.rules),
                    str(row.seed),
                    json.dumps(row.setup_rolls),
                    row.created,
                    int(row.finished),
                ),
            )
            for seat in row.seats:
                execute(
                    "INSERT INTO seats (game_id, seat, player, name, token_hash)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (row.id, seat.seat, seat.player, seat.name, seat.token_hash),
                )

    def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free person's seat to ``name`` and its token; False if it was taken."""
        with self._transaction() as execute:
            taken = execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE game_id = ? AND seat = ?"
                " AND player = 'human' AND token_hash IS NULL RETURNING seat",
                (name, token_hash, game_id, seat),
            )
        return bool(taken)

    def append_move(
        self, game_id: str, step: int, action: str, rolls: Sequence[int], finished: bool
    ) -> None:
        """Store the move of ``step`` (and the game's end); DuplicateMoveError if it has one."""
        try:
            with self._transaction() as execute:
                execute(
                    "INSERT INTO moves (game_id, step, action, rolls) VALUES (?, ?, ?, ?)",
                    (game_id, step, action, json.dumps(list(rolls))),
                )
                if finished:
                    execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))
        except self._integrity_errors:
            raise DuplicateMoveError(f"game {game_id} already has a move at step {step}") from None

    def load(self, game_id: str) -> GameRow | None:
        """The game with that id, with its seats and moves; None if there is none."""
        with self._transaction() as execute:
            found = execute(
                "SELECT id, game, rules, seed, setup_rolls, created, finished FROM games"
                " WHERE id = ?",
                (game_id,),
            )
            return self._rows(execute, found)[0] if found else None

    def unfinished(self) -> list[GameRow]:
        """Every game not over, oldest first: what a server carries on at start."""
        with self._transaction() as execute:
            found = execute(
                "SELECT id, game, rules, seed, setup_rolls, created, finished FROM games"
                " WHERE finished = 0 ORDER BY created, id"
            )
            return self._rows(execute, found)

    def _rows(
        self,
        execute: Execute,
        games: list[tuple[Any, ...]],
    ) -> list[GameRow]:
        rows = []
        for game_id, game, rules, seed, setup_rolls, created, finished in games:
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
                )
            )
        return rows

    def close(self) -> None:
        """Close the connection."""
        for _ in range(self._count):
            self._connections.get().close()


class SQLiteStorage(Storage):
    """Games in an SQLite file: write-ahead log, every commit synced to disk."""

    def __init__(self, path: str) -> None:
        try:
            connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA busy_timeout = 10000")
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the SQLite database {path}: {error}") from None
        super().__init__(path, [connection])


class PostgresStorage(Storage):
    """Games in PostgreSQL, through psycopg 3."""

    _placeholder = "%s"
    POOL = 4
    """Connections kept open: moves of different games commit side by side."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StorageError(
                "PostgreSQL needs psycopg 3: pip install 'dicerules-server[postgresql]'"
            ) from None
        self._integrity_errors = (psycopg.errors.UniqueViolation,)
        try:
            connections = [psycopg.connect(url) for _ in range(self.POOL)]
        except psycopg.Error as error:
            raise StorageError(f"cannot connect to PostgreSQL: {error}".strip()) from None
        super().__init__(_without_password(url), connections)

    def _begin(self, cursor: Any) -> None:
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


def open_storage(url: str) -> Storage:
    """The storage at ``url``: PostgreSQL for ``postgresql://``, else an SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(url)
    return SQLiteStorage(url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url)
