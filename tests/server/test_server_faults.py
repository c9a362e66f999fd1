"""Faults of the database: SQLite locked by another program, read-only, full and
damaged; PostgreSQL locked. A request or move the database does not take is refused
``storage_unavailable`` (HTTP 503 with a JSON body; on a socket a message, and the
socket stays open), and nothing of it is done; a bot tries its move again until the
database takes it, which the log tells once; a start on a database the server cannot
use is one line naming it and the reason, and exit 1."""

from __future__ import annotations

import logging
import random
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import pytest
from server_support import (  # first: without the server, the module skips
    Checked,
    Socket,
    create,
    join,
    serving,
)

# isort: split
from dicerules_server import StorageError, create_app, open_storage
from dicerules_server.storage import Storage
from starlette.testclient import TestClient

FAST = 0.05
"""The busy timeout of these tests' servers: a lock held elsewhere fails a write at once."""

TWO = {"rules": {"players": 2, "first_opener": "seat0"}}
"""Two-seat liar's dice, seat 0 to bid first."""

UNAVAILABLE = "storage_unavailable"


def wait_until(condition: Callable[[], object], what: str) -> None:
    """Wait for the condition (a guard against a hang, not a timing)."""
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.02)


def next_error(socket: Socket) -> dict[str, Any]:
    """The next error message the socket is sent (other messages passed over)."""
    while (message := socket.receive())["type"] != "error":
        pass
    return message


def pragma(storage: Storage, text: str) -> Any:
    """A PRAGMA on the server's own SQLite connection: its first value."""
    with storage._connection() as connection:
        row = connection.execute(f"PRAGMA {text}").fetchone()
        return None if row is None else row[0]


