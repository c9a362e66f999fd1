"""Load on dicerules-server beside the machine's bare limits: moves/s, latency, CPU a move.

    python examples/server/load.py                          # SQLite, in a temporary folder
    python examples/server/load.py --bare                   # and the bare limits, as ratios
    python examples/server/load.py --db postgresql://USER@127.0.0.1:5432/DB --bare

It starts ``dicerules-server`` on 127.0.0.1 (a free port) on the database given and
keeps ``--games`` games of liar's dice in play (a game that ends is replaced by a new
one), every seat a client that plays a random legal move over its own websocket as
soon as its view says it is to act (``--think S``: S seconds after). After
``--warmup`` seconds it counts, for ``--seconds``: the moves a second; the latency of
a move, from sending it to receiving the view that answers it (stored by then: the
server commits a move before it answers), as its median and 99th percentile; and the
CPU time a move of the server's process and of this client (read from /proc, on
Linux; both share the machine).

A game has one move in flight at most, so with every seat moving at once the moves
queue at the server whenever it is the bottleneck, and the latency is about the games
over the moves a second (Little's law: 200 games at 800 moves/s, 250 ms): at the
server's limit p50 and p99 measure that queue. ``--think S`` has each seat wait S
seconds before it sends its move, as a person or a bot would, which allows at most
``--games`` / S moves a second: below the limit, the latency is the server's own.

``--bare`` measures, just before, the limits the server works under here: the
database's synced commits a second (SQLite: one connection, ``BEGIN IMMEDIATE; INSERT;
COMMIT``, a move a commit; PostgreSQL: as many connections as the server keeps,
each committing one insert at a time, into a table made for it and dropped after),
and the round trips a second of a bare Starlette websocket echo served as the server
is, on as many sockets; then the server's share of each. ``--rounds N`` runs it all N
times, interleaved, so that a change of the machine's load meanwhile falls on each
alike. The client is lean (websockets' sans-I/O protocol on asyncio, no compression),
so that it takes little of the CPU the server needs. Everything stays on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine
from functools import partial
from pathlib import Path
from typing import Any

import orjson
from dicerules_server.cli import UVICORN
from dicerules_server.storage import PostgresStorage
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

GAME = {"game": "liars-dice", "preset": "classic"}
ECHOED = b'{"type":"move","move":"3x4","step":12}'
"""What each socket of the echo sends, and is sent back: a move's size."""


