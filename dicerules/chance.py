"""Chance outcomes: any game stepped one die at a time, the faces chosen by the caller.

A game draws its dice inside ``new_game`` and ``apply``. Solvers (expectimax, CFR)
and apps with physical dice need each die as a node of its own: ``setup`` and ``act``
run those functions on a stream that holds only the faces chosen so far and stops
at the first die it lacks, so a ``Chance`` knows the sides of the die it waits for
(each face has probability 1/sides) and ``show(face)`` goes on to the next die.
It works through the Game contract only, so it works for every game, plugins
included.

A state reached with chosen faces begins with a ScriptedStream of every die drawn
since the start of the game: it is exactly the state that ``new_game`` and ``apply``
give on that stream (as if the game had been played with those physical dice), so
``record`` and ``replay`` work on it. An action that draws no dice gives
``game.apply(state, action)``, the stream untouched.

A roll-off (dice that pick one seat, ties rolled again for as long as they come)
has no bound on its dice. A game that declares its roll-offs (the Game part
``roll_off``) gives a step waiting for the first die of one a ``RollOff``: one
outcome per contender, with its exact chance, and ``settle(seat)`` shows the dice
by which that seat wins at once. A game tree that takes that one outcome instead of
each die is finite, and every state it reaches is one the dice could give.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from dicerules.errors import InvalidArgumentError, StreamExhaustedError, WrongTypeError, shown
from dicerules.game import AnyGame
from dicerules.streams import DiceStream, ScriptedStream, _new_scripted
from dicerules.tape import Tape

__all__ = ["Chance", "RollOff", "act", "begin", "needs_dice", "resolve", "setup"]


class _DieNeeded(BaseException):
    """The signal of a stream that ran out: the sides of the die it lacks, and how many
    more dice of the same roll it lacks after that one.

    A BaseException, so that a game's ``except Exception`` cannot swallow it.
    """

    def __init__(self, sides: int, missing: int) -> None:
        super().__init__(sides, missing)
        self.sides = sides
        self.missing = missing


@attrs.frozen
class _Lacking:
    """A DiceStream that shows ``values`` in order and then raises _DieNeeded."""

    values: tuple[int, ...]
    position: int = 0

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], _Lacking]:
        if not isinstance(count, int) or count < 0:
            raise InvalidArgumentError(f"count must be an int >= 0, got {shown(count)}")
        if not isinstance(sides, int) or sides < 1:
            raise InvalidArgumentError(f"sides must be an int >= 1, got {shown(sides)}")
        end = self.position + count
        if end > len(self.values):
            raise _DieNeeded(sides, end - len(self.values) - 1)
        dice = self.values[self.position : end]
        for die in dice:
            if not 1 <= die <= sides:
                raise InvalidArgumentError(f"{shown(die)} is not a face of a {sides}-sided die")
        return dice, _Lacking(self.values, end)


def _tape_field(cls: type) -> bool:
    """Whether states of ``cls`` can be rebuilt with another tape by ``attrs.evolve``."""
    if not attrs.has(cls):
        return False
    fields = attrs.fields_dict(cls)
    return "tape" in fields and fields["tape"].init


def _drawn(tape: Tape[Any]) -> tuple[int, ...]:
    """Every die ``tape`` drew: its script's values when its stream is a script drawn to
    the end (as every state a step led to is), else gathered from its rolls."""
    origin, stream = tape.origin, tape.stream
    if (
        type(stream) is ScriptedStream
        and type(origin) is ScriptedStream
        and stream.values is origin.values
        and not origin.position
        and stream.position == len(stream.values)
    ):
        return origin.values
    return tape.dice()


def _scripted(values: tuple[int, ...], position: int) -> ScriptedStream:
    """``ScriptedStream(values, position)`` for dice known to be valid: the game drew
    them, or ``show`` checked them. (The constructor checks every value: a step would
    then cost as much as the whole game so far.)"""
    return _new_scripted(values=values, position=position)


def _on(game: AnyGame, state: Any, faces: tuple[int, ...], probe: bool) -> Any:
    """``state`` with a stream that shows ``faces`` next.

    For a ``probe``, a _Lacking stream of ``faces`` (the origin is left as it is: a
    probe's result is never kept); otherwise a ScriptedStream of every die the state
    drew and then ``faces``, which is the origin too. A state that is not an attrs
    class with a ``tape`` field is rebuilt by playing its history again from
    ``new_game`` on such a stream.
    """
    tape = state.tape
    if _tape_field(type(state)):
        if probe:
            new_tape = Tape(tape.origin, _Lacking(faces), tape.actions, tape.rolls)
        else:
            dice = _drawn(tape)
            values = dice + faces
            new_tape = Tape(
                _scripted(values, 0), _scripted(values, len(dice)), tape.actions, tape.rolls
            )
        return attrs.evolve(state, tape=new_tape)
    values = tape.dice() + faces
    again = game.new_game(state.rules, stream=_Lacking(values) if probe else ScriptedStream(values))
    for action in game.history(state):
        again = game.apply(again, action)
    return again


def _check_roll_off(roll_off: RollOff, _: Any, seats: tuple[int, ...]) -> None:
    faces, chances = roll_off.faces, roll_off.chances
    if type(seats) is not tuple or not seats or len(set(seats)) != len(seats):
        raise InvalidArgumentError(f"a roll-off needs distinct seats, got {shown(seats)}")
    if len(faces) != len(seats) or type(chances) is not tuple or len(chances) != len(seats):
        raise InvalidArgumentError("a roll-off needs one tuple of faces and one chance a seat")
    if not all(type(c) is Fraction and c > 0 for c in chances) or sum(chances) != 1:
        raise InvalidArgumentError(
            f"a roll-off's chances are Fractions above 0 that sum to 1, got {shown(chances)}"
        )
    if not all(faces_of and all(type(f) is int for f in faces_of) for faces_of in faces):
        raise InvalidArgumentError("each seat of a roll-off needs faces, ints, to win by")


def _tuples(faces: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(map(tuple, faces))


@attrs.frozen
class RollOff:
    """A roll-off about to begin: dice that pick one of ``seats``, ties rolled again.

    ``chances[i]`` is the exact chance that ``seats[i]`` wins (every re-roll of a tie
    folded in), and ``faces[i]`` the dice, in draw order, by which it wins at the
    first pass. The chances are Fractions that sum to 1 (InvalidArgumentError if not).
    """

    seats: tuple[int, ...] = attrs.field(validator=_check_roll_off)
    faces: tuple[tuple[int, ...], ...] = attrs.field(converter=_tuples)
    chances: tuple[Fraction, ...]

    @classmethod
    def fair(cls, seats: Iterable[int], faces: Iterable[Iterable[int]]) -> RollOff:
        """A roll-off every one of ``seats`` wins as often (each ``1/len(seats)``)."""
        seats = tuple(seats)
        return cls(seats, _tuples(faces), (Fraction(1, len(seats)),) * len(seats))

    def faces_of(self, seat: int) -> tuple[int, ...]:
        """The dice by which ``seat`` wins; ValueError for a seat that does not contend."""
        if seat not in self.seats:
            raise InvalidArgumentError(
                f"{shown(seat)} does not contend in this roll-off: the seats are {self.seats}"
            )
        return self.faces[self.seats.index(seat)]


@attrs.frozen
class Chance:
    """``new_game`` (``before`` None) or an action, with the faces of its dice chosen so far.

    ``sides`` is the number of faces of the next die the step needs, each face
    equally likely, or None once it needs no more; then ``after`` is the state the
    step leads to. ``show(face)`` chooses the next die's face. ``roll_off`` is the
    roll-off that the next die begins, if the game declares one there (``settle``).
    ``make``, for a step ``begin`` made, is what it runs instead of ``new_game``.
    """

    game: AnyGame = attrs.field(eq=False)
    rules: Any
    before: Any
    action: Any
    faces: tuple[int, ...]
    sides: int | None
    after: Any
    _more: int = 0  # dice of ``sides`` faces known to follow the next one, from one roll
    roll_off: RollOff | None = None
    make: Callable[[DiceStream], Any] | None = attrs.field(default=None, eq=False)

    @property
    def done(self) -> bool:
        """Whether every die is chosen (``after`` is the state)."""
        return self.sides is None

    @property
    def outcomes(self) -> tuple[int, ...]:
        """The faces the next die may show, each with probability 1/sides; () when done."""
        return tuple(range(1, self.sides + 1)) if self.sides is not None else ()

    def show(self, face: int) -> Chance:
        """The step with the next die showing ``face``; WrongTypeError (a TypeError) if it
        is not an int, InvalidArgumentError (a ValueError) if it is not a face of that
        die or the step needs no more dice."""
        if not isinstance(face, int) or isinstance(face, bool):
            raise WrongTypeError(f"a face is an int, not {shown(face)}")
        if self.sides is None:
            raise InvalidArgumentError("this step needs no more dice")
        if not 1 <= face <= self.sides:
            raise InvalidArgumentError(
                f"{shown(face)} is not a face of the {self.sides}-sided die asked for"
            )
        faces = (*self.faces, face)
        if self._more:
            return Chance(
                self.game, self.rules, self.before, self.action, faces, self.sides, None,
                self._more - 1, None, self.make,
            )  # fmt: skip
        return _step(self.game, self.rules, self.before, self.action, faces, self.make)

    def settle(self, seat: int) -> Chance:
        """The step once ``seat`` wins the roll-off its next die begins: the dice show
        ``roll_off.faces_of(seat)``. ValueError if no roll-off begins at the next die."""
        if self.roll_off is None:
            raise InvalidArgumentError("no roll-off begins at the next die of this step")
        step = self
        for face in self.roll_off.faces_of(seat):
            step = step.show(face)
        return step


def _step(
    game: AnyGame,
    rules: Any,
    before: Any,
    action: Any,
    faces: tuple[int, ...],
    make: Callable[[DiceStream], Any] | None = None,
) -> Chance:
    """The step with ``faces`` chosen: it runs the game (``make``, if given, instead of
    ``new_game``) until it lacks a die or ends."""
    try:
        if make is not None:
            make(_Lacking(faces))
        elif before is None:
            game.new_game(rules, stream=_Lacking(faces))
        else:
            game.apply(_on(game, before, faces, probe=True), action)
    except _DieNeeded as needed:
        roll_off = None
        if game.roll_off is not None and make is None:
            roll_off = game.roll_off(rules, before, action, faces)
        return Chance(
            game, rules, before, action, faces, needed.sides, None, needed.missing, roll_off,
            make,
        )  # fmt: skip
    if make is not None:
        after = make(ScriptedStream(faces))
    elif before is None:
        after = game.new_game(rules, stream=ScriptedStream(faces))
    elif faces:
        after = game.apply(_on(game, before, faces, probe=False), action)
    else:
        after = game.apply(before, action)
    return Chance(game, rules, before, action, faces, None, after, 0, None, make)


def setup(game: AnyGame, rules: Any = None) -> Chance:
    """``game.new_game(rules)`` as a step: its set-up dice (if any) are chance outcomes."""
    rules = game.default_rules if rules is None else rules
    return _step(game, rules, None, None, ())


def begin(game: AnyGame, rules: Any, make: Callable[[DiceStream], Any]) -> Chance:
    """``make(stream)``, a state the game makes from a stream (a round's start, say), as
    a step: the dice it draws are chance outcomes (no roll-off is asked for).

    The states it makes must keep their ``tape`` as an attrs field, so that the steps
    after them need not replay the game from ``new_game`` (InvalidArgumentError if not).
    """
    if not _tape_field(game.State):
        raise InvalidArgumentError(
            f"{game.name}'s states do not keep their tape as an attrs field: a step cannot"
            " begin anywhere but at new_game"
        )
    return _step(game, rules, None, None, (), make)


def act(game: AnyGame, state: Any, action: Any) -> Chance:
    """``game.apply(state, action)`` as a step: the dice it draws are chance outcomes.

    IllegalActionError (and every other error of ``apply``) as ``apply`` raises it;
    WrongTypeError for a state that is not one of ``game``'s.
    """
    if not isinstance(state, game.State):
        raise WrongTypeError(f"{game.name} steps its own states, not a {type(state).__name__}")
    stream = state.tape.stream
    if type(stream) is ScriptedStream and stream.position == len(stream.values):
        # A state a step led to: apply itself tells whether the action draws dice.
        try:
            after = game.apply(state, action)
        except StreamExhaustedError:
            pass
        else:
            return Chance(game, state.rules, state, action, (), None, after)
    return _step(game, state.rules, state, action, ())


def needs_dice(game: AnyGame, state: Any, action: Any) -> bool:
    """Whether ``game.apply(state, action)`` draws any dice."""
    return not act(game, state, action).done


def resolve(game: AnyGame, state: Any, action: Any, faces: tuple[int, ...]) -> Any:
    """The state ``apply`` gives when the dice show ``faces``, in draw order
    (``state`` None: ``new_game`` with the default rules).

    ValueError if ``faces`` are too few or too many for the step, or one is not a
    face of its die; WrongTypeError (a TypeError) if ``faces`` is not a sequence of
    ints.
    """
    if not isinstance(faces, Sequence) or isinstance(faces, str | bytes):
        raise WrongTypeError(f"faces is a tuple of ints, one a die, not {shown(faces)}")
    step = setup(game) if state is None else act(game, state, action)
    for index, face in enumerate(faces):
        if step.done:
            raise InvalidArgumentError(f"the step draws {index} dice, {len(faces)} faces given")
        step = step.show(face)
    if not step.done:
        raise InvalidArgumentError(f"the step draws more than the {len(faces)} dice given")
    return step.after
