"""What a client cannot do: see or move for a seat without its token, break a connection
or a game with bad messages, or put HTML in a page through a name; and no message of a
whole game of any game holds more than its seat's own ``wire.view``."""

from __future__ import annotations

import random
import types

import pytest
from server_support import (  # first: without the server, the module skips
    Socket,
    check_messages,
    create,
    join,
    play_out,
)

# isort: split
from dicerules_server import tables
from dicerules_server.app import MAX_BODY, MAX_MESSAGE, STATIC
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import dicerules
from dicerules import wire

TWO = {"rules": {"players": 2, "first_opener": "seat0"}}
"""Two-seat liar's dice, seat 0 to bid first."""


def errors_until_view(socket: Socket) -> list[str]:
    """The error codes the socket is sent before its next view."""
    codes = []
    while "view" not in (message := socket.receive()):
        if message["type"] == "error":
            codes.append(message["error"])
    return codes


def test_without_a_token_a_socket_sees_no_hand_and_moves_for_no_one(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "human", "random", "random"])
    tokens = [join(client, game_id, "Ann", seat=0), join(client, game_id, "Bob", seat=1)]
    stranger = Socket(client, game_id)
    assert stranger.seat is None and stranger.view is not None
    assert stranger.view["view"]["hand"] == [] and stranger.view["legal"] == []
    bob = Socket(client, game_id, tokens[1])
    assert bob.seat == 1 and bob.view is not None and len(bob.view["view"]["hand"]) == 3
    assert bob.view == wire.view("liars-dice", client.app.state.lobby.tables[game_id].state, 1)  # type: ignore[attr-defined]
    stranger.send({"type": "move", "move": "challenge"})
    message = stranger.receive()
    while message["type"] != "error":
        message = stranger.receive()
    assert message["error"] == "not_your_turn"


@pytest.mark.parametrize("token", ["", "x" * 43, 17, ["a"]])
def test_a_wrong_token_is_refused_and_the_socket_closed(client: TestClient, token: object) -> None:
    game_id = create(client, "liars-dice", ["human", "human"], **TWO)
    join(client, game_id)
    with client.websocket_connect(f"/api/games/{game_id}/socket") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json() == {
            "type": "error",
            "error": "bad_token",
            "message": "that is not a seat token of this game",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_a_token_of_another_game_is_no_token_here(client: TestClient) -> None:
    first, second = (create(client, "liars-dice", ["human", "human"], **TWO) for _ in range(2))
    token = join(client, first)
    with client.websocket_connect(f"/api/games/{second}/socket") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["error"] == "bad_token"


def test_bad_messages_get_errors_and_the_game_goes_on(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "human"], **TWO)
    ann, bob = (Socket(client, game_id, join(client, game_id, name)) for name in ("Ann", "Bob"))
    assert ann.view is not None and ann.view["to_act"] == 0
    bob.send({"type": "move", "move": "1x2"})  # out of turn
    assert bob.receive()["error"] == "not_your_turn"
    bad: list[object] = [
        "not json",
        "[1, 2]",
        '{"no": "type"}',
        '{"type": "dance"}',
        '{"type": "move", "move": 12}',
        '{"type": "move", "move": "fly"}',
        '{"type": "move", "move": "challenge"}',  # not before a bid
        '{"type": "move", "move": "1x2", "step": 99}',
        '{"type": "move", "move": "' + "r" * MAX_MESSAGE + '"}',
        "[" * 2000 + "]" * 2000,  # JSON nested past what a parser follows
    ]
    for text in bad:
        ann.ws.send_text(text)  # type: ignore[arg-type]
    ann.ws.send_bytes(b'{"type": "move", "move": "1x2"}')
    ann.move("1x2")  # and the game goes on
    assert errors_until_view(ann) == [
        "bad_message",
        "bad_message",
        "bad_message",
        "bad_message",
        "wrong_type",
        "bad_notation",
        "illegal_move",
        "stale",
    ]
    # after the stale move's view, the rest, then the move
    assert errors_until_view(ann) == ["too_large", "bad_message", "bad_message"]
    assert ann.view["step"] == 1 and bob.next_view()["step"] == 1  # type: ignore[index]


def test_names_are_data_never_markup(client: TestClient) -> None:
    name = '<img src=x onerror="alert(1)">&amp;'
    game_id = create(client, "liars-dice", ["human", "expert"], **TWO)
    join(client, game_id, name)
    answer = client.get(f"/api/games/{game_id}")
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["seats"][0]["name"] == name
    page = client.get("/")
    assert "script-src" not in page.headers["content-security-policy"]  # so: 'self' only
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    for script in STATIC.glob("*.js"):  # the client writes text, never HTML, into pages
        assert (
            "innerHTML" not in script.read_text() and "insertAdjacentHTML" not in script.read_text()
        )


def test_requests_too_large_or_not_json_are_refused(client: TestClient) -> None:
    answer = client.post("/api/games", content=b"{" + b" " * MAX_BODY + b"}")
    assert (answer.status_code, answer.json()["error"]) == (413, "too_large")
    answer = client.post("/api/games", content=b"game=pig")
    assert (answer.status_code, answer.json()["error"]) == (400, "bad_message")
    answer = client.post("/api/games/nothing/join", json={"name": "Ann"})
    assert (answer.status_code, answer.json()["error"]) == (404, "not_found")
    game_id = create(client, "liars-dice", ["human", "human"], **TWO)
    for body in ({"name": ""}, {"name": "x" * 41}, {"name": 3}, {"name": "A", "seat": "0"}):
        answer = client.post(f"/api/games/{game_id}/join", json=body)
        assert (answer.status_code, answer.json()["error"]) == (400, "bad_argument"), body


@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
def test_no_message_holds_more_than_its_seats_view(client: TestClient, name: str) -> None:
    game = dicerules.get_game(name)
    seats = game.seats(game.default_rules)
    game_id = create(client, name, ["human"] * seats)
    tokens = [join(client, game_id, f"P{seat}", seat=seat) for seat in range(seats)]
    sockets = [Socket(client, game_id, token) for token in tokens] + [Socket(client, game_id)]
    play_out(sockets, sockets[-1], random.Random(name))
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
    for socket in sockets:
        assert check_messages(record, socket, tokens) >= len(record.actions) // seats


@pytest.mark.parametrize("call", ["view", "story"])
def test_the_leak_check_catches_a_leaky_server(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    """A server that tells a spectator what seat 0 sees (its view, or its story: its
    hand at each round) fails the check."""

    def leaky(game: object, state: object, seat: int | None, *more: object) -> object:
        return getattr(wire, call)(game, state, 0 if seat is None else seat, *more)

    told = types.SimpleNamespace(**{name: getattr(wire, name) for name in wire.__all__})
    setattr(told, call, leaky)
    monkeypatch.setattr(tables, "wire", told)
    game_id = create(client, "liars-dice", ["human", "random", "random", "random"])
    token = join(client, game_id)
    sockets = [Socket(client, game_id, token), Socket(client, game_id)]
    play_out(sockets, sockets[0], random.Random(0))
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
    check_messages(record, sockets[0], [token])
    with pytest.raises(AssertionError):
        check_messages(record, sockets[1], [token])
