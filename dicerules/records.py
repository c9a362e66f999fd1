"""Game records: a whole game as JSON, and the replay that checks one.

A record holds the game's name, its rules, the stream it began with, every
action in notation and every die drawn. ``replay`` plays the actions again
from the rules and the stream, checks each one, and checks that it drew the
same dice as the record says; a ReplayError names the first step that fails.

The JSON is one object with exactly the keys ``format``, ``game``, ``rules``,
``stream`` (``{"seed": "n"}`` or ``{"scripted": [values]}``), ``actions`` and
``rolls``, and ``tags`` when the record has any. A SeededStream that did not start
at position 0 also writes ``"position"`` beside its seed. (A ScriptedStream is
written as the values it had left: new_game starts every game on a fresh script of
those.)

Format 2 (``FORMAT``, what ``record`` makes) writes the seed and the position as
strings of decimal digits: a seed goes up to 2**64 - 1, past the integers that
JavaScript (and every JSON reader that takes numbers as doubles) reads exactly, and
a replay of another seed is of another game. Every int it holds (a rule, a die) is
within 2**53 - 1 (``SAFE_INTEGER``), and its text is compact UTF-8 JSON. Format 1 wrote
them as JSON numbers, spaced, ASCII: it is read too, and a record read from it is
written again as it was (``attrs.evolve(rec, format=2)`` makes it format 2). A
reader of format 1 alone refuses format 2 with a RecordError naming the format.

``tags`` (``Tags``) say who played, as a chess game's headers do: ``event``,
``date``, ``players`` (each seat's bot name, or ``"human"``) and the ``dicerules``
version that wrote it, each optional. They are not part of the game: ``replay``
neither reads nor checks them, and a record without them (every record written
before them) reads and replays as it always did.

A record holds at most as many actions as its game's ``max_length`` allows under its
rules, so every game the engine plays by its rules records and replays, and a
replay's work is bounded by the longest legal game, not only by the record's size; a
game that declares no ``max_length`` (pig, eighteen without ``max_rounds``) gets
``MAX_ACTIONS``. Reading a longer record and replaying it are each a RecordError.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final, Literal, get_origin

import attrs
import cattrs
import orjson

from dicerules.errors import (
    DiceRulesError,
    InvalidRulesError,
    RecordError,
    ReplayError,
    StreamExhaustedError,
    UnknownGameError,
    WrongTypeError,
    shown,
)
from dicerules.game import AnyGame, game_of, get_game
from dicerules.rulefields import field_spec
from dicerules.streams import SEED_LIMIT, DiceStream, ScriptedStream, SeededStream
from dicerules.tape import Log

__all__ = [
    "FORMAT",
    "FORMATS",
    "MAX_ACTIONS",
    "MAX_LINE",
    "SAFE_INTEGER",
    "GameRecord",
    "RuleValue",
    "Tags",
    "max_actions",
    "record",
    "replay",
]

FORMAT: Final = 2
"""The record format this version writes. A change that alters any replay of an
existing record, or the JSON of one, gets a new number."""

FORMATS: Final = (1, 2)
"""The record formats this version reads (and writes, a record in its own)."""

SAFE_INTEGER: Final = 2**53 - 1
"""The largest int JavaScript (and every JSON reader that takes numbers as doubles)
reads exactly: a format 2 record, and a message of ``dicerules.wire``, holds no number
past it (nor below its negative)."""

MAX_ACTIONS: Final = 100_000
"""The most actions a record of a game that declares no ``max_length`` may hold (a
replay of that many takes a second or so); a game that declares one gets that."""

MAX_LINE: Final = 32 * 2**20
"""The most bytes a record may take as a line of JSON (or as a file of one record):
a reader stops at a longer one, whatever follows."""


def max_actions(game: AnyGame, rules: object) -> int:
    """The most actions a record of ``game`` under ``rules`` may hold: the game's
    ``max_length(rules)``, or ``MAX_ACTIONS`` for a game that declares none."""
    longest = game.max_length(rules)
    return MAX_ACTIONS if longest is None else longest


def _check_length(game: AnyGame, rules: object, count: int) -> None:
    bound = max_actions(game, rules)
    if count <= bound:
        return
    if game.max_length(rules) is None:
        raise RecordError(
            f"the record has {count:,} actions: records of {game.name}, which bounds no game"
            f" (no max_length), hold at most {bound:,}"
        )
    raise RecordError(
        f"the record has {count:,} actions: no {game.name} game under these rules takes"
        f" more than {bound:,} (its max_length)"
    )


RuleValue = bool | int | str | None
"""The type of every Rules field of every game."""

_KEYS: Final = ("format", "game", "rules", "stream", "actions", "rolls")
_OPTIONAL_KEYS: Final = ("tags",)
_TAG_KEYS: Final = ("event", "date", "players", "dicerules")


@attrs.frozen
class Tags:
    """What a record says of its game beyond the game itself; every field optional.

    ``event``: what the game was played for; ``date``: when, as ``YYYY-MM-DD``;
    ``players``: one name per seat (a bot's name, or ``"human"``); ``dicerules``:
    the version that wrote the record. ``replay`` ignores them.
    """

    event: str | None = None
    date: str | None = None
    players: tuple[str, ...] | None = None
    dicerules: str | None = None

    def __attrs_post_init__(self) -> None:
        for name in ("event", "date", "dicerules"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise RecordError(f"the tag {name} must be a string, got {shown(value)}")
        players = self.players
        if players is not None and (
            not isinstance(players, tuple) or not all(isinstance(p, str) for p in players)
        ):
            raise RecordError("the tag players must be a list of strings, one per seat")

    def to_dict(self) -> dict[str, object]:
        """The tags that are set, as the JSON object they are written as."""
        found = {name: getattr(self, name) for name in _TAG_KEYS}
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name, value in found.items()
            if value is not None
        }

    @classmethod
    def from_dict(cls, data: object) -> Tags:
        """Tags from their JSON object; RecordError for anything else."""
        if not isinstance(data, Mapping):
            raise RecordError(f"tags must be a JSON object, not {type(data).__name__}")
        unknown = sorted(_key_text(key) for key in data if key not in _TAG_KEYS)
        if unknown:
            known = ", ".join(_TAG_KEYS)
            raise RecordError(f"the record has unknown tags {', '.join(unknown)} (known: {known})")
        players = data.get("players")
        if players is not None and not isinstance(players, list):
            raise RecordError("the tag players must be a list of strings, one per seat")
        return cls(
            event=data.get("event"),
            date=data.get("date"),
            players=None if players is None else tuple(players),
            dicerules=data.get("dicerules"),
        )


def _is_literal(kind: Any) -> bool:
    return get_origin(kind) is Literal


def _as_is(value: object, _: object) -> object:
    return value


# Rule values go to the Rules class as they are, not coerced (cattrs would turn "4"
# into 4 and 1 into True): the Rules validators are exact about types, and their
# errors name the field and what it allows.
_converter = cattrs.Converter(forbid_extra_keys=True)
for _kind in (int, bool, str):
    _converter.register_structure_hook(_kind, _as_is)
_converter.register_structure_hook_func(_is_literal, _as_is)


def _later_defaults(cls: type) -> dict[str, RuleValue]:
    """The fields of ``cls`` added after records were first written, with their defaults."""
    later: dict[str, RuleValue] = {}
    for field in attrs.fields(cls):
        spec = field_spec(field)
        if spec is not None and spec.added_later:
            later[field.name] = field.default
    return later


def rules_to_dict(rules: object) -> dict[str, RuleValue]:
    """A game's Rules as a plain dict of its fields, in field order.

    A field added later is left out while it holds its default, so a game that uses
    none of them has the record it always had.
    """
    result: dict[str, RuleValue] = _converter.unstructure(rules)
    for name, default in _later_defaults(type(rules)).items():
        if result[name] == default:
            del result[name]
    return result


def rules_from_dict(game: AnyGame, data: Mapping[str, object]) -> Any:
    """The game's Rules from a dict holding every field exactly once; RecordError if not.

    A field added later may be missing: it then holds its default.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"rules must be an object, not {type(data).__name__}")
    names = [field.name for field in attrs.fields(game.Rules)]
    later = _later_defaults(game.Rules)
    data = {**{k: v for k, v in later.items() if k not in data}, **data}
    missing = [name for name in names if name not in data]
    unknown = sorted(_key_text(key) for key in data if key not in names)
    if missing or unknown:
        raise RecordError(
            f"{game.name} rules"
            + (f" lack {', '.join(missing)}" if missing else "")
            + (" and" if missing and unknown else "")
            + (f" have unknown fields {', '.join(unknown)}" if unknown else "")
        )
    try:
        return _converter.structure(dict(data), game.Rules)
    except InvalidRulesError as error:
        raise RecordError(f"bad {game.name} rules: {error}") from None
    except (cattrs.BaseValidationError, TypeError, ValueError) as error:
        raise RecordError(f"bad {game.name} rules: {_first_cause(error)}") from None


