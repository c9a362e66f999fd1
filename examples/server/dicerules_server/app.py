"""The ASGI app: the lobby over HTTP, one websocket per player or spectator, the client.

The protocol is defined by its JSON Schema, ``dicerules_server.schema.protocol()``
(served at ``GET /api/schema``, printed by ``dicerules-server schema``): every message
below and every body, each titled with the name of its type (``ServerMessage``,
``ClientMessage``, ``GameTable``, ``Refusal``); ``GET /openapi.json`` is the OpenAPI
3.1 document of the HTTP lobby on the same definitions. What follows says what they
mean.

HTTP (JSON in and out; a refusal is ``{"error": code, "message": text}`` with its
status: the server's codes in ``tables.ERRORS``, a game's in ``wire.CODES``, all of
them the schema's ``RefusalCode``):

* ``GET /api/catalog``: every game, its presets (rules, seats) and its bots (with the
  server's own, ``create_app(bots=...)``).
* ``GET /api/games?limit=N&cursor=C``: ``{"games": [table, ...], "next": C}``, a page
  of at most N games (default 50, at most 100): those in play, newest first, then
  those over that the lobby holds (the last 20 to end, and any that does not
  replay). ``next`` is the cursor of the page after this one, or null.
* ``POST /api/games`` ``{"game", "preset"?, "rules"?, "players"?}``: a new game (its
  table, 201); ``players`` names each seat ``"human"`` or a bot (default: a person in
  the first seat, the expert in the others).
* ``GET /api/games/{id}``: one game's table: ``id``, ``game``, ``rules`` (every field,
  as ``wire.rules`` makes them, as in each view), ``created``,
  ``seats`` (each ``seat``, ``player``, ``name``, ``taken``), ``started``, ``over``,
  ``step``, ``to_act``, ``winners``, ``stopped`` (below).
* ``POST /api/games/{id}/join`` ``{"name", "seat"?}``: a free person's seat and its
  ``token``, a secret: whoever holds it sees that seat's hand and moves for it.
* ``GET /api/games/{id}/record``: a finished game's record (it replays with
  ``dicerules replay``); a game in play has none to give (it holds every hand).
* Anything else that fails is 500 ``internal``.

The websocket ``/api/games/{id}/socket``: the client's first message is
``{"type": "hello", "token": T}`` (no token: a spectator). Every message the server
sends is made by ``dicerules.wire`` for the socket's seat (None for a spectator), from
that seat's views alone:

* ``{"type": "welcome", "seat", "table", "view", "layout", "story", "moves"}``, first:
  ``seat`` (an int, or null), ``table`` (the game as the lobby lists it), ``view``
  (``wire.view``), ``layout`` (``wire.layout`` of the game's rules: how a table draws
  each view, the rules in words and the rules' text; the same for every seat),
  ``story`` (``wire.story``: the whole game so far, step by step, in the words of
  ``dicerules replay --seat``) and ``moves`` (``wire.moves``: each legal move in words,
  for the seat to act; none for any other).
* ``{"type": "update", "view", "events", "story", "moves"}`` after every move:
  ``events`` (``wire.events``) and ``story`` (the entries of the steps) since the
  last update, and the view and moves now.
* ``{"type": "seats", "table"}`` when a player joins, and ``{"type": "stopped",
  "table"}`` when the server ends the game.
* ``{"type": "hint", "step", "lines"}``, the answer to ``{"type": "hint"}``:
  ``wire.hint``, the odds of the choice the seat faces at ``step`` (worked out on a
  thread; a client drops an answer of a step it has left). A spectator or a seat not
  to act is refused with ``not_your_turn``.
* ``{"type": "error", "error": code, "message"}``: a refusal of the client's last
  message; the connection goes on (a refused hello closes it, with code 4000 + the
  HTTP status).

The client sends ``{"type": "move", "move": notation, "step"?: n}`` (``step``: the
step of the view it answers, so that a move sent twice is not played twice: a move on
an old view is refused as ``stale``, then an update with the view now follows, its
``events`` and ``story`` empty) and ``{"type": "hint"}``.

Games the server ends: ``stopped`` is ``{"reason", "message"}`` (else null), the game
is over with no winners, its record given, and a move or join in it is refused with
the reason as the code:

* ``record_full``: a move brought the game to the longest record it may hold
  (``records.max_actions``: a game that declares no ``max_length`` may be played on
  for ever); no later move could be recorded, so that move is the game's last.
* ``expired``: its seats were not all taken within ``expire_after`` seconds of its
  making (10 minutes; it ends within a minute after), or its maker (a client
  address) made ``max_unjoined`` (20) newer games that wait for players. A start
  never replays an expired game. A server with ``max_games`` games in play refuses
  a new one, ``full``, until some end.
* ``bad_record``: a stored game that does not replay (a database edited by hand, or
  of another version): it is kept, listed, and its record is given as stored.

Faults of the database (locked past the busy timeout, read-only, full, damaged):
a request or move it does not take is refused ``storage_unavailable`` (HTTP 503),
nothing of it done; a bot tries its move again until the database takes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import dicerules
from dicerules import wire
from dicerules_server.schema import openapi, protocol
from dicerules_server.storage import BUSY_TIMEOUT, Storage, StorageError, open_storage
from dicerules_server.tables import (
    LIST_LIMIT,
    Listener,
    Lobby,
    ServerError,
    Table,
    Unplayable,
    clean_name,
    refusal,
    stored,
)

__all__ = ["DEFAULT_DB", "MAX_BODY", "MAX_MESSAGE", "create_app"]

log = logging.getLogger("dicerules_server")

DEFAULT_DB: Final = "dicerules-server.sqlite3"
"""The SQLite file the server keeps its games in, in the working folder, by default."""

MAX_BODY: Final = 16_384
"""The most bytes of a request's body."""

