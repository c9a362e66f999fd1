"""What the tests of every game share (import it as ``helpers``: tests/ is on the path).

* The reference SplitMix64 (``ref_mix``, ``ref_draw``, ``ref_roll``): the seeded
  stream written again from API.md alone, not from dicerules' code; the one copy
  every test that needs the rules' own dice uses.
* ``SeededDice`` and ``ScriptedDice``: the dice sources of the reference models
  (``Exhausted`` when a script is short).
* ``random_play``: the one random-play loop. It plays a game from a state, each
  action picked by a chooser (``seeded_choice``: a SeededStream, as the golden
  playthroughs and the conformance suite pick; ``drawn_choice``: hypothesis, shrinking
  toward the last legal action, which ends a turn in every game), and can run a
  reference model beside the engine and check every promise of ``dicerules.testing``
  at each step.
* ``Scripted(module)``: games of one engine module whose dice are written in the
  test, played with moves in notation; ``drawn(state)``, the dice a game has drawn.
* ``parses_legally_or_not(game, state, text)``: the state machines' garbage rule.
* ``resampled(game, rules, seed, chooser_seed)``: each state of a seeded game and its
  ``resample_hidden`` twins, for the games' contract tests.
* ``bad_values``, ``bad_rules_test`` and ``bad_input_test``: the tests every game's
  rules file makes of bad Rules fields and of bad input to a state.
* ``QUICK_EXAMPLES`` and ``DEEP_EXAMPLES``: the hypothesis profiles' examples a test
  (tests/conftest.py).
* ``example_program(name)``: the fixture ``run`` of an example program's tests;
  ``replayed_end(lines)``, the game its printed record replays to.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import importlib.util
import os
import pickle
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar

import attrs
import pytest
from hypothesis import strategies as st

import dicerules
from dicerules import (
    DiceStream,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    ScriptedStream,
    SeededStream,
    StreamExhaustedError,
)
from dicerules.game import AnyGame, game_of
from dicerules.testing import check_state, check_step

S = TypeVar("S")
R = TypeVar("R", contravariant=True)

# ------------------------------------------------------ hypothesis profiles

QUICK_EXAMPLES = 20
"""Examples a test under the quick profile, the default."""
DEEP_EXAMPLES = 60
"""Examples a test under the deep profile: every test's count before the quick one."""


# ------------------------------------------------------ the reference SplitMix64

TWO64 = 2**64
GOLDEN = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB


def ref_mix(z: int) -> int:
    """SplitMix64's finaliser, step by step as API.md spells it."""
    z ^= z >> 30
    z = (z * MUL1) % TWO64
    z ^= z >> 27
    z = (z * MUL2) % TWO64
    z ^= z >> 31
    return z


def ref_draw(seed: int, i: int) -> int:
    """Raw draw i (1-based) of the stream with ``seed``."""
    return ref_mix((seed + i * GOLDEN) % TWO64)


def ref_roll(seed: int, position: int, count: int, sides: int) -> tuple[tuple[int, ...], int]:
    """``count`` dice of ``sides`` faces from ``position`` on, and the position after them
    (a raw draw at or above the largest multiple of ``sides`` is rejected)."""
    limit = TWO64 - TWO64 % sides
    dice: list[int] = []
    while len(dice) < count:
        position += 1
        x = ref_draw(seed, position)
        if x >= limit:
            continue
        dice.append(x % sides + 1)
    return tuple(dice), position


# ------------------------------------------------- dice for the reference models


class Exhausted(Exception):
    """A reference model ran out of scripted dice."""


class SeededDice:
    """The reference SplitMix64 of ``seed``, read in order."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.index = 0

    def available(self, count: int) -> bool:
        return True

    def take(self, count: int, sides: int = 6) -> list[int]:
        dice, self.index = ref_roll(self.seed, self.index, count, sides)
        return list(dice)


class ScriptedDice:
    """The script, read in order; taking more than is left raises Exhausted."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.index = 0

    def available(self, count: int) -> bool:
        return self.index + count <= len(self.values)

    def take(self, count: int, sides: int = 6) -> list[int]:
        if not self.available(count):
            raise Exhausted
        dice = self.values[self.index : self.index + count]
        self.index += count
        return dice


# ------------------------------------------------------------- random play

Choice = Callable[[tuple[Any, ...]], Any]
"""Picks one of the legal actions it is given."""


def seeded_choice(seed: int) -> Choice:
    """Each action picked by one die of as many sides as there are legal actions,
    from ``SeededStream(seed)`` (as the golden playthroughs pick)."""
    chooser = [SeededStream(seed)]

    def choose(legal: tuple[Any, ...]) -> Any:
        (face,), chooser[0] = chooser[0].roll(1, len(legal))
        return legal[face - 1]

    return choose


