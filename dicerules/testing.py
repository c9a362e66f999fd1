"""Property-based testing with dicerules: hypothesis strategies, a state machine, a checker.

For code that embeds a game (a server, a UI, a bot, a store of records): generate
thousands of games and get the shortest failing one back.

* ``rules(game)``: valid Rules, every preset and every field over its whole range.
* ``streams(sides)``: ScriptedStreams whose dice shrink toward 1.
* ``states(game)`` and ``action_logs(game)``: games reached by legal play.
* ``state_machine(game)``: a RuleBasedStateMachine class to subclass with rules of
  your own; its invariants are the promises of the Game protocol.
* ``check_game(game)``: runs those promises against any object of the Game
  protocol, a third-party game included, and raises an AssertionError naming the
  broken promise and the shortest action log found.
* ``check_parts(game)``: whole seeded games, checking every optional part the game
  declares (``check_game`` runs it too).

How games shrink: every choice is drawn from hypothesis at the moment it is made:
the rules (toward the smallest game), the number of steps, each action (an item
of ``legal_actions``, toward the last, which ends a turn in every game here), and
each die, drawn when the game rolls it. A die shrinks toward the face its place
would show in the sequence 1, 2, ..., sides, 1, 2, ... (all ones would make a
roll-off tie for ever). So a failure shrinks to fewer actions and plainer dice,
and it replays from a ScriptedStream of those dice.

Two optional parts of a Game add checks (every built-in game that hides anything has
the first; two of them have the second):

* ``resample_hidden(state, player, stream)``: ``state`` with everything ``player``
  may not know drawn afresh from ``stream``. The check: ``player``'s view of it is
  the same, and so is its repr (a field left out of ``==`` still shows in a log).
* ``outside_scores(state)``: what the game's conservation law counts beyond the
  scores. The check: ``sum(scores(state)) + outside_scores(state)`` never changes,
  so scores that drift fail it, whatever the state holds.

Every game's messages to apps (``dicerules.wire``) are checked too: every field of
them has a name (a View holds no tuple of mixed types, ``tuple[int, Bid]``, that is
not a ``typing.NamedTuple``: other languages' types read it poorly), every seat's and
the spectator's view message of every state is JSON, and each step's events begin
with its action; with ``resample_hidden``, a state whose hidden dice are drawn afresh
gives the same view message, events, story and moves, byte for byte (a view field that
views do not compare, holding what the seat may not know, is caught here).

The other optional parts a game declares are checked wherever it declares them
(``check_parts``): ``distinct_actions`` (every legal action among them, none listed
twice; and ``apply`` refuses those not legal), ``observation`` (its length and
pieces, finite numbers, for every view), ``information_state`` (its length, finite
numbers, and a str of text, for every viewer's views so far), ``max_length`` and
``max_sides`` (never exceeded), ``payoff`` (within its bounds, zero-sum where it
says so), the narrator (the game's or the generic one tells whole games to every
seat and the spectator without raising, names each legal action in words, in the
same words to every viewer for a class in its ``labels_by_action``, and suggests a
legal one), and, in a game without
``resample_hidden``, that no seat sees more than the spectator but its own seat: a
game that hides must declare it.

Needs hypothesis: ``pip install "dicerules[testing]"``.
"""

from __future__ import annotations

import functools
import importlib
import json
import math
import numbers
import os
import pickle
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, TypeVar, cast

import attrs

try:
    from hypothesis import HealthCheck, Phase, Verbosity, reject, settings
    from hypothesis import strategies as st
    from hypothesis.errors import HypothesisException
    from hypothesis.stateful import (
        RuleBasedStateMachine,
        initialize,
        precondition,
        rule,
        run_state_machine_as_test,
    )
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        'dicerules.testing needs hypothesis: pip install "dicerules[testing]"'
    ) from error

from dicerules import wire
from dicerules._orders import legal_orders
from dicerules.errors import DiceRulesError, IllegalActionError, RecordError
from dicerules.facts import ScoreChange, returns
from dicerules.game import GAMES, AnyGame
from dicerules.narration import Narrator
from dicerules.records import GameRecord, record, replay
from dicerules.rulefields import FieldSpec, field_spec
from dicerules.streams import DiceStream, ScriptedStream, SeededStream
from dicerules.tape import Tape

__all__ = [
    "GameMachine",
    "action_logs",
    "check_finished",
    "check_game",
    "check_illegal",
    "check_messages_named",
    "check_parts",
    "check_replay",
    "check_state",
    "check_step",
    "rules",
    "state_machine",
    "states",
    "streams",
]

MAX_DICE = 20_000
"""An example that rolls more dice than this is dropped (a roll-off tied for ever)."""

NOTATION_SAMPLE = 16
"""check_state reads back the notation of at most about this many legal actions."""

_T = TypeVar("_T")


# ------------------------------------------------------------------------- rules


def _values_of(spec: FieldSpec, default: object) -> st.SearchStrategy[Any]:
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    # An unbounded side reaches 1000 past the default (start_points and the like).
    base = default if isinstance(default, int) else 0
    low = spec.low if spec.low is not None else base - 1000
    high = spec.high if spec.high is not None else max(low, base) + 1000
    # The bounds themselves often: where two fields meet (a target and a start below
    # it), both extremes together must not be a one-in-a-thousand draw.
    values = st.sampled_from((low, high)) | st.integers(low, high)
    return st.none() | values if spec.optional else values


def rules(game: AnyGame) -> st.SearchStrategy[Any]:
    """Valid Rules for ``game``: a preset, or every field drawn over its whole range.

    Fields are drawn independently; where they clash (a seat number past the
    number of players, say), the later fields fall back to their defaults (the
    value the class gives a field left out), last first, until the Rules are valid,
    so no example is thrown away. A Rules class
    not made of ``dicerules.rulefields`` fields gets its presets only.
    """
    presets = st.sampled_from(tuple(game.presets.values()))
    cls = game.Rules
    if not attrs.has(cls):
        return presets
    fields = attrs.fields(cls)
    specs = [field_spec(field) for field in fields]
    if not fields or any(spec is None for spec in specs):
        return presets
    strategies = {
        field.name: _values_of(spec, field.default)
        for field, spec in zip(fields, specs, strict=True)
        if spec is not None
    }

    @st.composite
    def drawn(draw: st.DrawFn) -> Any:
        values = {name: draw(strategy, label=name) for name, strategy in strategies.items()}
        for field in reversed(fields):
            try:
                return cls(**values)
            except ValueError:
                values.pop(field.name, None)
        return cls()

    # Drawn rules come first so that a failure shrinks toward the smallest game.
    return st.one_of(drawn(), presets)


# ----------------------------------------------------------------------- streams


def streams(
    sides: int = 6, *, min_size: int = 0, max_size: int | None = None
) -> st.SearchStrategy[ScriptedStream]:
    """ScriptedStreams of ``sides``-sided dice; they shrink toward fewer dice and toward 1.

    A game that rolls past the end raises StreamExhaustedError: where the number of
    dice a game needs is not known beforehand, use ``states`` or ``action_logs``,
    which draw each die when the game rolls it.
    """
    faces = st.integers(1, sides)
    return st.lists(faces, min_size=min_size, max_size=max_size).map(ScriptedStream)


