"""Helpers of the server's tests: sockets that play whole games, and the leak check."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip(
    "dicerules_server",
    reason="dicerules-server is not installed: pip install './examples/server[test]'",
)

from starlette.testclient import TestClient

import dicerules
from dicerules import wire
from dicerules.records import rules_from_dict

Message = dict[str, Any]


@contextmanager
def serving(app: Any) -> Iterator[TestClient]:
    """A TestClient of the app; the sockets opened are closed after (a TestClient waits
    for them as it closes, even after a failure)."""
    with TestClient(app) as client:
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
