"""``dicerules-server``: serve the lobby, the games and the browser client."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

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
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    """Run the server until interrupted; a database it cannot use is one line and exit 1."""
    args = _parser().parse_args(argv)
    if args.bot_delay < 0:
        sys.exit("dicerules-server: --bot-delay cannot be negative")
    import uvicorn

    try:
        app = create_app(args.db, bot_delay=args.bot_delay)
    except StorageError as error:
        sys.exit(f"dicerules-server: {error}")
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"dicerules-server: games in {args.db}; open http://{host}:{args.port}/", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=WS_MAX_SIZE)


if __name__ == "__main__":
    main()