def drawn_choice(data: st.DataObject) -> Choice:
    """Each action drawn by hypothesis, shrinking toward the last legal one."""

    def choose(legal: tuple[Any, ...]) -> Any:
        return legal[-1 - data.draw(st.integers(0, len(legal) - 1), label="action")]

    return choose


@attrs.frozen
class Beside:
    """A reference model run beside the engine (see ``random_play``)."""

    start: Callable[[], Any]
    """The model of a new game; Exhausted if it needs more dice than it has."""
    act: Callable[[Any, Any], None]
    """``act(model, action)``: the model takes ``action``; Exhausted if out of dice."""
    compare: Callable[[Any, Any], None]
    """``compare(state, model)``: assert that ``state`` is what the model says."""

    @classmethod
    def in_notation(
        cls, game: AnyGame, start: Callable[[], Any], compare: Callable[[Any, Any], None]
    ) -> Beside:
        """A model whose ``act(move)`` takes each action in ``game``'s notation."""
        return cls(start, lambda model, action: model.act(game.format_action(action)), compare)


def random_play(
    game: AnyGame,
    start: Any | Callable[[], Any],
    choose: Choice,
    steps: int | None = None,
    *,
    beside: Beside | None = None,
    checked: bool = False,
    each_state: Callable[[Any], None] | None = None,
    each_step: Callable[[Any, Any, Any], None] | None = None,
) -> Iterator[Any]:
    """The states of a random game: ``start``, then each state after a chosen action,
    until the game ends or ``steps`` actions are taken.

    ``start`` is a state, or a function that makes one (StreamExhaustedError from it, or
    from an action, ends the game there: the model must have run out of dice too, and
    the state the failed action was given is unchanged). ``beside``: a reference model
    compared with every state. ``checked``: every promise of ``dicerules.testing`` on
    every state and step. ``each_state(state)``, before each action, and
    ``each_step(before, action, after)``: the game's own checks.
    """
    model, exhausted = None, False
    if beside is not None:
        try:
            model = beside.start()
        except Exhausted:
            exhausted = True
    try:
        state = start() if callable(start) else start
    except StreamExhaustedError:
        assert exhausted, "the engine ran out of dice where the rules draw no more"
        return
    assert not exhausted, "the engine drew fewer dice than the rules say"
    seats = len(game.scores(state))
    if beside is not None:
        beside.compare(state, model)
    if checked:
        check_state(game, state, seats=seats)
    yield state
    taken = 0
    while not game.is_terminal(state) and (steps is None or taken < steps):
        if each_state is not None:
            each_state(state)
        legal = game.legal_actions(state)
        assert legal, f"{game.name}: no legal action after {taken} actions, and not over"
        action = choose(legal)
        if beside is not None:
            try:
                beside.act(model, action)
            except Exhausted:
                exhausted = True
        before = pickle.dumps(state) if beside is not None else b""
        try:
            after = game.apply(state, action)
        except StreamExhaustedError:
            assert exhausted, "the engine ran out of dice where the rules draw no more"
            assert pickle.loads(before) == state, "a failed apply changed its state"
            return
        assert not exhausted, "the engine drew fewer dice than the rules say"
        if checked:
            check_step(game, state, action, after)
        if each_step is not None:
            each_step(state, action, after)
        if beside is not None:
            beside.compare(after, model)
        if checked:
            check_state(game, after, seats=seats)
        state = after
        taken += 1
        yield state


def drawn_beside(
    game: AnyGame,
    start: Any | Callable[[], Any],
    data: st.DataObject,
    steps: int,
    beside: Beside,
    *,
    each_state: Callable[[Any], None] | None = None,
    each_step: Callable[[Any, Any, Any], None] | None = None,
) -> Iterator[Any]:
    """``random_play`` with every promise checked, its actions drawn by hypothesis
    (``drawn_choice``), beside a reference model: a game's property tests' play."""
    return random_play(
        game,
        start,
        drawn_choice(data),
        steps,
        beside=beside,
        checked=True,
        each_state=each_state,
        each_step=each_step,
    )


def random_game(
    game: AnyGame, rules: Any, seed: int, chooser_seed: int, steps: int | None = None
) -> list[Any]:
    """The states of a seeded game of ``rules``, its actions picked by ``seeded_choice``."""
    start = game.new_game(rules, seed=seed)
    return list(random_play(game, start, seeded_choice(chooser_seed), steps))


# ------------------------------------------------------------- scripted games