class LoadError(Exception):
    """The load could not be run: the message says why."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) a process has used, from /proc; None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------ the client


class Window:
    """The moments counted (from ``start`` to ``end``), what was counted in them, and
    the sockets open."""

    def __init__(self, start: float, end: float) -> None:
        self.start, self.end = start, end
        self.latencies: list[float] = []
        self.games = 0
        self.sockets: set[Socket] = set()

    def count(self, sent: float, now: float) -> None:
        if self.start <= now <= self.end:
            self.latencies.append(now - sent)


class Socket(asyncio.Protocol):
    """A websocket client with as little in the way as can be: websockets' sans-I/O
    protocol on an asyncio transport, no compression. ``opened`` and ``received`` say
    what happens; ``finished`` is done when the connection is."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.ws: ClientProtocol | None = None
        self.transport: asyncio.Transport | None = None
        self.parts: list[bytes] = []
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def connect(self, port: int, path: str) -> None:
        self.ws = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}{path}"), max_size=None)
        self.window.sockets.add(self)
        await asyncio.get_running_loop().create_connection(lambda: self, "127.0.0.1", port)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert self.ws is not None
        self.transport = transport  # type: ignore[assignment]  # uvloop's is no asyncio.Transport
        self.ws.send_request(self.ws.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        assert self.ws is not None
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self.fail(LoadError(f"the server refused a socket: {event.status_code}"))
                    return
                self.opened()
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                self.parts.append(bytes(event.data))
                if event.fin:
                    self.received(b"".join(self.parts))
                    self.parts.clear()
        self.flush()

    def send(self, data: bytes) -> None:
        assert self.ws is not None
        self.ws.send_text(data)
        self.flush()

    def flush(self) -> None:
        assert self.ws is not None and self.transport is not None
        for chunk in self.ws.data_to_send():
            if chunk:
                self.transport.write(chunk)
            else:  # the protocol is done with the connection
                self.transport.close()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def fail(self, error: BaseException) -> None:
        if not self.finished.done():
            self.finished.set_exception(error)
        self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.window.sockets.discard(self)
        if not self.finished.done():
            self.finished.set_result(None)

    def opened(self) -> None:
        pass

    def received(self, data: bytes) -> None:
        pass


class Seat(Socket):
    """One seat of a game, played at random ``think`` seconds after its view says it is
    to act (at once for 0)."""

    def __init__(self, token: str, window: Window, rng: random.Random, think: float) -> None:
        super().__init__(window)
        self.hello = orjson.dumps({"type": "hello", "token": token})
        self.rng = rng
        self.think = think
        self.sent_at, self.sent_step = 0.0, -1
        self.over = False

    def opened(self) -> None:
        self.send(self.hello)

    def received(self, data: bytes) -> None:
        view = orjson.loads(data).get("view")
        if view is None:
            return
        now = time.monotonic()
        if self.sent_step >= 0 and view["step"] > self.sent_step:
            self.window.count(self.sent_at, now)
            self.sent_step = -1
        if view["over"]:
            self.over = True
            self.close()
        elif view["legal"]:
            move = orjson.dumps(
                {"type": "move", "move": self.rng.choice(view["legal"]), "step": view["step"]}
            )
            if self.think:
                asyncio.get_running_loop().call_later(self.think, self.move, view["step"], move)
            else:
                self.move(view["step"], move)

    def move(self, step: int, move: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return  # the window has ended meanwhile
        self.sent_at, self.sent_step = time.monotonic(), step
        self.send(move)


class Echo(Socket):
    """One socket of the echo: a message sent again as soon as it comes back."""

    def __init__(self, window: Window) -> None:
        super().__init__(window)
        self.sent_at = 0.0

    def opened(self) -> None:
        self.sent_at = time.monotonic()
        self.send(ECHOED)

    def received(self, data: bytes) -> None:
        now = time.monotonic()
        self.window.count(self.sent_at, now)
        self.sent_at = now
        self.send(ECHOED)


async def post(port: int, path: str, body: object) -> dict[str, Any]:
    """POST a JSON body on a connection of its own: the JSON answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        data = orjson.dumps(body)
        writer.write(
            b"POST %s HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (path.encode(), len(data), data)
        )
        head = await reader.readuntil(b"\r\n\r\n")
        answer = await reader.read()
    finally:
        writer.close()
    status = int(head.split(b" ", 2)[1])
    if status not in (200, 201):
        raise LoadError(f"POST {path}: {status} {answer.decode(errors='replace')}")
    found: dict[str, Any] = orjson.loads(answer)
    return found


async def tables(port: int, games: int, players: int, think: float, window: Window) -> None:
    """``games`` tables, each playing game after game until the window ends, each move
    ``think`` seconds after the view that asks for it."""
    rng = random.Random(34)
    made = {**GAME, "rules": {"players": players}, "players": ["human"] * players}

    async def table() -> None:
        while time.monotonic() < window.end:
            game_id = (await post(port, "/api/games", made))["id"]
            seats = []
            for _ in range(players):
                joined = await post(port, f"/api/games/{game_id}/join", {"name": "b"})
                seats.append(Seat(joined["token"], window, random.Random(rng.random()), think))
            for seat in seats:
                await seat.connect(port, f"/api/games/{game_id}/socket")
            await asyncio.gather(*(seat.finished for seat in seats))
            if all(seat.over for seat in seats) and time.monotonic() <= window.end:
                window.games += 1

    await until(window, [table() for _ in range(games)])


async def echoes(port: int, sockets: int, window: Window) -> None:
    """``sockets`` sockets, each echoing one message at a time, until the window ends."""

    async def one() -> None:
        echo = Echo(window)
        await echo.connect(port, "/")
        await echo.finished

    await until(window, [one() for _ in range(sockets)])


async def until(window: Window, work: list[Coroutine[Any, Any, None]]) -> None:
    """Run the work until the window ends (then stop it), or until it fails."""
    tasks = [asyncio.ensure_future(job) for job in work]
    timeout = max(0.0, window.end - time.monotonic())
    done, _ = await asyncio.wait(tasks, timeout=timeout, return_when=asyncio.FIRST_EXCEPTION)
    for task in tasks:
        task.cancel()
    for sock in list(window.sockets):
        sock.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        if not task.cancelled() and task.exception() is not None:
            raise LoadError(f"the client failed: {task.exception()!r}")


# ------------------------------------------------------------------ the bare limits


def sqlite_commits(folder: Path, seconds: float) -> float:
    """Synced commits a second of one SQLite connection, one insert of a move each,
    in a file of its own in ``folder`` (removed after)."""
    path = folder / "commits.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute(
            "CREATE TABLE moves (game_id TEXT NOT NULL, step INTEGER NOT NULL,"
            " action TEXT NOT NULL, rolls TEXT NOT NULL, PRIMARY KEY (game_id, step))"
        )
        count, start = 0, time.monotonic()
        while (now := time.monotonic()) - start < seconds:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("INSERT INTO moves VALUES ('bare', ?, '3x4', '[]')", (count,))
            connection.execute("COMMIT")
            count += 1
        return count / (now - start)
    finally:
        connection.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def postgres_commits(url: str, seconds: float, connections: int) -> float:
    """Synced commits a second of ``connections`` PostgreSQL connections side by side,
    each committing one insert at a time, in a table made for it (and dropped)."""
    import psycopg

    table = "dicerules_load_commits"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP TABLE IF EXISTS {table}")
        admin.execute(f"CREATE TABLE {table} (worker INTEGER, n INTEGER, PRIMARY KEY (worker, n))")
    counts = [0] * connections
    start = time.monotonic()
    end = start + seconds

    def commit(worker: int) -> None:
        with psycopg.connect(url) as connection:
            while time.monotonic() < end:
                connection.execute(f"INSERT INTO {table} VALUES (%s, %s)", (worker, counts[worker]))
                connection.commit()
                counts[worker] += 1

    threads = [threading.Thread(target=commit, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP TABLE {table}")
    return sum(counts) / elapsed


def serve_echo(port: int) -> None:
    """A bare websocket echo: Starlette on uvicorn, served as dicerules-server is."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            while True:
                await websocket.send_text(await websocket.receive_text())
        except WebSocketDisconnect:
            pass

    app = Starlette(routes=[WebSocketRoute("/", echo)])
    uvicorn.run(app, host="127.0.0.1", port=port, **UVICORN)


# ------------------------------------------------------------------ a measure


class Measure:
    """What one run counted: its rate, latencies and the CPU a unit of it took."""

    def __init__(self, window: Window, server_cpu: float | None, client_cpu: float) -> None:
        self.window = window
        seconds = window.end - window.start
        done = len(window.latencies)
        self.rate = done / seconds
        self.p50 = percentile(window.latencies, 0.5) * 1000
        self.p99 = percentile(window.latencies, 0.99) * 1000
        self.server_core = None if server_cpu is None else server_cpu / seconds
        self.server_ms = None if server_cpu is None or not done else server_cpu / done * 1000
        self.client_ms = client_cpu / done * 1000 if done else None

    def cpu(self, unit: str) -> str:
        server = (
            "n/a"
            if self.server_ms is None or self.server_core is None
            else f"{self.server_ms:.3f} ms a {unit} ({self.server_core:.2f} of a core)"
        )
        client = "n/a" if self.client_ms is None else f"{self.client_ms:.3f} ms"
        return f"server CPU {server}, client {client}"


def start(command: list[str], port: int) -> subprocess.Popen[bytes]:
    """A server process, once it answers on ``port``."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return process
        except urllib.error.HTTPError:
            return process  # it answers
        except (urllib.error.URLError, ConnectionError):
            if process.poll() is not None or time.monotonic() > deadline:
                stop(process)
                raise LoadError(f"the server did not start: {' '.join(command)}") from None
            time.sleep(0.05)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def measure(
    command: list[str],
    port: int,
    client: Callable[[Window], Coroutine[Any, Any, None]],
    warmup: float,
    seconds: float,
) -> Measure:
    """Serve with ``command`` on ``port``, and run the client on it: counted after the
    warm-up, for ``seconds``."""
    process = start(command, port)
    try:

        async def run() -> Measure:
            begin = time.monotonic() + warmup
            window = Window(begin, begin + seconds)
            job = asyncio.ensure_future(client(window))
            await asyncio.wait([job], timeout=max(0.0, begin - time.monotonic()))
            server, mine = cpu_seconds(process.pid), time.process_time()
            await asyncio.wait([job], timeout=max(0.0, window.end - time.monotonic()))
            server_end, mine_end = cpu_seconds(process.pid), time.process_time()
            await job
            used = None if server is None or server_end is None else server_end - server
            return Measure(window, used, mine_end - mine)

        return run_loop(run())
    finally:
        stop(process)


def run_loop(main: Coroutine[Any, Any, Measure]) -> Measure:
    """Run ``main`` on uvloop where it is installed (as uvicorn does), else asyncio."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


# ------------------------------------------------------------------ the command


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", help="default: an SQLite file in a temporary folder")
    parser.add_argument("--games", type=int, default=200, help="games at once (default 200)")
    parser.add_argument("--players", type=int, default=2, help="seats a game (default 2)")
    parser.add_argument(
        "--seconds", type=float, default=10, help="how long each is counted (default 10)"
    )
    parser.add_argument(
        "--warmup", type=float, default=2, help="seconds before counting (default 2)"
    )
    parser.add_argument(
        "--bare", action="store_true", help="measure the commits and the echo too, as ratios"
    )
    parser.add_argument("--rounds", type=int, default=1, help="how many times (default 1)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="how long each seat waits before it sends its move, as a person or a bot"
        " would: the latency below the server's limit (default 0: at once, the limit)",
    )
    parser.add_argument("--serve-echo", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1 or args.players < 2 or args.rounds < 1:
        parser.error("--games and --rounds are at least 1, --players at least 2")
    if not args.seconds > 0 or args.warmup < 0 or not args.think >= 0:
        parser.error("--seconds is above 0, --warmup and --think at least 0")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    if args.serve_echo is not None:
        serve_echo(args.serve_echo)
        return
    try:
        with tempfile.TemporaryDirectory(dir=_folder_of(args.db)) as folder:
            run(args, Path(folder))
    except (LoadError, OSError) as error:
        sys.exit(f"load.py: {error}")


def _folder_of(db: str | None) -> str | None:
    """Where the bare commits are made: beside the SQLite file given (its disk)."""
    if db is None or db.startswith(("postgresql://", "postgres://")):
        return None
    return str(Path(db.removeprefix("sqlite:///")).resolve().parent)


def run(args: argparse.Namespace, folder: Path) -> None:
    postgres = bool(args.db) and args.db.startswith(("postgresql://", "postgres://"))
    kind = "PostgreSQL" if postgres else "SQLite"
    sockets = args.games * args.players
    print(
        f"load.py: {args.games} games of liars-dice at once ({args.players} seats: {sockets}"
        f" sockets), {args.warmup:g} s warm-up then {args.seconds:g} s counted;"
        + (f" each move {args.think:g} s after its view;" if args.think else "")
        + f" load average {os.getloadavg()[0]:.1f} at the start",
        flush=True,
    )
    shares: list[tuple[float, float]] = []
    for round_ in range(args.rounds):
        if args.rounds > 1:
            print(f"round {round_ + 1}:")
        if args.bare:
            if postgres:
                pool = PostgresStorage.POOL
                commits = postgres_commits(args.db, args.seconds, pool)
                print(f"  PostgreSQL synced commits, {pool} connections: {commits:,.0f}/s")
            else:
                commits = sqlite_commits(folder, args.seconds)
                print(f"  SQLite synced commits, 1 connection: {commits:,.0f}/s")
            port = free_port()
            echo = measure(
                [sys.executable, __file__, "--serve-echo", str(port)],
                port,
                partial(echoes, port, sockets),
                args.warmup,
                args.seconds,
            )
            print(
                f"  echo (Starlette on uvicorn, {sockets} sockets): {echo.rate:,.0f} round"
                f" trips/s, p50 {echo.p50:.1f} ms, p99 {echo.p99:.1f} ms; {echo.cpu('round trip')}",
                flush=True,
            )
        db = args.db or str(folder / f"load-{round_}.sqlite3")
        port = free_port()
        served = measure(
            [
                *(sys.executable, "-m", "dicerules_server", "--db", db, "--port", str(port)),
                # Every game is made from this one address, and waits for its seats a moment.
                *("--bot-delay", "0", "--max-unjoined", str(args.games + 1)),
            ],
            port,
            partial(tables, port, args.games, args.players, args.think),
            args.warmup,
            args.seconds,
        )
        print(
            f"  server on {kind}: {served.rate:,.0f} moves/s, p50 {served.p50:.1f} ms,"
            f" p99 {served.p99:.1f} ms, {served.window.games} games finished;"
            f" {served.cpu('move')}",
            flush=True,
        )
        if args.bare:
            shares.append((served.rate / commits, served.rate / echo.rate))
            print(
                f"  the server's share: {shares[-1][0]:.2f} of the commits,"
                f" {shares[-1][1]:.2f} of the echo",
                flush=True,
            )
    if len(shares) > 1:
        print(
            f"median share: {statistics.median(s[0] for s in shares):.2f} of the commits,"
            f" {statistics.median(s[1] for s in shares):.2f} of the echo"
        )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
