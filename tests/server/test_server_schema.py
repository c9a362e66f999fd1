"""The server's published protocol (``dicerules_server.schema``): one JSON Schema of every
message and body, served at /api/schema and printed by ``dicerules-server schema``; the
OpenAPI document of the lobby on the same definitions; one enum of every refusal code;
and the check every server test runs through, which refuses what the schema does not
allow."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import (  # first: without the server, the module skips
    PROBLEMS,
    Checked,
    Socket,
    create,
    expect_answer,
    join,
    outside,
    play_out,
)

# isort: split
from dicerules_server import schema, tables
from dicerules_server.cli import main
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient

import dicerules
from dicerules import wire


def _refs(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref":
                yield item
            else:
                yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


def test_the_protocol_is_one_schema_of_safe_type_names() -> None:
    made = schema.protocol()
    Draft202012Validator.check_schema(made)
    defs = made["$defs"]
    for name, definition in defs.items():
        assert definition["title"] == name
        assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", name), name
        assert name not in schema.RESERVED, name
    assert {"Error", "Object"} <= schema.RESERVED
    assert {ref.removeprefix("#/$defs/") for ref in _refs(made)} <= set(defs)
    for game in dicerules.GAMES.values():  # the built-in games and the plugins
        prefix = wire.type_name(game.name)
        for kind in ("Table", "Welcome", "Update", "ViewMessage", "Rules", "CatalogEntry"):
            assert f"{prefix}{kind}" in defs, (game.name, kind)
        assert defs[f"{prefix}Table"]["properties"]["rules"] == {"$ref": f"#/$defs/{prefix}Rules"}


def test_every_refusal_code_is_in_one_enum() -> None:
    codes = schema.protocol()["$defs"]["RefusalCode"]["enum"]
    assert sorted(codes) == sorted(set(tables.ERRORS) | set(wire.ERROR_CODES))
    assert len(codes) == len(set(codes))
    assert set(tables.STOPS) <= set(codes)
    with pytest.raises(KeyError):  # the server makes no refusal of a code outside it
        tables.ServerError("stale_move", "no such code")


def test_the_schema_and_the_openapi_document_are_served(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    served = client.get("/api/schema").json()
    assert served == schema.protocol()
    main(["schema"])
    assert json.loads(capsys.readouterr().out) == served
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    main(["schema", "--openapi"])
    assert json.loads(capsys.readouterr().out) == document
    components = document["components"]["schemas"]
    assert set(components) == set(served["$defs"])
    assert json.dumps(components) == json.dumps(served["$defs"]).replace(
        '"#/$defs/', '"#/components/schemas/'
    )
    assert {ref.removeprefix("#/components/schemas/") for ref in _refs(document)} <= set(components)
    answers = {
        (path, method): sorted(operation["responses"])
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
    }
    assert answers == {
        ("/api/catalog", "get"): ["200", "4XX", "5XX"],
        ("/api/games", "get"): ["200", "4XX", "5XX"],
        ("/api/games", "post"): ["201", "4XX", "5XX"],
        ("/api/games/{id}", "get"): ["200", "4XX", "5XX"],
        ("/api/games/{id}/join", "post"): ["201", "4XX", "5XX"],
        ("/api/games/{id}/record", "get"): ["200", "4XX", "5XX"],
        ("/api/schema", "get"): ["200"],
        ("/openapi.json", "get"): ["200"],
    }


def test_a_table_holds_its_rules_as_its_views_do(client: TestClient) -> None:
    """Every Rules field, as ``wire.rules`` makes it, in the lobby and in the views."""
    game_id = create(client, "liars-dice", ["human", "expert", "expert", "expert"], preset="perudo")
    table = client.get(f"/api/games/{game_id}").json()
    welcome = Socket(client, game_id, join(client, game_id)).messages[0]
    rules = wire.rules("liars-dice", dicerules.get_game("liars-dice").presets["perudo"])
    assert table["rules"] == welcome["table"]["rules"] == welcome["view"]["rules"] == rules
    catalog = {game["name"]: game for game in client.get("/api/catalog").json()["games"]}
    presets = {preset["name"]: preset for preset in catalog["liars-dice"]["presets"]}
    assert presets["perudo"]["rules"] == rules


def test_the_check_refuses_what_the_schema_does_not_allow(client: TestClient) -> None:
    game_id = create(client, "liars-dice", ["human", "expert", "expert", "expert"])
    socket = Socket(client, game_id, join(client, game_id))
    play_out([socket], socket, random.Random(3))
    welcome, update = socket.messages[0], socket.messages[-1]
    assert outside("ServerMessage", welcome) is None
    assert outside("ServerMessage", update) is None
    wrong = [
        {**update, "view": {**update["view"], "step": -1}},
        {**update, "view": {**update["view"], "seed": "12345"}},
        {key: value for key, value in update.items() if key != "moves"},
        {**welcome, "table": {**welcome["table"], "rules": {"players": 4}}},
        {**welcome, "view": {**welcome["view"], "game": "pig"}},
        {"type": "error", "error": "stale_move", "message": "no such code"},
        {"type": "hint", "step": 0},
    ]
    for message in wrong:
        assert outside("ServerMessage", message) is not None, message
    assert outside("Refusal", {"error": "stale", "message": "old"}) is None
    assert outside("Refusal", {"error": "Stale", "message": "old"}) is not None


def test_the_check_sees_every_socket_message_and_json_answer() -> None:
    """An app that sends a message and an answer outside the schema: both are noted."""

    async def wrong(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            for stage in ("startup", "shutdown"):
                await receive()
                await send({"type": f"lifespan.{stage}.complete"})
            return
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": '{"type": "welcome"}'})
            await send({"type": "websocket.close", "code": 1000})
            return
        body = b'{"games": [], "next": 7}'
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    wrong.state = None  # type: ignore[attr-defined]
    with TestClient(Checked(wrong)) as client:
        assert client.get("/api/games").json()["next"] == 7
        with client.websocket_connect("/api/games/x/socket") as socket:
            assert socket.receive_json() == {"type": "welcome"}
    found, PROBLEMS[:] = PROBLEMS[:], []
    assert [problem.split(":")[0] for problem in found] == [
        "GET /api/games 200",
        "the socket /api/games/x/socket",
    ]
    expect_answer("GET", "/api/nowhere", 200, {})
    found, PROBLEMS[:] = PROBLEMS[:], []
    assert found == ["GET /api/nowhere 200: 'the OpenAPI document has no path /api/nowhere'"]
