"""Every game's views, moves and events as JSON, for apps in any language.

A game server, a bot in another language or a browser UI speaks to a game in
messages, not Python objects. This module makes them, for every registered game
(plugins included), from the parts of the Game contract alone:

* ``view(game, state, seat)``: what ``seat`` (None: a spectator) may know, as a
  dict of JSON values: ``format``, ``game``, ``rules`` (every Rules field, as
  ``rules`` makes them),
  ``seat``, ``step`` (the actions so far), ``to_act``, ``over``, ``winners`` (``[]``
  until the end), ``scores`` (``null`` until the end), ``view`` (the fields of the
  game's View, but its ``rules`` and ``player``, which the message holds already) and
  ``legal`` (the legal moves in notation when ``seat`` is to act, else ``[]``).
  It is made from ``game.view(state, seat)`` and public facts alone, so it never
  holds the stream, its seed, the tape, nor anything the View hides.
* ``move(game, state, seat, text)``: a client's move, checked and applied.
* ``error(exc)``: the message of a refusal: ``{"error": code, "message": text}``,
  the codes stable (``CODES``, and ``ERROR_CODES``: every code it can send).
* ``events(game, before, after, seat)``: what ``seat`` saw happen between two states
  of one game, in order: each action and who made it, each change of the seat's view
  that it brought (a roll, a reveal), each new round, and the end. They are made from
  the seat's views of the states in between, so they show nothing the views do not.
* ``rules(game, rules)``: a Rules value as the one object every message holds it as.
* A table's messages, for an app that draws a game for people: ``layout(game, rules)``
  (how to draw every view: each field's label, place and kind, from what the game
  declares in ``dicerules.layout``, its types otherwise; the forms; the rules in words
  and as text), ``story(game, state, seat, since=None)`` (the game as the seat was
  told it, step by step, by the game's narrator from the seat's views: the words of
  ``dicerules replay --seat``), ``moves(game, state, seat)`` (each legal move in the
  narrator's words) and ``hint(game, state, seat)`` (the odds, for the seat to act).
* ``schema(game)``: a JSON Schema (draft 2020-12) of those messages, made from the
  View class's fields and types (``dicerules schema GAME`` prints it), every
  definition titled with a name that is a type name in TypeScript, Go and Rust
  (``LiarsDiceView``, ``Refusal``), for generating a client's types.

A View's values become JSON by their types: an action is its notation; an attrs class
or a ``typing.NamedTuple`` an object of its fields (so a pair the game names, such as
liar's dice's ``Placed(seat, bid)``, is ``{"seat": 1, "bid": "3x4"}``); a tuple of one
type (``tuple[int, ...]``, ``tuple[int, int]``) an array. No message holds a tuple by
position: a tuple of mixed types that the game does not name (``tuple[int, Bid]``) is
an object of fields ``_0``, ``_1``, ... (``unnamed`` lists them; ``check_game`` asks
the game to name them).

Messages are stable like records: the same state gives the same message, byte for
byte, on every machine and Python (keys in a fixed order, ints, no floats), and a
change to them is a new ``FORMAT``. ``dumps`` writes them as compact JSON text, to be
sent as UTF-8 (JSON's own encoding: a player's name is written as it is, not escaped),
with orjson, and refuses an int past 2**53 - 1 (or below its negative), which
JavaScript would read as another number: no message of a built-in game holds one (each
Rules int field is bounded, and the games count dice, points and steps under them),
and a seed is never in a message.
"""

from __future__ import annotations

import copy
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import (
    Annotated,
    Any,
    Final,
    Literal,
    NamedTuple,
    TypeAlias,
    Union,
    cast,
    get_args,
    get_origin,
)

import attrs
import orjson

from dicerules import layout as layout_
from dicerules import narration
from dicerules.errors import (
    DiceRulesError,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidSeatError,
    NotYourTurnError,
    RecordError,
    StreamExhaustedError,
    UnknownGameError,
    WrongTypeError,
    shown,
)
from dicerules.game import AnyGame, Game, check_seat, get_game
from dicerules.records import SAFE_INTEGER
from dicerules.rulefields import field_spec
from dicerules.tape import Tape

__all__ = [
    "CODES",
    "ERROR_CODES",
    "FORMAT",
    "MAX_MOVE",
    "SAFE_INTEGER",
    "JSONValue",
    "Message",
    "dumps",
    "error",
    "events",
    "events_along",
    "hint",
    "layout",
    "move",
    "moves",
    "rules",
    "schema",
    "story",
    "story_along",
    "type_name",
    "unnamed",
    "view",
]

FORMAT: Final = 2
"""The version of every message's shape; a change to any message gets a new number."""

MAX_MOVE: Final = 200
"""The most characters a move's text may hold (no game's notation needs more)."""

JSONValue: TypeAlias = Union[bool, int, str, list["JSONValue"], dict[str, "JSONValue"], None]  # noqa: UP007
"""A value ``dumps`` writes as it is."""

Message = dict[str, JSONValue]
"""One message: a JSON object."""

CODES: Final[tuple[tuple[type[BaseException], str], ...]] = (
    (NotYourTurnError, "not_your_turn"),
    (IllegalActionError, "illegal_move"),
    (InvalidActionError, "bad_notation"),
    (InvalidSeatError, "unknown_seat"),
    (WrongTypeError, "wrong_type"),
    (InvalidRulesError, "bad_rules"),
    (UnknownGameError, "unknown_game"),
    (RecordError, "bad_record"),
    (StreamExhaustedError, "stream_exhausted"),
    (InvalidArgumentError, "bad_argument"),
    (DiceRulesError, "error"),
)
"""Each error class and its code in ``error``'s messages, the most specific first
(the first class an error is an instance of gives its code). Anything else is
``"internal"``. The codes never change."""

_INTERNAL: Final = "internal"

ERROR_CODES: Final[tuple[str, ...]] = (*(code for _, code in CODES), _INTERNAL)
"""Every code ``error`` gives, in order: the one list the schema's ``RefusalCode``
is made of."""

_MESSAGE_LIMIT: Final = 500


# ------------------------------------------------------------------ the calls


def view(game: AnyGame | str, state: object, seat: int | None) -> Message:
    """What ``seat`` (None: a spectator) may know of ``state``, as a JSON message."""
    codec = _codec(game)
    game = codec.game
    if type(state) is not codec.state_class:
        codec.check_state(state)
    rules, seats = codec.known(state.rules)  # type: ignore[attr-defined]
    check_seat(seat, seats)
    seen = codec.seen(state, seat, keep=False)
    to_act = game.current_player(state)
    over = game.is_terminal(state)
    return {
        "format": FORMAT,
        "game": game.name,
        "rules": rules.copy(),
        "seat": seat,
        "step": _steps(game, state),
        "to_act": to_act,
        "over": over,
        "winners": list(game.winners(state)) if over else [],
        "scores": list(game.scores(state)) if over else None,
        "view": codec.encode_view(seen),
        "legal": [*codec.legal(game.legal_actions(state))]
        if seat is not None and seat == to_act
        else [],
    }


