"""``dicerules schema GAME``: the JSON Schema of a game's messages (``dicerules.wire``).

Draft 2020-12, every definition titled with a type name (``LiarsDiceViewMessage``,
``Refusal``), no tuple by position: what a generator of types reads (examples/ts-client
makes its TypeScript types from it).
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from dicerules import wire
from dicerules.cli.options import find_game


def cmd_schema(args: argparse.Namespace, out: TextIO) -> int:
    """The schema of ``wire.view``'s and ``wire.events``' messages, as indented JSON."""
    print(json.dumps(wire.schema(find_game(args.game)), indent=2), file=out)
    return 0