class EngineModule(Protocol[S, R]):
    """What ``Scripted`` uses of an engine module, such as ``dicerules.games.link``."""

    def new_game(
        self, rules: R | None = None, *, seed: int | None = None, stream: DiceStream | None = None
    ) -> S: ...

    def parse(self, text: str) -> Any: ...

    def apply(self, state: S, action: Any) -> S: ...

    def legal_actions(self, state: S) -> tuple[Any, ...]: ...

    def format_action(self, action: Any) -> str: ...

    def current_player(self, state: S) -> int | None: ...

    def view(self, state: S, player: int | None) -> Any: ...


class Scripted(Generic[S, R]):
    """Games of the engine ``module`` from scripted dice, followed by ``pad`` (if any)."""

    def __init__(self, module: EngineModule[S, R], pad: tuple[int, ...] = ()) -> None:
        self.module = module
        self.pad = pad

    def start(self, rules: R, *dice: int) -> S:
        """A new game whose stream yields exactly ``dice`` (then the pad), in draw order."""
        return self.module.new_game(rules, stream=ScriptedStream((*dice, *self.pad)))

    def play(self, state: S, *moves: str) -> S:
        """``state`` after each move (in notation) is applied in turn."""
        for move in moves:
            state = self.module.apply(state, self.module.parse(move))
        return state

    def seat_view(self, state: S, *moves: str) -> tuple[Any, tuple[Any, ...]]:
        """The view and the legal actions of the seat to act after ``moves`` (notation)."""
        state = self.play(state, *moves)
        return self.module.view(state, self.module.current_player(state)), (
            self.module.legal_actions(state)
        )

    def notation(self, state: S) -> list[str]:
        """The legal actions in notation."""
        return [self.module.format_action(action) for action in self.module.legal_actions(state)]


def drawn(state: Any) -> tuple[int, ...]:
    """Every die the game has drawn from its stream so far, in order."""
    return dicerules.record(state).rolls


# ------------------------------------------------------------- the example programs

Run = Callable[..., str]


def example_program(name: str) -> Any:
    """The fixture ``run``: ``run(*args)`` runs examples/<name> (the ``example`` fixture)."""

    @pytest.fixture
    def run(example: Run) -> Run:
        return functools.partial(example, name)

    return run


def replayed_end(lines: list[str]) -> tuple[AnyGame, Any]:
    """The game, and the state the record printed last (after ``Record:``) replays to.

    The state is checked to be the end of a game.
    """
    assert lines[-2] == "Record:"
    state = dicerules.replay(dicerules.GameRecord.from_json(lines[-1]))
    game = game_of(state)
    assert game.is_terminal(state)
    return game, state


def parses_legally_or_not(game: AnyGame, state: Any, text: str) -> None:
    """``parse_action(state, text)`` is a legal action or an error of notation or
    legality, and ``state`` is unchanged."""
    kept = pickle.dumps(state)
    try:
        action = game.parse_action(state, text)
    except (InvalidActionError, IllegalActionError):
        pass
    else:
        assert action in game.legal_actions(state), f"{text!r} parsed to an illegal action"
    assert pickle.loads(kept) == state


def resampled(
    game: AnyGame, rules: Any, seed: int, chooser_seed: int, steps: int | None = None
) -> Iterator[tuple[Any, Any]]:
    """``(state, twin)``: each state of ``random_game`` and, for each seat and the
    spectator, the state with what that seat may not know drawn afresh from
    ``SeededStream(index)`` (index: the state's in the game). The game hides something."""
    resample = game.resample_hidden
    assert resample is not None and game.hides_information
    for index, state in enumerate(random_game(game, rules, seed, chooser_seed, steps)):
        for seat in (None, *range(game.seats(rules))):
            yield state, resample(state, seat, SeededStream(index))


# ------------------------------------------------------------- bad rules, bad input


def bad_values(field: str, *values: object) -> list[tuple[str, object]]:
    """``(field, value)`` for each of ``values``: rows of a game's ``BAD_FIELDS``."""
    return [(field, value) for value in values]


def bad_rules_test(preset: Any, *bad_fields: tuple[str, object]) -> Any:
    """``test_bad_rules_field_is_invalid_rules_naming_the_field`` for each bad field.

    ``Rules(**{field: value})`` (``preset``'s class) and evolving ``preset`` so are
    each an InvalidRulesError (a ValueError) naming the field: evolve validates
    again, so a preset cannot be bent out of range either.
    """
    rules = type(preset)

    @pytest.mark.parametrize(
        ("field", "value"), list(bad_fields), ids=[f"{f}={v!r}" for f, v in bad_fields]
    )
    def test_bad_rules_field_is_invalid_rules_naming_the_field(field: str, value: object) -> None:
        with pytest.raises(InvalidRulesError, match=field) as raised:
            rules(**{field: value})
        assert isinstance(raised.value, ValueError)
        with pytest.raises(InvalidRulesError, match=field):
            attrs.evolve(preset, **{field: value})

    return test_bad_rules_field_is_invalid_rules_naming_the_field


