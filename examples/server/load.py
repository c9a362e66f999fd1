"""Load on dicerules-server: many games of bots over loopback websockets at once.

    python examples/server/load.py                          # SQLite, in a temporary folder
    python examples/server/load.py --db postgresql://USER@127.0.0.1:5432/DB

It starts ``dicerules-server`` on 127.0.0.1 (a free port) with the database given,
keeps ``--games`` games of liar's dice in play for ``--seconds`` (a game that ends
is replaced by a new one), every seat a bot that plays a random legal move over its
own websocket as soon as its view says it is to act, then stops the server and
prints the moves per second and the latency of a move: from sending it to receiving
the view that answers it (stored by then: the server commits a move before it
answers), as the median and the 99th percentile. Everything stays on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Load:
    def __init__(self, base: str, players: int, deadline: float) -> None:
        self.base, self.players, self.deadline = base, players, deadline
        self.latencies: list[float] = []
        self.finished = 0
        self.rng = random.Random(34)

    def post(self, path: str, body: object) -> dict[str, object]:
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            found: dict[str, object] = json.loads(answer.read())
            return found

    async def table(self) -> None:
        """Games one after another at one table, until the time is up."""
        while time.monotonic() < self.deadline:
            made = await asyncio.to_thread(
                self.post,
                "/api/games",
                {
                    "game": "liars-dice",
                    "preset": "classic",
                    "rules": {"players": self.players},
                    "players": ["human"] * self.players,
                },
            )
            game_id = str(made["id"])
            tokens = [
                str(
                    (
                        await asyncio.to_thread(
                            self.post, f"/api/games/{game_id}/join", {"name": "b"}
                        )
                    )["token"]
                )
                for _ in range(self.players)
            ]
            done = await asyncio.gather(*(self.seat(game_id, token) for token in tokens))
            self.finished += all(done)

    async def seat(self, game_id: str, token: str) -> bool:
        """Play one seat to the end of its game (True) or of the time (False)."""
        url = self.base.replace("http", "ws", 1) + f"/api/games/{game_id}/socket"
        sent_at, sent_step = 0.0, -1
        async with connect(url, max_queue=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            while (remaining := self.deadline - time.monotonic()) > 0:
                try:
                    text = await asyncio.wait_for(ws.recv(), remaining)
                except TimeoutError:
                    break
                view = json.loads(text).get("view")
                if view is None:
                    continue
                if sent_step >= 0 and view["step"] > sent_step:
                    self.latencies.append(time.monotonic() - sent_at)
                    sent_step = -1
                if view["over"]:
                    return True
                if view["legal"]:
                    move = self.rng.choice(view["legal"])
                    sent_at, sent_step = time.monotonic(), view["step"]
                    await ws.send(json.dumps({"type": "move", "move": move, "step": sent_step}))
        return False


def wait_for(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/api/catalog", timeout=5):
                return
        except (urllib.error.URLError, ConnectionError):
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit("load.py: the server did not start")
            time.sleep(0.05)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="default: an SQLite file in a temporary folder")
    parser.add_argument("--games", type=int, default=200, help="games at once (default 200)")
    parser.add_argument("--seconds", type=float, default=60, help="how long (default 60)")
    parser.add_argument("--players", type=int, default=2, help="seats a game (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "load.sqlite3")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "dicerules_server", "--db", db, "--port", str(port)]
        # Every game is made from this one address, and waits for its seats a moment.
        more = ["--bot-delay", "0", "--max-unjoined", str(args.games + 1)]
        server = subprocess.Popen([*command, *more], stdout=subprocess.DEVNULL)
        try:
            wait_for(base, server)
            start = time.monotonic()
            load = Load(base, args.players, start + args.seconds)

            async def run() -> None:
                await asyncio.gather(*(load.table() for _ in range(args.games)))

            asyncio.run(run())
            elapsed = time.monotonic() - start
        except (OSError, WebSocketException) as error:
            sys.exit(f"load.py: {error}")
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
    moves = load.latencies
    kind = "PostgreSQL" if db.startswith("postgres") else "SQLite"
    print(
        f"{kind}: {args.games} games of liars-dice ({args.players} seats) at once for"
        f" {elapsed:.0f} s: {len(moves) / elapsed:,.0f} moves/s, latency p50"
        f" {percentile(moves, 0.5) * 1000:.1f} ms, p99 {percentile(moves, 0.99) * 1000:.1f} ms,"
        f" {load.finished} games finished"
    )


if __name__ == "__main__":
    main()
