"""Writes committed in batches: the moves, seats and games of one moment in one
transaction, all or none, each told only once stored; and each update made once a
seat, whatever its sockets."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from server_support import Socket, create, join, serving  # first: without the server, it skips

# isort: split
from dicerules_server import create_app, open_storage, tables
from dicerules_server.storage import GameRow, MoveRow, NewGame, SeatClaim, SeatRow, Storage, Write
from dicerules_server.tables import Committer, Lobby, StorageFault, Table

CREATED = "2026-01-01T00:00:00+00:00"


def games(storage: Storage, count: int) -> list[str]:
    """The ids of ``count`` games stored (with no seats: the storage does not ask)."""
    made = [f"g{n}" for n in range(count)]
    for game_id in made:
        storage.create_game(GameRow(game_id, "liars-dice", {}, 1, (), CREATED, ()))
    return made


def batches_of(storage: Storage) -> list[list[Write]]:
    """Each batch the storage is asked to write, from now on."""
    asked: list[list[Write]] = []
    write = storage.write

    def spy(writes: list[Write]) -> list[bool]:
        asked.append(list(writes))
        return write(writes)

    storage.write = spy  # type: ignore[method-assign]
    return asked


def test_a_batch_stores_its_moves_and_refuses_a_step_stored_already(db_url: str) -> None:
    storage = open_storage(db_url)
    try:
        first, second = games(storage, 2)
        storage.append_move(first, 0, "1x2", [], False)
        taken = storage.write(
            [
                MoveRow(first, 0, "2x2", (), finished=True),  # its step has a move
                MoveRow(second, 0, "1x3", (4, 5), finished=True, stopped="record_full"),
            ]
        )
        assert taken == [False, True]
        kept, ended = storage.load(first), storage.load(second)
        assert kept is not None and kept.actions == ("1x2",) and not kept.finished
        assert ended is not None and ended.actions == ("1x3",) and ended.move_rolls == (4, 5)
        assert ended.finished and ended.stopped == "record_full"
        twice = [MoveRow(first, 1, "2x3"), MoveRow(first, 1, "3x3")]  # one step in one batch
        assert storage.write(twice) == [True, False]
        kept = storage.load(first)
        assert kept is not None and kept.actions == ("1x2", "2x3")
    finally:
        storage.close()


def test_the_writes_of_one_moment_are_committed_in_one_transaction(tmp_path: Path) -> None:
    storage = open_storage(str(tmp_path / "games.sqlite3"))
    try:
        made = games(storage, 5)
        asked = batches_of(storage)
        committer = Committer(storage)
        seated = GameRow("new", "liars-dice", {}, 1, (), CREATED, (SeatRow(0, "human"),))
        writes: list[Write] = [
            *(MoveRow(game_id, 0, "1x2") for game_id in made),
            NewGame(seated),
            SeatClaim("new", 0, "Ann", "hash"),  # the game made in the same transaction
            SeatClaim("new", 0, "Bob", "hash"),  # taken by then
            MoveRow(made[0], 0, "2x2"),  # its step has a move by then
        ]

        async def play() -> list[bool]:
            return await asyncio.gather(*map(committer.write, writes))

        assert asyncio.run(play()) == [True] * 7 + [False, False]
        committer.close()
        assert asked == [writes]
        with sqlite3.connect(tmp_path / "games.sqlite3") as other:  # on the disk, for all
            assert other.execute("SELECT count(*) FROM moves").fetchone() == (5,)
            assert other.execute("SELECT name FROM seats WHERE game_id = 'new'").fetchall() == [
                ("Ann",)
            ]
    finally:
        storage.close()


def test_games_made_at_once_are_stored_in_one_transaction(tmp_path: Path) -> None:
    storage = open_storage(str(tmp_path / "games.sqlite3"))
    try:
        asked = batches_of(storage)

        async def make(client: str | None) -> list[Table]:
            lobby = Lobby(storage, max_unjoined=2)
            try:
                return await asyncio.gather(
                    *(lobby.create("liars-dice", client=client) for _ in range(4))
                )
            finally:
                lobby.stop()

        tables = asyncio.run(make(None))
        assert asked == [[NewGame(table.row) for table in tables]]
        # One client's: the third and fourth each expire one of its first two, once stored.
        asked.clear()
        first, second, third, fourth = asyncio.run(make("one"))
        assert asked == [
            [NewGame(first.row), NewGame(second.row)],
            [NewGame(third.row, (first.id,)), NewGame(fourth.row, (second.id,))],
        ]
        assert first.stopped == second.stopped == "expired"
        assert third.stopped is None and fourth.stopped is None
    finally:
        storage.close()


def test_a_client_s_games_are_looked_at_only_at_its_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Making a game looks through its client's games (which still wait for players)
    only when the client has ``max_unjoined`` of them: a game made costs the same
    however many the client made before."""
    storage = open_storage(str(tmp_path / "games.sqlite3"))
    looked: list[int] = []
    waiting = tables._waiting

    def spy(made: Any) -> list[Table]:
        looked.append(len(made))
        return waiting(made)

    monkeypatch.setattr(tables, "_waiting", spy)

    async def make() -> list[Table]:
        lobby = Lobby(storage, max_unjoined=5)
        try:
            return [await lobby.create("liars-dice", client="one") for _ in range(7)]
        finally:
            lobby.stop()

    try:
        made = asyncio.run(make())
    finally:
        storage.close()
    assert looked == [5, 5]
    assert [table.stopped for table in made] == ["expired"] * 2 + [None] * 5


def test_a_batch_the_database_refuses_stores_none_of_its_moves(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite3")
    storage = open_storage(path, busy_timeout=0.05)
    try:
        made = games(storage, 3)
        committer = Committer(storage)
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another program holds the write lock

        async def play(step: int) -> list[Any]:
            moves = (committer.write(MoveRow(g, step, "1x2")) for g in made)
            return await asyncio.gather(*moves, return_exceptions=True)

        try:
            refused = asyncio.run(play(0))
        finally:
            holder.rollback()
            holder.close()
        assert all(isinstance(error, StorageFault) for error in refused), refused
        assert all(row is not None and row.actions == () for row in map(storage.load, made))
        assert asyncio.run(play(0)) == [True] * 3  # the same moves, once it takes writes
        committer.close()
    finally:
        storage.close()


def test_each_update_is_made_once_a_seat_whatever_its_sockets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int | None] = []
    update = Table.update

    def counted(table: Table, seat: int | None, before: Any = None) -> str:
        made.append(seat)
        return update(table, seat, before)

    monkeypatch.setattr(Table, "update", counted)
    with serving(create_app(str(tmp_path / "games.sqlite3"), bot_delay=0)) as client:
        game_id = create(client, "liars-dice", ["human"] * 2, rules={"players": 2})
        tokens = [join(client, game_id, seat=0), join(client, game_id, seat=1)]
        sockets = [
            *(Socket(client, game_id, tokens[0]) for _ in range(2)),
            Socket(client, game_id, tokens[1]),
            *(Socket(client, game_id) for _ in range(2)),
        ]
        for socket in sockets:
            socket.until_step(0)
        mover = next(s for s in sockets if s.view is not None and s.view["legal"])
        mover.move(mover.view["legal"][0])  # type: ignore[index]
        for socket in sockets:
            socket.until_step(1)
    assert sorted(made, key=str) == [0, 1, None]
