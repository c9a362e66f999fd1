"""The error classes of dicerules.

Every error subclasses DiceRulesError and the builtin it resembles, so that
``except ValueError`` (or ``KeyError``, ``RuntimeError``) keeps working. An error
never leaves anything half-changed: the caller still holds the old state.

Every error dicerules raises on bad input is one of these: a value of the wrong type
is a WrongTypeError (a TypeError), a value out of range an InvalidArgumentError (a
ValueError) or one of its kinds (a seed, a seat, a scripted die). ``shown`` writes a
value into a message so that building the message cannot fail.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = [
    "DiceRulesError",
    "DuplicateGameError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidDieError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidSeedError",
    "NotYourTurnError",
    "RecordError",
    "ReplayError",
    "StreamExhaustedError",
    "UnknownGameError",
    "WrongTypeError",
    "check_state",
    "shown",
    "turn_readers",
]


class DiceRulesError(Exception):
    """The base of every error dicerules raises on purpose."""


class WrongTypeError(DiceRulesError, TypeError):
    """An argument of the wrong type: a seed that is a str or a bool, a seat that is a float."""


class InvalidArgumentError(DiceRulesError, ValueError):
    """An argument of the right type but out of range (a negative count of dice, say)."""


class InvalidSeedError(InvalidArgumentError):
    """A seed that is not from 0 to 2**64 - 1."""


class InvalidSeatError(InvalidArgumentError):
    """A seat that the game does not have (``view(state, 99)`` in a game of four)."""


class InvalidDieError(InvalidArgumentError):
    """A ScriptedStream value that is not a face of the die it was drawn for."""


class InvalidActionError(DiceRulesError, ValueError):
    """Notation or an action object is malformed (``"3y4"``, ``Bid(0, 4)``)."""


class IllegalActionError(DiceRulesError, ValueError):
    """A well-formed action that is not legal in the state it was applied to."""


class NotYourTurnError(IllegalActionError):
    """A move from a seat that is not to act (or from a spectator, or once the game is over)."""


class InvalidRulesError(DiceRulesError, ValueError):
    """A Rules field is out of range, of the wrong type, or inconsistent."""


class StreamExhaustedError(DiceRulesError, RuntimeError):
    """A ScriptedStream was asked for more dice than it holds."""


class RecordError(DiceRulesError, ValueError):
    """A game record cannot be read: bad JSON, a missing or unknown key, a wrong type."""


class ReplayError(RecordError):
    """A well-formed record does not replay.

    ``step`` is the index in ``record.actions`` of the first action that failed
    (or after which the dice drawn differ from the record), or None when the
    failure came before any action (at set-up) or after the last one.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step

    def __reduce__(self) -> tuple[type[ReplayError], tuple[str, int | None]]:
        return (type(self), (str(self), self.step))


class DuplicateGameError(DiceRulesError, ValueError):
    """register was given a different game under a name already registered."""


class UnknownGameError(DiceRulesError, KeyError):
    """get_game was given a name that is not registered."""

    def __str__(self) -> str:
        # KeyError quotes its argument; a message reads better as it is.
        return str(self.args[0]) if self.args else ""


def shown(value: object) -> str:
    """``repr(value)`` for an error message, or a summary where repr fails.

    An int too long for Python to print (over 4,300 digits) is written as its number
    of digits; any other value whose repr raises (nested too deeply, holding such an
    int, a broken ``__repr__``) as its type. Building a message with it never raises.
    """
    try:
        text = repr(value)
    except Exception:  # RecursionError, an int too long to print, a broken __repr__
        if isinstance(value, int):
            return _int_summary(value)
        return f"<a {_type_name(value)} that cannot be shown>"
    return text if isinstance(text, str) else f"<a {_type_name(value)}>"


def _int_summary(value: int) -> str:
    digits = math.floor(math.log10(abs(int(value)))) + 1
    return f"<{'a negative' if value < 0 else 'an'} int of {digits:,} digits>"


def _type_name(value: object) -> str:
    try:
        return str(type(value).__qualname__)
    except Exception:
        return "value"


def check_state(state: object, cls: type, game: str) -> None:
    """WrongTypeError unless ``state`` is a ``cls``: an engine function of the game
    ``game`` given another game's state, or None."""
    if not isinstance(state, cls):
        raise WrongTypeError(f"{game} functions take a {game} {cls.__name__}, not {_a_type(state)}")


def turn_readers(
    cls: type, game: str, current: str, over: str
) -> tuple[Callable[[Any], int | None], Callable[[Any], bool]]:
    """``current_player`` and ``is_terminal`` of the game ``game``, whose ``cls`` states
    keep the seat to act in ``to_act`` (None once the game is over), with the
    docstrings ``current`` and ``over``. They cost one attribute read; given another
    game's state or None, WrongTypeError (``check_state``)."""

    def current_player(state: Any) -> int | None:
        try:
            return state.to_act  # type: ignore[no-any-return]
        except (AttributeError, TypeError):  # costs nothing until raised
            check_state(state, cls, game)  # raises for another game's state
            raise

    def is_terminal(state: Any) -> bool:
        try:
            return state.to_act is None
        except (AttributeError, TypeError):
            check_state(state, cls, game)
            raise

    for made, doc in ((current_player, current), (is_terminal, over)):
        made.__doc__, made.__module__ = doc, cls.__module__
    return current_player, is_terminal


def _a_type(value: object) -> str:
    if value is None:
        return "None"
    module = type(value).__module__
    if module.startswith("dicerules.games."):  # another game's: say which
        return f"a {module.split('.')[2].replace('_', '-')} {_type_name(value)}"
    return f"a {_type_name(value)}"