@contextmanager
def locked(path: str) -> Iterator[None]:
    """Another program holds the database's write lock."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.rollback()
        holder.close()


@contextmanager
def read_only(storage: Storage) -> Iterator[None]:
    """The server's connection may read but not write (as with a read-only file, which
    root could still write)."""
    pragma(storage, "query_only = 1")
    try:
        yield
    finally:
        pragma(storage, "query_only = 0")


@contextmanager
def full(storage: Storage) -> Iterator[None]:
    """The database may not grow by a page (as on a full disk)."""
    most = pragma(storage, "max_page_count")
    pragma(storage, f"max_page_count = {pragma(storage, 'page_count')}")
    try:
        yield
    finally:
        pragma(storage, f"max_page_count = {most}")


def refused(answer: Any) -> tuple[int, str]:
    assert answer.headers["content-type"] == "application/json", answer.text
    return answer.status_code, answer.json()["error"]


def count_games(path: str) -> int:
    with sqlite3.connect(path) as connection:
        found: int = connection.execute("SELECT count(*) FROM games").fetchone()[0]
    return found


@pytest.mark.parametrize("fault", ["locked", "read-only"])
def test_what_the_database_refuses_is_an_error_and_nothing_is_done(
    tmp_path: Path, fault: str
) -> None:
    db = str(tmp_path / "games.sqlite3")
    with serving(create_app(db, bot_delay=0, busy_timeout=FAST)) as client:
        storage = client.app.state.lobby.storage  # type: ignore[attr-defined]
        game_id = create(client, "liars-dice", ["human", "human"], **TWO)
        ann, bob = (Socket(client, game_id, join(client, game_id, name)) for name in ("Ann", "Bob"))
        free = create(client, "liars-dice", ["human", "expert"], **TWO)
        made = count_games(db)
        with locked(db) if fault == "locked" else read_only(storage):
            ann.move("1x2")
            error = next_error(ann)
            assert error["type"] == "error" and error["error"] == UNAVAILABLE, error
            assert error["message"]
            answer = client.post("/api/games", json={"game": "link"})
            assert refused(answer) == (503, UNAVAILABLE)
            answer = client.post(f"/api/games/{free}/join", json={"name": "Cy"})
            assert refused(answer) == (503, UNAVAILABLE)
            assert client.get(f"/api/games/{game_id}").json()["step"] == 0
        # nothing of it was done: no move, no game, no seat
        assert client.get(f"/api/games/{game_id}").json()["step"] == 0
        assert count_games(db) == made
        assert client.get(f"/api/games/{free}").json()["seats"][0]["name"] is None
        ann.move("1x2")  # the same socket, the same move: now it is taken
        assert ann.next_view()["step"] == 1 and bob.next_view()["step"] == 1
        assert join(client, free, "Cy")


def test_a_full_database_refuses_a_new_game_until_it_has_room(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    with serving(create_app(db, bot_delay=0, busy_timeout=FAST)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        made = []
        with full(lobby.storage):
            for _ in range(1000):  # until a page is wanted that the database may not add
                answer = client.post("/api/games", json={"game": "link", "players": ["human"] * 4})
                if answer.status_code != 201:
                    break
                made.append(answer.json()["id"])
            assert refused(answer) == (503, UNAVAILABLE)
        assert count_games(db) == len(made)  # the refused game is nowhere
        assert sorted(lobby.tables) == sorted(made)
        assert client.post("/api/games", json={"game": "link"}).status_code == 201


def test_a_bot_tries_again_until_the_database_takes_its_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="dicerules_server")
    db = str(tmp_path / "games.sqlite3")
    with serving(create_app(db, bot_delay=0.2, busy_timeout=FAST)) as client:
        storage = client.app.state.lobby.storage  # type: ignore[attr-defined]
        tries: list[bool] = []  # each batch of writes asked of the storage: whether it took it
        write = storage.write

        def spy(*args: Any) -> list[bool]:
            try:
                done: list[bool] = write(*args)
            except StorageError:
                tries.append(False)
                raise
            tries.append(True)
            return done

        storage.write = spy
        game_id = create(client, "liars-dice", ["expert", "random", "expert", "random"])
        with locked(db):
            wait_until(lambda: tries.count(False) >= 4, "the bot tried four times")
            stuck = client.get(f"/api/games/{game_id}").json()
            assert not stuck["over"]
        wait_until(
            lambda: client.get(f"/api/games/{game_id}").json()["step"] > stuck["step"],
            "the bots moved on once the database took writes",
        )
        assert tries[-1] is True
    said = [r.getMessage() for r in caplog.records if r.name == "dicerules_server"]
    assert sum("cannot be used: database is locked" in line for line in said) == 1, said
    assert sum("takes writes again" in line for line in said) == 1, said


def serve(db: str, port: int, *more: str) -> subprocess.CompletedProcess[str]:
    """``dicerules-server`` on the database, until it exits (it should: at once)."""
    return subprocess.run(
        [sys.executable, "-m", "dicerules_server", "--db", db, "--port", str(port), *more],
        capture_output=True,
        text=True,
        timeout=60,
    )


def with_games(path: Path) -> str:
    """An SQLite database of a few games, its log folded in: its path."""
    db = str(path)
    with serving(create_app(db, bot_delay=0)) as client:
        for _ in range(30):
            create(client, "liars-dice", ["human", "expert", "expert", "expert"])
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db


def damage(db: str) -> None:
    """Every page past the first (the schema's) overwritten with noise."""
    data = bytearray(Path(db).read_bytes())
    noise = random.Random(0)
    data[4096:] = noise.randbytes(len(data) - 4096)
    Path(db).write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ("locked", "database is locked"),
        ("read-only", "attempt to write a readonly database"),
        ("damaged", "database disk image is malformed"),
    ],
)
def test_a_start_on_a_database_it_cannot_use_is_one_line(
    tmp_path: Path, free_port: int, fault: str, reason: str
) -> None:
    db = with_games(tmp_path / "games.sqlite3")
    if fault == "damaged":
        damage(db)
    named = f"file:{db}?mode=ro" if fault == "read-only" else db
    with locked(db) if fault == "locked" else nullcontext():
        done = serve(named, free_port, "--busy-timeout", str(FAST))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"dicerules-server: cannot use the database {named}: {reason}\n"


def test_a_damaged_database_is_refused_by_create_app(tmp_path: Path) -> None:
    db = with_games(tmp_path / "games.sqlite3")
    damage(db)
    with pytest.raises(StorageError, match=f"cannot use the database {db}: .* malformed"):
        create_app(db)


