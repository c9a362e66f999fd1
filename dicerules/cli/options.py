"""What the commands share: reading the command line's options, and printing."""

from __future__ import annotations

import argparse
import datetime
import math
import os
import re
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

import attrs

import dicerules
from dicerules import bots, rulefields
from dicerules.errors import DiceRulesError, UnknownGameError
from dicerules.game import AnyGame, get_game
from dicerules.narration import narrator as narrator
from dicerules.records import Tags
from dicerules.rulefields import FieldSpec, field_spec
from dicerules.simulate import rule_value as rule_value
from dicerules.simulate import rules_label as rules_label
from dicerules.streams import SEED_LIMIT


class UsageError(Exception):
    """A command line that names something that does not exist or is out of range."""


class FileProblem(Exception):
    """A file that cannot be read or written, or a record that does not replay."""


_PLAIN: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"must be True or False, got '?([^']*)'?"), r"is true or false, not \1"),
    (
        re.compile(r"must be an int from (-?\d+) to (-?\d+), got"),
        r"is a whole number from \1 to \2, not",
    ),
    (re.compile(r"must be None or a seat, got"), "is none or a seat, not"),
    (re.compile(r"must be a seat, got"), "is a seat, not"),
    (re.compile(r"must be an int >= (-?\d+), got"), r"is a whole number, \1 or more, not"),
    (re.compile(r"must be an int, got"), "is a whole number, not"),
)


def plain_words(message: str) -> str:
    """``message`` in the words of the command line: ``true or false`` where Python
    says ``True or False``, a whole number where it says an int."""
    for pattern, words in _PLAIN:
        message = pattern.sub(words, message)
    return message


def escaped(text: str) -> str:
    """``text`` with every character a terminal would act on (a control, format or
    line-separator character: ESC, BEL, CR, a newline) written as ``repr`` writes it,
    so data from a file never moves the cursor, clears the screen or forges a line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {escaped(message)}\n")


# ------------------------------------------------------------- reading the command


def find_game(name: str) -> AnyGame:
    """The game named on the command line, whatever its case and ``_`` for ``-``.

    A name that is no game's is refused with the nearest game's name, if one is near.
    """
    try:
        return get_game(name)  # which reads the name as the command line does
    except UnknownGameError as error:
        if _quoted(name) != repr(name):  # a long name is not echoed whole
            games = list(dicerules.GAMES)
            hint = bots.suggestion(name, games)
            known = ", ".join(games)
            message = f"no game named {_quoted(name)}{hint}; the games are: {known}"
            raise UsageError(message) from None
        raise UsageError(error.args[0]) from None


def make_rules(
    game: AnyGame,
    preset: str | None,
    players: int | None,
    settings: Sequence[str] = (),
    default: Any = None,
) -> Any:
    """The rules the command line asks for: a preset (else ``default``, else the default
    rules), ``players`` seats, ``--rule`` settings."""
    if preset is None:
        rules = game.default_rules if default is None else default
    elif preset in game.presets:
        rules = game.presets[preset]
    else:
        known = ", ".join(game.presets)
        hint = bots.suggestion(preset, list(game.presets))
        raise UsageError(
            f"{game.name} has no preset {_quoted(preset)}{hint}; its presets are: {known}"
        )
    asked = [s.partition("=")[2].strip() for s in settings if _rule_name(s) == "players"]
    if players is not None and any(text != str(players) for text in asked):
        raise UsageError(
            f"--players {players} and --rule players={asked[-1]} disagree: give the number"
            " of seats once"
        )
    if players is not None:
        try:
            rules = rulefields.evolve(rules, players=players)
        except DiceRulesError as error:
            raise UsageError(f"--players {players}: {error}") from None
    fields = {field.name: field for field in attrs.fields(type(rules))}
    changes = {}
    for setting in settings:
        _, equals, text = setting.partition("=")
        name = _rule_name(setting)
        known = ", ".join(fields)
        if not equals:
            raise UsageError(f"--rule {setting}: write NAME=VALUE, NAME one of {known}")
        if name not in fields:
            raise UsageError(f"--rule {setting}: {game.name} has no rule {name!r}; its rules"
                             f" are {known}")  # fmt: skip
        changes[name] = rule_from_text(field_spec(fields[name]), text.strip())
    try:
        return rulefields.evolve(rules, **changes)
    except DiceRulesError as error:
        raise UsageError(f"--rule: {error}") from None


def _rule_name(setting: str) -> str:
    """The field a ``--rule NAME=VALUE`` names, ``-`` read as ``_``."""
    return setting.partition("=")[0].strip().replace("-", "_")


_WHOLE = re.compile(r"[+-]?[0-9]+")
"""A whole number in ASCII digits (int() alone also takes the digits of other scripts)."""
MOST_DIGITS = 100
"""The most digits a number on the command line may have."""


def _quoted(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text):,} characters)"


def whole_number(text: str) -> int:
    """``text`` as a whole number in ASCII digits; ArgumentTypeError naming what is wrong."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a whole number")
    digits = len(stripped.lstrip("+-"))
    if digits > MOST_DIGITS:
        raise argparse.ArgumentTypeError(
            f"a number of {digits:,} digits is too large (at most {MOST_DIGITS})"
        )
    return int(stripped)


