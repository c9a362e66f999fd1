"""Helpers of the server's tests: sockets that play whole games, the leak check, and
the check that everything the server sends is as its published schema says.

``Checked(app)`` is the app with every socket message it sends and every JSON answer
it gives checked against ``dicerules_server.schema`` (a socket's message is a
``ServerMessage``; an answer is the body the OpenAPI document names for its path,
method and status); what is outside it is kept in ``PROBLEMS``, which the
``sent_as_published`` fixture (tests/server/conftest.py, for every test) wants empty.
``serving`` checks every app it serves.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip(
    "dicerules_server",
    reason="dicerules-server is not installed: pip install './examples/server[test]'",
)

import jsonschema_rs
from dicerules_server import schema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from starlette.testclient import TestClient

import dicerules
from dicerules import wire
from dicerules.records import rules_from_dict

Message = dict[str, Any]

PROBLEMS: list[str] = []
"""What a server sent outside its schema, each with where: the test that saw it fails."""


@functools.cache
def _documents() -> tuple[dict[str, Any], dict[str, Any]]:
    return schema.protocol(), schema.openapi()


def _definition(name: str) -> dict[str, Any]:
    whole = _documents()[0]
    return {"$schema": whole["$schema"], "$defs": whole["$defs"], "$ref": f"#/$defs/{name}"}


@functools.cache
def _validator(name: str) -> Any:
    """A validator of ``name`` that is quick (each message of every test goes through it)."""
    return jsonschema_rs.Draft202012Validator(_definition(name))


def outside(name: str, value: object) -> str | None:
    """Why ``value`` is not a ``name`` (a definition of the protocol); None if it is."""
    if _validator(name).is_valid(value):
        return None
    # The quick validator says that it is not; the thorough one says where.
    error = best_match(Draft202012Validator(_definition(name)).iter_errors(value))
    where = "" if error is None else f": {_why(error).message[:300]} at {_why(error).json_path}"
    return f"not a {name}{where}"


def _why(error: ValidationError) -> ValidationError:
    """The error within an ``anyOf`` of the alternative the value was most likely meant
    as: one whose constants (its ``type``, its ``game``) it has, where it failed deepest."""
    while error.context:
        branches: dict[object, list[ValidationError]] = {}
        for inner in error.context:
            branches.setdefault(inner.relative_schema_path[0], []).append(inner)
        meant = [b for b in branches.values() if all(e.validator != "const" for e in b)]
        error = max(
            (inner for branch in meant or branches.values() for inner in branch),
            key=lambda inner: len(inner.absolute_path),
        )
    return error


def expect(name: str, value: object, where: str) -> None:
    """Note in PROBLEMS that ``value``, sent ``where``, is no ``name``."""
    problem = outside(name, value)
    if problem is not None:
        PROBLEMS.append(f"{where}: {problem}: {json.dumps(value)[:2000]}")


def answer_name(method: str, path: str, status: int) -> str | None:
    """The definition the OpenAPI document names for the JSON answer of ``status`` to
    ``method path``; None for the server's documents of itself (any JSON object)."""
    for template, operations in _documents()[1]["paths"].items():
        if re.fullmatch(re.sub(r"\{[^/]+\}", "[^/]+", template), path):
            answers = operations[method.lower()]["responses"]
            found = answers.get(str(status)) or answers[f"{status // 100}XX"]
            ref: str | None = found["content"]["application/json"]["schema"].get("$ref")
            return None if ref is None else ref.rsplit("/", 1)[1]
    raise KeyError(f"the OpenAPI document has no path {path}")


def expect_answer(method: str, path: str, status: int, value: object) -> None:
    """Note in PROBLEMS an answer outside the OpenAPI document (or its schema)."""
    where = f"{method} {path} {status}"
    try:
        name = answer_name(method, path, status)
    except KeyError as missing:
        PROBLEMS.append(f"{where}: {missing}")
        return
    if name is not None:
        expect(name, value, where)


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class Checked:
    """The app, everything it sends checked against its schema (into PROBLEMS); its
    ``state`` is the app's."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.state = app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        sending: Send = send
        if scope["type"] == "websocket":
            where = f"the socket {scope['path']}"

            async def to_socket(message: MutableMapping[str, Any]) -> None:
                if message["type"] == "websocket.send":
                    expect("ServerMessage", json.loads(message["text"]), where)
                await send(message)

            sending = to_socket

        elif scope["type"] == "http":
            answer: dict[str, Any] = {"body": b""}

            async def answering(message: MutableMapping[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    headers = dict(message.get("headers", []))
                    answer["status"] = message["status"]
                    answer["json"] = headers.get(b"content-type") == b"application/json"
                elif message["type"] == "http.response.body" and answer["json"]:
                    answer["body"] += message.get("body", b"")
                    if not message.get("more_body"):
                        body = json.loads(answer["body"])
                        expect_answer(scope["method"], scope["path"], answer["status"], body)
                await send(message)

            sending = answering
        await self.app(scope, receive, sending)


@contextmanager
def serving(app: Any) -> Iterator[TestClient]:
    """A TestClient of the app, everything it sends checked (``Checked``); the sockets
    opened are closed after (a TestClient waits for them as it closes, even after a
    failure)."""
    with TestClient(Checked(app)) as client:
        try:
            yield client
        finally:
            Socket.close_all()


def create(client: TestClient, game: str, players: list[str], **more: object) -> str:
    """A new game's id."""
    answer = client.post("/api/games", json={"game": game, "players": players, **more})
    assert answer.status_code == 201, answer.text
    game_id: str = answer.json()["id"]
    return game_id