@contextmanager
def postgres_locked(url: str, tables: str) -> Iterator[Callable[[], None]]:
    """Another connection holds the tables' locks: released at the end, or by the
    function given, or after 20 s at the latest (so that a server that waits for ever
    on a lock waits 20 s, not for ever)."""
    import psycopg

    holder = psycopg.connect(url)
    holder.execute(f"LOCK TABLE {tables} IN ACCESS EXCLUSIVE MODE")
    guard = threading.Lock()

    def release() -> None:
        with guard:
            if not holder.closed:
                holder.rollback()
                holder.close()

    timer = threading.Timer(20, release)
    timer.start()
    try:
        yield release
    finally:
        timer.cancel()
        release()


def test_a_locked_postgresql_refuses_a_move_and_then_takes_it(postgres_url: str) -> None:
    with serving(create_app(postgres_url, bot_delay=0, busy_timeout=FAST)) as client:
        game_id = create(client, "liars-dice", ["human", "human"], **TWO)
        ann, bob = (Socket(client, game_id, join(client, game_id, name)) for name in ("Ann", "Bob"))
        with postgres_locked(postgres_url, "games, seats, moves") as release:
            ann.move("1x2")
            error = next_error(ann)
            answer = client.post("/api/games", json={"game": "link"})
            release()
        assert error["type"] == "error" and error["error"] == UNAVAILABLE, error
        assert refused(answer) == (503, UNAVAILABLE)
        assert client.get(f"/api/games/{game_id}").json()["step"] == 0
        ann.move("1x2")
        assert ann.next_view()["step"] == 1 and bob.next_view()["step"] == 1


def test_a_start_on_a_locked_postgresql_is_refused(postgres_url: str) -> None:
    open_storage(postgres_url).close()
    with postgres_locked(postgres_url, "dicerules_server"), pytest.raises(StorageError) as found:
        open_storage(postgres_url, busy_timeout=FAST)
    assert str(found.value).startswith(f"cannot use the database {postgres_url}: ")
    assert "lock timeout" in str(found.value)


def test_postgresql_connections_lost_are_opened_again(postgres_url: str) -> None:
    import psycopg
    from dicerules_server.storage import PostgresStorage

    with serving(create_app(postgres_url, bot_delay=0, busy_timeout=FAST)) as client:
        create(client, "link", ["human"] * 4)
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchall()
        assert len(ended) == PostgresStorage.POOL
        answers = [client.post("/api/games", json={"game": "link"}) for _ in range(8)]
        codes = [a.status_code if a.status_code == 201 else refused(a) for a in answers]
        assert set(codes[: PostgresStorage.POOL]) <= {201, (503, UNAVAILABLE)}, codes
        assert codes[PostgresStorage.POOL :] == [201] * (8 - PostgresStorage.POOL), codes


def test_a_failure_of_the_server_s_own_is_a_json_500(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0)

    def broken(*args: object) -> None:
        raise RuntimeError("a fault of the server's own, with /secret/paths in it")

    monkeypatch.setattr(app.state.lobby, "listing", broken)
    with TestClient(Checked(app), raise_server_exceptions=False) as client:
        answer = client.get("/api/games")
    assert refused(answer) == (500, "internal")
    assert "secret" not in answer.text


def test_a_postgresql_that_does_not_answer_is_refused_in_one_line(free_port: int) -> None:
    pytest.importorskip("psycopg", reason="psycopg 3 is not installed")
    with socket.socket() as silent:  # takes connections, never says a word
        silent.bind(("127.0.0.1", free_port))
        silent.listen()
        timer = threading.Timer(20, silent.close)  # at the latest
        timer.start()
        try:
            with pytest.raises(StorageError) as found:
                open_storage(f"postgresql://someone@127.0.0.1:{free_port}/games", busy_timeout=FAST)
        finally:
            timer.cancel()
    shown = str(found.value)
    assert shown.startswith(f"cannot use the database postgresql://someone@127.0.0.1:{free_port}")
    assert "timeout" in shown and "\n" not in shown
