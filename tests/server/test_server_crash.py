"""A real server (uvicorn on 127.0.0.1) killed with SIGKILL in the middle of games, 20
times or more, and started again on the same database: no acknowledged move is lost,
none is played twice, and every finished record replays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import server_support  # first: without the server, the module skips

# isort: split

import dicerules

websockets = pytest.importorskip("websockets", reason="websockets is not installed")
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import WebSocketException  # noqa: E402

KILLS = 20
KILLS_POSTGRES = 5  # the same on PostgreSQL, in fewer kills
GAMES = 6
PEOPLE = 2  # seats played by this test's clients; the others are the server's bots


class Tracked:
    """What the clients know of one game: every move the server acknowledged."""

    def __init__(self, game_id: str, tokens: list[str]) -> None:
        self.id = game_id
        self.tokens = tokens
        self.acked: dict[int, str] = {}  # step -> the action that made it, as told
        self.seen_step = 0
        self.pending: dict[int, tuple[int, str]] = {}  # seat -> (step, move) sent last
        self.over = False

    def hear(self, message: dict[str, Any]) -> dict[str, Any] | None:
        if message["type"] == "error":
            assert message["error"] in ("stale", "not_your_turn"), message
            return None
        for event in message.get("events", ()):
            if event["event"] == "action":
                told = self.acked.setdefault(event["step"], event["action"])
                assert told == event["action"], (self.id, event, told)
        view: dict[str, Any] | None = message.get("view")
        if view is not None:
            self.seen_step = max(self.seen_step, view["step"])
            self.over = self.over or view["over"]
        return view


class Server:
    """dicerules-server processes on one database and port, forked by server_zygote."""

    def __init__(self, db: str, port: int) -> None:
        self.db, self.port = db, port
        self.base = f"http://127.0.0.1:{self.port}"
        zygote = Path(__file__).with_name("server_zygote.py")
        self.zygote = subprocess.Popen(
            [sys.executable, str(zygote)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.pid = 0

    def start(self) -> None:
        assert self.zygote.stdin is not None and self.zygote.stdout is not None
        self.zygote.stdin.write(f"{self.db} {self.port}\n")
        self.zygote.stdin.flush()
        self.pid = int(self.zygote.stdout.readline())
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/api/catalog")
                return
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.01)

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)

    def close(self) -> None:
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                self.kill()
        self.zygote.kill()
        self.zygote.wait()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return self.checked("GET", path, answer.status, json.loads(answer.read()))

    def post(self, path: str, body: object) -> Any:
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return self.checked("POST", path, answer.status, json.loads(answer.read()))

    @staticmethod
    def checked(method: str, path: str, status: int, body: Any) -> Any:
        """The body of an answer, checked against the server's schema."""
        server_support.expect_answer(method, path, status, body)
        return body

    def new_game(self, rng: random.Random) -> Tracked:
        bots = [rng.choice(["expert", "random"]) for _ in range(4 - PEOPLE)]
        found = self.post("/api/games", {"game": "liars-dice", "players": ["human"] * 2 + bots})
        tokens = [
            self.post(f"/api/games/{found['id']}/join", {"name": f"P{seat}", "seat": seat})["token"]
            for seat in range(PEOPLE)
        ]
        return Tracked(found["id"], tokens)


async def play_seat(server: Server, game: Tracked, seat: int, rng: random.Random) -> None:
    """Play one seat as fast as the server answers, until the game ends or the server dies."""
    url = f"ws://127.0.0.1:{server.port}/api/games/{game.id}/socket"
    try:
        async with connect(url, open_timeout=5, close_timeout=1) as socket:
            await socket.send(json.dumps({"type": "hello", "token": game.tokens[seat]}))
            if seat in game.pending:  # sent before the crash, maybe never stored: again
                step, move = game.pending[seat]
                await socket.send(json.dumps({"type": "move", "move": move, "step": step}))
            async for text in socket:
                message = json.loads(text)
                server_support.expect("ServerMessage", message, "a socket")
                view = game.hear(message)
                if view is None:
                    continue
                if view["over"]:
                    return
                if view["legal"]:
                    move = rng.choice(view["legal"])
                    game.pending[seat] = (view["step"], move)
                    await socket.send(
                        json.dumps({"type": "move", "move": move, "step": view["step"]})
                    )
    except (OSError, WebSocketException):
        return  # the server was killed


async def crash_and_restart(server: Server, rng: random.Random, kills: int) -> list[Tracked]:
    """Kill the server ``kills`` times, and more until games ended and new ones began
    between kills (on a loaded machine few moves fit between two kills); then let every
    game end."""
    games: list[Tracked] = []
    kill = 0
    while True:
        last = kill >= kills and len(games) > GAMES
        assert kill <= 10 * kills, f"no game ended in {kill} kills"
        await asyncio.to_thread(server.start)
        for game in games:  # every game carries on from its last acknowledged move
            shown = await asyncio.to_thread(server.get, f"/api/games/{game.id}")
            assert shown["step"] >= game.seen_step, (kill, game.id, shown, game.seen_step)
        while sum(not game.over for game in games) < GAMES and not last:
            games.append(await asyncio.to_thread(server.new_game, rng))
        players = [
            asyncio.create_task(play_seat(server, game, seat, random.Random(rng.random())))
            for game in games
            if not game.over
            for seat in range(PEOPLE)
        ]
        if not last:
            await asyncio.sleep(rng.uniform(0.1, 0.4))  # moves in flight all the while
            server.kill()
            kill += 1
        await asyncio.wait_for(asyncio.gather(*players), 60)
        if last:
            return games


@pytest.mark.parametrize(
    "db_url",
    # PostgreSQL's run takes minutes on a loaded machine: it runs with the slow tests
    ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)],
    indirect=True,
)
def test_no_acknowledged_move_is_lost_in_20_kills(db_url: str, free_port: int) -> None:
    server = Server(db_url, free_port)
    kills = KILLS if "://" not in db_url else KILLS_POSTGRES
    try:
        games = asyncio.run(crash_and_restart(server, random.Random(34), kills))
        records = {
            game.id: dicerules.GameRecord.from_dict(server.get(f"/api/games/{game.id}/record"))
            for game in games
        }
    finally:
        server.close()
    assert len(games) > GAMES  # games ended and new ones began between kills
    for game in games:
        assert game.over
        record = records[game.id]
        dicerules.replay(record)  # every die checked
        for step, action in game.acked.items():
            assert record.actions[step - 1] == action, (game.id, step)
        assert len(record.actions) == game.seen_step