def join(client: TestClient, game_id: str, name: str = "Ann", seat: int | None = None) -> str:
    """The token of a seat taken in the game."""
    body: dict[str, object] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    answer = client.post(f"/api/games/{game_id}/join", json=body)
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


class Socket:
    """A client's websocket: what it was sent, in order, and the last view in it."""

    opened: list[Socket] = []  # noqa: RUF012 (closed by close_all, even after a failure)

    def __init__(self, client: TestClient, game_id: str, token: str | None = None) -> None:
        self._context = client.websocket_connect(f"/api/games/{game_id}/socket")
        self.ws = self._context.__enter__()
        self.closed = False
        Socket.opened.append(self)
        self.ws.send_json({"type": "hello", "token": token})
        self.messages: list[Message] = []
        self.view: Message | None = None
        self.seat: int | None = None
        welcome = self.receive()
        assert welcome["type"] == "welcome", welcome
        self.seat = welcome["seat"]

    def receive(self) -> Message:
        message: Message = self.ws.receive_json()
        self.messages.append(message)
        if "view" in message:
            self.view = message["view"]
        return message

    def next_view(self) -> Message:
        """The view of the next message that holds one."""
        while "view" not in self.receive():
            pass
        assert self.view is not None
        return self.view

    def until_step(self, step: int) -> Message:
        """Read on until the view is at ``step`` (or past it)."""
        while self.view is None or self.view["step"] < step:
            self.next_view()
        return self.view

    def send(self, message: object) -> None:
        self.ws.send_text(json.dumps(message))

    def move(self, text: str) -> None:
        assert self.view is not None
        self.send({"type": "move", "move": text, "step": self.view["step"]})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._context.__exit__(None, None, None)

    @classmethod
    def close_all(cls) -> None:
        """Close every socket still open (a TestClient waits for them as it closes)."""
        while cls.opened:
            cls.opened.pop().close()


def play_out(sockets: list[Socket], reference: Socket, rng: random.Random) -> Message:
    """Play the game to its end: each socket's seat moves at random when it is to act.

    ``reference`` (any of the sockets) is read move by move; the others are read up to
    the same step before they move and at the end. The final view.
    """
    view = reference.view
    assert view is not None
    while not view["over"]:
        mover = next((s for s in sockets if s.seat is not None and s.seat == view["to_act"]), None)
        if mover is not None:
            seen = mover.until_step(view["step"])
            assert seen["step"] == view["step"] and seen["legal"], seen
            mover.move(rng.choice(seen["legal"]))
        view = reference.next_view()
    for socket in sockets:
        socket.until_step(view["step"])
    return view


def states_of(record: dicerules.GameRecord) -> list[Any]:
    """The states of a recorded game: after 0, 1, 2, ... of its actions."""
    game = dicerules.get_game(record.game)
    state = game.new_game(rules_from_dict(game, record.rules), stream=record.stream)
    states = [state]
    for text in record.actions:
        state = game.apply(state, game.parse_action(state, text))
        states.append(state)
    return states


def story_told(socket: Socket) -> list[Message]:
    """The story as the socket was told it: its welcome's, then each update's entries."""
    return [entry for m in socket.messages for entry in m.get("story", ())]


def check_messages(
    record: dicerules.GameRecord,
    socket: Socket,
    secrets: list[str] = (),  # type: ignore[assignment]
) -> int:
    """Check every message the socket was sent against the game as it was played.

    Each view must be ``wire.view`` of the state at its step for the socket's seat,
    each update's events and story ``wire.events`` and ``wire.story`` of that step, the
    moves ``wire.moves``, a welcome's story the whole story so far and its layout
    ``wire.layout``, a hint ``wire.hint`` of its step; and no message may hold the seed
    or any of ``secrets`` (the seats' tokens). The number of views checked.
    """
    game = dicerules.get_game(record.game)
    states = states_of(record)
    seed = str(record.stream.seed)  # type: ignore[union-attr]
    checked = 0
    for message in socket.messages:
        if message["type"] == "hint":
            step = message["step"]
            assert message["lines"] == wire.hint(game, states[step], socket.seat)["lines"]
        text = json.dumps(message)
        assert seed not in text, f"the seed went to seat {socket.seat}: {text}"
        for secret in secrets:
            assert secret not in text, f"a token went to seat {socket.seat}: {text}"
        if "table" in message:
            assert set(message["table"]) == set(TABLE_KEYS), message["table"]
        if "view" not in message:
            continue
        view = message["view"]
        step = view["step"]
        assert view == wire.view(game, states[step], socket.seat), (socket.seat, step)
        events = message.get("events")
        if message["type"] == "update" and events:
            assert events == wire.events(game, states[step - 1], states[step], socket.seat)
            before = states[step - 1]
            assert message["story"] == wire.story(game, states[step], socket.seat, before)
        elif message["type"] == "update":
            assert message["story"] == []
        else:
            assert message["layout"] == wire.layout(game, states[0].rules)
            assert message["story"] == wire.story(game, states[step], socket.seat)
        assert message["moves"] == wire.moves(game, states[step], socket.seat)
        checked += 1
    return checked


TABLE_KEYS = (
    "id",
    "game",
    "rules",
    "created",
    "seats",
    "started",
    "over",
    "step",
    "to_act",
    "winners",
    "stopped",
)
"""What the lobby says of a game: nothing of its dice."""
