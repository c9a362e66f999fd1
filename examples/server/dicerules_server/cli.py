"""``dicerules-server``: serve the lobby, the games and the browser client."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final

import dicerules
from dicerules import bots
from dicerules_server import schema
from dicerules_server.app import DEFAULT_DB, create_app
from dicerules_server.storage import BUSY_TIMEOUT, StorageError

__all__ = ["main"]

WS_MAX_SIZE = 65_536
"""The most bytes of one websocket frame uvicorn takes (the app answers past 4 KB)."""

UVICORN: Final[Mapping[str, Any]] = {
    "log_level": "warning",
    "access_log": False,
    "ws_max_size": WS_MAX_SIZE,
}
"""How uvicorn serves the app (beside its host and port)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dicerules-server",
        description="Serve dicerules games to browsers and bots, over HTTP and websockets."
        " `dicerules-server schema` prints the protocol's JSON Schema.",
    )
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"an SQLite file (default: {DEFAULT_DB} in the working folder) or a postgresql:// URL",
    )
    parser.add_argument("--host", default="127.0.0.1", help="default: 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="default: 8000")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        metavar="SECONDS",
        help="how long a bot waits before it moves, so people can follow (default: 0.8)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=FORM",
        help="offer a bot of the server's own as NAME, made from FORM as --bots of"
        " dicerules simulate takes it (policy=FILE, module:attr), for the games it can"
        " play; may be repeated",
    )
    parser.add_argument(
        "--expire-after",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="how long a game may wait for people to take its seats (default: 600)",
    )
    parser.add_argument(
        "--max-unjoined",
        type=int,
        default=20,
        metavar="N",
        help="the most games one client address may have waiting for players; its oldest"
        " expires when it makes one more (default: 20)",
    )
    parser.add_argument(
        "--busy-timeout",
        type=float,
        default=BUSY_TIMEOUT,
        metavar="SECONDS",
        help="how long a write waits for a lock another program holds on the database"
        f" before it fails (default: {BUSY_TIMEOUT:g})",
    )
    return parser


def own_bots(given: Sequence[str]) -> dict[str, str]:
    """The ``--bot NAME=FORM`` options as a mapping; ValueError saying what is wrong."""
    found: dict[str, str] = {}
    for text in given:
        name, equals, form = (part.strip() for part in text.partition("="))
        if not equals or not name or not form:
            raise ValueError(f"--bot {text}: write NAME=FORM, as dudo=policy=dudo.json")
        if name in found or name in ("human", "house"):
            raise ValueError(f"--bot {text}: the name {name!r} is taken")
        playable = []
        for game in dicerules.GAMES.values():
            try:
                bots.check(form, game)
            except dicerules.DiceRulesError as error:
                reason = str(error)
                continue
            playable.append(game.name)
        if not playable:
            raise ValueError(f"--bot {text}: no game can have it: {reason}")
        found[name] = form
    return found


def _print_schema(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="dicerules-server schema",
        description="Print the JSON Schema of the server's whole protocol, for the games"
        " installed (what GET /api/schema serves).",
    )
    parser.add_argument(
        "--openapi",
        action="store_true",
        help="print the OpenAPI 3.1 document of the HTTP lobby instead (/openapi.json)",
    )
    args = parser.parse_args(argv)
    made = schema.openapi() if args.openapi else schema.protocol()
    print(json.dumps(made, indent=2, ensure_ascii=False))


def main(argv: Sequence[str] | None = None) -> None:
    """Run the server until interrupted; a database it cannot use is one line and exit 1.

    ``dicerules-server schema`` prints the protocol's JSON Schema instead."""
    given = sys.argv[1:] if argv is None else list(argv)
    if given[:1] == ["schema"]:
        _print_schema(given[1:])
        return
    args = _parser().parse_args(given)
    if args.bot_delay < 0:
        sys.exit("dicerules-server: --bot-delay cannot be negative")
    try:
        mine = own_bots(args.bot)
    except ValueError as error:
        sys.exit(f"dicerules-server: {error}")
    if not args.expire_after > 0:
        sys.exit("dicerules-server: --expire-after must be above 0")
    if args.max_unjoined < 1:
        sys.exit("dicerules-server: --max-unjoined must be at least 1")
    if not args.busy_timeout >= 0:
        sys.exit("dicerules-server: --busy-timeout cannot be negative")
    import uvicorn

    _log_to_stderr()
    try:
        app = create_app(
            args.db,
            bot_delay=args.bot_delay,
            expire_after=args.expire_after,
            max_unjoined=args.max_unjoined,
            busy_timeout=args.busy_timeout,
            bots=mine,
        )
    except StorageError as error:
        sys.exit(f"dicerules-server: {error}")
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"dicerules-server: games in {args.db}; open http://{host}:{args.port}/", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, **UVICORN)


def _log_to_stderr() -> None:
    """The server's own log lines (a fault of the database, and its end) to stderr."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("dicerules-server: %(message)s"))
    logger = logging.getLogger("dicerules_server")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


if __name__ == "__main__":
    main()