MAX_MESSAGE: Final = 4_096
"""The most characters of a message a client sends on its socket."""

HELLO_TIMEOUT: Final = 30.0
"""Seconds a new socket has to say hello."""

STATIC: Final = Path(__file__).parent / "static"

Endpoint = Callable[[Request], Awaitable[Response]]


def _json(data: object, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def _refusing(endpoint: Endpoint) -> Endpoint:
    """The endpoint, with each refusal answered as an error object and its status."""

    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except ServerError as error:
            return _json(error.message(), error.status)
        except dicerules.DiceRulesError as error:
            status = 404 if isinstance(error, dicerules.UnknownGameError) else 400
            return _json(wire.error(error), status)

    return answer


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, of at most MAX_BODY bytes."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise ServerError("too_large", f"a request is at most {MAX_BODY:,} bytes")
    try:
        found = json.loads(data or b"{}")
    except (ValueError, RecursionError):
        raise ServerError("bad_message", "the request is not JSON") from None
    if not isinstance(found, dict):
        raise ServerError("bad_message", "the request is not a JSON object")
    return found


def _catalog(lobby: Lobby) -> dict[str, object]:
    games = []
    for game in dicerules.GAMES.values():
        presets = [
            {
                "name": name,
                "rules": wire.rules(game, rules),
                "seats": game.seats(rules),
                "acting": list(game.acting_seats(rules)),
            }
            for name, rules in game.presets.items()
        ]
        default = next(
            (name for name, rules in game.presets.items() if rules == game.default_rules), None
        )
        games.append(
            {
                "name": game.name,
                "presets": presets,
                "default_preset": default,
                "bots": list(lobby.bot_names(game)),
            }
        )
    return {"games": games}


class _Headers:
    """Adds the headers that keep a page to its own scripts and its types as sent."""

    HEADERS: Final = (
        (b"content-security-policy", b"default-src 'self'; connect-src 'self' ws: wss:"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)


async def _internal(request: Request, exc: Exception) -> Response:
    return _json(refusal(exc), 500)  # wire.error's "internal": the text withheld


def create_app(
    db: str | os.PathLike[str] | Storage = DEFAULT_DB,
    *,
    bot_delay: float = 0.5,
    max_games: int = 10_000,
    expire_after: float = 600.0,
    max_unjoined: int = 20,
    busy_timeout: float = BUSY_TIMEOUT,
    bots: Mapping[str, str] | None = None,
) -> Starlette:
    """The server's ASGI app on the database ``db`` (a URL or path, or a Storage).

    An app serves once: when its lifespan ends it lets its writers go and closes the
    database it opened, and a second start is a StorageError that says so (make another
    app with ``create_app`` to serve again).

    The database is opened (its schema made on first use; a newer one refused, and
    one it cannot use, with a StorageError that names it and says why) and every
    unfinished game rebuilt by replay before this returns. ``bot_delay``: seconds a
    bot waits before it moves, so that people can follow; ``expire_after``: seconds a
    game may wait for people to take its seats; ``max_unjoined``: the most games one
    client may have waiting; ``max_games``: the most in play; ``busy_timeout``:
    seconds a write waits for a lock another connection holds (not for a Storage);
    ``bots``: the server's own bots, each a name the lobby offers and the form
    ``dicerules.bots.make`` makes it from (``{"dudo": "policy=dudo.json"}``), offered
    for the games it can be made for; a game in play with one is rebuilt only by a
    server that has it too (another keeps it as a game that does not replay).
    """
    storage = db if isinstance(db, Storage) else open_storage(db, busy_timeout=busy_timeout)
    try:
        lobby = Lobby(
            storage,
            bot_delay=bot_delay,
            max_games=max_games,
            expire_after=expire_after,
            max_unjoined=max_unjoined,
            own_bots=bots,
        )
        lobby.restore()
        storage.log_faults = True
    except BaseException:
        if storage is not db:
            storage.close()
        raise

    served = False

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal served
        if served:
            raise StorageError(
                "this app has served once and let its storage go: make another with create_app"
            )
        served = True
        lobby.start()
        try:
            yield
        finally:
            lobby.stop()
            if storage is not db:
                storage.close()

    async def catalog(request: Request) -> Response:
        return _json(_catalog(lobby))

    async def list_games(request: Request) -> Response:
        limit = request.query_params.get("limit", str(LIST_LIMIT))
        if not limit.isdigit() or len(limit) > 3:
            raise ServerError("bad_argument", "limit is a number of games")
        games, after = lobby.listing(int(limit), request.query_params.get("cursor"))
        return _json({"games": games, "next": after})

    async def create_game(request: Request) -> Response:
        body = await _body(request)
        table = await lobby.create(
            body.get("game"),
            preset=body.get("preset"),
            rules=body.get("rules"),
            players=body.get("players"),
            client=request.client.host if request.client else None,
        )
        return _json(table.summary(), 201)

    async def show_game(request: Request) -> Response:
        found = await lobby.find(request.path_params["id"])
        return _json(found.summary())

    async def join(request: Request) -> Response:
        body = await _body(request)
        table = await lobby.table(request.path_params["id"])
        seat = body.get("seat")
        if seat is not None and (type(seat) is not int):
            raise ServerError("bad_argument", "seat must be a seat number")
        seat, token = await table.claim(seat, clean_name(body.get("name")))
        return _json({"game": table.id, "seat": seat, "token": token}, 201)

    async def download(request: Request) -> Response:
        found = await lobby.find(request.path_params["id"])
        if not found.over:
            raise ServerError("not_over", "the game is not over: its record would show every hand")
        row = found.row if isinstance(found, Unplayable) else await stored(storage.load, found.id)
        assert row is not None
        return Response(
            row.record_json(),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{found.id}.json"'},
        )

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        with contextlib.suppress(WebSocketDisconnect):
            await _serve_socket(websocket, lobby)

    async def schema(request: Request) -> Response:
        return _json(protocol())

    async def openapi_document(request: Request) -> Response:
        return _json(openapi())

    routes = [
        Route("/api/schema", schema),
        Route("/openapi.json", openapi_document),
        Route("/api/catalog", catalog),
        Route("/api/games", _refusing(list_games), methods=["GET"]),
        Route("/api/games", _refusing(create_game), methods=["POST"]),
        Route("/api/games/{id}", _refusing(show_game)),
        Route("/api/games/{id}/join", _refusing(join), methods=["POST"]),
        Route("/api/games/{id}/record", _refusing(download)),
        WebSocketRoute("/api/games/{id}/socket", socket),
        Mount("/", StaticFiles(directory=STATIC, html=True)),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={500: _internal})
    app.state.lobby = lobby
    app.add_middleware(_Headers)
    return app


def _error(exc: BaseException) -> str:
    return wire.dumps({"type": "error", **refusal(exc)})


async def _receive(websocket: WebSocket) -> dict[str, Any] | None:
    """The client's next message as a JSON object; None when it has gone.

    A message that is not one (binary, too long, not JSON) is a ServerError.
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raise ServerError("bad_message", "messages are JSON text")
    if len(text) > MAX_MESSAGE:
        raise ServerError("too_large", f"a message is at most {MAX_MESSAGE:,} characters")
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        raise ServerError("bad_message", "the message is not JSON") from None
    if not isinstance(found, dict) or not isinstance(found.get("type"), str):
        raise ServerError("bad_message", 'a message is a JSON object with a "type"')
    return found


async def _serve_socket(websocket: WebSocket, lobby: Lobby) -> None:
    try:
        table = await lobby.table(websocket.path_params["id"])
        hello = await asyncio.wait_for(_receive(websocket), HELLO_TIMEOUT)
        if hello is None:
            return
        if hello["type"] != "hello":
            raise ServerError("bad_message", 'the first message is {"type": "hello"}')
        token = hello.get("token")
        seat = None if token is None else table.seat_of(token)
    except (ServerError, TimeoutError) as error:
        if isinstance(error, TimeoutError):
            error = ServerError("bad_message", "no hello came")
        await websocket.send_text(_error(error))
        await websocket.close(4000 + error.status)
        return
    listener = table.listen(seat)
    pump = asyncio.get_running_loop().create_task(_pump(websocket, listener))
    try:
        await _converse(websocket, table, listener)
    finally:
        table.unlisten(listener)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump


async def _converse(websocket: WebSocket, table: Table, listener: Listener) -> None:
    while True:
        try:
            message = await _receive(websocket)
            if message is None:
                return
            if message["type"] == "hint":
                listener.send(await table.hint(listener.seat))
                continue
            if message["type"] != "move":
                raise ServerError("bad_message", f"no message of type {message['type']!r}")
            await table.play(listener.seat, message.get("move"), message.get("step"))
        except (ServerError, dicerules.DiceRulesError) as error:
            listener.send(_error(error))
            if isinstance(error, ServerError) and error.code == "stale":
                listener.send(table.update(listener.seat))


async def _pump(websocket: WebSocket, listener: Listener) -> None:
    """Send the listener's messages in order; close the socket on None."""
    while (text := await listener.queue.get()) is not None:
        await websocket.send_text(text)
    await websocket.close(1008)