def rules(game: AnyGame | str, rules: object) -> Message:
    """``rules`` (a Rules value of ``game``) as every message holds it: each field, in
    field order (the ``rules`` of a view message; the schema's ``Rules``)."""
    codec = _codec(game)
    if type(rules) is not codec.game.Rules:
        raise WrongTypeError(
            f"{codec.game.name} rules are a {codec.game.Rules.__name__},"
            f" not {shown(type(rules).__name__)}"
        )
    return codec.rules(rules)


def move(game: AnyGame | str, state: object, seat: int | None, text: object) -> Any:
    """The state after ``seat`` plays ``text`` (notation) in ``state``.

    NotYourTurnError (an IllegalActionError) when ``seat`` is not to act;
    InvalidActionError for text that is not notation (or longer than MAX_MOVE);
    IllegalActionError for a move that is not legal; ``state`` is never changed.
    ``error(exc)`` turns any of them into the message a client is sent.
    """
    codec = _codec(game)
    game = codec.game
    codec.check_state(state)
    check_seat(seat, game.seats(state.rules))  # type: ignore[attr-defined]
    if not isinstance(text, str):
        raise WrongTypeError(f"a move is notation, a str, not {type(text).__name__}")
    if len(text) > MAX_MOVE:
        raise InvalidActionError(
            f"a move is at most {MAX_MOVE} characters of notation; this one has {len(text):,}"
        )
    _check_turn(game, state, seat, "move")
    return game.apply(state, game.parse_action(state, text))


def _check_turn(game: AnyGame, state: Any, seat: int | None, what: str) -> None:
    """NotYourTurnError unless ``seat`` is to act (``what``: what it cannot do then)."""
    to_act = game.current_player(state)
    if seat is None or seat != to_act:
        who = "a spectator" if seat is None else f"seat {seat}"
        if to_act is None:
            raise NotYourTurnError(f"the game is over: {who} cannot {what}")
        raise NotYourTurnError(f"it is seat {to_act}'s turn: {who} cannot {what}")


def error(exc: BaseException) -> dict[str, str]:
    """``{"error": code, "message": text}`` for a refusal: the code from CODES, the message
    its first line. An exception that is no DiceRulesError is ``"internal"``, its text
    withheld (it may name anything of a state)."""
    if not isinstance(exc, BaseException):
        raise WrongTypeError(f"error takes an exception, not {type(exc).__name__}")
    for cls, code in CODES:
        if isinstance(exc, cls):
            lines = str(exc).splitlines() or [type(exc).__name__]
            text = lines[0]
            if len(text) > _MESSAGE_LIMIT:
                text = text[: _MESSAGE_LIMIT - 3] + "..."
            return {"error": code, "message": text}
    return {"error": _INTERNAL, "message": "the server could not do that"}


def events(game: AnyGame | str, before: object, after: object, seat: int | None) -> list[Message]:
    """What ``seat`` (None: a spectator) saw happen from ``before`` to ``after``, in order.

    ``after`` must follow from ``before`` in one game (InvalidArgumentError if not).
    Each step gives an ``action`` event (``step``, the ``seat`` that acted, the
    ``action`` in notation), then a ``seen`` event if the seat's view changed
    (``changed``: each field of the view message's ``view`` that did, as it is now:
    the dice rolled, the cups revealed), a ``round`` event (``round``) if a new round
    began (in a game that declares ``round_of``), and ``end`` (``winners``,
    ``scores``) once the game is over.
    """
    codec = _codec(game)
    codec.check_state(before)
    codec.check_state(after)
    check_seat(seat, codec.game.seats(before.rules))  # type: ignore[attr-defined]
    states, actions = codec.path(before, after, "events")
    return _events_between(codec, states, actions, seat)


def events_along(
    game: AnyGame | str, states: Sequence[Any], actions: Sequence[Any], seat: int | None
) -> list[Message]:
    """The events of ``seat`` along ``states``, each reached from the one before by the
    action of ``actions`` at its place: what ``events`` gives for the states of one game.

    Nothing checks that the states follow from one another: checks of leaks give it
    states whose hidden dice are drawn afresh (``resample_hidden``), for which the
    events must be the same.
    """
    codec = _along("events_along", game, states, actions, seat)
    return _events_between(codec, list(states), tuple(actions), seat)


def _along(
    call: str, game: AnyGame | str, states: Sequence[Any], actions: Sequence[Any], seat: int | None
) -> _Codec:
    """The codec of ``game``, once ``call``'s states, actions and seat are checked."""
    codec = _codec(game)
    for state in states:
        codec.check_state(state)
    if len(states) != len(actions) + 1:
        raise InvalidArgumentError(
            f"{call} takes one state more than actions: {len(states)} states,"
            f" {len(actions)} actions"
        )
    check_seat(seat, codec.game.seats(states[0].rules))
    return codec


def layout(game: AnyGame | str, rules: object) -> Message:
    """How a table draws ``game`` under ``rules`` (a Rules value): the description an
    app draws every view message of the game by, made from what the game declares
    (``dicerules.layout``) and its narrator, the same for every seat.

    ``fields``: each field of the view message's ``view`` (``field``), its ``label``
    in words, its ``place`` (``dicerules.layout.PLACES``), ``hide`` (the values drawn
    as nothing, in the field or in each of its items) and ``kind``: how its values are
    drawn (``draw``: ``number``, ``flag`` (drawn as its label), ``text``, ``seat``,
    ``die``, ``dice``, ``action`` (its notation), ``list`` or ``per_seat`` (of
    ``item``'s kind; a per-seat list holds one value a seat, in seat order), ``card``
    (an object of ``fields``) or ``any``). ``forms``: each action class asked as a
    form (``form``, the class's name, as ``moves`` names it) and its ``fields``, the
    controls. ``score_name``: what the scores are called; ``hints``: whether ``hint``
    can ever tell odds; ``rules``: each rule field in words (``words``, ``value``);
    ``rules_text``: the game's rules as ``dicerules rules`` prints them
    (``dicerules.narration.rules_blocks``: paragraphs of items, a bullet beginning
    ``* ``).
    """
    codec = _codec(game)
    game = codec.game
    if type(rules) is not game.Rules:
        raise WrongTypeError(
            f"{game.name} rules are a {game.Rules.__name__}, not {shown(type(rules).__name__)}"
        )
    text = narration.rules_text(game)
    blocks = narration.rules_blocks(text.strip()) if text and text.strip() else []
    fields, forms = codec.table()
    teller = game.narrator or narration.Narrator
    made: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "score_name": teller.score_name,
        "hints": teller.hint is not narration.Narrator.hint,
        "rules": _rules_in_words(rules),
        "rules_text": blocks,
        "fields": copy.deepcopy(fields),
        "forms": copy.deepcopy(forms),
    }
    return made


