"""``dicerules games``: each game, what it is in a line, its presets and its rule fields
(each with its default, the values it allows and what it means)."""

from __future__ import annotations

import argparse
from typing import TextIO

import attrs

import dicerules
from dicerules import bots
from dicerules.cli.options import rule_value, say
from dicerules.cli.rules import plain_text
from dicerules.narration import rules_text
from dicerules.rulefields import FieldSpec, field_spec


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """Each game, its presets and its rule fields."""
    lines = []
    for game in dicerules.GAMES.values():
        presets = ", ".join(
            f"{name} (default)" if rules == game.default_rules else name
            for name, rules in game.presets.items()
        )
        text = rules_text(game)
        summary = text.strip().splitlines()[0] if text and text.strip() else None
        lines += [
            f"{game.name}",
            *([f"  {plain_text(summary, 10_000)}"] if summary else []),
            f"  presets: {presets}",
            f"  bots: {', '.join(bots.names(game))}",
            "  rules (name, default, allowed; then what it means):",
        ]
        for field in attrs.fields(game.Rules):
            value = rule_value(getattr(game.default_rules, field.name))
            spec = field_spec(field)
            lines.append(f"    {field.name:<27} {value:<9} {allowed(spec)}")
            if spec is not None and spec.doc:
                lines.append(f"      {spec.doc}")
    say(lines, out)
    return 0


def allowed(spec: FieldSpec | None) -> str:
    """The values a rule field allows, in words."""
    if spec is None:
        return "?"
    if spec.kind == "bool":
        return "true or false"
    if spec.kind == "choice":
        return " or ".join(spec.choices)
    low = "" if spec.low is None else str(spec.low)
    high = "" if spec.high is None else str(spec.high)
    span = f"{low} to {high}" if low and high else f">= {low}" if low else f"<= {high}"
    return f"none, or {span}" if spec.optional else span
