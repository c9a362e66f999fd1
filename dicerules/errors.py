"""The error classes of dicerules.

Every error subclasses DiceRulesError and the builtin it resembles, so that
``except ValueError`` (or ``KeyError``, ``RuntimeError``) keeps working. An error
never leaves anything half-changed: the caller still holds the old state.
"""

from __future__ import annotations

__all__ = [
    "DiceRulesError",
    "DuplicateGameError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidRulesError",
    "RecordError",
    "ReplayError",
    "StreamExhaustedError",
    "UnknownGameError",
]


class DiceRulesError(Exception):
    """The base of every error dicerules raises on purpose."""


class InvalidActionError(DiceRulesError, ValueError):
    """Notation or an action object is malformed (``"3y4"``, ``Bid(0, 4)``)."""


class IllegalActionError(DiceRulesError, ValueError):
    """A well-formed action that is not legal in the state it was applied to."""


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