def seat_field_test(most: Any, field: str, cases: list[tuple[int, int]]) -> Any:
    """``test_<field>_must_be_a_seat_of_the_game``: for each ``(players, seat)``, a
    seat those players do not have in ``field`` is an InvalidRulesError naming it,
    made so or evolved from ``most`` (Rules of the most seats, the seat valid there)."""

    @pytest.mark.parametrize(("players", "seat"), cases)
    def test_must_be_a_seat_of_the_game(players: int, seat: int) -> None:
        with pytest.raises(InvalidRulesError, match=field):
            type(most)(players=players, **{field: seat})
        with pytest.raises(InvalidRulesError, match=field):
            attrs.evolve(most, players=players, **{field: seat})

    return test_must_be_a_seat_of_the_game


BadCall = tuple[str, Callable[[Any], object], type[Exception]]


def bad_input_test(
    bad_calls: list[BadCall], position: Callable[[], Any], still: Callable[[Any, Any], None]
) -> Any:
    """``test_bad_input_leaves_the_state_untouched`` for each ``(name, call, error)``.

    ``call(state)`` on the state ``position()`` raises ``error``, and the state is as
    it was: equal to a deep copy and to its pickle, with the same legal actions; then
    ``still(state, kept)`` checks that it plays on as the copy does.
    """

    @pytest.mark.parametrize(
        ("call", "error"), [c[1:] for c in bad_calls], ids=[c[0] for c in bad_calls]
    )
    def test_bad_input_leaves_the_state_untouched(
        call: Callable[[Any], object], error: type[Exception]
    ) -> None:
        state = position()
        kept = copy.deepcopy(state)
        pickled = pickle.dumps(state)
        game = game_of(state)
        legal = game.legal_actions(state)
        with pytest.raises(error):
            call(state)
        assert state == kept == pickle.loads(pickled)
        assert game.legal_actions(state) == legal == game.legal_actions(kept)
        still(state, kept)

    return test_bad_input_leaves_the_state_untouched


SOURCE = str(Path(dicerules.__file__).resolve().parent.parent)
"""The folder holding the dicerules under test."""


def dicerules_process(
    *argv: str, stdin: str = "", timeout: float = 300, columns: int = 80
) -> subprocess.CompletedProcess[str]:
    """``python -m dicerules ARGV`` in a process of its own, on the dicerules under test,
    its text wrapped at ``columns`` (whatever this process's ``COLUMNS``)."""
    path = os.pathsep.join(filter(None, [SOURCE, os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "dicerules", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": path, "COLUMNS": str(columns)},
    )


@contextlib.contextmanager
def columns(width: int | None) -> Iterator[None]:
    """While it lasts, ``COLUMNS`` is ``width`` (None: unset, so the command line wraps
    at 80 columns off a terminal), whatever it was: a wide terminal's, or
    pytest-xdist's workers' own. It is put back after."""
    given = os.environ.pop("COLUMNS", None)
    if width is not None:
        os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        os.environ.pop("COLUMNS", None)
        if given is not None:
            os.environ["COLUMNS"] = given


_AT_DEFAULT_SIGNALS = """import os, signal, sys
for number in (signal.SIGINT, signal.SIGTERM):
    signal.signal(number, signal.SIG_DFL)
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""


def python_at_default_signals(*args: str) -> list[str]:
    """The command line of ``python ARGS`` with Ctrl-C and SIGTERM at their defaults,
    as a program started at a terminal has them, for a test that signals it.

    An ignored signal stays ignored across fork and exec: a suite started as a
    background job of a script (``&``), which ignores Ctrl-C, would start its children
    deaf to it. A first interpreter puts both back to their defaults, then becomes
    ``python ARGS`` (the same process), which then acts on Ctrl-C as at a terminal."""
    return [sys.executable, "-c", _AT_DEFAULT_SIGNALS, *args]


def load_file(name: str, path: Path) -> ModuleType:
    """The module in ``path``, imported as ``name`` (once: later calls give it again),
    for a program beside the tests that is not in a package."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def without_workers_note(err: str, workers: int) -> str:
    """Standard error of ``simulate --workers N`` without its one note that the machine
    lets the run use fewer processors than N (the note is right where it is printed;
    a test that compares runs does not depend on the processors it is given)."""
    from dicerules.cli.simulate import usable_cpus

    if usable_cpus() >= workers:
        return err
    note, _, rest = err.partition("\n")
    assert note.startswith(f"dicerules simulate: --workers {workers}: this machine lets"), err
    return rest