class _Dice:
    """The dice of one example: each drawn from hypothesis the first time it is rolled.

    Rolling the same position again gives the same faces, so a stream of these stays
    a pure value while the example lasts. The new dice of a roll are one draw.
    """

    def __init__(self, new: Callable[[int, int, int], list[int]], limit: int = MAX_DICE) -> None:
        self.new = new  # new(start, count, sides): the faces of dice not yet rolled
        self.limit = limit
        self.faces: list[int] = []
        self.sides: list[int] = []

    def roll(self, position: int, count: int, sides: int) -> tuple[int, ...]:
        end = position + count
        known = min(end, len(self.faces))
        if self.sides[position:known] != [sides] * max(0, known - position):
            raise AssertionError(
                "promise: the same dice give the same game; dice from position"
                f" {position} were rolled with {self.sides[position:known]} sides and"
                f" again with {sides}"
            )
        if end > len(self.faces):
            if end > self.limit:
                reject()
            count = end - len(self.faces)
            self.faces += self.new(len(self.faces), count, sides)
            self.sides += [sides] * count
        return tuple(self.faces[position:end])


def _new_dice(start: int, count: int, sides: int) -> st.SearchStrategy[list[int]]:
    """``count`` dice from position ``start`` of an example, in one draw.

    Each die is drawn as an offset from the face its position would show in the
    sequence 1, 2, ..., sides, 1, 2, ..., and shrinks toward that face: the simplest
    dice of all are that sequence, which settles every roll-off, where all ones
    would tie for ever.
    """
    offsets = st.lists(st.integers(0, sides - 1), min_size=count, max_size=count)
    return offsets.map(
        lambda drawn: [(start + i + offset) % sides + 1 for i, offset in enumerate(drawn)]
    )


@attrs.frozen
class _DrawnStream:
    """A DiceStream over ``_Dice``: position ``position`` of one example's dice."""

    dice: _Dice
    position: int = 0

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], _DrawnStream]:
        if count < 0 or sides < 1:
            raise ValueError(f"cannot roll {count} dice of {sides} sides")
        dice = self.dice.roll(self.position, count, sides)
        return dice, _DrawnStream(self.dice, self.position + count)


# ------------------------------------------------------------------ states and logs


def _rules_strategy(game: AnyGame, given: object) -> st.SearchStrategy[Any]:
    if given is None:
        return rules(game)
    if isinstance(given, st.SearchStrategy):
        return given
    return st.just(given)


