"""The server's whole protocol as one JSON Schema, and its lobby as an OpenAPI document.

``protocol()`` is a JSON Schema (draft 2020-12) of every message a socket carries, both
ways, and of every HTTP body, asked and answered (``GET /api/schema`` serves it,
``dicerules-server schema`` prints it). It is made when asked, from the games
registered then (the built-in ones and every plugin) and the shapes the server makes:

* each game's messages, as ``dicerules.wire.schema`` makes them, under their own titles
  (``LiarsDiceViewMessage``, ``PigRules``, ``TableLayout``), and for each game its
  table (``LiarsDiceTable``: the lobby's summary, its ``rules`` the game's ``Rules``
  as every view holds them), its catalog entry, and its socket's ``welcome`` and
  ``update``;
* ``RefusalCode``: every code a refusal may have, one enum, made of the codes the
  server sends from (``tables.ERRORS``) and a game's (``wire.ERROR_CODES``): a code
  outside both cannot be sent;
* the server's own: ``ServerMessage`` and ``ClientMessage`` (every socket message,
  each way), ``Catalog``, ``GamePage``, ``GameTable``, ``NewGame``, ``JoinGame``,
  ``SeatToken``, ``GameRecord`` and ``Refusal`` (every HTTP refusal's body).

Every definition's key in ``$defs`` is its title, a type name in TypeScript, Go and
Rust alike (letters and digits, a capital first, none a name those languages keep):
a generator such as json-schema-to-typescript names each type after it.

``openapi()`` is an OpenAPI 3.1 document of the HTTP lobby (served at
``/openapi.json``): its ``components.schemas`` are those same definitions, and each
path's bodies refer to them.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import dicerules
from dicerules import wire
from dicerules_server.tables import ERRORS, LIST_LIMIT, LIST_MOST, MAX_NAME, STOPS

__all__ = ["REFUSAL_CODES", "RESERVED", "openapi", "protocol"]

REFUSAL_CODES: Final[tuple[str, ...]] = (
    *wire.ERROR_CODES,
    *(code for code in ERRORS if code not in wire.ERROR_CODES),
)
"""Every code a refusal may have: a game's (``wire.ERROR_CODES``), then the server's
own (``tables.ERRORS``) that a game does not use."""

RESERVED: Final = frozenset(
    {
        "Array", "Boolean", "Box", "Date", "Error", "Event", "Function", "Map", "Number",
        "Object", "Option", "Promise", "Record", "Request", "Response", "Result", "Self",
        "Set", "String", "Symbol", "Vec", "WebSocket",
    }
)  # fmt: skip
"""Names a definition may not take: TypeScript's, Go's and Rust's own types (or the
browser's), which a generated type of that name would hide."""

_SAFE_TITLE: Final = re.compile(r"[A-Z][A-Za-z0-9]*")

_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _object(
    title: str,
    description: str,
    fields: Mapping[str, Any],
    optional: Iterable[str] = (),
) -> dict[str, Any]:
    """The schema of an object of ``fields``, each required but the ``optional``."""
    left = set(optional)
    return {
        "title": title,
        "description": description,
        "type": "object",
        "properties": dict(fields),
        "required": [name for name in fields if name not in left],
        "additionalProperties": False,
    }


def _any(title: str, description: str, names: Iterable[str]) -> dict[str, Any]:
    return {"title": title, "description": description, "anyOf": [_ref(n) for n in names]}


_TEXT: Final = {"type": "string"}
_STEP: Final = {"type": "integer", "minimum": 0}
_SEAT: Final = {"type": "integer", "minimum": 0}
_SEATS: Final = {"type": "array", "items": _SEAT}
_SEAT_OR_NONE: Final = {"type": ["integer", "null"], "minimum": 0}


def _rerouted(value: Any, route: Callable[[str], str]) -> Any:
    """``value`` (a schema) with each ``$ref`` turned to ``route(ref)``."""
    if isinstance(value, dict):
        return {
            key: route(item) if key == "$ref" else _rerouted(item, route)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_rerouted(item, route) for item in value]
    return value


