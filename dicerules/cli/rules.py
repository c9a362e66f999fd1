"""``dicerules rules GAME``: the rules a game's engine implements, as plain text."""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from typing import TextIO

import attrs

from dicerules.cli.options import fill, find_game, make_rules, rule_value, say, width


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """The rules the engine implements: its module's description, and a preset's values."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, None)
    name = game.State.__module__
    text = sys.modules[name].__doc__
    if text and text.strip():
        where = (
            f"Where this comes from: the docstring of {name}, the module that implements"
            f" the rules; python -m pydoc {name} shows it beside the module's functions."
        )
        print(plain_text(f"{text.strip()}\n\n{where}", width(out)), file=out)
    else:
        say([f"{game.name} describes no rules: its engine, {name}, has no docstring."], out)
    if args.preset is not None:
        default = " (the default)" if rules == game.default_rules else ""
        print(file=out)
        say([f"The preset {args.preset}{default}:"]
            + [f"  {field.name} = {rule_value(getattr(rules, field.name))}"
               for field in attrs.fields(type(rules))], out)  # fmt: skip
    return 0


_MARKUP = re.compile(r"``(.+?)``", re.DOTALL)


def plain_text(docstring: str, columns: int) -> str:
    """A docstring as plain text: no reStructuredText markup, paragraphs refilled.

    ````keep NxV```` becomes ``keep NxV``; a bullet (``* ``) keeps its mark and
    hangs its lines under its first word.
    """
    text = _MARKUP.sub(r"\1", inspect.cleandoc(docstring))
    out = []
    for block in re.split(r"\n\s*\n", text):
        items: list[list[str]] = []
        for line in block.splitlines():
            if line.startswith("* ") or not items:
                items.append([line])
            else:
                items[-1].append(line.strip())
        for item in items:
            joined = " ".join(part.strip() for part in item)
            bullet = item[0].startswith("* ")
            out.append("\n".join(fill(joined, columns, "  " if bullet else "")))
        out.append("")
    return "\n".join(out).rstrip("\n")
