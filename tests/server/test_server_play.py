"""The server over HTTP and websockets (Starlette's TestClient): the lobby, whole games
of every game by people and bots, reconnecting, spectators, records."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from server_support import (  # first: without the server, the module skips
    Socket,
    check_messages,
    create,
    join,
    play_out,
)

# isort: split
from starlette.testclient import TestClient

import dicerules


def test_the_lobby_creates_lists_and_seats(client: TestClient) -> None:
    catalog = {game["name"]: game for game in client.get("/api/catalog").json()["games"]}
    assert set(catalog) == set(dicerules.GAMES)
    assert "expert" in catalog["liars-dice"]["bots"]
    game_id = create(client, "liars-dice", ["human", "human", "expert", "random"], preset="classic")
    listed = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    assert listed[game_id]["started"] is False
    assert [seat["taken"] for seat in listed[game_id]["seats"]] == [False, False, True, True]
    assert join(client, game_id, "Ann") != join(client, game_id, "Bob", seat=1)
    shown = client.get(f"/api/games/{game_id}").json()
    assert shown["started"] is True
    assert [seat["name"] for seat in shown["seats"]] == ["Ann", "Bob", None, None]
    taken = client.post(f"/api/games/{game_id}/join", json={"name": "Cy"})
    assert (taken.status_code, taken.json()["error"]) == (409, "seat_taken")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess"}, 404, "unknown_game"),
        ({"game": "liars-dice", "preset": "klondike"}, 400, "bad_rules"),
        ({"game": "liars-dice", "rules": {"players": 99}}, 400, "bad_rules"),
        ({"game": "liars-dice", "rules": {"colour": "red"}}, 400, "bad_rules"),
        ({"game": "liars-dice", "players": ["human"]}, 400, "bad_argument"),
        (
            {"game": "liars-dice", "players": ["human", "os:system", "random", "random"]},
            400,
            "bad_argument",
        ),
        ({"game": 3}, 400, "bad_argument"),
    ],
)
def test_a_game_that_cannot_be_made_is_refused(
    client: TestClient, body: dict[str, object], status: int, code: str
) -> None:
    answer = client.post("/api/games", json=body)
    assert (answer.status_code, answer.json()["error"]) == (status, code), answer.text
    assert "\n" not in answer.json()["message"]


@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
def test_a_whole_game_of_people_and_bots(client: TestClient, name: str) -> None:
    game = dicerules.get_game(name)
    seats = game.seats(game.default_rules)
    players = ["human", "human", *(["expert", "random"] * seats)[: seats - 2]]
    game_id = create(client, name, players)
    tokens = [join(client, game_id, "Ann", seat=0), join(client, game_id, "Bob", seat=1)]
    people = [Socket(client, game_id, token) for token in tokens]
    spectator = Socket(client, game_id)
    final = play_out([*people, spectator], spectator, random.Random(name))
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
    state = dicerules.replay(record)
    assert final["step"] == len(record.actions) and game.is_terminal(state)
    assert final["winners"] == list(game.winners(state))
    assert record.tags.players == tuple(players)
    for socket in [*people, spectator]:  # every socket saw the same moves, and the end
        seen = [e["action"] for m in socket.messages for e in m.get("events", ())
                if e["event"] == "action"]  # fmt: skip
        assert seen == list(record.actions[len(record.actions) - len(seen) :])
        assert socket.view is not None and socket.view["over"]
        assert check_messages(record, socket, tokens) > 0
        socket.close()


def test_a_person_who_reconnects_carries_on(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "random", "random", "random"])
    token = join(client, game_id)
    first = Socket(client, game_id, token)
    view = first.view
    assert view is not None
    while not view["legal"]:
        view = first.next_view()
    first.move(view["legal"][0])
    moved = first.next_view()["step"]
    first.close()  # the bots play on while the person is away
    again = Socket(client, game_id, token)
    assert again.seat == 0 and again.view is not None and again.view["step"] >= moved
    final = play_out([again], again, random.Random(1))
    assert final["over"]
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
    assert check_messages(record, again) > 0  # the welcome back is the view of its step
    again.close()


def test_a_spectator_sees_every_move_and_moves_none(client: TestClient) -> None:
    game_id = create(client, "eighteen", ["human", "random", "random", "random"])
    token = join(client, game_id)
    spectator = Socket(client, game_id)
    assert spectator.seat is None
    spectator.send({"type": "move", "move": "roll"})
    refusal = spectator.receive()
    while refusal["type"] != "error":
        refusal = spectator.receive()
    assert refusal["error"] == "not_your_turn"
    person = Socket(client, game_id, token)
    final = play_out([person, spectator], spectator, random.Random(2))
    assert final["over"] and final["seat"] is None and final["legal"] == []
    person.close()
    spectator.close()


def test_a_record_is_given_only_once_the_game_is_over(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "expert", "expert", "expert"])
    answer = client.get(f"/api/games/{game_id}/record")
    assert (answer.status_code, answer.json()["error"]) == (409, "not_over")
    assert client.get("/api/games/nothing/record").status_code == 404


def test_bots_play_a_game_of_their_own(client: TestClient, tmp_path: Path) -> None:
    game_id = create(client, "twenty-four", ["expert", "random", "expert", "random"])
    spectator = Socket(client, game_id)
    final = play_out([spectator], spectator, random.Random(3))
    assert final["over"]
    text = client.get(f"/api/games/{game_id}/record").text
    record = dicerules.GameRecord.from_json(text)
    assert check_messages(record, spectator) > 0
    spectator.close()
    (tmp_path / "game.json").write_text(text)  # and the command line replays it
    replayed = subprocess.run(
        [sys.executable, "-m", "dicerules", "replay", str(tmp_path / "game.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.strip()
