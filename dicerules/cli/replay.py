"""``dicerules replay``: check records and tell each game step by step."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO, cast

from dicerules.cli import options
from dicerules.cli.options import (
    FileProblem,
    UsageError,
    result_lines,
    rules_label,
    say,
)
from dicerules.errors import DiceRulesError
from dicerules.game import get_game
from dicerules.records import GameRecord, replay


def read_records(path: str, index: int | None) -> list[tuple[str, GameRecord]]:
    """The records in ``path`` with a name each: one record, or one per line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not UTF-8 text"
        raise FileProblem(f"cannot read {path}: {reason or error}") from None
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise FileProblem(f"{path} holds no record")
    if len(lines) == 1 or is_json(text):  # one record, on one line or laid out on several
        if index not in (None, 0):
            raise UsageError(f"--index {index}: {path} holds one game, game 0")
        return [(path, parse_record(path, text))]
    if index is not None and not 0 <= index < len(lines):
        raise UsageError(f"--index {index}: {path} holds games 0 to {len(lines) - 1}")
    chosen = lines if index is None else [lines[index]]
    return [(f"{path} line {n}", parse_record(f"{path} line {n}", line)) for n, line in chosen]


def is_json(text: str) -> bool:
    """Whether ``text`` is one JSON document."""
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def parse_record(name: str, text: str) -> GameRecord:
    """The record in ``text`` (from ``name``, for the error)."""
    try:
        return GameRecord.from_json(text)
    except DiceRulesError as error:
        raise FileProblem(f"{name}: {error}") from None


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Check a record (or a file of them) and tell each game step by step."""
    chosen = read_records(args.file, args.index)
    finals = []
    for name, rec in chosen:
        try:
            finals.append(replay(rec))
        except DiceRulesError as error:
            raise FileProblem(f"{name}: {error}") from None
    for number, ((name, rec), final) in enumerate(zip(chosen, finals, strict=True)):
        if number:
            print(file=out)
        narrate(name, rec, final, out)
    return 0


def narrate(name: str, rec: GameRecord, final: Any, out: TextIO) -> None:
    """Tell ``rec`` (which replays to ``final``) step by step, as a spectator sees it."""
    game = get_game(rec.game)
    teller = options.narrator(game, None)
    state = game.new_game(final.rules, stream=rec.stream)
    print(
        f"{name}: {game.name} ({rules_label(game, final.rules)}), {len(rec.actions)} actions,"
        f" {len(rec.rolls)} dice; it replays exactly.",
        file=out,
    )
    seen = game.view(state, None)
    say(teller.news(None, seen), out)
    for text in rec.actions:
        seat = cast(int, game.current_player(state))  # a replayed action had a seat to act
        action = game.parse_action(state, text)
        state = game.apply(state, action)
        now = game.view(state, None)
        say(teller.step(seen, seat, action, now), out)
        seen = now
    if game.is_terminal(state):
        say(result_lines(game, state, teller), out)
    else:
        print(f"The record stops before the end: {teller.score_name}"
              f" {teller.seats(game.scores(state))}.", file=out)  # fmt: skip