def rule_from_text(spec: FieldSpec | None, text: str) -> object:
    """A rule value as its field takes it; text that is not one is left for the field to refuse."""
    word = text.lower()
    if spec is not None and spec.kind == "bool" and word in ("true", "false"):
        return word == "true"
    if spec is not None and spec.kind == "int":
        if spec.optional and word == "none":
            return None
        try:
            return whole_number(text)
        except argparse.ArgumentTypeError:
            return text
    return text


def parse_seed(text: str) -> int:
    """A ``--seed``: a whole number from 0 to 2**64 - 1."""
    value = whole_number(text)
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to 2**64 - 1, got {value}")
    return value


def count(low: int) -> Callable[[str], int]:
    """The parser of a whole number that is ``low`` or more."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, got {value}")
        return value

    parse.__name__ = "number"
    return parse


def seconds(text: str) -> float:
    """A time in seconds: a number above 0, as ``1``, ``0.5`` or ``2e-1``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text.strip()}")
    return value


def bot_name(name: str, game: AnyGame) -> str:
    """``name``, if it is a bot of ``game``: a name, or ``module:attr`` (``bots.check``)."""
    try:
        return bots.check(name, game)
    except DiceRulesError as error:
        raise UsageError(str(error)) from None


def legal_text(game: AnyGame, legal: Sequence[Any]) -> str:
    """The legal actions in notation; a long list shortened in the middle."""
    names = [game.format_action(action) for action in legal]
    if len(names) > 14:
        names = [*names[:8], "...", *names[-4:]]
        return f"{', '.join(names)} ({len(legal)} actions)"
    return ", ".join(names)


