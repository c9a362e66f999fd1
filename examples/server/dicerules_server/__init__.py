"""dicerules-server: a reference game server that embeds dicerules.

People and bots play any registered game over websockets; a browser client is
served at ``/``. Every accepted move is committed to the database (SQLite, or
PostgreSQL) before anyone hears of it, so a server killed at any moment and started
again carries on every game from its last move. Each socket is sent only
``dicerules.wire`` messages for its own seat: nothing another seat may not know.

    pip install ./examples/server && dicerules-server

``create_app(db)`` is the ASGI app, for uvicorn or any ASGI server;
``dicerules_server.schema.protocol()`` the JSON Schema of its whole protocol.
"""

from dicerules_server.app import DEFAULT_DB, create_app
from dicerules_server.storage import SCHEMA, StorageError, StorageUnavailable, open_storage

__all__ = [
    "DEFAULT_DB",
    "SCHEMA",
    "StorageError",
    "StorageUnavailable",
    "__version__",
    "create_app",
    "open_storage",
]

__version__ = "0.1.0"
