"""What a table is sent beyond views (Starlette's TestClient): the layout, the story
(whole on every welcome, the rest in each update, so a reload tells what the socket
was told), the moves in words, and hints for the seat to act only."""

from __future__ import annotations

import random

from server_support import (  # first: without the server, the module skips
    Socket,
    check_messages,
    create,
    join,
    play_out,
    story_told,
)

# isort: split
from starlette.testclient import TestClient

import dicerules
from dicerules import wire

TWO = {"rules": {"players": 2, "dice_per_player": 2}}


def _to_act(socket: Socket) -> dict[str, object]:
    """Read on until the socket's seat is to act; that view."""
    view = socket.view
    assert view is not None
    while not view["legal"]:
        view = socket.next_view()
    return view


def test_a_reload_and_a_late_spectator_are_told_the_whole_story(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "expert"], **TWO)
    token = join(client, game_id)
    first = Socket(client, game_id, token)
    welcome = first.messages[0]
    assert welcome["layout"] == wire.layout("liars-dice", dicerules.get_game("liars-dice")
                                            .Rules(players=2, dice_per_player=2))  # fmt: skip
    assert welcome["story"] and welcome["story"][0]["step"] == 0
    for _ in range(2):
        view = _to_act(first)
        moves = first.messages[-1]["moves"]
        assert [move["move"] for move in moves["moves"]] == view["legal"]
        first.move(moves["suggested"] or view["legal"][-1])
        first.next_view()
    view = _to_act(first)
    again = Socket(client, game_id, token)  # a reload: a new socket of the same seat
    assert again.view == view
    assert story_told(again) == story_told(first)
    late = Socket(client, game_id)
    assert story_told(late) == wire.story("liars-dice", _state(client, game_id, view), None)
    final = play_out([again, late], again, random.Random(4))
    assert final["over"]
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
    for socket in (first, again, late):
        assert check_messages(record, socket, [token]) > 0
    last = Socket(client, game_id, token)  # a finished game tells its whole story too
    assert story_told(last) == story_told(again)
    assert story_told(last)[-1]["lines"][-2].startswith("Game over: ")
    spectator = Socket(client, game_id)
    assert story_told(spectator) == story_told(late)
    for socket in (first, again, late, last, spectator):
        socket.close()


def _state(client: TestClient, game_id: str, view: dict[str, object]) -> object:
    """The game's state at ``view``'s step, from the lobby's table."""
    table = client.app.state.lobby.tables[game_id]  # type: ignore[attr-defined]
    assert len(table.state.tape.actions) == view["step"]
    return table.state


def test_a_hint_is_for_the_seat_to_act_alone(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "human"], **TWO)
    tokens = [join(client, game_id, "Ann", seat=0), join(client, game_id, "Bob", seat=1)]
    people = [Socket(client, game_id, token) for token in tokens]
    spectator = Socket(client, game_id)
    view = people[0].view
    assert view is not None
    mover = people[view["to_act"]]
    other = people[1 - view["to_act"]]
    mover.send({"type": "hint"})
    answer = mover.receive()
    assert answer["type"] == "hint" and answer["step"] == 0
    assert answer["lines"][0].startswith("The highest opening bid of each face")
    for socket in (other, spectator):
        socket.send({"type": "hint"})
        refusal = socket.receive()
        assert (refusal["type"], refusal["error"]) == ("error", "not_your_turn")
    record_id = game_id
    final = play_out([*people, spectator], spectator, random.Random(5))
    assert final["over"]
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{record_id}/record").text)
    assert check_messages(record, mover, tokens) > 0
    for socket in (*people, spectator):
        socket.close()
