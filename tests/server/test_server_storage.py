"""Storage on SQLite and on a real PostgreSQL: the schema, a newer database refused,
no move stored twice, and a restarted server that carries every game on by replay."""

from __future__ import annotations

import contextlib
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from server_support import (  # first: without the server, the module skips
    Socket,
    check_messages,
    create,
    join,
    play_out,
)

# isort: split
from dicerules_server import SCHEMA, StorageError, create_app, open_storage
from dicerules_server.storage import DuplicateMoveError
from starlette.testclient import TestClient

import dicerules


def execute(url: str, sql: str) -> list[tuple[Any, ...]]:
    """Run one statement on the database, outside the server."""
    if url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(url, autocommit=True) as connection:
            cursor = connection.execute(sql)
            return list(cursor.fetchall()) if cursor.description else []
    with contextlib.closing(sqlite3.connect(url)) as connection, connection:
        return list(connection.execute(sql).fetchall())


def test_the_schema_is_made_on_first_start(db_url: str) -> None:
    open_storage(db_url).close()
    assert execute(db_url, "SELECT value FROM dicerules_server WHERE key = 'schema'") == [
        (str(SCHEMA),)
    ]
    open_storage(db_url).close()  # and found again on the next


def test_a_database_of_a_newer_server_is_refused(db_url: str) -> None:
    open_storage(db_url).close()
    execute(db_url, f"UPDATE dicerules_server SET value = '{SCHEMA + 1}' WHERE key = 'schema'")
    with pytest.raises(StorageError, match=f"newer dicerules-server \\(schema {SCHEMA + 1};"):
        open_storage(db_url)


def test_a_database_of_schema_1_is_brought_up_to_date(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        game_id = create(client, "liars-dice", ["human"] * 4)
    execute(db_url, "ALTER TABLE games DROP COLUMN stopped")  # as schema 1 made it
    execute(db_url, "UPDATE dicerules_server SET value = '1' WHERE key = 'schema'")
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        shown = client.get(f"/api/games/{game_id}").json()
        assert (shown["over"], shown["stopped"]) == (False, None)
    assert execute(db_url, "SELECT value FROM dicerules_server WHERE key = 'schema'") == [
        (str(SCHEMA),)
    ]
    assert execute(db_url, "SELECT stopped FROM games") == [(None,)]


def test_the_command_refuses_a_newer_database_in_one_line(tmp_path: Path) -> None:
    url = str(tmp_path / "games.sqlite3")
    open_storage(url).close()
    execute(url, "UPDATE dicerules_server SET value = '99' WHERE key = 'schema'")
    done = subprocess.run(
        [sys.executable, "-m", "dicerules_server", "--db", url, "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "newer dicerules-server (schema 99" in done.stderr


def test_no_step_is_stored_twice(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        game_id = create(client, "liars-dice", ["human"] * 4)
    storage = open_storage(db_url)
    try:
        storage.append_move(game_id, 0, "1x2", [], False)
        with pytest.raises(DuplicateMoveError, match="already has a move at step 0"):
            storage.append_move(game_id, 0, "2x2", [], False)
        row = storage.load(game_id)
        assert row is not None and row.actions == ("1x2",) and row.move_rolls == ()
    finally:
        storage.close()


def test_the_database_may_be_a_path_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with TestClient(create_app(path, bot_delay=0)) as client:
        game_id = create(client, "liars-dice", ["human"] * 4)
    assert execute(str(path), "SELECT id FROM games") == [(game_id,)]
    for wrong in (7, None, b"games.sqlite3"):
        with pytest.raises(TypeError, match="the database is a URL or a path, not "):
            create_app(wrong, bot_delay=0)  # type: ignore[arg-type]
    assert all(p.name.startswith("games.sqlite3") for p in tmp_path.iterdir())


@pytest.mark.parametrize("owned", [True, False], ids=["a URL", "a Storage"])
def test_an_app_started_again_says_it_serves_once(tmp_path: Path, owned: bool) -> None:
    # Its writers (and the database it opened) went with its first lifespan: a second
    # one is refused at its start, not left to hang at its first write.
    url = str(tmp_path / "games.sqlite3")
    storage = open_storage(url)
    app = create_app(url if owned else storage, bot_delay=0)
    with TestClient(app) as client:
        game_id = create(client, "liars-dice", ["human"] * 4)
    refused = pytest.raises(StorageError, match=r"served once .* make another with create_app")
    with refused, TestClient(app):
        pass
    storage.close()
    with TestClient(create_app(url, bot_delay=0)) as client:  # a new app serves
        assert [game["id"] for game in client.get("/api/games").json()["games"]] == [game_id]


def test_a_restarted_server_carries_every_game_on(db_url: str) -> None:
    rng = random.Random(7)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        game_id = create(client, "liars-dice", ["human", "human", "expert", "random"])
        tokens = [join(client, game_id, "Ann", seat=0), join(client, game_id, "Bob", seat=1)]
        sockets = [Socket(client, game_id, token) for token in tokens]
        view = sockets[0].view
        assert view is not None
        for _ in range(6):  # a few moves, then the server goes
            mover = next((s for s in sockets if s.seat == view["to_act"]), None)
            if mover is not None:
                seen = mover.until_step(view["step"])
                mover.move(rng.choice(seen["legal"]))
            view = sockets[0].next_view()
        Socket.close_all()
        before = client.get(f"/api/games/{game_id}").json()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        after = client.get(f"/api/games/{game_id}").json()
        assert after["step"] >= before["step"] > 0
        assert after["seats"] == before["seats"]
        sockets = [Socket(client, game_id, token) for token in tokens]  # the same tokens
        assert [s.seat for s in sockets] == [0, 1]
        final = play_out(sockets, sockets[0], rng)
        text = client.get(f"/api/games/{game_id}/record").text
        Socket.close_all()
    record = dicerules.GameRecord.from_json(text)
    assert dicerules.get_game("liars-dice").is_terminal(dicerules.replay(record))
    assert final["step"] == len(record.actions)
    for socket in sockets:
        check_messages(record, socket, tokens)
    stored = execute(db_url, "SELECT token_hash FROM seats WHERE player = 'human'")
    assert all(token not in str(stored) for token in tokens)  # only their hashes
