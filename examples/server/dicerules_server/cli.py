"""``dicerules-server``: serve the lobby, the games and the browser client."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import dicerules
from dicerules import bots
from dicerules_server.app import DEFAULT_DB, create_app
from dicerules_server.storage import StorageError

__all__ = ["main"]

WS_MAX_SIZE = 65_536
"""The most bytes of one websocket frame uvicorn takes (the app answers past 4 KB)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dicerules-server",
        description="Serve dicerules games to browsers and bots, over HTTP and websockets.",
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


def main(argv: Sequence[str] | None = None) -> None:
    """Run the server until interrupted; a database it cannot use is one line and exit 1."""
    args = _parser().parse_args(argv)
    if args.bot_delay < 0:
        sys.exit("dicerules-server: --bot-delay cannot be negative")
    try:
        mine = own_bots(args.bot)
    except ValueError as error:
        sys.exit(f"dicerules-server: {error}")
    import uvicorn

    try:
        app = create_app(args.db, bot_delay=args.bot_delay, bots=mine)
    except StorageError as error:
        sys.exit(f"dicerules-server: {error}")
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"dicerules-server: games in {args.db}; open http://{host}:{args.port}/", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=WS_MAX_SIZE)


if __name__ == "__main__":
    main()
