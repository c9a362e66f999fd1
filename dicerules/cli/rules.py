"""``dicerules rules GAME``: the rules a game declares, as plain text.

The text is the game's ``rules_text``, or else the docstring of the package that
holds its State (``dicerules.narration.rules_text``, which every face that shows the
rules reads): the rules for players first, then, after a paragraph that says
``Implementation notes``, the exact decisions and the order the dice are drawn in.
"""

from __future__ import annotations

import argparse
from typing import TextIO

import attrs

from dicerules.cli.options import fill, find_game, make_rules, rule_value, say, width
from dicerules.narration import package, rules_blocks, rules_text


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """The rules the game declares, and a preset's values."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, None)
    text = rules_text(game)
    if text and text.strip():
        print(plain_text(text.strip(), width(out)), file=out)
    else:
        say([f"{game.name} describes no rules: it declares no rules_text, and its package,"
             f" {package(game)}, has no docstring."], out)  # fmt: skip
    if args.preset is not None:
        default = " (the default)" if rules == game.default_rules else ""
        print(file=out)
        say([f"The preset {args.preset}{default}:"]
            + [f"  {field.name} = {rule_value(getattr(rules, field.name))}"
               for field in attrs.fields(type(rules))], out)  # fmt: skip
    return 0


def plain_text(docstring: str, columns: int) -> str:
    """A docstring as plain text: no reStructuredText markup, paragraphs refilled.

    ````keep NxV```` becomes ``keep NxV``; a bullet (``* ``) keeps its mark and
    hangs its lines under its first word (``dicerules.narration.rules_blocks``).
    """
    out = []
    for block in rules_blocks(docstring):
        for item in block:
            out.append("\n".join(fill(item, columns, "  " if item.startswith("* ") else "")))
        out.append("")
    return "\n".join(out).rstrip("\n")
