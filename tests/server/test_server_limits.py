"""What bounds the server keeps: no game goes past the longest record it may hold (it
ends there, and replays), a stored game that does not replay is kept and shown, a game
nobody joins expires, one client holds a bounded number of waiting games, and the list
of games comes in small pages however many there are."""

from __future__ import annotations

import asyncio
import datetime
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from server_support import (  # first: without the server, the module skips
    Socket,
    create,
    join,
    serving,
)

# isort: split
from dicerules_server import create_app, open_storage
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import dicerules
from dicerules import records

if "pig" not in dicerules.GAMES:
    pytest.skip(
        "the pig plugin is not installed: pip install ./examples/pig", allow_module_level=True
    )

BOUND = 6
"""The longest record of pig (which declares no max_length) in these tests."""

ALWAYS = ["human", "human"]
"""Pig for two people who always roll: a game that never ends."""


def summary(client: TestClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def listed(client: TestClient, **query: object) -> dict[str, Any]:
    answer = client.get("/api/games", params=query)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def roll_on(client: TestClient, game_id: str, steps: int) -> list[Socket]:
    """Seat two people in a game of pig and roll ``steps`` times: their sockets."""
    people = [Socket(client, game_id, join(client, game_id, f"P{seat}", seat)) for seat in (0, 1)]
    view = people[0].view
    assert view is not None
    while view["step"] < steps:
        mover = people[view["to_act"]]
        mover.until_step(view["step"])
        mover.move("roll")
        view = people[0].next_view()
    return people


@pytest.fixture
def short_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """Records of a game without max_length hold at most BOUND actions."""
    monkeypatch.setattr(records, "MAX_ACTIONS", BOUND)


@pytest.mark.usefixtures("short_records")
def test_a_game_ends_at_the_longest_record_it_may_hold(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    with serving(create_app(db, bot_delay=0)) as client:
        game_id = create(client, "pig", ALWAYS)
        spectator = Socket(client, game_id)
        people = roll_on(client, game_id, BOUND - 1)
        assert not summary(client, game_id)["over"]
        mover = people[spectator.until_step(BOUND - 1)["to_act"]]
        mover.until_step(BOUND - 1)
        mover.move("roll")  # the last move a record may hold
        assert spectator.until_step(BOUND)["step"] == BOUND
        assert summary(client, game_id)["over"]
        for socket in [*people, spectator]:
            assert socket.until_step(BOUND)["step"] == BOUND
            stopped = socket.receive()
            assert stopped["type"] == "stopped", stopped
            table = stopped["table"]
            assert (table["over"], table["winners"], table["step"]) == (True, [], BOUND)
            assert table["to_act"] is None  # though the view has a seat to act
            assert table["stopped"] == {
                "reason": "record_full",
                "message": f"the game stopped at the longest record it may hold: {BOUND} moves",
            }
        mover = people[spectator.view["to_act"]]  # type: ignore[index]
        mover.move("roll")  # a move the view offers: the game says why it takes no more
        refusal = mover.receive()
        assert (refusal["type"], refusal["error"]) == ("error", "record_full")
        assert "longest record" in refusal["message"]
        assert summary(client, game_id)["stopped"]["reason"] == "record_full"
        [shown] = [g for g in listed(client)["games"] if g["id"] == game_id]
        assert shown["over"] and shown["stopped"]["reason"] == "record_full"
        record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
        assert len(record.actions) == BOUND
        dicerules.replay(record)
    with serving(create_app(db, bot_delay=0)) as client:  # and after a restart, the same
        assert game_id not in client.app.state.lobby.tables  # type: ignore[attr-defined]
        again = summary(client, game_id)
        assert (again["over"], again["step"], again["stopped"]) == (True, BOUND, table["stopped"])
        answer = client.post(f"/api/games/{game_id}/join", json={"name": "Cy"})
        assert (answer.status_code, answer.json()["error"]) == (409, "record_full")


def test_a_stored_game_that_does_not_replay_is_kept_listed_and_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    db = str(tmp_path / "games.sqlite3")
    monkeypatch.setattr(records, "MAX_ACTIONS", BOUND)
    with serving(create_app(db, bot_delay=0)) as client:
        game_id = create(client, "pig", ALWAYS)
        other = create(client, "liars-dice", ["human", "expert", "expert", "expert"])
        roll_on(client, game_id, BOUND - 1)
    # a server whose records hold fewer actions: this game is longer than its record may be
    monkeypatch.setattr(records, "MAX_ACTIONS", BOUND - 2)
    with serving(create_app(db, bot_delay=0)) as client:
        shown = summary(client, game_id)
        assert (shown["over"], shown["step"], shown["to_act"]) == (True, BOUND - 1, None)
        assert shown["stopped"]["reason"] == "bad_record"
        assert f"the record has {BOUND - 1} actions" in shown["stopped"]["message"]
        assert [g["id"] for g in listed(client)["games"]] == [other, game_id]
        answer = client.get(f"/api/games/{game_id}/record")
        assert answer.status_code == 200
        assert len(json.loads(answer.text)["actions"]) == BOUND - 1  # as stored
        answer = client.post(f"/api/games/{game_id}/join", json={"name": "Cy"})
        assert (answer.status_code, answer.json()["error"]) == (409, "bad_record")
        with client.websocket_connect(f"/api/games/{game_id}/socket") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["error"] == "bad_record"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4409
    assert any(
        record.levelno == logging.ERROR and game_id in record.getMessage()
        for record in caplog.records
    )


def micros(created: str) -> int:
    since = datetime.datetime.fromisoformat(created) - datetime.datetime.fromtimestamp(
        0, datetime.UTC
    )
    return since // datetime.timedelta(microseconds=1)


def later(seconds: float) -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=seconds)


def test_a_game_nobody_joins_expires(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, expire_after=60)
    lobby = app.state.lobby
    four = ["human", "human", "expert", "expert"]
    with serving(app) as client:
        nobody = create(client, "liars-dice", four)
        one = create(client, "liars-dice", four)
        join(client, one, "Ann")  # one seat of two: still waiting
        both = create(client, "liars-dice", four)
        tokens = [join(client, both, name) for name in ("Ann", "Bob")]
        watching = Socket(client, one)
        lobby.clock = lambda: later(59)
        assert client.portal.call(lobby.expire) == 0
        lobby.clock = lambda: later(61)
        assert client.portal.call(lobby.expire) == 2
        stopped = watching.receive()
        assert stopped["type"] == "stopped"
        assert stopped["table"]["stopped"]["reason"] == "expired"
        for game_id in (nobody, one):
            shown = summary(client, game_id)
            assert shown["over"] and shown["stopped"]["reason"] == "expired"
            answer = client.post(f"/api/games/{game_id}/join", json={"name": "Cy"})
            assert (answer.status_code, answer.json()["error"]) == (409, "expired")
        assert [g["id"] for g in listed(client)["games"]] == [both]
        Socket(client, both, tokens[0])  # the game that began plays on


def test_one_client_has_at_most_max_unjoined_games_waiting(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, max_unjoined=3)
    lobby = app.state.lobby
    players = ["human", "expert", "expert", "expert"]
    with serving(app) as client:
        made = [create(client, "liars-dice", players) for _ in range(5)]
        elsewhere = client.portal.call(lambda: lobby.create("link", client="192.0.2.7")).id
        in_play = [g["id"] for g in listed(client)["games"] if not g["over"]]
        assert sorted(in_play) == sorted([*made[2:], elsewhere])
        for gone in made[:2]:  # the oldest gave way, one a new game
            assert summary(client, gone)["stopped"]["reason"] == "expired"
        join(client, made[2])  # a game begun is no longer waiting: it counts no more
        made.append(create(client, "liars-dice", players))
        assert not summary(client, made[3])["over"]
        made.append(create(client, "liars-dice", players))
        assert summary(client, made[3])["stopped"]["reason"] == "expired"
        assert not summary(client, made[2])["over"]

        async def at_once() -> list[Any]:  # a client that asks many times at once
            return await asyncio.gather(
                *(lobby.create("link", client="192.0.2.8") for _ in range(9))
            )

        assert sum(table.waiting for table in client.portal.call(at_once)) == 3


def test_a_start_never_replays_a_game_that_expired_while_the_server_was_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "games.sqlite3")
    app = create_app(db, bot_delay=0, expire_after=60)
    app.state.lobby.clock = lambda: later(-3600)  # the games were made an hour ago
    with serving(app) as client:
        waiting = [create(client, "liars-dice", ["human"] * 4) for _ in range(3)]
        begun = create(client, "liars-dice", ["human", "expert", "expert", "expert"])
        join(client, begun)
    replayed: list[str] = []
    replay = dicerules.replay

    def spy(record: dicerules.GameRecord) -> object:
        assert record.tags.event is not None
        replayed.append(record.tags.event.rsplit(" ", 1)[-1])
        return replay(record)

    monkeypatch.setattr(dicerules, "replay", spy)
    app = create_app(db, bot_delay=0, expire_after=60)
    assert replayed == [begun]
    assert list(app.state.lobby.tables) == [begun]
    with serving(app) as client:
        for game_id in waiting:
            assert summary(client, game_id)["stopped"]["reason"] == "expired"


