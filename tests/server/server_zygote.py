"""Starts dicerules-server processes quickly for the crash test.

It imports the server once, then for each line ``DB PORT`` on standard input forks a
child that runs ``dicerules-server --db DB --port PORT --bot-delay 0`` (uvicorn on
127.0.0.1) and prints the child's pid; the test kills that pid. A fork costs
milliseconds where a fresh interpreter costs most of a second.
"""

import os
import signal
import sys

from dicerules_server.cli import main
from uvicorn.config import Config


async def _nothing(scope: object, receive: object, send: object) -> None:
    pass


def serve() -> None:
    Config(_nothing, log_level="error").load()  # uvicorn's own imports, once for all
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the system
    for line in sys.stdin:
        db, port = line.split()
        pid = os.fork()
        if pid == 0:
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (the child's whole life)
                main(["--db", db, "--port", port, "--bot-delay", "0"])
            finally:
                os._exit(0)
        print(pid, flush=True)


if __name__ == "__main__":
    serve()