def story(
    game: AnyGame | str, state: object, seat: int | None, since: object = None
) -> list[Message]:
    """The game so far as ``seat`` (None: a spectator) was told it, step by step: the
    words ``dicerules play`` and ``dicerules replay --seat`` print, by the game's
    narrator from the seat's views alone.

    Each entry is ``{"step", "lines"}``: step 0 what was known at the start (a
    roll-off, the first round), step n what the n-th action did and made known, the
    last step ending with who won and the final scores; a step that told the seat
    nothing has no entry. ``since`` (a state of the same game that ``state`` is
    reached from by play): only the entries of the steps after it, as an update
    sends them; None: every entry, from the start (the game replayed from its
    stream's start). InvalidArgumentError when ``state`` is not reached from ``since``.
    """
    codec = _codec(game)
    game = codec.game
    codec.check_state(state)
    check_seat(seat, game.seats(state.rules))  # type: ignore[attr-defined]
    start = since is None
    if since is None:
        since = game.new_game(state.rules, stream=state.tape.origin)  # type: ignore[attr-defined]
    else:
        codec.check_state(since)
    states, actions = codec.path(since, state, "story")
    return _story_between(codec, states, actions, seat, start)


def story_along(
    game: AnyGame | str, states: Sequence[Any], actions: Sequence[Any], seat: int | None
) -> list[Message]:
    """The story of ``seat`` along ``states``, each reached from the one before by the
    action of ``actions`` at its place: what ``story`` gives for the states of one game
    (step 0's entry when the first state is a game's start).

    Nothing checks that the states follow from one another, so that checks of leaks
    can give it states whose hidden dice are drawn afresh (``resample_hidden``).
    """
    codec = _along("story_along", game, states, actions, seat)
    return _story_between(codec, list(states), tuple(actions), seat, True)


def moves(game: AnyGame | str, state: object, seat: int | None) -> Message:
    """What ``seat`` can do now, in words: for the seat to act, ``prompt`` (the
    narrator's ``choices``: what it can do, in a line), ``moves`` (each legal action:
    ``move``, its notation, as ``move`` takes it; ``label``, the narrator's words for a
    button; ``form``, the name of its class when that class is asked as a form (see
    ``layout``), else None; ``choice``, the values of the form's fields) and
    ``suggested`` (the notation of the move a form offers first, or None: the first of
    the form). For any other seat and a spectator, no moves and None for the rest."""
    codec = _codec(game)
    game = codec.game
    codec.check_state(state)
    check_seat(seat, game.seats(state.rules))  # type: ignore[attr-defined]
    if seat is None or seat != game.current_player(state):
        return {"prompt": None, "suggested": None, "moves": []}
    seen = codec.seen(state, seat)
    legal = game.legal_actions(state)
    teller = narration.narrator(game, seat)
    label, entry, alone = teller.label, codec.entry, teller.labels_by_action
    made: list[JSONValue] = []
    for action in legal:
        text, form, choice = entry(action)
        words = codec.label(teller, seen, action) if type(action) in alone else label(seen, action)
        made.append({"move": text, "label": words, "form": form, "choice": dict(choice)})
    suggested = teller.suggested(seen, legal)
    return {
        "prompt": teller.choices(seen, legal),
        "suggested": codec.notation(suggested) if suggested in legal else None,
        "moves": made,
    }


def hint(game: AnyGame | str, state: object, seat: int | None) -> Message:
    """The odds of the choice ``seat`` faces now, as ``hint`` in ``dicerules play`` tells
    them (``lines``: the narrator's ``odds``), from the seat's view alone.
    NotYourTurnError (code ``not_your_turn``) for a spectator or a seat not to act."""
    codec = _codec(game)
    game = codec.game
    codec.check_state(state)
    check_seat(seat, game.seats(state.rules))  # type: ignore[attr-defined]
    _check_turn(game, state, seat, "ask for odds")
    teller = narration.narrator(game, seat)
    lines: list[JSONValue] = [*teller.odds(game.view(state, seat), game.legal_actions(state))]
    return {"lines": lines}


def schema(game: AnyGame | str) -> Message:
    """A JSON Schema (draft 2020-12) of ``game``'s messages: a view message, a list of
    events, an error, and a table's messages (``layout``, ``story``, ``moves``,
    ``hint``), made from its View class's fields and types."""
    return _codec(game).schema()


def unnamed(game: AnyGame | str) -> tuple[str, ...]:
    """Where ``game``'s messages hold a tuple of mixed types whose fields have no names
    (``View.bids[]`` for ``bids: tuple[tuple[int, Bid], ...]``), written as an object of
    fields ``_0``, ``_1``, ...: each is better a ``typing.NamedTuple``. ``()`` for every
    built-in game."""
    return tuple(_codec(game).unnamed)


def type_name(name: str) -> str:
    """A game's name as the start of its types' names: ``liars-dice`` -> ``LiarsDice``
    (each word capitalized; ``Game`` before a leading digit)."""
    words = [word for word in re.split(r"[^A-Za-z0-9]+", name) if word]
    joined = "".join(word[0].upper() + word[1:] for word in words)
    return joined if joined[:1].isalpha() else "Game" + joined


def dumps(message: object) -> str:
    """A message as compact JSON text (UTF-8 once encoded), keys in the message's own
    order. InvalidArgumentError for an int past ``SAFE_INTEGER`` (or below its
    negative) or a str that is not Unicode text (a lone surrogate); WrongTypeError for
    a value that is not JSON."""
    try:
        return orjson.dumps(message, option=orjson.OPT_STRICT_INTEGER).decode()
    except orjson.JSONEncodeError as failed:
        try:
            found = _unwritable(message, "the message")
        except RecursionError:
            found = None
        raise found or WrongTypeError(f"the message cannot be written as JSON: {failed}") from None


