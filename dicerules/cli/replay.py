"""``dicerules replay``: check records and tell each game step by step."""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from collections.abc import Iterator
from typing import Any, BinaryIO, TextIO, cast

from dicerules.cli import options
from dicerules.cli.options import (
    FileProblem,
    UsageError,
    escaped,
    rules_label,
    say,
    width,
    wrapped,
)
from dicerules.errors import DiceRulesError
from dicerules.game import get_game
from dicerules.records import MAX_LINE, GameRecord, replay

RECORD_LIMIT = MAX_LINE
"""The most bytes one record may take (a line, or a file that is one record)."""

SPOOL_LIMIT = 2**30
"""The most bytes read from a pipe, which is copied to a temporary file to be read twice."""

BOM = b"\xef\xbb\xbf"


def open_records(path: str) -> BinaryIO:
    """``path`` opened to be read in binary, from the start as often as needed; ``-`` is
    standard input."""
    if path == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text stream with no bytes beneath (as in tests)
            buffer = io.BytesIO(sys.stdin.read().encode("utf-8"))
        return _spooled(path, buffer)
    try:
        file: BinaryIO = open(path, "rb")  # noqa: SIM115 (closed by the caller)
    except OSError as error:
        raise FileProblem(f"cannot read {path}: {error.strerror or error}") from None
    if file.seekable():
        return file
    return _spooled(path, file)


def _spooled(path: str, file: BinaryIO) -> BinaryIO:
    """The bytes of the pipe ``file``, copied to a file that can be read again."""
    with file:  # a pipe: read once, into a file that can be read again
        copy = tempfile.TemporaryFile()  # noqa: SIM115 (returned open)
        while chunk := file.read(2**20):
            if copy.tell() + len(chunk) > SPOOL_LIMIT:
                copy.close()
                raise FileProblem(
                    f"cannot read {path}: a stream of more than {SPOOL_LIMIT:,} bytes;"
                    " save it to a file first"
                )
            copy.write(chunk)
    return cast(BinaryIO, copy)


