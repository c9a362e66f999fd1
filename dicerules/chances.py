"""Shared tools of the games' exact odds: argument checks, float twins, convolution.

The odds of each game live in its folder (``dicerules/games/<name>/odds.py``) and are
gathered in ``dicerules.probability``. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from inspect import signature
from math import factorial
from typing import ParamSpec, TypeVar

from dicerules.errors import InvalidArgumentError, WrongTypeError, shown

__all__ = [
    "ONE",
    "arg_bool",
    "arg_int",
    "arg_ints",
    "arrangements",
    "convolve",
    "die_faces",
    "float_twin",
    "tail_sums",
]

ONE = Fraction(1)


def arg_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is an int in [low, high]; WrongTypeError (a TypeError) or
    InvalidArgumentError (a ValueError) naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongTypeError(f"{name} must be an int, got {shown(value)}")
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" and <= {high}"
        raise InvalidArgumentError(f"{name} must be >= {low}{upper}, got {shown(value)}")
    return value


def arg_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise WrongTypeError(f"{name} must be True or False, got {shown(value)}")
    return value


def arg_ints(
    name: str,
    values: object,
    low: int,
    high: int | None = None,
    *,
    most: int | None = None,
    items: str = "values",
) -> tuple[int, ...]:
    """``values`` as a tuple, each checked by ``arg_int``; WrongTypeError for a str or a
    non-sequence. With ``most``, InvalidArgumentError for more than ``most`` entries
    (``items`` is what the message calls them), checked before any entry is read."""
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise WrongTypeError(f"{name} must be a sequence of ints, got {shown(values)}")
    if most is not None and len(values) > most:
        raise InvalidArgumentError(f"{name} holds at most {most} {items}, got {len(values)}")
    return tuple(arg_int(f"each of {name}", value, low, high) for value in values)


def arrangements(dice: tuple[int, ...]) -> int:
    """In how many orders the dice of the multiset ``dice`` can come up."""
    count = factorial(len(dice))
    for face in set(dice):
        count //= factorial(dice.count(face))
    return count


def die_faces(dice: object, what: str) -> tuple[int, ...]:
    """``dice`` as a tuple of faces 1..6; WrongTypeError or InvalidArgumentError naming ``what``."""
    return arg_ints(what, dice, 1, 6)


Number = TypeVar("Number", Fraction, float)


def convolve(first: Sequence[Number], second: Sequence[Number]) -> tuple[Number, ...]:
    """The distribution of the sum of two independent counts, given each one's."""
    total = [first[0] - first[0]] * (len(first) + len(second) - 1)
    for i, p in enumerate(first):
        for j, q in enumerate(second):
            total[i + j] += p * q
    return tuple(total)


def tail_sums(exactly: Sequence[Number]) -> tuple[Number, ...]:
    """Entry n: the sum of ``exactly[n:]``."""
    tail = list(exactly)
    for n in range(len(tail) - 2, -1, -1):
        tail[n] += tail[n + 1]
    return tuple(tail)


_P = ParamSpec("_P")


def float_twin(exact: Callable[_P, Fraction]) -> Callable[_P, float]:
    """The function that returns ``exact``'s value as a float, named ``<exact>_float``."""

    def twin(*args: _P.args, **kwargs: _P.kwargs) -> float:
        return float(exact(*args, **kwargs))

    twin.__name__ = twin.__qualname__ = f"{exact.__name__}_float"
    twin.__doc__ = f"``{exact.__name__}`` as a float."
    # help() and inspect.signature show exact's arguments, returning a float.
    twin.__signature__ = signature(exact).replace(  # type: ignore[attr-defined]
        return_annotation="float"
    )
    return twin