def _unwritable(value: object, where: str) -> DiceRulesError | None:
    """The error that names the first value in ``value`` that JSON text cannot hold."""
    if isinstance(value, dict):
        for key, item in value.items():
            if type(key) is not str:
                return WrongTypeError(f"a message's keys are strs: {where} has {shown(key)}")
            found = _unwritable(item, f"{where}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(value, list | tuple):
        return next(
            (e for i, item in enumerate(value) if (e := _unwritable(item, f"{where}[{i}]"))),
            None,
        )
    if isinstance(value, str):
        try:
            value.encode()
        except UnicodeEncodeError:
            return InvalidArgumentError(f"{where} is not Unicode text: {shown(value)}")
        return None
    if value is None or isinstance(value, bool | float):
        return None
    if isinstance(value, int):
        if -SAFE_INTEGER <= value <= SAFE_INTEGER:
            return None
        return InvalidArgumentError(
            f"{where} is {value}: a message holds ints from -(2**53 - 1) to 2**53 - 1,"
            " which every JSON reader reads exactly"
        )
    return WrongTypeError(
        f"a message cannot hold a {type(value).__name__}: {where} is {shown(value)}"
    )


# ------------------------------------------------------------------ events


_Path = tuple[list[Any], tuple[Any, ...]]
"""The states from one state to a later one, the first included, and the actions between."""


def _path(game: AnyGame, before: Any, after: Any, call: str) -> _Path:
    """The states from ``before`` to ``after`` and the actions between them;
    InvalidArgumentError (naming ``call``) unless ``after`` is reached from ``before``."""
    count = _steps(game, after) - _steps(game, before)
    actions = _last_actions(game, after, count) if count > 0 else ()
    states = [before]
    state = before
    try:
        for action in actions:
            state = game.apply(state, action)
            states.append(state)
    except DiceRulesError:
        state = None
    if count < 0 or state != after:
        raise InvalidArgumentError(
            f"{call} takes two states of one game, the second reached from the first by play"
        )
    states[-1] = after  # the same value: the views kept of it serve
    return states, actions


def _steps(game: AnyGame, state: Any) -> int:
    """The number of actions taken to reach ``state``: its tape's, else its history's."""
    tape = getattr(state, "tape", None)
    if isinstance(tape, Tape):
        return len(tape.actions)
    return len(game.history(state))


def _last_actions(game: AnyGame, state: Any, count: int) -> tuple[Any, ...]:
    """The last ``count`` actions taken to reach ``state``."""
    tape = getattr(state, "tape", None)
    if isinstance(tape, Tape):
        return tape.actions.newest(count)
    return tuple(game.history(state)[-count:])


def _events_between(
    codec: _Codec, states: list[Any], actions: tuple[Any, ...], seat: int | None
) -> list[Message]:
    """The events of ``seat`` along ``states`` (each after the one before by ``actions``),
    from the seat's views of them and the public facts of each step alone."""
    game = codec.game
    round_of = game.round_of
    result: list[Message] = []
    was = codec.seen(states[0], seat)
    seen = codec.encode_view(was)
    step = _steps(game, states[0])
    for index, action in enumerate(actions):
        step += 1
        state = states[index + 1]
        result.append(
            {
                "event": "action",
                "step": step,
                "seat": game.current_player(states[index]),
                "action": codec.notation(action),
            }
        )
        view_now = codec.seen(state, seat)
        now = codec.encode_view(view_now)
        changed: Message = {name: value for name, value in now.items() if seen[name] != value}
        if changed:
            result.append({"event": "seen", "step": step, "changed": changed})
        over = game.is_terminal(state)
        if round_of is not None and not over:
            number = round_of(view_now)
            if number != round_of(was):
                result.append({"event": "round", "step": step, "round": number})
        seen, was = now, view_now
        if over:
            result.append(
                {
                    "event": "end",
                    "step": step,
                    "winners": list(game.winners(state)),
                    "scores": list(game.scores(state)),
                }
            )
    return result


# ------------------------------------------------------------------ tables


def _story_between(
    codec: _Codec, states: list[Any], actions: tuple[Any, ...], seat: int | None, start: bool
) -> list[Message]:
    """The story of ``seat`` along ``states`` (each after the one before by ``actions``),
    told by the game's narrator from the seat's views and each step's public facts;
    with ``start``, step 0's entry too when the first state is a game's start."""
    game = codec.game
    teller = narration.narrator(game, seat)
    entries: list[Message] = []

    def tell(step: int, lines: list[str], state: Any) -> None:
        if game.is_terminal(state):
            lines = [*lines, *teller.ending(game.winners(state), game.scores(state))]
        if lines:
            entries.append({"step": step, "lines": list(lines)})

    seen = codec.seen(states[0], seat)
    step = _steps(game, states[0])
    if start and step == 0:
        tell(0, teller.news(None, seen), states[0])
    for index, action in enumerate(actions):
        step += 1
        state = states[index + 1]
        now = codec.seen(state, seat)
        actor = cast(int, game.current_player(states[index]))  # an action had a seat to act
        tell(step, teller.step(seen, actor, action, now), state)
        seen = now
    return entries


def _rules_in_words(rules: object) -> list[JSONValue]:
    """Each field of ``rules`` in words: what it means (its doc, else its name) and its
    value (``yes``, ``no``, ``none``, a number, a word)."""
    found: list[JSONValue] = []
    kind: Any = type(rules)
    for field in attrs.fields(kind):
        spec = field_spec(field)
        value = getattr(rules, field.name)
        if isinstance(value, bool):
            text = "yes" if value else "no"
        else:
            text = "none" if value is None else str(value)
        words = spec.doc if spec is not None and spec.doc else _words(field.name)
        found.append({"field": field.name, "words": words, "value": text})
    return found


def _words(name: str) -> str:
    """A field's name in words: ``turn_total`` is ``turn total``."""
    return " ".join(name.replace("_", " ").split()) or name


Drawing = dict[str, Any]
"""A part of ``layout``'s message being made (a field, a kind, a form)."""


def _drawn(draw: str, item: Drawing | None = None, fields: Sequence[Drawing] = ()) -> Drawing:
    """A ``kind`` of ``layout``: how values are drawn."""
    return {"draw": draw, "item": item, "fields": list(fields)}


_FLAG: Final = "flag"


# ------------------------------------------------------------------ a game's codec

_SKIPPED_FIELDS: Final = frozenset({"rules", "player"})
"""The View fields the message holds at its top, as ``rules`` and ``seat``."""

_CODECS: dict[int, _Codec] = {}

_CACHED: Final = 1 << 14
"""The most action objects, and tuples of them, a codec keeps the notation of."""

_RECENT: Final = 16
"""The most states a codec keeps a seat's view of, and pairs of states the path
between: those of the last move or two (a server's update asks each several times)."""


def _codec(game: object) -> _Codec:
    """The codec of ``game`` (a Game or a registered name), made on first use."""
    codec = _CODECS.get(id(game))
    if codec is not None and codec.game is game:
        return codec
    if isinstance(game, str):
        game = get_game(game)
    if not isinstance(game, Game):
        raise WrongTypeError(f"wire takes a dicerules.Game or its name, not {type(game).__name__}")
    codec = _CODECS.get(id(game))
    if codec is None or codec.game is not game:
        codec = _CODECS[id(game)] = _Codec(game)
    return codec


Writer = Callable[[str], str] | None
"""Writes the Python expression that turns the value of an expression into JSON values;
None: the value is one already."""


_Entry = tuple[str, str | None, tuple[tuple[str, Any], ...]]
"""A move's notation, its form's name (or None) and the form's values, by field."""


class _Type(NamedTuple):
    write: Writer
    schema: dict[str, Any]


class _Codec:
    """What ``game``'s messages need, worked out once from its classes' types."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.state_class: type = game.State
        self.prefix = type_name(game.name)
        self.defs: dict[str, dict[str, Any]] = {}
        self.named: dict[type, tuple[str, Writer]] = {}
        self.titles: set[str] = set()
        self.unnamed: list[str] = []
        self.actions = _action_classes(game)
        self.view_class = _view_class(game)
        self._texts: dict[int, str] = {}
        self._kept: list[object] = []
        self._lists: dict[int, tuple[tuple[Any, ...], list[str]]] = {}
        self._rules: dict[int, tuple[object, Message, int]] = {}
        self._seen: dict[tuple[int, int | None], tuple[object, object]] = {}
        self._entries: dict[int, tuple[object, _Entry]] = {}
        self._labels: dict[tuple[type, int], tuple[object, str]] = {}
        self._paths: dict[tuple[int, int], tuple[object, object, _Path]] = {}
        # The encoders are Python source, made from the types and compiled once (as
        # attrs makes its methods): a field costs an expression, not a call, and so does
        # an object of a View's class, and an action's notation written before.
        self.source: list[str] = []
        self._namespace: dict[str, Any] = {
            "_n": self.notation,
            "_texts": self._texts,
            "_unknown": _unknown,
        }
        self._count = 0
        self._table: tuple[list[Drawing], list[Drawing]] | None = None
        self._forms: dict[type, dict[str, str]] | None = None
        self.message_titles = {name: self.title(name) for name in _MESSAGE_TITLES}
        rules_type = self._object(game.Rules, "rules", ())
        view_type = self._object(self.view_class, "view", _SKIPPED_FIELDS)
        self.rules_schema, self.view_schema = rules_type.schema, view_type.schema
        code = compile("\n".join(self.source), f"<dicerules.wire of {game.name}>", "exec")
        exec(code, self._namespace)
        self._encode_rules: Callable[[Any], Message] = self._namespace["_rules"]
        self.encode_view: Callable[[Any], Message] = self._namespace["_view"]

    def _fresh(self, prefix: str) -> str:
        self._count += 1
        return f"_{prefix}{self._count}"

    def title(self, name: str) -> str:
        """A title of its own for the definition ``name``: the game's prefix, then
        ``name`` (a number after it if another definition has that title)."""
        title = self.prefix + name
        number = 1
        while title in self.titles:
            number += 1
            title = f"{self.prefix}{name}{number}"
        self.titles.add(title)
        return title

    # Engines share their action objects and their tuples of legal actions among
    # states (tables made once), so each is written once, found again by its id: the
    # object is kept (in ``_kept``, added before its text and let go after it), so
    # its id cannot be taken by another while the text is known. Never by hashing an
    # action, which costs more than writing it.

    def notation(self, action: object) -> str:
        """``format_action(action)``, written once per action object (the encoders look
        ``_texts`` up first, and call this only for an action not written before)."""
        known = self._texts.get(id(action))
        if known is not None:
            return known
        text = self.game.format_action(action)
        if len(self._texts) >= _CACHED:
            self._texts.clear()
            self._kept.clear()
        self._kept.append(action)
        self._texts[id(action)] = text
        return text

    def entry(self, action: object) -> _Entry:
        """What ``moves`` says of ``action`` but its label: its notation, the name of its
        form (None if its class is not asked as one) and the form's values; made once
        per action object."""
        known = self._entries.get(id(action))
        if known is not None and known[0] is action:
            return known[1]
        fields = self.form_fields().get(type(action))
        found: _Entry = (
            self.notation(action),
            None if fields is None else type(action).__name__,
            () if fields is None else tuple((name, getattr(action, name)) for name in fields),
        )
        if len(self._entries) >= _CACHED:
            self._entries.clear()
        self._entries[id(action)] = (action, found)
        return found

    def label(self, teller: narration.Narrator[Any], seen: object, action: object) -> str:
        """``teller.label(seen, action)`` of an action of a class in the narrator's
        ``labels_by_action`` (its words the same in every view): made once per narrator
        class and action object."""
        key = (type(teller), id(action))
        known = self._labels.get(key)
        if known is not None and known[0] is action:
            return known[1]
        words = teller.label(seen, action)
        if len(self._labels) >= _CACHED:
            self._labels.clear()
        self._labels[key] = (action, words)
        return words

    def legal(self, actions: tuple[Any, ...]) -> list[str]:
        """The notation of each of ``actions`` (do not change the list: it is kept);
        written once per tuple object."""
        known = self._lists.get(id(actions))
        if known is not None and known[0] is actions:
            return known[1]
        texts = [self.notation(action) for action in actions]
        if len(self._lists) >= _CACHED:
            self._lists.clear()
        self._lists[id(actions)] = (actions, texts)
        return texts

    # A server's update of one move asks for the same views, and the same path between
    # two states, several times (the view message, the events, the story, the moves;
    # for each seat): the last few are kept, found by the states' ids, each state kept
    # with its entry so that its id cannot be taken by another. The game's functions are
    # pure and its views frozen, so a view kept is the view the game would make again.

    def seen(self, state: object, seat: int | None, keep: bool = True) -> Any:
        """``game.view(state, seat)``, made once for the recent states (one made is
        kept only with ``keep``: a view message alone asks for it once)."""
        key = (id(state), seat)
        known = self._seen.get(key)
        if known is not None and known[0] is state:
            return known[1]
        made = self.game.view(state, seat)
        if not keep:
            return made
        if len(self._seen) >= _RECENT:
            self._seen.clear()
        self._seen[key] = (state, made)
        return made

    def path(self, before: object, after: object, call: str) -> _Path:
        """``_path`` from ``before`` to ``after`` (do not change it: it is kept), worked
        out once for the recent pairs of states."""
        key = (id(before), id(after))
        known = self._paths.get(key)
        if known is not None and known[0] is before and known[1] is after:
            return known[2]
        found = _path(self.game, before, after, call)
        if len(self._paths) >= _RECENT:
            self._paths.clear()
        self._paths[key] = (before, after, found)
        return found

    def check_state(self, state: object) -> None:
        if type(state) is not self.state_class:
            raise WrongTypeError(
                f"{self.game.name} messages are made of {self.game.name} states,"
                f" not {shown(type(state).__name__)}"
            )

    def rules(self, rules: object) -> Message:
        """The Rules' fields, a new dict."""
        return self.known(rules)[0].copy()

    def known(self, rules: object) -> tuple[Message, int]:
        """The Rules' fields (do not change them: they are kept) and the seats of a game
        of ``rules``; worked out once per Rules object (every state of a game holds the
        same one)."""
        known = self._rules.get(id(rules))
        if known is not None and known[0] is rules:
            return known[1], known[2]
        found = self._encode_rules(rules)
        seats = self.game.seats(rules)
        if len(self._rules) >= _CACHED:
            self._rules.clear()
        self._rules[id(rules)] = (rules, found, seats)
        return found, seats

    # -------------------------------------------------------------- types

    def type_of(self, kind: Any, where: str) -> _Type:
        """The encoder and schema of values of ``kind`` (a field's type)."""
        if kind is type(None) or kind is None:
            return _Type(None, {"type": "null"})
        if kind is bool:
            return _Type(None, {"type": "boolean"})
        if kind is int:
            return _Type(None, {"type": "integer"})
        if kind is str:
            return _Type(None, {"type": "string"})
        origin = get_origin(kind)
        if origin is Literal:
            values = get_args(kind)
            if all(type(value) in (str, int, bool) for value in values):
                return _Type(None, {"enum": list(values)})
        elif origin is Union or origin is types.UnionType:
            return self._union(get_args(kind), where)
        elif origin is tuple:
            return self._tuple(get_args(kind), where)
        elif isinstance(kind, type):
            if kind in self.actions:
                return _Type(_notation, {"$ref": "#/$defs/action"})
            if issubclass(kind, tuple) and hasattr(kind, "_fields"):
                return self._object(kind, where, ())
            if attrs.has(kind):
                return self._object(kind, where, ())
        raise InvalidArgumentError(
            f"{self.game.name}: wire cannot write {where}, of the type"
            f" {getattr(kind, '__name__', None) or shown(kind)} (a JSON message holds ints,"
            " strs, bools, None, Literals, tuples, attrs classes, NamedTuples and actions)"
        )

    def _union(self, kinds: tuple[Any, ...], where: str) -> _Type:
        parts = [self.type_of(kind, where) for kind in kinds]
        schemas: list[dict[str, Any]] = []
        for part in parts:
            if part.schema not in schemas:
                schemas.append(part.schema)
        body = schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        if all(part.write is None for part in parts):
            return _Type(None, body)
        if len(kinds) == 2 and type(None) in kinds:
            write = parts[kinds.index(type(None)) - 1].write
            assert write is not None
            known = self._fresh("x")  # the value is read once, not once a field
            return _Type(
                lambda src: f"(None if ({known} := {src}) is None else {write(known)})", body
            )
        name = self._fresh("union")
        lines = [f"def {name}(x):", "    t = type(x)"]
        for kind, part in zip(kinds, parts, strict=True):
            for cls in _classes(kind):
                known = self._fresh("class")
                self._namespace[known] = cls
                lines.append(f"    if t is {known}: return {_written(part.write, 'x')}")
        lines.append("    return _unknown(x)")
        self.source.append("\n".join(lines))
        return _Type(_called(name), body)

    def _tuple(self, args: tuple[Any, ...], where: str) -> _Type:
        """A tuple of one type is an array (of a fixed length when the type says it);
        one of mixed types, an object of fields ``_0``, ``_1``, ... (never a positional
        array, which few languages' types can say)."""
        variable = len(args) == 2 and args[1] is Ellipsis
        if variable or len(set(args)) <= 1:
            item = self.type_of(args[0], f"{where}[]") if args else _Type(None, {})
            body: dict[str, Any] = {"type": "array", "items": item.schema}
            if not variable:
                body.update(minItems=len(args), maxItems=len(args))
            write = item.write
            if write is None:
                return _Type(_as_list, body)
            if write is _as_list:  # no comprehension's frame for each array of arrays
                return _Type(lambda src: f"list(map(list, {src}))", body)
            each = self._fresh("item")
            return _Type(lambda src: f"[{write(each)} for {each} in {src}]", body)
        self.unnamed.append(where)
        items = [self.type_of(arg, f"{where}[{index}]") for index, arg in enumerate(args)]
        names = [f"_{index}" for index in range(len(items))]
        body = {
            "type": "object",
            "description": "a tuple whose fields have no names: _0 is its first, and so on",
            "properties": {name: item.schema for name, item in zip(names, items, strict=True)},
            "required": names,
            "additionalProperties": False,
        }
        function = self._fresh("tuple")
        self.source.append(
            f"def {function}(v):\n    return {{"
            + ", ".join(
                f"{name!r}: {_written(item.write, f'v[{index}]')}"
                for index, (name, item) in enumerate(zip(names, items, strict=True))
            )
            + "}"
        )
        return _Type(_called(function), body)

    def _object(self, cls: type, where: str, skipped: frozenset[str] | tuple[()]) -> _Type:
        """An object of ``cls``'s fields (attrs or NamedTuple), in field order."""
        known = self.named.get(cls)
        if known is not None:
            return _Type(known[1], {"$ref": f"#/$defs/{known[0]}"})
        try:
            hints = typing.get_type_hints(cls)
        except Exception as error:
            raise InvalidArgumentError(
                f"{self.game.name}: the types of {cls.__qualname__}'s fields cannot be read:"
                f" {error}"
            ) from None
        every = attrs.fields(cls) if attrs.has(cls) else cls._fields  # type: ignore[attr-defined]
        names = [getattr(one, "name", one) for one in every]
        names = [name for name in names if name not in skipped]
        fields = [(name, self.type_of(hints[name], f"{cls.__name__}.{name}")) for name in names]
        ranges = _ranges(cls) if attrs.has(cls) else {}
        body = {
            "type": "object",
            "properties": {
                name: _bounded(kind.schema, ranges.get(name, {})) for name, kind in fields
            },
            "required": names,
            "additionalProperties": False,
        }
        by_name = attrs.has(cls)

        def write(src: str) -> str:
            reads = [
                f"{src}.{name}" if by_name else f"{src}[{i}]" for i, (name, _) in enumerate(fields)
            ]
            return (
                "{"
                + ", ".join(
                    f"{name!r}: {_written(kind.write, read)}"
                    for (name, kind), read in zip(fields, reads, strict=True)
                )
                + "}"
            )

        if where in ("rules", "view"):
            self.source.append(f"def _{where}(v):\n    return {write('v')}")
            return _Type(_called(f"_{where}"), body)
        name = cls.__name__
        while name in self.defs or name in _MESSAGE_DEFS:
            name += "_"
        self.named[cls] = (name, write)
        self.defs[name] = {"title": self.title(cls.__name__), **body}
        return _Type(write, {"$ref": f"#/$defs/{name}"})

    # -------------------------------------------------------------- tables

    def table(self) -> tuple[list[Drawing], list[Drawing]]:
        """The fields and the forms of ``layout`` (made once; do not change them)."""
        if self._table is None:
            teller = self.game.narrator or narration.Narrator
            fields: list[Drawing] = []
            for field in attrs.fields(self.view_class):
                if field.name in _SKIPPED_FIELDS:
                    continue
                declared = layout_.shown_of(field)
                kind = self._hints(self.view_class)[field.name]
                made = self._field(field.name, kind, declared)
                if declared is None and field.name == "to_act":
                    made["place"] = "hidden"  # every message holds it
                drawn = made["kind"]
                if declared is None and field.name == "scores" and drawn["draw"] == "list":
                    made.update(label=teller.score_name, place="seats")
                    drawn["draw"] = "per_seat"
                fields.append(made)
            forms = [
                {
                    "form": cls.__name__,
                    "fields": [
                        self._field(name, self._hints(cls)[name], None, label)
                        for name, label in names.items()
                    ],
                }
                for cls, names in self.form_fields().items()
            ]
            self._table = (fields, forms)
        return self._table

    def form_fields(self) -> dict[type, dict[str, str]]:
        """Each action class asked as a form (every field a ``dicerules.layout.choice``),
        in the order of their names, and its fields' labels."""
        if self._forms is None:
            self._forms = {}
            for cls in sorted(self.actions, key=lambda cls: cls.__name__):
                if not attrs.has(cls) or not attrs.fields(cls):
                    continue
                choices = {field.name: layout_.choice_of(field) for field in attrs.fields(cls)}
                if all(choices.values()):
                    self._forms[cls] = {
                        name: made.label for name, made in choices.items() if made is not None
                    }
        return self._forms

    def _hints(self, cls: type) -> dict[str, Any]:
        """The types of ``cls``'s fields, the kinds a game declares on them kept."""
        try:
            return typing.get_type_hints(cls, include_extras=True)
        except Exception as error:
            raise InvalidArgumentError(
                f"{self.game.name}: the types of {cls.__qualname__}'s fields cannot be read:"
                f" {error}"
            ) from None

    def _field(
        self, name: str, kind: Any, declared: layout_.Shown | None, label: str | None = None
    ) -> Drawing:
        """A field of ``layout``: its label, place, the values drawn as nothing, kind."""
        drawn = self._kind(kind)
        flags = drawn["draw"] == _FLAG or (drawn["item"] or {}).get("draw") == _FLAG
        hide: list[int | str] = [False] if flags else []
        place = "seats" if drawn["draw"] == "per_seat" else "board"
        if declared is not None:
            label = declared.label or label
            place = declared.place or place
            if declared.unless is not None:
                hide = [declared.unless]
        return {
            "field": name,
            "label": label or _words(name),
            "place": place,
            "hide": hide,
            "kind": drawn,
        }

    def _kind(self, kind: Any) -> Drawing:
        """How values of ``kind`` (a field's type, with the kinds a game declares on it)
        are drawn."""
        marks: tuple[Any, ...] = ()
        if get_origin(kind) is Annotated:
            kind, *found = get_args(kind)
            marks = tuple(found)
        declared = next((mark.draw for mark in marks if isinstance(mark, layout_.Drawn)), None)
        origin = get_origin(kind)
        if origin is Union or origin is types.UnionType:
            parts = [arg for arg in get_args(kind) if arg is not type(None)]
            return self._kind(parts[0]) if len(parts) == 1 else _drawn("any")
        if declared in ("seat", "die", "dice"):
            return _drawn(declared)
        if origin is tuple:
            args = get_args(kind)
            if (len(args) == 2 and args[1] is Ellipsis) or len(set(args)) <= 1:
                item = self._kind(args[0]) if args else _drawn("any")
                return _drawn("per_seat" if declared == "per_seat" else "list", item)
            return _drawn(
                "card", fields=[self._field(f"_{i}", arg, None) for i, arg in enumerate(args)]
            )
        if kind is bool:
            return _drawn(_FLAG)
        if kind is int:
            return _drawn("number")
        if kind is str or origin is Literal:
            return _drawn("text")
        if isinstance(kind, type):
            if kind in self.actions:
                return _drawn("action")
            if attrs.has(kind):
                hints = self._hints(kind)
                return _drawn(
                    "card",
                    fields=[
                        self._field(field.name, hints[field.name], layout_.shown_of(field))
                        for field in attrs.fields(kind)
                    ],
                )
            if issubclass(kind, tuple) and hasattr(kind, "_fields"):
                hints = self._hints(kind)
                return _drawn(
                    "card", fields=[self._field(name, hints[name], None) for name in kind._fields]
                )
        return _drawn("any")

    # -------------------------------------------------------------- the schema

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of a view message, of a list of events and of an error."""
        seat = {"type": ["integer", "null"], "minimum": 0}
        seats = {"type": "array", "items": {"type": "integer", "minimum": 0}}
        scores = {"type": "array", "items": {"type": "integer"}}
        step = {"type": "integer", "minimum": 0}
        action = {"$ref": "#/$defs/action"}
        titles = self.message_titles
        view_message: dict[str, Any] = {
            "title": titles["ViewMessage"],
            "description": "what a seat, or a spectator, may know (dicerules.wire.view)",
            "type": "object",
            "properties": {
                "format": {"const": FORMAT},
                "game": {"const": self.game.name},
                "rules": {"$ref": "#/$defs/rules"},
                "seat": seat,
                "step": step,
                "to_act": seat,
                "over": {"type": "boolean"},
                "winners": seats,
                "scores": {"anyOf": [scores, {"type": "null"}]},
                "view": {"$ref": "#/$defs/view"},
                "legal": {"type": "array", "items": action},
            },
            "required": list(_VIEW_KEYS),
            "additionalProperties": False,
        }
        change = {key: value for key, value in self.view_schema.items() if key != "required"}
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": titles["Message"],
            "description": (
                f"The messages of {self.game.name}, format {FORMAT}: a view message"
                " (dicerules.wire.view), a list of events (dicerules.wire.events), a"
                " refusal (dicerules.wire.error), or a table's: its layout, a story, the"
                " moves in words, a hint (dicerules.wire.layout, story, moves, hint)."
                " Every integer is from -(2**53 - 1) to 2**53 - 1."
            ),
            "anyOf": [
                {"$ref": f"#/$defs/{name}"}
                for name in ("view_message", "events", "error", "layout", "story", "moves", "hint")
            ],
            "$defs": {
                "view_message": view_message,
                "events": {
                    "title": titles["Events"],
                    "description": "what a seat saw happen, in order (dicerules.wire.events)",
                    "type": "array",
                    "items": {"$ref": "#/$defs/event"},
                },
                "event": {
                    "title": titles["Event"],
                    "anyOf": [
                        {"$ref": f"#/$defs/{kind}_event"}
                        for kind in ("action", "seen", "round", "end")
                    ],
                },
                "action_event": _event(
                    titles["ActionEvent"], "action", {"seat": seat, "action": action}
                ),
                "seen_event": _event(
                    titles["SeenEvent"], "seen", {"changed": {"$ref": "#/$defs/view_change"}}
                ),
                "round_event": _event(
                    titles["RoundEvent"], "round", {"round": {"type": "integer"}}
                ),
                "end_event": _event(
                    titles["EndEvent"], "end", {"winners": seats, "scores": scores}
                ),
                "view_change": {
                    "title": titles["ViewChange"],
                    "description": "the fields of the view that changed, as they are now",
                    **change,
                },
                "error": {
                    "title": "Refusal",
                    "description": "a refusal, and why (dicerules.wire.error)",
                    "type": "object",
                    "properties": {
                        "error": {"$ref": "#/$defs/error_code"},
                        "message": {"type": "string"},
                    },
                    "required": ["error", "message"],
                    "additionalProperties": False,
                },
                "error_code": {"title": "RefusalCode", "enum": list(ERROR_CODES)},
                **_table_schema(titles),
                "rules": {"title": titles["Rules"], **self.rules_schema},
                "view": {"title": titles["View"], **self.view_schema},
                "action": {
                    "title": titles["Action"],
                    "description": "an action in the game's notation",
                    "type": "string",
                },
                **self.defs,
            },
        }


_MESSAGE_TITLES: Final = (
    "Message", "ViewMessage", "Events", "Event", "ActionEvent", "SeenEvent", "RoundEvent",
    "EndEvent", "ViewChange", "Rules", "View", "Action", "Moves", "Move",
)  # fmt: skip
"""The titles of the definitions every game's schema has, after the game's prefix."""

_MESSAGE_DEFS: Final = frozenset(
    {
        "view_message", "events", "event", "action_event", "seen_event", "round_event",
        "end_event", "view_change", "error", "error_code", "rules", "view", "action",
        "layout", "table_field", "draw_kind", "table_form", "rule_words", "story",
        "story_entry", "moves", "move", "hint",
    }
)  # fmt: skip
"""The keys of those definitions in ``$defs`` (a View's classes take others)."""

_VIEW_KEYS: Final = (
    "format", "game", "rules", "seat", "step", "to_act", "over", "winners", "scores", "view",
    "legal",
)  # fmt: skip


def _object(title: str, description: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The schema of an object of ``fields``, every one required."""
    return {
        "title": title,
        "description": description,
        "type": "object",
        "properties": dict(fields),
        "required": list(fields),
        "additionalProperties": False,
    }


def _table_schema(titles: Mapping[str, str]) -> dict[str, Any]:
    """The definitions of a table's messages: ``layout``, ``story``, ``moves``, ``hint``
    (the same for every game but ``moves``, which holds the game's actions)."""
    text = {"type": "string"}
    texts = {"type": "array", "items": text}
    ref = {name: {"$ref": f"#/$defs/{name}"} for name in ("draw_kind", "table_field")}
    scalar = {"type": ["integer", "boolean", "string"]}
    return {
        "layout": _object(
            "TableLayout",
            "how a table draws a game's views (dicerules.wire.layout)",
            {
                "format": {"const": FORMAT},
                "game": text,
                "score_name": text,
                "hints": {"type": "boolean"},
                "rules": {"type": "array", "items": {"$ref": "#/$defs/rule_words"}},
                "rules_text": {"type": "array", "items": texts},
                "fields": {"type": "array", "items": ref["table_field"]},
                "forms": {"type": "array", "items": {"$ref": "#/$defs/table_form"}},
            },
        ),
        "table_field": _object(
            "TableField",
            "a field of a view (or of a card, or a form's control) and how it is drawn",
            {
                "field": text,
                "label": text,
                "place": {"enum": list(layout_.PLACES)},
                "hide": {"type": "array", "items": scalar},
                "kind": ref["draw_kind"],
            },
        ),
        "draw_kind": _object(
            "DrawKind",
            "how values are drawn: item for a list or a per-seat list, fields for a card",
            {
                "draw": {
                    "enum": [
                        "number",
                        _FLAG,
                        "text",
                        "seat",
                        "die",
                        "dice",
                        "action",
                        "list",
                        "per_seat",
                        "card",
                        "any",
                    ]
                },
                "item": {"anyOf": [ref["draw_kind"], {"type": "null"}]},
                "fields": {"type": "array", "items": ref["table_field"]},
            },
        ),
        "table_form": _object(
            "TableForm",
            "an action class asked as a form: a control for each field",
            {"form": text, "fields": {"type": "array", "items": ref["table_field"]}},
        ),
        "rule_words": _object(
            "RuleInWords",
            "a rule field in words, and its value",
            {"field": text, "words": text, "value": text},
        ),
        "story": {
            "title": "Story",
            "description": "the game as a seat was told it, step by step (dicerules.wire.story)",
            "type": "array",
            "items": {"$ref": "#/$defs/story_entry"},
        },
        "story_entry": _object(
            "StoryEntry",
            "what one step told (step 0: the start)",
            {"step": {"type": "integer", "minimum": 0}, "lines": texts},
        ),
        "moves": _object(
            titles["Moves"],
            "what the seat to act can do, in words (dicerules.wire.moves)",
            {
                "prompt": {"type": ["string", "null"]},
                "suggested": {"anyOf": [{"$ref": "#/$defs/action"}, {"type": "null"}]},
                "moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
            },
        ),
        "move": _object(
            titles["Move"],
            "a legal action: its notation, its words, and its form's values",
            {
                "move": {"$ref": "#/$defs/action"},
                "label": text,
                "form": {"type": ["string", "null"]},
                "choice": {"type": "object", "additionalProperties": scalar},
            },
        ),
        "hint": _object(
            "Hint",
            "the odds of the choice the seat to act faces (dicerules.wire.hint)",
            {"lines": texts},
        ),
    }


def _event(title: str, kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "title": title,
        "type": "object",
        "properties": {
            "event": {"const": kind},
            "step": {"type": "integer", "minimum": 1},
            **fields,
        },
        "required": ["event", "step", *fields],
        "additionalProperties": False,
    }


def _ranges(cls: type) -> dict[str, dict[str, int]]:
    """The bounds of each int field of a Rules class that says them (``rulefields``)."""
    found: dict[str, dict[str, int]] = {}
    for field in attrs.fields(cls):
        spec = field_spec(field)
        if spec is not None and spec.kind == "int":
            bounds = {"minimum": spec.low, "maximum": spec.high}
            found[field.name] = {key: value for key, value in bounds.items() if value is not None}
    return found


def _bounded(schema: dict[str, Any], bounds: dict[str, int]) -> dict[str, Any]:
    """``schema`` with ``bounds`` on its integers (also inside an anyOf with null)."""
    if not bounds:
        return schema
    if schema.get("type") == "integer":
        return {**schema, **bounds}
    if "anyOf" in schema:
        return {"anyOf": [_bounded(part, bounds) for part in schema["anyOf"]]}
    return schema


def _classes(kind: Any) -> tuple[type, ...]:
    """The runtime classes of values of ``kind``."""
    if kind is None:
        return (type(None),)
    origin = get_origin(kind)
    if origin is Literal:
        return tuple(dict.fromkeys(type(value) for value in get_args(kind)))
    if origin is Union or origin is types.UnionType:
        return tuple(cls for arg in get_args(kind) for cls in _classes(arg))
    if origin is not None:
        return (origin,)
    return (kind,)


def _notation(src: str) -> str:
    """The expression of the notation of the action ``src``: the text written before,
    else ``_n``'s."""
    return f"(_texts.get(id({src})) or _n({src}))"


def _called(function: str) -> Callable[[str], str]:
    """The writer of a call of ``function`` on the value."""
    return lambda src: f"{function}({src})"


_as_list: Final = _called("list")
"""The writer of a tuple of values that are JSON already."""


def _written(write: Writer, src: str) -> str:
    """The expression of the JSON values of ``src``."""
    return src if write is None else write(src)


def _unknown(value: object) -> Any:
    raise WrongTypeError(f"a message cannot hold a {type(value).__name__}: {shown(value)}")


def _view_class(game: AnyGame) -> type:
    """The class of ``game``'s views: ``view``'s return type, else that of one view."""
    try:
        found = typing.get_type_hints(game.view).get("return")
    except Exception:
        found = None
    if isinstance(found, type) and attrs.has(found):
        return found
    state = game.new_game(game.default_rules, seed=0)
    return type(game.view(state, None))


def _action_classes(game: AnyGame) -> frozenset[type]:
    """The classes of ``game``'s actions: those ``format_action`` takes, by its type,
    else those of its distinct actions and of the first legal actions."""
    try:
        kinds = typing.get_type_hints(game.format_action)
    except Exception:
        kinds = {}
    hinted = [kind for name, kind in kinds.items() if name != "return"]
    if hinted:
        found = frozenset(_classes(hinted[0]))
        if all(isinstance(cls, type) and cls not in _PLAIN for cls in found):
            return found
    rules = game.default_rules
    actions = list(game.legal_actions(game.new_game(rules, seed=0)))
    if game.distinct_actions is not None:
        actions.extend(game.distinct_actions(rules))
    return frozenset(type(action) for action in actions)


_PLAIN: Final = frozenset({type(None), bool, int, str, tuple, object})