def numbered_lines(path: str, file: BinaryIO) -> Iterator[tuple[int, str]]:
    """The lines of ``file`` that are not blank, from its start, numbered from 1.

    Lines end at b"\\n" only (never at another Unicode line break); a UTF-8 byte
    order mark is skipped; a line longer than RECORD_LIMIT bytes, or that is not
    UTF-8, is a FileProblem read no further than the limit.
    """
    file.seek(0)
    number = 0
    while raw := file.readline(RECORD_LIMIT + 1):
        number += 1
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM) :]
        if len(raw) - raw.endswith(b"\n") > RECORD_LIMIT:
            where = "it" if number == 1 else f"line {number}"
            raise FileProblem(
                f"cannot read {path}: {where} is longer than {RECORD_LIMIT:,} bytes,"
                " the most a record may take"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            where = "it" if number == 1 else f"line {number}"
            raise FileProblem(f"cannot read {path}: {where} is not UTF-8 text") from None
        if text.strip():
            yield number, text


def whole_record(path: str, file: BinaryIO) -> str | None:
    """The text of ``file`` if it is one JSON document (a record laid out on lines)."""
    file.seek(0)
    data = file.read(RECORD_LIMIT + len(BOM) + 1)
    data = data.removeprefix(BOM)
    if len(data) > RECORD_LIMIT:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if is_json(text) else None


def read_records(
    path: str, file: BinaryIO, index: int | None, check: bool
) -> Iterator[tuple[str, GameRecord]]:
    """The records of ``file`` with a name each: one record, or one per line.

    A file is one record when it holds one line that is not blank, or when it is one
    JSON document; otherwise it holds one record per line, and ``index`` picks one.
    With ``check``, every line is read, so an index out of range is an error.
    """
    lines = numbered_lines(path, file)
    first, second = next(lines, None), next(lines, None)
    if first is None:
        raise FileProblem(f"{path} holds no record")
    one = first[1] if second is None else None
    if one is None and not is_json(first[1]):
        one = whole_record(path, file)
    if one is not None:
        if index not in (None, 0):
            raise UsageError(f"--index {index}: {path} holds one game, game 0")
        yield path, parse_record(path, one)
        return
    count = 0
    for number, text in numbered_lines(path, file):
        if index is None or index == count:
            name = f"{path} line {number}"
            yield name, parse_record(name, text)
        count += 1
    if check and index is not None and not 0 <= index < count:
        raise UsageError(f"--index {index}: {path} holds games 0 to {count - 1}")


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


def replayed(name: str, rec: GameRecord) -> Any:
    """The state ``rec`` replays to (from ``name``, for the error)."""
    try:
        return replay(rec)
    except DiceRulesError as error:
        raise FileProblem(f"{name}: {error}") from None


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Check a record (or a file of them) and tell each game step by step.

    The file is read twice, a line at a time: every record is checked first, so
    that nothing is told of a file with a bad record in it.
    """
    with open_records(args.file) as file:
        for name, rec in read_records(args.file, file, args.index, check=True):
            final = replayed(name, rec)
            if args.seat is not None:
                seats = get_game(rec.game).seats(final.rules)
                if not 0 <= args.seat < seats:
                    raise UsageError(f"--seat {args.seat}: the seats are 0 to {seats - 1} ({name})")
        told = read_records(args.file, file, args.index, check=False)
        for number, (name, rec) in enumerate(told):
            if args.summary:  # one line a record, whatever the width: a program parses it
                print(summary(name, rec, replayed(name, rec)), file=out)
                continue
            if number:
                print(file=out)
            narrate(name, rec, replayed(name, rec), out, args.seat)
    return 0


def summary(name: str, rec: GameRecord, final: Any) -> str:
    """One line for a record that replays: the game, its length, who won, the scores."""
    game = get_game(rec.game)
    teller = options.narrator(game, None)
    if game.is_terminal(final):
        end = f"{teller.together(game.winners(final))} won"
    else:
        end = "not finished"
    return (
        f"{name}: {game.name} ({rules_label(game, final.rules)}), {len(rec.actions)} actions,"
        f" {end}; {teller.score_name} {teller.seats(game.scores(final))}; replays exactly."
    )


def tag_lines(rec: GameRecord) -> list[str]:
    """The record's tags, on a line: ``Played 2026-12-01 by seat 0 human, ...``."""
    tags = rec.tags
    parts = []
    # Tags are a record's free text: a terminal gets their control characters escaped.
    if tags.event is not None:
        parts.append(f"Event: {escaped(tags.event)}")
    if tags.date is not None:
        parts.append(f"date: {escaped(tags.date)}")
    if tags.players is not None:
        seats = enumerate(tags.players)
        parts.append("players: " + ", ".join(f"seat {s} {escaped(p)}" for s, p in seats))
    if tags.dicerules is not None:
        parts.append(f"written by dicerules {escaped(tags.dicerules)}")
    if not parts:
        return []
    told = "; ".join(parts)
    return [f"{told[:1].upper()}{told[1:]}."]


def narrate(name: str, rec: GameRecord, final: Any, out: TextIO, seat: int | None = None) -> None:
    """Tell ``rec`` (which replays to ``final``) step by step, as ``seat`` saw it (None:
    a spectator)."""
    game = get_game(rec.game)
    teller = options.narrator(game, seat)
    state = game.new_game(final.rules, stream=rec.stream)
    head = f"{name}: {game.name}"
    line = (
        f"{head} ({rules_label(game, final.rules)}), {len(rec.actions)} actions,"
        f" {len(rec.rolls)} dice; it replays exactly."
    )
    columns = width(out)
    # The file's name and the game stay whole; a name too long for the line is a line
    # too long for any wrapping, and then stays one line, as a path is never broken.
    for part in wrapped(line, columns, keep=len(head)) if len(head) < columns else [line]:
        print(part, file=out)
    say(tag_lines(rec), out)
    if seat is not None:
        say([f'Told as seat {seat} saw it: "you" is seat {seat}.'], out)
    seen = game.view(state, seat)
    say(teller.news(None, seen), out)
    for text in rec.actions:
        actor = cast(int, game.current_player(state))  # a replayed action had a seat to act
        action = game.parse_action(state, text)
        state = game.apply(state, action)
        now = game.view(state, seat)
        say(teller.step(seen, actor, action, now), out)
        seen = now
    if game.is_terminal(state):
        say(teller.ending(game.winners(state), game.scores(state)), out)
    else:
        say([f"The record stops before the end: {teller.score_name}"
             f" {teller.seats(game.scores(state))}."], out)  # fmt: skip