def quick_storage(path: Path) -> Any:
    """An SQLite storage whose commits are not synced to disk: these tests make
    thousands of games, and none of them tests durability."""
    storage = open_storage(str(path))
    with storage._connection() as connection:
        connection.execute("PRAGMA synchronous = OFF")
    return storage


MANY = [1_000, pytest.param(10_000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("creates", MANY)
def test_a_client_that_makes_games_without_end_leaves_room_for_others(
    tmp_path: Path, creates: int
) -> None:
    app = create_app(quick_storage(tmp_path / "games.sqlite3"), bot_delay=1)
    lobby = app.state.lobby
    with serving(app) as client:

        async def flood() -> None:
            for _ in range(creates):
                await lobby.create("liars-dice", client="203.0.113.9")

        client.portal.call(flood)
        assert len(lobby.tables) == 20  # its 20 newest, the others expired as it made more
        assert client.post("/api/games", json={"game": "link"}).status_code == 201
        answer = client.get("/api/games")
        assert len(answer.content) < 65_536 and len(answer.json()["games"]) == 21
    lobby.storage.close()
    restarted = create_app(str(tmp_path / "games.sqlite3")).state.lobby
    assert len(restarted.tables) == 21  # the expired games are not replayed
    restarted.storage.close()


@pytest.mark.parametrize("creates", MANY)
def test_the_list_comes_in_small_pages_however_many_games(tmp_path: Path, creates: int) -> None:
    app = create_app(quick_storage(tmp_path / "games.sqlite3"), bot_delay=1, max_games=creates)
    lobby = app.state.lobby
    with serving(app) as client:

        async def fill() -> None:
            for number in range(creates):
                await lobby.create(
                    "liars-dice", client=f"198.51.{number // 20 // 256}.{number // 20 % 256}"
                )

        client.portal.call(fill)
        answer = client.post("/api/games", json={"game": "link"})
        assert (answer.status_code, answer.json()["error"]) == (503, "full")
        answer = client.get("/api/games")
        page = answer.json()
        assert len(answer.content) < 65_536 and len(page["games"]) == 50 and page["next"]
        seen, cursor = [], None
        while True:
            page = listed(client, limit=100, **({} if cursor is None else {"cursor": cursor}))
            seen += [(g["created"], g["id"]) for g in page["games"]]
            if (cursor := page["next"]) is None:
                break
        assert len(set(seen)) == creates == len(lobby.tables)
        assert seen == sorted(seen, key=lambda g: (-micros(g[0]), g[1]))  # newest first
        for query in ({"limit": 0}, {"limit": 101}, {"limit": "x"}, {"cursor": "nothing"}):
            answer = client.get("/api/games", params=query)
            assert (answer.status_code, answer.json()["error"]) == (400, "bad_argument"), query
        lobby.clock = lambda: later(601)  # and once they expire, there is room again
        assert client.portal.call(lobby.expire) == creates
        assert client.post("/api/games", json={"game": "link"}).status_code == 201
    lobby.storage.close()
