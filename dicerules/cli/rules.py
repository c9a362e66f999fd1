"""``dicerules rules GAME``: the rules a game's engine implements."""

from __future__ import annotations

import argparse
import inspect
import sys
from typing import TextIO

import attrs

from dicerules.cli.options import find_game, make_rules, rule_value


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """The rules the engine implements: its module's description, and a preset's values."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, None)
    module = sys.modules[game.State.__module__]
    print(inspect.cleandoc(module.__doc__ or f"{game.name}: no description."), file=out)
    if args.preset is not None:
        default = " (the default)" if rules == game.default_rules else ""
        print(f"\nThe preset {args.preset}{default}:", file=out)
        for field in attrs.fields(type(rules)):
            print(f"  {field.name} = {rule_value(getattr(rules, field.name))}", file=out)
    return 0
