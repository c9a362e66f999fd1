"""``dicerules rules GAME``: the rules a game declares, as plain text.

The text is the game's ``rules_text``, or else the docstring of the package that
holds its State: the rules for players first, then, after a paragraph that says
``Implementation notes``, the exact decisions and the order the dice are drawn in.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
import sys
from typing import TextIO

import attrs

from dicerules.cli.options import fill, find_game, make_rules, rule_value, say, width
from dicerules.game import AnyGame


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


def package(game: AnyGame) -> str:
    """The name of the package that holds ``game``'s State (the module, if not in one)."""
    module = sys.modules[game.State.__module__]
    spec = getattr(module, "__spec__", None)
    return (spec.parent if spec is not None and spec.parent else None) or module.__name__


def rules_text(game: AnyGame) -> str | None:
    """The rules ``game`` declares (``Game.rules_text``), else its package's docstring."""
    if game.rules_text is not None:
        return game.rules_text
    return importlib.import_module(package(game)).__doc__


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