def _key_text(key: object) -> str:
    """A key of a record's object as a message names it: a str as it is."""
    return key if isinstance(key, str) else shown(key)


def _first_cause(error: BaseException) -> BaseException:
    """The innermost error of a cattrs validation group, for a one-line message."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _game_named(name: str) -> AnyGame:
    """The game a record names, by its registered name exactly: a record is written by
    ``record`` and read back as written, so the leniency of ``get_game`` (any case,
    ``_`` for ``-``) is not for it."""
    try:
        game = get_game(name)
    except UnknownGameError as error:
        raise RecordError(str(error)) from None
    if game.name != name:
        raise RecordError(
            f"no game named {shown(name)} (a record names its game exactly: did you mean"
            f" {game.name!r}?)"
        )
    return game


def _stream_to_dict(stream: SeededStream | ScriptedStream, format: int) -> dict[str, object]:
    if isinstance(stream, SeededStream):
        number = str if format >= 2 else int
        if stream.position:
            return {"seed": number(stream.seed), "position": number(stream.position)}
        return {"seed": number(stream.seed)}
    return {"scripted": list(stream.remaining)}


_DIGITS: Final = re.compile(r"0|[1-9][0-9]*")


def _number(value: object, format: int, name: str, example: str) -> int | None:
    """The int a format ``format`` record writes as ``value``: a JSON int in format 1,
    a string of decimal digits in format 2; None for anything else."""
    if format < 2:
        return value if _is_int(value) else None  # type: ignore[return-value]
    if type(value) is int:
        raise RecordError(
            f"stream {name} must be a string of digits in record format {format}, such as"
            f" {example}, not the number {shown(value)}"
        )
    if type(value) is not str or not _DIGITS.fullmatch(value):
        return None
    try:
        return int(value)
    except ValueError:  # more digits than Python reads from text
        return None


def _is_int(value: object) -> bool:
    return type(value) is int


def _stream_from_dict(data: object, format: int) -> SeededStream | ScriptedStream:
    if not isinstance(data, Mapping):
        raise RecordError(f"stream must be an object, not {type(data).__name__}")
    keys = set(data)
    if keys in ({"seed"}, {"seed", "position"}):
        seed = _number(data["seed"], format, "seed", '"7"')
        if seed is None or not 0 <= seed < SEED_LIMIT:
            raise RecordError(
                f"stream seed must be {_written_as(format)} from 0 to 2**64 - 1,"
                f" got {shown(data['seed'])}"
            )
        position = 0
        if "position" in data:
            found = _number(data["position"], format, "position", '"3"')
            if found is None or found < 0:
                raise RecordError(
                    f"stream position must be {_written_as(format)} >= 0,"
                    f" got {shown(data['position'])}"
                )
            position = found
        return SeededStream(seed, position)
    if keys == {"scripted"}:
        values = data["scripted"]
        if not isinstance(values, list) or not all(_is_int(v) and v >= 1 for v in values):
            raise RecordError("stream scripted must be a list of ints >= 1")
        return ScriptedStream(values)
    raise RecordError(
        'stream must be {"seed": n} or {"scripted": [values]},'
        f" got keys {sorted(map(_key_text, keys))}"
    )


def _written_as(format: int) -> str:
    """What a format ``format`` record writes a seed as."""
    return "an int" if format < 2 else "a string of digits"


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise RecordError(f"key {key!r} appears twice")
        result[key] = value
    return result


def _no_constant(name: str) -> object:
    raise RecordError(f"{name} is not a number a record can hold")


@attrs.frozen
class GameRecord:
    """A whole game, enough to replay and audit it. Read with ``from_json``, write with ``to_json``.

    ``rules`` holds the game's Rules fields as a dict, ``stream`` the stream the
    game began with, ``actions`` the actions in notation, ``rolls`` every die drawn.
    Records compare by value; holding a dict, they are not hashable.
    """

    game: str
    rules: dict[str, RuleValue]
    stream: SeededStream | ScriptedStream
    actions: tuple[str, ...]
    rolls: tuple[int, ...]
    format: int = FORMAT
    tags: Tags = Tags()
    """Who played, when, for what (``Tags``): never part of the replay."""

    def __attrs_post_init__(self) -> None:
        # A record is checked whole when it is made, however it is made.
        _check_format(self.format)
        if not isinstance(self.game, str):
            raise RecordError(f"game must be a string, got {shown(self.game)}")
        game = _game_named(self.game)
        rules_object = rules_from_dict(game, self.rules)
        rules = rules_to_dict(rules_object)
        object.__setattr__(self, "rules", rules)  # a copy of its own, in field order
        if type(self.stream) is not SeededStream and type(self.stream) is not ScriptedStream:
            raise RecordError(
                f"stream must be a SeededStream or a ScriptedStream, got {shown(self.stream)}"
            )
        if not isinstance(self.actions, tuple) or not all(isinstance(a, str) for a in self.actions):
            raise RecordError("actions must be a tuple of strings")
        _check_length(game, rules_object, len(self.actions))
        if not isinstance(self.rolls, tuple) or not all(_is_int(r) and r >= 1 for r in self.rolls):
            raise RecordError("rolls must be a tuple of ints >= 1")
        if not isinstance(self.tags, Tags):
            raise RecordError(f"tags must be Tags, got {shown(self.tags)}")
        seats = self.tags.players
        if seats is not None:
            count = game.seats(rules_object)
            if len(seats) != count:
                raise RecordError(f"the tag players names {len(seats)} seats; the game has {count}")
        if self.format >= 2:
            self._check_json_safe()

    def _check_json_safe(self) -> None:
        """Every int a format 2 record writes as a number is a safe integer, and every
        tag is Unicode text (UTF-8 has no lone surrogate)."""
        numbers: list[tuple[str, object]] = [
            *((f"rule {name}", value) for name, value in self.rules.items()),
            *(("die", value) for value in self.rolls),
        ]
        if isinstance(self.stream, ScriptedStream):
            numbers.extend(("scripted value", value) for value in self.stream.values)
        for what, value in numbers:
            if isinstance(value, int) and not -SAFE_INTEGER <= value <= SAFE_INTEGER:
                raise RecordError(
                    f"the {what} {shown(value)} is past 2**53 - 1, which a JSON reader may"
                    f" read as another number: record format {self.format} holds none"
                )
        for name, value in self.tags.to_dict().items():
            for text in value if isinstance(value, list) else [value]:
                try:
                    str(text).encode()
                except UnicodeEncodeError:
                    raise RecordError(
                        f"the tag {name} is not Unicode text: {shown(text)}"
                    ) from None

    def to_dict(self) -> dict[str, object]:
        """The record as the JSON object it is written as."""
        return {
            "format": self.format,
            "game": self.game,
            "rules": dict(self.rules),
            "stream": _stream_to_dict(self.stream, self.format),
            "actions": list(self.actions),
            "rolls": list(self.rolls),
            **({"tags": tags} if (tags := self.tags.to_dict()) else {}),
        }

    def to_json(self) -> str:
        """The record as one line of JSON, keys in a fixed order: compact UTF-8 JSON in
        format 2, spaced ASCII in format 1 (as that format was always written)."""
        if self.format < 2:
            return json.dumps(self.to_dict())
        return orjson.dumps(self.to_dict()).decode()

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """A record from its JSON object; RecordError for anything but an exact record."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        missing = [key for key in _KEYS if key not in data]
        unknown = sorted(
            _key_text(key) for key in data if key not in _KEYS and key not in _OPTIONAL_KEYS
        )
        if missing:
            raise RecordError(f"the record lacks {', '.join(missing)}")
        if unknown:
            raise RecordError(f"the record has unknown keys {', '.join(unknown)}")
        _check_format(data["format"])
        actions, rolls = data["actions"], data["rolls"]
        if not isinstance(actions, list):
            raise RecordError("actions must be a list of strings")
        if not isinstance(rolls, list):
            raise RecordError("rolls must be a list of ints >= 1")
        return cls(
            game=data["game"],
            rules=data["rules"],
            stream=_stream_from_dict(data["stream"], data["format"]),
            actions=tuple(actions),
            rolls=tuple(rolls),
            format=data["format"],
            tags=Tags.from_dict(data["tags"]) if "tags" in data else Tags(),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """A record from JSON text; RecordError for bad JSON or anything but an exact record."""
        try:
            data = json.loads(
                text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant
            )
        except RecordError:
            raise
        except (ValueError, TypeError) as error:
            raise RecordError(f"the record is not JSON: {error}") from None
        except RecursionError:
            raise RecordError("the record is nested too deeply to be a record") from None
        return cls.from_dict(data)


def _check_format(format: object) -> None:
    if not _is_int(format):
        raise RecordError(f"format must be an int, got {shown(format)}")
    if format not in FORMATS:
        raise RecordError(
            f"record format {shown(format)} is not supported (this reads"
            f" {' and '.join(map(str, FORMATS))})"
        )


def record(state: object, tags: Tags | None = None) -> GameRecord:
    """The record of the game that led to ``state``, with ``tags`` (None: none)."""
    game = game_of(state)
    tape = state.tape  # type: ignore[attr-defined]
    _check_length(game, state.rules, len(tape.actions))  # type: ignore[attr-defined]
    return GameRecord(
        game=game.name,
        rules=rules_to_dict(state.rules),  # type: ignore[attr-defined]
        stream=_recordable(tape.origin),
        actions=tuple(game.format_action(action) for action in tape.actions),
        rolls=tape.dice(),
        tags=Tags() if tags is None else tags,
    )


def _recordable(stream: DiceStream) -> SeededStream | ScriptedStream:
    if type(stream) is SeededStream or type(stream) is ScriptedStream:
        return stream
    raise RecordError(
        f"a game that began with a {type(stream).__name__} cannot be recorded:"
        " only SeededStream and ScriptedStream can be written down"
    )


def replay(rec: GameRecord) -> Any:
    """The state the record leads to, every action checked and every die compared.

    RecordError if the record cannot be read; ReplayError, naming the first bad
    step, if an action is not legal where it stands or the dice drawn differ.
    """
    if not isinstance(rec, GameRecord):
        raise WrongTypeError(f"replay takes a GameRecord, not {type(rec).__name__}")
    game = _game_named(rec.game)
    rules = rules_from_dict(game, rec.rules)
    _check_length(game, rules, len(rec.actions))
    checked = _DiceCheck(rec.rolls)
    try:
        state = game.new_game(rules, stream=rec.stream)
    except (DiceRulesError, ValueError) as error:
        raise ReplayError(f"the game could not be set up: {error}") from None
    checked.after(state.tape.rolls, None)
    for step, text in enumerate(rec.actions):
        try:
            state = game.apply(state, game.parse_action(state, text))
        except StreamExhaustedError as error:
            raise ReplayError(
                f"step {step} ({text!r}): the stream ran out: {error}", step
            ) from None
        except (DiceRulesError, ValueError) as error:
            raise ReplayError(f"step {step} ({text!r}): {error}", step) from None
        checked.after(state.tape.rolls, step)
    checked.finish()
    return state


def _dice_text(dice: tuple[int, ...]) -> str:
    """``str(list(dice))``, each die written by ``shown`` (a record's dice may be any int)."""
    return "[" + ", ".join(map(shown, dice)) + "]"


class _DiceCheck:
    """Compares the dice a replay draws with the record's, step by step."""

    def __init__(self, rolls: tuple[int, ...]) -> None:
        self.rolls = rolls
        self.seen_rolls = 0  # roll calls already compared
        self.seen_dice = 0  # dice already compared

    def after(self, log: Log[tuple[int, ...]], step: int | None) -> None:
        new = [die for roll in log.newest(len(log) - self.seen_rolls) for die in roll]
        self.seen_rolls = len(log)
        expected = self.rolls[self.seen_dice : self.seen_dice + len(new)]
        if tuple(new) != expected:
            where = "at set-up" if step is None else f"after step {step}"
            if len(expected) < len(new):
                raise ReplayError(
                    f"{where} the replay drew {len(new)} dice, {_dice_text(tuple(new))}, where"
                    f" the record has {len(expected)} left, {_dice_text(expected)}",
                    step,
                )
            first = next(i for i, (a, b) in enumerate(zip(new, expected, strict=True)) if a != b)
            raise ReplayError(
                f"{where} the replay drew die {self.seen_dice + first} (of the record's rolls,"
                f" from 0) as {new[first]} where the record has {shown(expected[first])}",
                step,
            )
        self.seen_dice += len(new)

    def finish(self) -> None:
        if self.seen_dice != len(self.rolls):
            raise ReplayError(
                f"the record has {len(self.rolls) - self.seen_dice} more dice than the replay"
                f" drew ({self.seen_dice} of {len(self.rolls)})"
            )