def _retitled(schema: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A game's ``$defs``, each under its title, its references so renamed."""
    defs: Mapping[str, dict[str, Any]] = schema["$defs"]
    titles = {f"#/$defs/{key}": f"#/$defs/{value['title']}" for key, value in defs.items()}
    return {value["title"]: _rerouted(value, titles.__getitem__) for value in defs.values()}


def _game_defs(game: Any) -> dict[str, dict[str, Any]]:
    """A game's messages (``wire.schema``) and the server's shapes that hold them."""
    prefix = wire.type_name(game.name)
    defs = _retitled(wire.schema(game))
    name = {"const": game.name}
    rules = _ref(f"{prefix}Rules")
    return {
        **defs,
        f"{prefix}Table": _object(
            f"{prefix}Table",
            f"a game of {game.name} as the lobby shows it: nothing of anyone's dice",
            {
                "id": _TEXT,
                "game": name,
                "rules": rules,
                "created": {**_TEXT, "description": "when it was made: ISO 8601, UTC"},
                "seats": {"type": "array", "items": _ref("TableSeat")},
                "started": {"type": "boolean"},
                "over": {"type": "boolean"},
                "step": _STEP,
                "to_act": _SEAT_OR_NONE,
                "winners": _SEATS,
                "stopped": {"anyOf": [_ref("TableStop"), {"type": "null"}]},
            },
        ),
        f"{prefix}Preset": _object(
            f"{prefix}Preset",
            f"a preset of {game.name}: its rules, its seats and those that act",
            {
                "name": _TEXT,
                "rules": rules,
                "seats": {"type": "integer", "minimum": 1},
                "acting": _SEATS,
            },
        ),
        f"{prefix}CatalogEntry": _object(
            f"{prefix}CatalogEntry",
            f"{game.name} in the catalog: its presets and the bots a seat may be",
            {
                "name": name,
                "presets": {"type": "array", "items": _ref(f"{prefix}Preset")},
                "default_preset": {"type": ["string", "null"]},
                "bots": {"type": "array", "items": _TEXT},
            },
        ),
        f"{prefix}Welcome": _object(
            f"{prefix}Welcome",
            f"a socket's first message, in a game of {game.name}: the seat (null: a"
            " spectator), the table, the view, how to draw it, the story so far and"
            " the moves",
            {
                "type": {"const": "welcome"},
                "seat": _SEAT_OR_NONE,
                "table": _ref(f"{prefix}Table"),
                "view": _ref(f"{prefix}ViewMessage"),
                "layout": _ref("TableLayout"),
                "story": _ref("Story"),
                "moves": _ref(f"{prefix}Moves"),
            },
        ),
        f"{prefix}Update": _object(
            f"{prefix}Update",
            f"after every move in a game of {game.name}: the view and moves now, the"
            " events and story since the last update (both empty after a stale move)",
            {
                "type": {"const": "update"},
                "view": _ref(f"{prefix}ViewMessage"),
                "events": _ref(f"{prefix}Events"),
                "story": _ref("Story"),
                "moves": _ref(f"{prefix}Moves"),
            },
        ),
    }


def _server_defs(prefixes: list[str]) -> dict[str, dict[str, Any]]:
    """The shapes of the server's own, over every game (``prefixes``: their types')."""
    rule_value = {"type": ["integer", "boolean", "string", "null"]}
    rule_values = {"type": "object", "additionalProperties": rule_value}
    table = _ref("GameTable")
    return {
        "RefusalCode": {
            "title": "RefusalCode",
            "description": "why a request or message was refused: a game's codes"
            " (dicerules.wire.ERROR_CODES), then the server's",
            "enum": list(REFUSAL_CODES),
        },
        "RuleValues": {
            "title": "RuleValues",
            "description": "rule fields by name, each a value (a record's rules: those"
            " not at their default)",
            **rule_values,
        },
        "TableSeat": _object(
            "TableSeat",
            "a seat: a person's (player 'human', its name once taken) or a bot's",
            {
                "seat": _SEAT,
                "player": _TEXT,
                "name": {"type": ["string", "null"]},
                "taken": {"type": "boolean"},
            },
        ),
        "TableStop": _object(
            "TableStop",
            "why the server ended a game its rules had not",
            {"reason": {"enum": list(STOPS)}, "message": _TEXT},
        ),
        "UnplayableTable": _object(
            "UnplayableTable",
            "a stored game that does not replay: listed as over, its rules as stored",
            {
                "id": _TEXT,
                "game": _TEXT,
                "rules": _ref("RuleValues"),
                "created": _TEXT,
                "seats": {"type": "array", "items": _ref("TableSeat")},
                "started": {"type": "boolean"},
                "over": {"const": True},
                "step": _STEP,
                "to_act": {"type": "null"},
                "winners": {"type": "array", "maxItems": 0, "items": _SEAT},
                "stopped": _ref("TableStop"),
            },
        ),
        "GameTable": _any(
            "GameTable",
            "a game as the lobby shows it (GET /api/games/{id})",
            [*(f"{p}Table" for p in prefixes), "UnplayableTable"],
        ),
        "GamePage": _object(
            "GamePage",
            "a page of the games (GET /api/games): in play newest first, then over;"
            " next: the cursor of the page after (null: the last)",
            {"games": {"type": "array", "items": table}, "next": {"type": ["string", "null"]}},
        ),
        "CatalogEntry": _any(
            "CatalogEntry", "a game the server plays", [f"{p}CatalogEntry" for p in prefixes]
        ),
        "Catalog": _object(
            "Catalog",
            "every game the server plays (GET /api/catalog)",
            {"games": {"type": "array", "items": _ref("CatalogEntry")}},
        ),
        "NewGame": _object(
            "NewGame",
            "a new game (POST /api/games): a preset (default: the game's default rules),"
            " rule fields changed from it, and each seat 'human' or a bot",
            {
                "game": _TEXT,
                "preset": _TEXT,
                "rules": _ref("RuleValues"),
                "players": {"type": "array", "items": _TEXT},
            },
            optional=("preset", "rules", "players"),
        ),
        "JoinGame": _object(
            "JoinGame",
            "take a person's seat (POST /api/games/{id}/join): a free one, or the one named",
            {
                "name": {
                    "type": "string",
                    "description": f"shown trimmed, at most {MAX_NAME} characters",
                },
                "seat": _SEAT,
            },
            optional=("seat",),
        ),
        "SeatToken": _object(
            "SeatToken",
            "a seat taken: its token is a secret, whoever holds it plays the seat",
            {"game": _TEXT, "seat": _SEAT, "token": _TEXT},
        ),
        "GameRecord": _object(
            "GameRecord",
            "a finished game's record (GET /api/games/{id}/record): it replays with"
            " `dicerules replay`",
            {
                "format": {"type": "integer", "minimum": 1},
                "game": _TEXT,
                "rules": _ref("RuleValues"),
                "stream": _ref("RecordStream"),
                "actions": {"type": "array", "items": _TEXT},
                "rolls": {"type": "array", "items": {"type": "integer"}},
                "tags": _ref("RecordTags"),
            },
            optional=("tags",),
        ),
        "RecordStream": _object(
            "RecordStream",
            "the dice stream a record began with: its seed, in decimal digits",
            {"seed": {"type": "string", "pattern": "^[0-9]+$"}},
        ),
        "RecordTags": _object(
            "RecordTags",
            "who played a recorded game, and when",
            {
                "event": _TEXT,
                "date": _TEXT,
                "players": {"type": "array", "items": _TEXT},
                "dicerules": _TEXT,
            },
            optional=("event", "date", "players", "dicerules"),
        ),
        "Hello": _object(
            "Hello",
            "a socket's first message: a seat's token, or none for a spectator",
            {"type": {"const": "hello"}, "token": {"type": ["string", "null"]}},
            optional=("token",),
        ),
        "MoveMessage": _object(
            "MoveMessage",
            "a move, in the game's notation; step: that of the view it answers (a move"
            " on an older view is refused as stale)",
            {"type": {"const": "move"}, "move": _TEXT, "step": _STEP},
            optional=("step",),
        ),
        "HintAsk": _object(
            "HintAsk", "ask for the odds of the choice the seat faces", {"type": {"const": "hint"}}
        ),
        "ClientMessage": _any(
            "ClientMessage",
            "what a client sends on its socket",
            ["Hello", "MoveMessage", "HintAsk"],
        ),
        "SeatsMessage": _object(
            "SeatsMessage",
            "a player joined: the table now",
            {"type": {"const": "seats"}, "table": table},
        ),
        "StoppedMessage": _object(
            "StoppedMessage",
            "the server ended the game: the table now (its stopped says why)",
            {"type": {"const": "stopped"}, "table": table},
        ),
        "HintMessage": _object(
            "HintMessage",
            "the answer to a hint: the odds of the choice the seat faces at step",
            {"type": {"const": "hint"}, "step": _STEP, "lines": {"type": "array", "items": _TEXT}},
        ),
        "RefusalMessage": _object(
            "RefusalMessage",
            "a refusal of the client's last message (the connection goes on, but after"
            " a refused hello)",
            {"type": {"const": "error"}, "error": _ref("RefusalCode"), "message": _TEXT},
        ),
        "ServerMessage": _any(
            "ServerMessage",
            "what the server sends on a socket",
            [
                *(f"{p}{kind}" for kind in ("Welcome", "Update") for p in prefixes),
                "SeatsMessage",
                "StoppedMessage",
                "HintMessage",
                "RefusalMessage",
            ],
        ),
    }


_ROOTS: Final = (
    "ServerMessage",
    "ClientMessage",
    "Catalog",
    "GamePage",
    "GameTable",
    "NewGame",
    "JoinGame",
    "SeatToken",
    "GameRecord",
    "Refusal",
)


def protocol() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the whole protocol, for the games registered
    now. ValueError if two definitions would take one title (two games whose names
    make the same type name) or a title is not a safe type name."""
    defs: dict[str, dict[str, Any]] = {}
    games = sorted(dicerules.GAMES.values(), key=lambda game: game.name)
    for game in games:
        for title, definition in _game_defs(game).items():
            if defs.setdefault(title, definition) != definition:
                raise ValueError(f"two definitions are titled {title} ({game.name} makes one)")
    own = _server_defs([wire.type_name(game.name) for game in games])
    for title, definition in own.items():
        if title in defs and title != "RefusalCode":  # the server's codes join the games'
            raise ValueError(f"a game's definition is titled {title}, as one of the server's")
        defs[title] = definition
    for title, definition in defs.items():
        if definition.get("title") != title or not _SAFE_TITLE.fullmatch(title):
            raise ValueError(f"the definition {title} is not titled with a safe type name")
        if title in RESERVED:
            raise ValueError(f"the definition {title} takes a name a language keeps")
    return {
        "$schema": _DIALECT,
        "title": "DicerulesProtocol",
        "description": (
            f"dicerules-server's protocol, message format {wire.FORMAT}: every message on"
            " a game's socket (/api/games/{id}/socket), ServerMessage from the server and"
            " ClientMessage from the client, and every body of the HTTP lobby (its"
            " OpenAPI document: /openapi.json), each refusal a Refusal. Every integer is"
            " from -(2**53 - 1) to 2**53 - 1; a seed is a string of digits. Games: "
            + ", ".join(game.name for game in games)
            + "."
        ),
        "anyOf": [_ref(name) for name in _ROOTS],
        "$defs": copy.deepcopy(defs),  # a dict of its own: the shapes above are shared
    }


def _body(name: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
    }


_REFUSED: Final = {
    "4XX": _body("Refusal", "refused: the code says why (RefusalCode)"),
    "5XX": _body("Refusal", "the server cannot do it now (full, storage_unavailable, internal)"),
}


def _operation(
    summary: str, answer: tuple[str, str, str], ask: str | None = None, **more: Any
) -> dict[str, Any]:
    status, name, description = answer
    operation: dict[str, Any] = {
        "summary": summary,
        "responses": {status: _body(name, description), **_REFUSED},
        **more,
    }
    if ask is not None:
        operation["requestBody"] = {"required": True, **_body(ask, summary)}
    return operation


def _document(summary: str) -> dict[str, Any]:
    """A document the server serves of itself: a JSON object, its components aside."""
    answer = {"content": {"application/json": {"schema": {"type": "object"}}}}
    return {"summary": summary, "responses": {"200": {"description": summary, **answer}}}


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the HTTP lobby: its components the definitions of
    ``protocol()``, each reference to one of them turned to ``#/components/schemas/``."""
    from dicerules_server import __version__

    def component(ref: str) -> str:
        return ref.replace("#/$defs/", "#/components/schemas/", 1)

    game_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    listing = [
        {
            "name": "limit",
            "in": "query",
            "schema": {"type": "integer", "minimum": 1, "maximum": LIST_MOST},
            "description": f"the most games on the page (default {LIST_LIMIT})",
        },
        {
            "name": "cursor",
            "in": "query",
            "schema": {"type": "string"},
            "description": "where the page starts: the next of the page before",
        },
    ]
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": _DIALECT,
        "info": {
            "title": "dicerules-server",
            "version": __version__,
            "description": (
                "The lobby of dicerules-server over HTTP. Each game's socket,"
                " /api/games/{id}/socket, carries the messages ServerMessage and"
                " ClientMessage of the protocol's JSON Schema (GET /api/schema), whose"
                " definitions are the components here."
            ),
        },
        "paths": {
            "/api/catalog": {
                "get": _operation(
                    "every game, its presets and its bots",
                    ("200", "Catalog", "the catalog"),
                )
            },
            "/api/games": {
                "get": _operation(
                    "a page of the games", ("200", "GamePage", "the page"), parameters=listing
                ),
                "post": _operation(
                    "make a new game", ("201", "GameTable", "the new game's table"), "NewGame"
                ),
            },
            "/api/games/{id}": {
                "get": _operation(
                    "one game's table",
                    ("200", "GameTable", "the table"),
                    parameters=[game_id],
                )
            },
            "/api/games/{id}/join": {
                "post": _operation(
                    "take a person's seat",
                    ("201", "SeatToken", "the seat and its token"),
                    "JoinGame",
                    parameters=[game_id],
                )
            },
            "/api/games/{id}/record": {
                "get": _operation(
                    "a finished game's record",
                    ("200", "GameRecord", "the record"),
                    parameters=[game_id],
                )
            },
            "/api/schema": {"get": _document("the protocol's JSON Schema (draft 2020-12)")},
            "/openapi.json": {"get": _document("this document")},
        },
        "components": {"schemas": _rerouted(protocol()["$defs"], component)},
    }