def _actions(legal: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """One of ``legal``, shrinking toward the last.

    Games list the action that ends a turn or a round last (a challenge, ``stand``,
    ``stop``, ``out``): shrinking toward it shortens the game, where shrinking toward
    the first (the smallest raise) would make every failure wait for the longest round.
    """
    return st.sampled_from(legal[::-1])


@attrs.frozen
class _Played:
    rules: Any
    dice: tuple[int, ...]
    sides: tuple[int, ...]
    actions: tuple[Any, ...]


@st.composite
def _played(draw: st.DrawFn, game: AnyGame, given_rules: object, max_steps: int) -> _Played:
    chosen = draw(_rules_strategy(game, given_rules), label="rules")
    dice = _Dice(lambda start, count, sides: draw(_new_dice(start, count, sides), label="dice"))
    state = game.new_game(chosen, stream=_DrawnStream(dice))
    actions = []
    for _ in range(draw(st.integers(0, max_steps), label="steps")):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = draw(_actions(legal), label="action")
        state = game.apply(state, action)
        actions.append(action)
    return _Played(chosen, tuple(dice.faces), tuple(dice.sides), tuple(actions))


def _replayed(game: AnyGame, rules: Any, stream: DiceStream, actions: Sequence[Any]) -> Any:
    state = game.new_game(rules, stream=stream)
    for action in actions:
        state = game.apply(state, action)
    return state


def action_logs(
    game: AnyGame, rules: object = None, *, max_steps: int = 50
) -> st.SearchStrategy[tuple[Any, ScriptedStream, tuple[Any, ...]]]:
    """(rules, stream, actions): ``new_game(rules, stream=stream)`` then each action is legal.

    ``rules``: None for ``rules(game)``, a Rules value, or a strategy of them. The
    stream holds exactly the dice the log rolls; up to ``max_steps`` actions (fewer
    if the game ends).
    """
    return _played(game, rules, max_steps).map(
        lambda played: (played.rules, ScriptedStream(played.dice), played.actions)
    )


@st.composite
def _states(
    draw: st.DrawFn, game: AnyGame, given_rules: object, max_steps: int, spare_dice: int
) -> Any:
    played = draw(_played(game, given_rules, max_steps))
    sides = min(played.sides, default=6)
    # The spare dice are for play after the example, not part of it: seeded, not drawn.
    seed = draw(st.integers(0, 2**64 - 1), label="spare dice seed")
    spare, _ = SeededStream(seed).roll(spare_dice, sides)
    return _replayed(game, played.rules, ScriptedStream(played.dice + spare), played.actions)


def states(
    game: AnyGame, rules: object = None, *, max_steps: int = 50, spare_dice: int = 100
) -> st.SearchStrategy[Any]:
    """States reached by up to ``max_steps`` legal actions from ``new_game``.

    ``rules`` as in ``action_logs``. The state's stream is a ScriptedStream of the
    dice rolled so far and ``spare_dice`` more (seeded dice, of the fewest sides
    rolled), so play can go on from it; a game that rolls more raises
    StreamExhaustedError. Such a state records and replays like any other.
    """
    return _states(game, rules, max_steps, spare_dice)


# --------------------------------------------------------------------- the checks


def _seats(game: AnyGame, state: Any) -> range:
    return range(len(game.scores(state)))


def _fingerprint(game: AnyGame, state: Any) -> tuple[object, ...]:
    """Everything the protocol shows of a state (so two states can be compared
    whatever streams they hold)."""
    describe = getattr(game, "describe", None)
    return (
        game.is_terminal(state),
        game.current_player(state),
        game.legal_actions(state),
        game.scores(state),
        game.winners(state),
        game.history(state),
        tuple(game.view(state, seat) for seat in (None, *_seats(game, state))),
        tuple(repr(game.view(state, seat)) for seat in (None, *_seats(game, state))),
        describe(state) if describe is not None else None,
    )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else f"{text[:100]}...{text[-15:]}"


_LEAVES = frozenset({int, bool, float, str, bytes, type(None)})


def _stream_inside(value: object, path: str = "", depth: int = 0) -> str | None:
    """The path of a stream or tape inside ``value`` (attrs fields, tuple items), or None."""
    kind = type(value)
    if kind in _LEAVES:
        return None
    if hasattr(value, "roll") or isinstance(value, Tape):
        return path or "<top>"
    if depth > 100:
        raise AssertionError("promise: views are plain values; this one nests past 100 levels")
    if kind is tuple or kind is frozenset:
        items: Iterator[tuple[str, object]] = (
            (f"{path}[{index}]", item) for index, item in enumerate(cast(tuple[object, ...], value))
        )
    elif attrs.has(kind):
        items = (
            (f"{path}.{field.name}", getattr(value, field.name))
            for field in attrs.fields(cast(Any, kind))
        )
    else:
        return None
    for inner_path, item in items:
        if type(item) not in _LEAVES:
            found = _stream_inside(item, inner_path, depth + 1)
            if found is not None:
                return found
    return None


def _difference(first: object, second: object) -> str:
    """Where two unequal values differ, in full: their first differing field, if attrs."""
    kind = type(first)
    if kind is type(second) and attrs.has(kind):
        for field in attrs.fields(cast(Any, kind)):
            one, two = getattr(first, field.name), getattr(second, field.name)
            if one != two:
                return f"{field.name} is {one!r}, then {two!r}"
    return f"{first!r}, then {second!r}"


def check_state(game: AnyGame, state: Any, *, seats: int | None = None) -> None:
    """The promises a single state keeps; AssertionError names the one broken.

    ``seats``: the number of seats the game began with (scores keep that length).
    """
    terminal = game.is_terminal(state)
    legal = game.legal_actions(state)
    player = game.current_player(state)
    winners = game.winners(state)
    scores = game.scores(state)
    count = len(scores)
    assert isinstance(terminal, bool), f"promise: is_terminal is a bool, not {terminal!r}"
    assert isinstance(scores, tuple) and all(type(n) is int for n in scores), (
        f"promise: scores is a tuple of ints, not {scores!r}"
    )
    if seats is not None:
        assert count == seats, f"promise: scores has one entry per seat ({seats}), not {count}"
    assert isinstance(legal, tuple), "promise: legal_actions returns a tuple"
    assert bool(legal) != terminal, (
        "promise: legal_actions is () exactly when the game is over;"
        f" is_terminal is {terminal} and it offered {_short(legal)}"
    )
    assert len(set(legal)) == len(legal), f"promise: legal actions are distinct: {_short(legal)}"
    assert game.legal_actions(state) == legal, "promise: legal_actions keeps a fixed order"
    assert (player is None) == terminal, (
        f"promise: current_player is None exactly when the game is over; it is {player!r}"
        f" and is_terminal is {terminal}"
    )
    assert player is None or (type(player) is int and 0 <= player < count), (
        f"promise: current_player is a seat; {player!r} is not one of {count}"
    )
    assert isinstance(winners, tuple), f"promise: winners is a tuple, not {winners!r}"
    assert terminal or winners == (), f"promise: no winners before the end; got {winners}"
    assert not terminal or winners, "promise: a finished game names its winners"
    assert list(winners) == sorted(set(winners)) and all(w in range(count) for w in winners), (
        f"promise: winners are distinct seats, sorted; got {winners}"
    )
    _check_notation(game, state, legal)
    _check_views(game, state, count)


def _check_notation(game: AnyGame, state: Any, legal: tuple[Any, ...]) -> None:
    texts = [game.format_action(action) for action in legal]
    assert len(set(texts)) == len(legal), "promise: no two legal actions share a notation"
    # Every action is written; a spread of at most NOTATION_SAMPLE of them is read back
    # (a bid table can hold thousands).
    step = max(1, len(legal) // NOTATION_SAMPLE)
    picked = [*range(0, len(legal) - 1, step), len(legal) - 1] if legal else []
    for action, text in ((legal[i], texts[i]) for i in picked):
        assert isinstance(text, str) and text, f"promise: {action!r} has notation, not {text!r}"
        for written in (text, f"  {text.upper()} "):
            parsed = game.parse_action(state, written)
            assert parsed == action, (
                f"promise: notation round-trips, whatever its case and spaces; {action!r} is"
                f" written {text!r}, and {written!r} parses as {parsed!r}"
            )


def _check_views(game: AnyGame, state: Any, count: int) -> None:
    resample = game.resample_hidden
    for seat in (None, *range(count)):
        seen = game.view(state, seat)
        assert game.view(state, seat) == seen, f"promise: seat {seat}'s view is a stable value"
        hash(seen)
        where = _stream_inside(seen)
        assert where is None, f"promise: a view never holds the stream; seat {seat}'s: {where}"
        assert repr(game.view(state, seat)) == repr(seen), (
            f"promise: seat {seat}'s view has a stable repr"
        )
        message = _message(game, state, seat)
        if resample is not None:
            twin = resample(state, seat, SeededStream(count + (seat or 0)))
            other = game.view(twin, seat)
            assert other == seen, (
                f"promise: seat {seat}'s view shows nothing it may not know; it changed when"
                f" only hidden information was drawn again: {_difference(seen, other)}"
            )
            _same_text("wire.view", seat, message, wire.dumps(_made("wire.view", game, twin, seat)))
            moves = _told(wire.moves, game, state, seat)
            if moves is not None:
                _same_text("wire.moves", seat, moves, _told(wire.moves, game, twin, seat) or "")
            # A field left out of == (attrs eq=False) still shows in the repr, and so in
            # every log and narration of the view.
            assert repr(other) == repr(seen), (
                f"promise: seat {seat}'s view shows nothing it may not know; its repr changed"
                f" when only hidden information was drawn again: {_short(seen)}, then"
                f" {_short(other)}"
            )


def check_messages_named(game: AnyGame) -> None:
    """The promise that every field of ``game``'s messages has a name: no View field (or
    field of a class in it) is a tuple of mixed types that wire can only number.

    A View that wire cannot write at all is left to the checks of each state's message,
    which name the shortest game that shows it.
    """
    try:
        places = wire.unnamed(game)
    except DiceRulesError:
        return
    assert not places, (
        f"{game.name}: promise: every field of a message has a name; {', '.join(places)}"
        " is a tuple of mixed types, which a message holds as an object of fields _0, _1,"
        " ...: make it a typing.NamedTuple (class Placed(NamedTuple): seat: int; bid: Bid)"
        " to name them"
    )


def _made(call: str, game: AnyGame, *args: Any) -> Any:
    """``dicerules.wire``'s ``call`` of ``args``: a promise broken if it raises."""
    try:
        if call == "wire.view":
            return wire.view(game, *args)
        if call == "wire.events":
            return wire.events(game, *args)
        return wire.events_along(game, *args)
    except Exception as error:
        raise AssertionError(
            f"promise: dicerules.wire makes every message of the game; {call} raised"
            f" {type(error).__name__}: {error}"
        ) from error


def _told(call: Callable[..., Any], game: AnyGame, *args: Any) -> str | None:
    """A message told in the narrator's words (``wire.story_along``, ``wire.moves``) as
    text; None when the narrator raises, a promise the narrator's own check names with
    the call that broke it (``check_parts``)."""
    try:
        return wire.dumps(call(game, *args))
    except Exception:
        return None


def _message(game: AnyGame, state: Any, seat: int | None) -> str:
    """``seat``'s view message of ``state`` as text, checked to be JSON."""
    message = _made("wire.view", game, state, seat)
    text = wire.dumps(message)
    assert json.loads(text) == message, (
        f"promise: a message is JSON; {_whose(seat)} view message changes when written"
    )
    return text


def _same_text(call: str, seat: int | None, seen: str, other: str) -> None:
    """The promise that ``call``'s message for ``seat`` (``seen``, ``other``: of two states
    that differ only in what it may not know) shows nothing that seat may not know."""
    if seen == other:
        return
    at = next(
        (i for i, (a, b) in enumerate(zip(seen, other, strict=False)) if a != b),
        min(len(seen), len(other)),
    )
    raise AssertionError(
        f"promise: {_whose(seat)} messages ({call}) show nothing it may not know; they"
        f" changed when only hidden information was drawn again, at character {at}:"
        f" ...{seen[max(0, at - 60) : at + 40]}... then ...{other[max(0, at - 60) : at + 40]}..."
    )


def check_step(game: AnyGame, before: Any, action: Any, after: Any) -> None:
    """The promises of ``after = apply(before, action)``: pure, deterministic, recorded,
    and the conservation law (if the game has one) kept."""
    snapshot, before_hash = _fingerprint(game, before), hash(before)
    again = game.apply(before, action)
    assert hash(before) == before_hash and _fingerprint(game, before) == snapshot, (
        f"promise: apply never changes its argument; applying {action!r} changed the state"
    )
    assert again == after and hash(again) == hash(after), (
        f"promise: apply is deterministic; applying {action!r} twice to the same state"
        " gave two different states"
    )
    assert game.history(after) == (*game.history(before), action), (
        f"promise: history grows by exactly the action applied ({action!r})"
    )
    _check_events(game, before, action, after)
    outside = game.outside_scores
    if outside is not None:
        was = sum(game.scores(before)) + outside(before)
        now = sum(game.scores(after)) + outside(after)
        assert now == was, (
            f"promise: the game's conservation law holds (the scores' sum plus what lies"
            f" outside them); {action!r} took it from {was} to {now}"
            f" (scores {game.scores(after)})"
        )


def _check_events(game: AnyGame, before: Any, action: Any, after: Any) -> None:
    """Each seat's events of the step tell its action, and nothing the seat may not know."""
    resample = game.resample_hidden
    count = len(game.scores(before))
    for seat in (None, *range(count)):
        told = _made("wire.events", game, before, after, seat)
        first = told[0] if told else None
        assert first == {
            "event": "action",
            "step": len(game.history(after)),
            "seat": game.current_player(before),
            "action": game.format_action(action),
        }, f"promise: events tell each action first; {_whose(seat)} begin {first!r}"
        if resample is not None:
            twins = [
                resample(state, seat, SeededStream(n)) for n, state in enumerate((before, after))
            ]
            again = _made("wire.events_along", game, twins, (action,), seat)
            _same_text("wire.events", seat, wire.dumps(told), wire.dumps(again))
            story = _told(wire.story_along, game, [before, after], (action,), seat)
            if story is not None:
                twin_story = _told(wire.story_along, game, twins, (action,), seat) or ""
                _same_text("wire.story", seat, story, twin_story)


def check_illegal(game: AnyGame, state: Any, actions: Sequence[Any]) -> None:
    """The promise that each of ``actions`` not legal in ``state`` is refused with
    IllegalActionError (by apply and by parse_action) and changes nothing."""
    legal = set(game.legal_actions(state))
    snapshot = _fingerprint(game, state)
    before = hash(state)
    for action in dict.fromkeys(actions):
        if action in legal:
            continue
        text = game.format_action(action)
        for call, argument in ((game.apply, action), (game.parse_action, text)):
            try:
                call(state, argument)
            except IllegalActionError:
                pass
            except Exception as error:
                raise AssertionError(
                    f"promise: an illegal action raises IllegalActionError; {action!r}"
                    f" raised {type(error).__name__}: {error}"
                ) from error
            else:
                raise AssertionError(
                    f"promise: an action that is not legal is refused; {action!r} was taken"
                    f" (legal: {_short(tuple(legal))})"
                )
    assert hash(state) == before and _fingerprint(game, state) == snapshot, (
        "promise: a refused action leaves the state as it was"
    )


def check_finished(game: AnyGame, state: Any, actions: Sequence[Any]) -> None:
    """The promise of a finished game: every action it once allowed is now refused."""
    assert game.is_terminal(state), "check_finished takes a finished game"
    check_illegal(game, state, actions)


def check_replay(
    game: AnyGame, rules: Any, dice: Sequence[int], actions: Sequence[Any], state: Any
) -> None:
    """The promises of replay: the same rules, dice and actions give the same game;
    and, for a registered game, its record survives JSON, pickle and replay."""
    again = _replayed(game, rules, ScriptedStream(dice), actions)
    assert _fingerprint(game, again) == _fingerprint(game, state), (
        "promise: a game replays; new_game with the same rules and dice, then the same"
        " actions, gave a different game"
    )
    assert pickle.loads(pickle.dumps(again)) == again, "promise: a state survives pickle"
    if GAMES.get(game.name) is not game:
        return
    try:
        rec = record(again)
    except RecordError as error:
        raise AssertionError(f"promise: every game can be recorded; {error}") from None
    assert GameRecord.from_json(rec.to_json()) == rec, "promise: a record survives JSON"
    assert replay(rec) == again, "promise: replay(record(state)) == state"


# ------------------------------------------------------------- the declared parts

WHOLE_GAME_BOUND = 5_000
"""A whole game that check_game plays must end within this many actions (or within
``max_length``, where the game declares one)."""

PROBES = 4
"""Actions check_game tries in each state where they are not legal, beyond the last
ones taken: a spread of ``distinct_actions`` (or of the actions seen legal earlier)."""


def _broken(part: str, promise: str, detail: str) -> AssertionError:
    """The failure of a declared part: the promise, the part, and what differs, in full."""
    return AssertionError(f"promise: {promise} (part {part}); {detail}")


def _asked(part: str, what: str, call: Callable[[], _T]) -> _T:
    """``call()``: an exception from it breaks the promise that ``part`` works."""
    try:
        return call()
    except AssertionError:
        raise
    except Exception as error:
        raise _broken(
            part, f"{part} works in every state of legal play",
            f"{what} raised {type(error).__name__}: {error}",
        ) from error  # fmt: skip


def _whose(seat: int | None) -> str:
    return "the spectator's" if seat is None else f"seat {seat}'s"


def _finite(vector: Sequence[object]) -> bool:
    """Whether ``vector`` holds finite numbers only: a plain sum first (a NaN or an
    infinity makes it one; a float sum of many is several times faster than
    ``math.fsum``), each number only when the sum is not finite (finite numbers whose
    sum overflows)."""
    try:
        if math.isfinite(sum(vector)):  # type: ignore[arg-type]
            return True
        return all(math.isfinite(number) for number in vector)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return False


INFORMATION_STEPS: Final = 200
"""The information state is checked at each of a game's first steps, and at its end."""


class _Parts:
    """The optional parts ``game`` declares, checked along one game under ``rules``.

    Action ids, the observation, the information state (each viewer's views so far
    encode to its size, in finite numbers, and tell a str), ``max_length``,
    ``max_sides``, the payoff (as the
    adapters pay it, ``dicerules.facts.returns``), the narrator (the game's, or the
    generic one) telling the game to every seat and the spectator in the order the
    command line calls it, and, for a game without ``resample_hidden``, that every
    seat sees what the spectator sees but for its own seat.
    """

    def __init__(self, game: AnyGame, rules: Any, state: Any) -> None:
        self.game, self.rules = game, rules
        self.viewers: tuple[int | None, ...] = (None, *_seats(game, state))
        self.count = len(self.viewers) - 1
        self.steps = 0
        self.rolled = 0
        self.ids: tuple[Any, ...] | None = None
        self.id_set: frozenset[Any] = frozenset()
        distinct = game.distinct_actions
        if distinct is not None:
            ids = _asked("distinct_actions", "distinct_actions(rules)", lambda: distinct(rules))
            self._check_ids(ids)
            self.ids, self.id_set = tuple(ids), frozenset(ids)
        self.size = self._check_pieces()
        self.so_far: dict[int | None, list[Any]] = {viewer: [] for viewer in self.viewers}
        """Each viewer's views so far, for the information state."""
        self.max_length = _asked("max_length", "max_length(rules)", lambda: game.max_length(rules))
        self.max_sides = _asked("max_sides", "max_sides(rules)", lambda: game.max_sides(rules))
        assert self.max_length is None or (type(self.max_length) is int and self.max_length >= 0), (
            f"promise: max_length(rules) is None or a whole number (part max_length);"
            f" it is {self.max_length!r}"
        )
        assert type(self.max_sides) is int and self.max_sides >= 1, (
            f"promise: max_sides(rules) is a whole number of faces (part max_sides);"
            f" it is {self.max_sides!r}"
        )
        self.payoff: ScoreChange | None = None
        payoff = game.payoff
        if payoff is not None:
            self.payoff = _asked("payoff", "payoff(rules)", lambda: payoff(rules))
            self._check_payoff_declared()
        narrator = game.narrator or Narrator
        self.part = f"narrator ({narrator.__name__})"
        self.tellers: dict[int | None, Narrator[Any]] = {}
        for viewer in self.viewers:
            made = f"{narrator.__name__}(game, {viewer})"
            self.tellers[viewer] = _asked(
                self.part, made, functools.partial(narrator, game, viewer)
            )
        self.seen = {viewer: game.view(state, viewer) for viewer in self.viewers}
        for viewer, teller in self.tellers.items():
            self._tell(viewer, "news(None, view)", teller.news, None, self.seen[viewer])
        self.state(state)

    # what is declared once for the rules

    def _check_ids(self, ids: object) -> None:
        assert isinstance(ids, tuple), (
            f"promise: distinct_actions(rules) is a tuple (part distinct_actions); it is a"
            f" {type(ids).__name__}"
        )
        first: dict[Any, int] = {}
        for index, action in enumerate(ids):
            if action in first:
                raise _broken(
                    "distinct_actions", "distinct_actions(rules) lists each action once",
                    f"{action!r} is listed at ids {first[action]} and {index}",
                )  # fmt: skip
            first[action] = index

    def _check_pieces(self) -> int:
        encoding = self.game.observation
        if encoding is None:
            return 0
        pieces = _asked(
            "observation", "observation.pieces(rules)", lambda: encoding.pieces(self.rules)
        )
        names = [name for name, _ in pieces]
        assert len(set(names)) == len(names), (
            f"promise: each piece of the observation has its own name (part observation);"
            f" the pieces are {pieces!r}"
        )
        for name, shape in pieces:
            assert isinstance(shape, tuple) and all(type(n) is int and n >= 0 for n in shape), (
                f"promise: a piece's shape is a tuple of whole numbers (part observation);"
                f" piece {name!r} has the shape {shape!r}"
            )
        assert encoding.pieces(self.rules) == pieces, (
            "promise: observation.pieces(rules) is the same every time (part observation)"
        )
        self.pieces = pieces
        return encoding.size(self.rules)

    def _check_payoff_declared(self) -> None:
        change = self.payoff
        assert isinstance(change, ScoreChange) and len(change.start) == self.count, (
            f"promise: payoff(rules) is a ScoreChange with a start score for each of the"
            f" {self.count} seats (part payoff); it is {change!r}"
        )
        assert change.least <= change.most, (
            f"promise: a payoff's least change is at most its most (part payoff): {change!r}"
        )

    # what holds in every state

    def state(self, state: Any) -> None:
        """The promises of the declared parts in ``state``."""
        game = self.game
        views = {viewer: game.view(state, viewer) for viewer in self.viewers}
        where = f"the state after {self.steps} actions" + (
            " (the game is over)" if game.is_terminal(state) else ""
        )
        if self.ids is not None:
            for action in game.legal_actions(state):
                if action not in self.id_set:
                    raise _broken(
                        "distinct_actions", "every legal action has an id: it is among"
                        " distinct_actions(rules)", f"{action!r} ({game.format_action(action)})"
                        f" is legal in {where} and is not among the {len(self.ids)} actions",
                    )  # fmt: skip
        if game.observation is not None:
            for viewer, view in views.items():
                self._check_vector(viewer, view, where)
        if game.information_state is not None:
            for viewer, view in views.items():
                self.so_far[viewer].append(view)
            if self.steps < INFORMATION_STEPS or game.is_terminal(state):
                self._check_information(where)
        if game.resample_hidden is None:
            self._check_hides_nothing(views, where)
        if game.is_terminal(state):
            self._check_returns(state)

    def _check_vector(self, viewer: int | None, view: Any, where: str) -> None:
        encoding = self.game.observation
        assert encoding is not None
        what = f"observation.encode(rules, {_whose(viewer)} view)"
        vector = _asked("observation", what, lambda: encoding.encode(self.rules, view))
        pieces = ", ".join(f"{name} {shape}" for name, shape in self.pieces)
        if len(vector) != self.size:
            raise _broken(
                "observation", "every view encodes to observation.size(rules) numbers",
                f"{_whose(viewer)} view in {where} encodes to {len(vector)} numbers, not"
                f" {self.size} (the pieces: {pieces})",
            )  # fmt: skip
        if _finite(vector):
            return
        for index, number in enumerate(vector):
            if not (isinstance(number, numbers.Real) and math.isfinite(number)):
                name, place = self._piece_at(index)
                raise _broken(
                    "observation", "an observation holds finite numbers",
                    f"{_whose(viewer)} view in {where} encodes number {index} (piece {name},"
                    f" item {place}) as {number!r}",
                )  # fmt: skip

    def _check_information(self, where: str) -> None:
        declared = self.game.information_state
        assert declared is not None
        size = _asked("information_state", "information_state.size(rules)",
                      lambda: declared.size(self.rules))  # fmt: skip
        for viewer, seen in self.so_far.items():
            views = tuple(seen)
            what = f"information_state.encode(rules, {_whose(viewer)} views)"
            vector = _asked(
                "information_state", what, functools.partial(declared.encode, self.rules, views)
            )
            if len(vector) != size or not _finite(vector):
                raise _broken(
                    "information_state", "every seat's views encode to information_state"
                    ".size(rules) finite numbers", f"{_whose(viewer)} views up to {where}"
                    f" encode to {len(vector)} numbers, not {size}, or not all finite",
                )  # fmt: skip
            text = declared.text
            if text is not None:
                told = _asked("information_state", "information_state.text(rules, views)",
                              functools.partial(text, self.rules, views))  # fmt: skip
                if not isinstance(told, str):
                    raise _broken(
                        "information_state", "information_state.text gives a str",
                        f"{_whose(viewer)} views up to {where} give {type(told).__name__}",
                    )  # fmt: skip

    def _piece_at(self, index: int) -> tuple[str, int]:
        start = 0
        for name, shape in self.pieces:
            size = math.prod(shape)
            if index < start + size:
                return name, index - start
            start += size
        return "(none)", index - start

    def _check_hides_nothing(self, views: dict[int | None, Any], where: str) -> None:
        public = views[None]
        for seat in self.viewers[1:]:
            seen = views[seat]
            if seen == public:
                continue
            if type(seen) is type(public) and attrs.has(type(seen)):
                fields = [
                    (field.name, getattr(public, field.name), getattr(seen, field.name))
                    for field in attrs.fields(type(seen))
                ]
            else:
                fields = [("(the whole view)", public, seen)]
            for name, theirs, mine in fields:
                if theirs != mine and not (theirs is None and mine == seat):
                    raise _broken(
                        "resample_hidden", "a game without resample_hidden hides nothing: every"
                        " seat sees what the spectator sees, but for its own seat",
                        f"in {where}, seat {seat}'s view has {name} = {mine!r} where the"
                        f" spectator's has {theirs!r}. If a seat may not know all of a state,"
                        " declare resample_hidden (all that seat may not know, drawn afresh),"
                        " so that the checks can prove the view hides it",
                    )  # fmt: skip

    def _check_returns(self, state: Any) -> None:
        game = self.game
        paid = _asked(
            "payoff", "dicerules.facts.returns(game, state)", lambda: returns(game, state)
        )
        change = self.payoff
        if change is None:
            return
        scores = game.scores(state)
        changes = [end - start for end, start in zip(scores, change.start, strict=True)]
        assert all(change.least <= one <= change.most for one in changes), (
            f"promise: each seat's change of score lies within the payoff's bounds (part"
            f" payoff); the scores {scores} from {change.start} changed by {changes}, beyond"
            f" {change.least} to {change.most}"
        )
        assert not change.zero_sum or sum(changes) == 0, (
            f"promise: a zero-sum payoff's changes sum to 0 (part payoff); the scores"
            f" {scores} from {change.start} changed by {changes}, which sum to {sum(changes)}"
        )
        assert list(paid) == [float(one) for one in changes], (
            f"promise: the adapters pay each seat its change of score (part payoff);"
            f" returns() gave {paid}, the changes are {changes}"
        )

    # what holds along the game

    def dice(self, sides: Sequence[int]) -> None:
        """The promise of ``max_sides`` for the dice rolled since the last call (``sides``:
        the number of faces of every die the game has rolled, in order)."""
        for index in range(self.rolled, len(sides)):
            if sides[index] > self.max_sides:
                raise _broken(
                    "max_sides", f"no die has more faces than max_sides(rules) = {self.max_sides}",
                    f"die number {index} of this game was rolled with {sides[index]} sides",
                )  # fmt: skip
        self.rolled = len(sides)

    def step(self, before: Any, action: Any, after: Any) -> None:
        """The promises of the declared parts in ``after = apply(before, action)``."""
        game = self.game
        self.steps += 1
        if self.max_length is not None and self.steps > self.max_length:
            raise _broken(
                "max_length", f"no game under these rules takes more than max_length(rules) ="
                f" {self.max_length} actions", f"action number {self.steps}"
                f" ({game.format_action(action)}) was legal",
            )  # fmt: skip
        player = game.current_player(before)
        assert player is not None
        legal = game.legal_actions(before)
        for viewer, teller in self.tellers.items():
            seen = self.seen[viewer]
            if viewer == player:  # as ``play`` asks the seat to act
                self._tell(viewer, "situation(view)", teller.situation, seen)
                self._said(viewer, "choices(view, legal)", teller.choices, seen, legal)
                self._tell(viewer, "notation_help(view, legal)", teller.notation_help, seen, legal)
                for one in legal:  # as an app asks for its buttons
                    what = f"label(view, {game.format_action(one)})"
                    words = self._said(viewer, what, teller.label, seen, one)
                    if type(one) in teller.labels_by_action:
                        self._same_label(viewer, what, words, one)
                offered = self._asked_of(
                    viewer, "suggested(view, legal)", teller.suggested, seen, legal
                )
                assert offered is None or offered in legal, (
                    f"promise: a narrator's suggested action is a legal one, or None (part"
                    f" {self.part}); it suggested {offered!r}"
                )
            now = game.view(after, viewer)
            what = f"step(before, {player}, {game.format_action(action)}, after)"
            self._tell(viewer, what, teller.step, seen, player, action, now)
            self.seen[viewer] = now
        self.state(after)
        if game.is_terminal(after):
            self._finish(after)

    def _finish(self, state: Any) -> None:
        """The last lines of ``play`` and ``replay``: the winners and the scores."""
        winners, scores = self.game.winners(state), self.game.scores(state)
        for viewer, teller in self.tellers.items():
            if winners:
                self._said(viewer, "together(winners)", teller.together, winners)
            self._said(viewer, "seats(scores)", teller.seats, scores)
            self._tell(viewer, "ending(winners, scores)", teller.ending, winners, scores)
            standing = self._asked_of(viewer, "standing(view)", teller.standing, self.seen[viewer])
            self._said(viewer, "seats(standing(view))", teller.seats, standing)
            assert isinstance(teller.score_name, str), (
                f"promise: a narrator's score_name is text (part {self.part})"
            )

    def _asked_of(
        self, viewer: int | None, what: str, method: Callable[..., Any], *args: Any
    ) -> Any:
        where = f"{what}, telling {_whose(viewer)} views after {self.steps} actions"
        return _asked(self.part, where, lambda: method(*args))

    def _tell(self, viewer: int | None, what: str, method: Callable[..., Any], *args: Any) -> None:
        """The narrator's ``method(*args)``, which must return lines of text."""
        told = self._asked_of(viewer, what, method, *args)
        assert isinstance(told, list | tuple) and all(isinstance(line, str) for line in told), (
            f"promise: a narrator's {what.partition('(')[0]} returns lines of text (part"
            f" {self.part}); telling {_whose(viewer)} views, {what} returned {told!r}"
        )

    def _said(self, viewer: int | None, what: str, method: Callable[..., Any], *args: Any) -> str:
        """The narrator's ``method(*args)``, which must return a line of text."""
        told = self._asked_of(viewer, what, method, *args)
        assert isinstance(told, str), (
            f"promise: a narrator's {what.partition('(')[0]} returns a line of text (part"
            f" {self.part}); telling {_whose(viewer)} views, {what} returned {told!r}"
        )
        return told

    def _same_label(self, viewer: int | None, what: str, words: str, action: Any) -> None:
        """An action of a class in ``labels_by_action`` has the same label, ``words``,
        told to every other viewer from their own view."""
        for other, teller in self.tellers.items():
            if other != viewer:
                theirs = self._asked_of(other, what, teller.label, self.seen[other], action)
                assert theirs == words, (
                    f"promise: a narrator's label of an action of a class in its"
                    f" labels_by_action is the same in every view (part {self.part});"
                    f" {what} was {words!r} telling {_whose(viewer)} views,"
                    f" {theirs!r} telling {_whose(other)}"
                )


class _SeededFaces:
    """The faces of ``_Dice`` drawn from ``SeededStream(seed)``, in the game's own rolls."""

    def __init__(self, seed: int) -> None:
        self.stream: DiceStream = SeededStream(seed)

    def __call__(self, start: int, count: int, sides: int) -> list[int]:
        faces, self.stream = self.stream.roll(count, sides)
        return list(faces)


def _whole_game(game: AnyGame, rules: Any, seed: int) -> tuple[int, str, str] | None:
    """Play game ``seed`` of ``rules`` to its end (each die and each choice seeded),
    checking every declared part; (actions, message, log) of a failure, or None."""
    dice = _Dice(_SeededFaces(seed), limit=sys.maxsize)
    choices: DiceStream = SeededStream(seed + 1)
    actions: list[Any] = []
    try:
        state = game.new_game(rules, stream=_DrawnStream(dice))
        parts = _Parts(game, rules, state)
        parts.dice(dice.sides)
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            assert legal, "promise: legal_actions is () exactly when the game is over"
            assert parts.max_length is not None or len(actions) < WHOLE_GAME_BOUND, (
                f"promise: a random game ends within {WHOLE_GAME_BOUND} actions (part"
                " max_length: it gives no bound for these rules)"
            )
            (face,), choices = choices.roll(1, len(legal))
            actions.append(legal[face - 1])
            after = game.apply(state, actions[-1])
            parts.step(state, actions[-1], after)
            parts.dice(dice.sides)
            state = after
    except AssertionError as error:
        return len(actions), str(error), _log(game, rules, dice.faces, actions)
    except Exception as error:
        message = f"promise: the game raises no {type(error).__name__} in legal play: {error}"
        return len(actions), message, _log(game, rules, dice.faces, actions)
    return None


def _failed(game: AnyGame, failures: Sequence[tuple[int, str, str]]) -> AssertionError:
    steps, message, log = min(failures, key=lambda failure: (failure[0], len(failure[2])))
    return AssertionError(
        f"{game.name}: {message}\nshortest failing game found ({steps} actions):\n{log}"
    )


def check_parts(game: AnyGame, rules: object = None, *, games: int = 3) -> None:
    """Play ``games`` whole seeded random games and check every optional part ``game``
    declares in each state and step (``rules``: a Rules value; None for each preset).

    The parts: every legal action is among ``distinct_actions``, which lists each
    once; every view of every seat and the spectator encodes to the observation's
    length in finite numbers; no game is longer than ``max_length`` or rolls a die of
    more faces than ``max_sides``; a finished game pays what ``payoff`` says (and
    sums to 0 where it is zero-sum); the narrator (the game's, or the generic one)
    tells the whole game to every seat and the spectator, as ``play`` and ``replay``
    call it, without raising; and a game without ``resample_hidden`` shows every seat
    what the spectator sees, but for its own seat. AssertionError, as ``check_game``
    reports: the promise, the part, and the shortest failing game, which replays from
    a ScriptedStream of its dice. Deterministic.
    """
    chosen = tuple(game.presets.values()) if rules is None else (rules,)
    failures = [
        failure
        for one in chosen
        for seed in range(games)
        if (failure := _whole_game(game, one, seed)) is not None
    ]
    if failures:
        raise _failed(game, failures)


# ------------------------------------------------------- order across processes


def _pickled(value: object) -> bytes | None:
    """``value`` pickled with cloudpickle (which carries functions of ``__main__`` and
    lambdas by value) if it is installed, else with pickle; None if neither can."""
    try:
        dumps: Callable[[object], bytes] = importlib.import_module("cloudpickle").dumps
    except ImportError:
        dumps = pickle.dumps
    try:
        return dumps(value)
    except Exception:
        return None


HASH_SEEDS: Final = ("1", "2")
"""The PYTHONHASHSEED of each process that lists the legal actions again."""


def _check_order_across_hash_seeds(game: AnyGame, chosen: Sequence[Any]) -> None:
    """legal_actions lists the same actions in the same order in processes of other
    hash seeds (an order taken from hash() or from a set of strings differs), over the
    seeded games of ``dicerules._orders.legal_orders``: one child process for each of
    ``HASH_SEEDS``, side by side. Skipped, with a warning, for a game that cannot be pickled to them
    (cloudpickle carries most)."""
    payload = _pickled((game, tuple(chosen)))
    if payload is None:
        warnings.warn(
            f"{game.name}: legal_actions' order across hash seeds is not checked: the game"
            " cannot be pickled to another process (pip install cloudpickle)",
            stacklevel=3,
        )
        return
    command = [sys.executable, "-c", "from dicerules._orders import main; main()"]
    children = {
        seed: subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        for seed in HASH_SEEDS
    }
    given = pickle.dumps(list(sys.path)) + payload
    answers = {seed: child.communicate(given) for seed, child in children.items()}
    listed = legal_orders(game, chosen)
    orders = {"this process's": [(digest, first) for digest, first, _ in listed]}
    for seed, (out, err) in answers.items():
        lines = err.decode(errors="replace").strip().splitlines()
        last = lines[-1] if lines else f"exit status {children[seed].returncode}"
        if children[seed].returncode == 3:
            warnings.warn(
                f"{game.name}: legal_actions' order across hash seeds is not checked:"
                f" another process cannot load the game ({last})",
                stacklevel=3,
            )
            return
        assert children[seed].returncode == 0, (
            f"{game.name}: promise: the game plays the same in a process of another hash"
            f" seed (PYTHONHASHSEED={seed}); there it raised: {last}"
        )
        orders[f"PYTHONHASHSEED={seed}'s"] = [
            (digest, first) for digest, first, _ in json.loads(out)
        ]
    places = [where for _, _, where in listed]
    (one, mine), *others = orders.items()
    for other, theirs in others:
        for where, (digest, first), (seen, their_first) in zip(places, mine, theirs, strict=False):
            assert digest == seen, (
                f"{game.name}: promise: legal_actions keeps one order in every process; in"
                f" seeded {where}, {one} legal_actions begin {first}, {other} {their_first}"
                " (an order taken from hash(), or from a set of strings, differs from one"
                " process to the next)"
            )


# ------------------------------------------------------------------ state machine


def _game_log(machine: GameMachine) -> str:
    pending = [] if machine._pending is None else [machine._pending]
    return _log(machine.game, machine.rules, machine.dice, [*machine.actions, *pending])


def _log(game: AnyGame, rules: Any, dice: Sequence[int], actions: Sequence[Any]) -> str:
    """A failing game as check_game reports it: it replays from a ScriptedStream of ``dice``."""
    texts = []
    for action in actions:
        try:
            texts.append(game.format_action(action))
        except Exception:  # the notation itself may be what is broken
            texts.append(repr(action))
    return (
        f"rules: {rules!r}\n"
        f"dice: {list(dice)}\n"
        f"actions ({len(texts)}): {', '.join(texts) or '(none)'}"
    )


class GameMachine(RuleBasedStateMachine):
    """Random legal play of one game, checking every promise of the protocol.

    Made by ``state_machine(game)``; subclass it to add rules and invariants of
    your own. ``self.game`` is the game, ``self.rules`` the example's rules,
    ``self.actions`` the actions applied, ``self.dice`` the dice rolled so far, and
    ``self.state`` the current state: an ordinary state on a ScriptedStream of those
    dice, so it records, pickles and replays like any other (a game that rolls again
    from it runs out of script: the machine itself plays on).
    """

    game: ClassVar[AnyGame]
    rules_strategy: ClassVar[st.SearchStrategy[Any]]
    checks: ClassVar[bool] = True
    failures: ClassVar[list[tuple[int, str, str]] | None] = None

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.rules: Any = None
        self.actions: list[Any] = []
        self.seats = 0
        self._source: _Dice | None = None
        self._live: Any = None  # the same game on dice drawn when rolled
        self._draw: Callable[..., Any] | None = None
        self._finished_checked = False
        self._pending: Any = None  # an action being applied, for the failure log
        self._busy = False  # a rule has begun and not returned (hypothesis may abandon it)
        self._parts: _Parts | None = None
        self._offered: dict[Any, None] = {}  # every action legal so far, in order

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled so far, in order."""
        return tuple(self._source.faces) if self._source is not None else ()

    def _roll(self, start: int, count: int, sides: int) -> list[int]:
        assert self._draw is not None
        return list(self._draw(_new_dice(start, count, sides), label="dice"))

    def _keep(self, check: Callable[[], _T]) -> _T:
        """Run ``check``; note a broken promise with this run's log before it propagates."""
        try:
            return check()
        except HypothesisException:
            raise
        except AssertionError as error:
            self._note(str(error))
            raise
        except Exception as error:
            message = f"promise: the game raises no {type(error).__name__} in legal play: {error}"
            self._note(message)
            raise AssertionError(message) from error

    def _note(self, message: str) -> None:
        if self.failures is not None:
            steps = len(self.actions) + (self._pending is not None)
            self.failures.append((steps, message, _game_log(self)))

    def _scripted(self, action: Any = None) -> Any:
        """The live game rebuilt on a ScriptedStream of the dice rolled so far.

        A state with a tape (every built-in engine) is re-pointed at the longer
        script and ``action`` applied, in constant time; any other game is replayed.
        """
        script = ScriptedStream(self.dice)
        tape = getattr(self.state, "tape", None)
        if action is not None and isinstance(tape, Tape) and attrs.has(type(self.state)):
            position = getattr(tape.stream, "position", None)
            if isinstance(position, int):
                tape = attrs.evolve(tape, origin=script, stream=ScriptedStream(self.dice, position))
                return self.game.apply(attrs.evolve(self.state, tape=tape), action)
        return _replayed(self.game, self.rules, script, self.actions)

    def _replays(self) -> None:
        assert _fingerprint(self.game, self.state) == _fingerprint(self.game, self._live), (
            "promise: a game replays; new_game with the same rules and dice, then the same"
            " actions, gave a different game"
        )

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        self._busy = True
        self._draw = data.draw
        self.rules = data.draw(self.rules_strategy, label="rules")
        self._source = _Dice(self._roll)
        stream = _DrawnStream(self._source)
        self._live = self._keep(lambda: self.game.new_game(self.rules, stream=stream))
        self.state = self._keep(self._scripted)
        self.seats = len(self.game.scores(self.state))
        if self.checks:
            self._keep(lambda: check_state(self.game, self.state, seats=self.seats))
            self._keep(self._replays)
            self._parts = self._keep(lambda: _Parts(self.game, self.rules, self.state))
            self._keep(self._rolled)
            self._keep(lambda: check_illegal(self.game, self.state, self._probes()))
        self._busy = False

    def _rolled(self) -> None:
        assert self._parts is not None and self._source is not None
        self._parts.dice(self._source.sides)

    def _probes(self) -> list[Any]:
        """A spread of PROBES actions not legal now: from ``distinct_actions`` where the
        game declares it, else from the actions legal earlier in this game."""
        legal = self.game.legal_actions(self.state)
        self._offered.update(dict.fromkeys(legal))
        ids = self._parts.ids if self._parts is not None else None
        pool = ids if ids is not None else tuple(self._offered)
        now = set(legal)
        illegal = [action for action in pool if action not in now]
        if not illegal:
            return []
        step = max(1, len(illegal) // PROBES)
        start = len(self.actions) % step
        return illegal[start::step][:PROBES]

    def _playing(self) -> bool:
        return self.state is not None and not self.game.is_terminal(self.state)

    def _over(self) -> bool:
        return self.state is not None and self.game.is_terminal(self.state)

    @precondition(_playing)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """One legal action, and every promise about it and the state it leads to."""
        self._draw = data.draw
        action = data.draw(_actions(self.game.legal_actions(self.state)), label="action")
        self._busy, self._pending = True, action
        before = self._live
        after = self._keep(lambda: self.game.apply(before, action))
        self.actions.append(action)
        self._pending = None
        self._live = after
        self.state = self._keep(lambda: self._scripted(action))
        if self.checks:
            self._keep(lambda: check_step(self.game, before, action, after))
            self._keep(lambda: check_state(self.game, self.state, seats=self.seats))
            self._keep(self._replays)
            # The last few distinct actions taken and a spread of the others: those not
            # legal now must be refused.
            recent = tuple(dict.fromkeys(reversed(self.actions)))[:4]
            self._keep(lambda: check_illegal(self.game, self.state, [*recent, *self._probes()]))
            parts = self._parts
            if parts is not None:
                self._keep(lambda: parts.step(before, action, after))
                self._keep(self._rolled)
        self._busy = False

    @precondition(_over)
    @rule()
    def finished(self) -> None:
        """A finished game refuses every action it once allowed (checked once)."""
        if self.checks and not self._finished_checked:
            self._keep(lambda: check_finished(self.game, self.state, self.actions))
            self._finished_checked = True

    def teardown(self) -> None:
        # Not after a step that hypothesis abandoned part-way (out of data to draw).
        if self.checks and self.state is not None and not self._busy:
            dice = self.dice
            self._keep(lambda: check_replay(self.game, self.rules, dice, self.actions, self.state))


def state_machine(game: AnyGame, rules: object = None, *, checks: bool = True) -> type[GameMachine]:
    """A GameMachine class for ``game`` (``rules`` as in ``action_logs``).

    Run it as a test with ``TestGame = state_machine(game).TestCase``, or subclass it.
    ``checks=False`` plays the same legal games without checking the game's promises
    at each step: quicker, for testing your own code against a game you trust.
    """
    name = "".join(part.title() for part in game.name.replace("_", "-").split("-"))
    namespace = {
        "game": game,
        "rules_strategy": _rules_strategy(game, rules),
        "checks": checks,
    }
    return cast(type[GameMachine], type(f"{name}Machine", (GameMachine,), namespace))


def check_game(
    game: AnyGame,
    *,
    max_examples: int = 100,
    max_steps: int = 50,
    rules: object = None,
    whole_games: int = 3,
) -> None:
    """Check every promise of the Game protocol on ``game`` by random legal play.

    First ``max_examples`` games of up to ``max_steps`` actions, drawn by hypothesis
    (``rules`` as in ``action_logs``), each promise checked at every step, the
    optional parts the game declares included (see ``check_parts``) and, at each
    state, actions that are not legal (a spread of ``distinct_actions``, or of the
    actions legal earlier) refused by ``apply``; then ``check_parts`` on
    ``whole_games`` whole seeded games of each preset (of ``rules``, if it is a Rules
    value), for the promises only a whole game can break (``max_length``, the end of
    the narration, the payoff); and with them, that ``legal_actions`` lists the same
    actions in the same order in processes of other hash seeds (two child processes,
    ``PYTHONHASHSEED`` 1 and 2, play seeded games of those rules; the game goes to
    them pickled, with cloudpickle where it is installed, and the check is skipped
    with a warning for a game that cannot go).

    Before any game, that every field of its messages has a name
    (``check_messages_named``).

    Raises AssertionError: the broken promise (and the part, for an optional one),
    and the shortest action log found (the rules, the dice in the order rolled, and
    the actions), which replays with ``new_game(rules, stream=ScriptedStream(dice))``.
    Deterministic: the same game gives the same verdict on every run.
    """
    check_messages_named(game)
    failures: list[tuple[int, str, str]] = []
    machine = type("Checked", (state_machine(game, rules),), {"failures": failures})
    try:
        run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=max_examples,
                stateful_step_count=max_steps,
                deadline=None,
                database=None,
                derandomize=True,
                report_multiple_bugs=False,
                # The report is this function's own: no explain phase.
                phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
                suppress_health_check=list(HealthCheck),
                verbosity=Verbosity.quiet,
            ),
        )
    except BaseException as error:
        if not failures or isinstance(error, KeyboardInterrupt):
            raise
        raise _failed(game, failures) from None
    if whole_games:
        given = None if rules is None or isinstance(rules, st.SearchStrategy) else rules
        check_parts(game, given, games=whole_games)
        _check_order_across_hash_seeds(
            game, tuple(game.presets.values()) if given is None else (given,)
        )