def width(out: TextIO) -> int:
    """The columns text is wrapped at: ``COLUMNS`` if it is set to a number (20 or
    more), else those of the terminal ``out`` writes to; 80 when it is not a terminal."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) >= 20:
        return int(columns)
    try:
        if out.isatty():
            return os.get_terminal_size(out.fileno()).columns or 80
    except (AttributeError, OSError, ValueError):  # no fileno, or a closed file
        pass
    return 80


def terminal_width(out: TextIO) -> int:
    """``width(out)`` if ``out`` is a terminal, else 0: a note is then one line."""
    try:
        return width(out) if out.isatty() else 0
    except (AttributeError, ValueError):  # a closed file
        return 0


def wrapped(line: str, columns: int, keep: int = 0) -> list[str]:
    """``line`` broken at spaces to fit ``columns``, never inside a word.

    The lines after the first are indented two spaces more than the first, so a
    long line still reads as one item. A word longer than the width stays whole, and
    so do the first ``keep`` characters (a file's name and what follows it, say).
    """
    if len(line) <= columns:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    held = line[:keep].replace(" ", _GLUE) + line[keep:]
    parts = fill(held, columns, subsequent_indent=indent + "  ") or [held]
    return [part.replace(_GLUE, " ") for part in parts]


def fill(text: str, columns: int, subsequent_indent: str = "") -> list[str]:
    """``text`` as lines of at most ``columns`` (a longer word stays whole), broken at
    spaces but never inside a word or a pair such as ``seat 3`` or ``seat 0 (you)``."""
    kept = _PAIR.sub(_glued, text)
    return [
        part.replace(_GLUE, " ")
        for part in textwrap.wrap(
            kept,
            columns,
            subsequent_indent=subsequent_indent,
            break_long_words=False,
            break_on_hyphens=False,
        )
    ]


_GLUE = "\x00"
"""Holds two words together while a line is wrapped (a space to the eye, not to textwrap)."""

_PAIR = re.compile(
    r"\b(?:[Ss]eats?|[Tt]urn|[Rr]ound) \d+(?: \(you\))?"
    r"(?: (?:and|to|of) \d+| = [^,;]*?(?=[,;]|\.?$|\.\s)| [^\s,;]*\d[^\s,;]*)?"
)
"""What wrapping never breaks: ``seat 3``, ``seat 0 (you)``, ``seats 2 and 3``, a seat
and what it holds or bids (``seat 2 = 4 white + blue``, ``seat 1 4x5``): a value of a
few words (up to ``_HELD`` characters) whole, a longer one up to its first space."""

_HELD = 24


def _glued(pair: re.Match[str]) -> str:
    text = pair[0]
    head, equals, value = text.partition(" = ")
    if equals and len(value) > _HELD:
        first, space, rest = value.partition(" ")
        return (head + equals + first).replace(" ", _GLUE) + space + rest
    return text.replace(" ", _GLUE)


def say(lines: Sequence[str], out: TextIO) -> None:
    """Print ``lines`` to ``out``, each wrapped to its width (80 if not a terminal)."""
    columns = width(out)
    for line in lines:
        for part in wrapped(line, columns):
            print(part, file=out)


def record_tags(players: Sequence[str], event: str | None = None) -> Tags:
    """The tags ``play`` and ``simulate`` write in a record: today's date (UTC), each
    seat's player (a bot's name, ``human``, or ``none`` for a seat that never acts)
    and this version of dicerules."""
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    return Tags(event=event, date=today, players=tuple(players), dicerules=dicerules.__version__)


def check_writable(path: str | None) -> None:
    """Refuse at once a file that cannot be written, before any game is played."""
    if path is None:
        return
    if not path:
        raise UsageError("cannot write a file of no name: give a file name")
    if Path(path).is_dir():
        raise UsageError(f"cannot write {path}: it is a folder")
    if not Path(path).resolve().parent.is_dir():
        raise UsageError(f"cannot write {path}: there is no folder {Path(path).parent}")


_RECORD_START = re.compile(
    rb'\s*(\xef\xbb\xbf)?\s*\{\s*"(format|game|rules|stream|actions|rolls|tags)"'
)
"""How a records file begins: a JSON object with a record's key first."""


def check_replaceable(
    path: str | None, force: bool, option: str, kind: str = "records file"
) -> None:
    """Refuse, before any game, to replace a file that is not a records file (its first
    bytes a record's JSON object, as a saved policy's are too), unless ``force``: a
    mistyped ``--record notes.txt`` must not cost the file. An empty file, or a device
    such as /dev/null, is taken. ``kind`` names the file the option writes."""
    if path is None or force or not Path(path).is_file():
        return
    try:
        with open(path, "rb") as file:
            start = file.read(4096)
    except OSError:
        return  # writing it says what is wrong
    if start.strip() and not _RECORD_START.match(start):
        raise UsageError(
            f"{option} {path}: the file is not a {kind}, and writing would replace"
            " it: give another name, or --force to replace it"
        )


def create(path: str) -> TextIO:
    """``path`` opened to be written afresh, as UTF-8 text."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise FileProblem(f"cannot write {path}: {error.strerror or error}") from None


def write_whole(path: str, text: str) -> None:
    """``text`` written to ``path`` afresh; FileProblem naming the file if it cannot be
    (a full disk says so when the file is closed, not when it is opened)."""
    try:
        with create(path) as file:
            file.write(text)
    except OSError as error:
        raise FileProblem(f"cannot write {path}: {error.strerror or error}") from None


def game_help() -> str:
    """The help line of a GAME argument: the games registered now."""
    return f"one of {', '.join(dicerules.GAMES)}"


def game_options(command: argparse.ArgumentParser) -> None:
    """The options of ``play`` and ``simulate`` that choose a game and its rules."""
    command.add_argument("game", metavar="GAME", help=game_help())
    command.add_argument("--preset", metavar="P", help="a preset of the game (its default)")
    command.add_argument("--players", type=count(0), metavar="N", help="the number of seats")
    command.add_argument(
        "--rule", action="append", default=[], metavar="NAME=VALUE",
        help="set a rule field (listed by dicerules games); may be repeated",
    )  # fmt: skip
