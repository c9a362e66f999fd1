"""Validated fields for a game's frozen Rules class.

Each validator raises InvalidRulesError naming the field and what it allows,
so ``Rules(players=11)`` says "players must be an int from 2 to 10, got 11".
A bool is never accepted where an int is asked for, nor an int for a bool.
Each field also carries its range as a ``FieldSpec`` (``field_spec(attribute)``),
so tools such as ``dicerules.testing`` can build every valid value.
"""

from __future__ import annotations

from typing import Any

import attrs

from dicerules.errors import InvalidRulesError, shown

__all__ = ["FieldSpec", "boolean", "choice", "field_spec", "integer", "optional_integer"]

_KEY = "dicerules.rule"


@attrs.frozen
class FieldSpec:
    """What a Rules field accepts: ``kind`` is "int", "bool" or "choice".

    For "int": ``low`` and ``high`` (None: unbounded) and whether None is allowed
    (``optional``); for "choice": ``choices``.
    """

    kind: str
    low: int | None = None
    high: int | None = None
    optional: bool = False
    choices: tuple[str, ...] = ()


def field_spec(attribute: attrs.Attribute[Any]) -> FieldSpec | None:
    """The FieldSpec of a field made here; None for any other attrs field."""
    spec = attribute.metadata.get(_KEY)
    return spec if isinstance(spec, FieldSpec) else None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an int from {low} to {high}"
    if low is not None:
        return f"an int >= {low}"
    if high is not None:
        return f"an int <= {high}"
    return "an int"


def _in_range(value: object, low: int | None, high: int | None) -> bool:
    return (
        _is_int(value)
        and (low is None or value >= low)  # type: ignore[operator]
        and (high is None or value <= high)  # type: ignore[operator]
    )


def integer(default: int, low: int | None = None, high: int | None = None) -> Any:
    """An int field with ``low <= value <= high`` (either bound may be None)."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not _in_range(value, low, high):
            raise InvalidRulesError(
                f"{attribute.name} must be {_int_range(low, high)}, got {shown(value)}"
            )

    return attrs.field(
        default=default, validator=check, metadata={_KEY: FieldSpec("int", low, high)}
    )


def optional_integer(default: int | None, low: int | None = None, high: int | None = None) -> Any:
    """An int field with ``low <= value <= high``, or None."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and not _in_range(value, low, high):
            raise InvalidRulesError(
                f"{attribute.name} must be None or {_int_range(low, high)}, got {shown(value)}"
            )

    return attrs.field(
        default=default, validator=check, metadata={_KEY: FieldSpec("int", low, high, True)}
    )


def boolean(default: bool) -> Any:
    """A bool field (True or False, nothing else)."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            raise InvalidRulesError(f"{attribute.name} must be True or False, got {shown(value)}")

    return attrs.field(default=default, validator=check, metadata={_KEY: FieldSpec("bool")})


def choice(default: str, choices: tuple[str, ...]) -> Any:
    """A str field that must be one of ``choices``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or value not in choices:
            allowed = " or ".join(repr(c) for c in choices)
            raise InvalidRulesError(f"{attribute.name} must be {allowed}, got {shown(value)}")

    return attrs.field(
        default=default, validator=check, metadata={_KEY: FieldSpec("choice", choices=choices)}
    )
