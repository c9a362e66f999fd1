"""Validated fields for a game's frozen Rules class.

Each validator raises InvalidRulesError naming the field and what it allows,
so ``Rules(players=11)`` says "players must be an int from 2 to 10, got 11".
A bool is never accepted where an int is asked for, nor an int for a bool.
Each field also carries its range as a ``FieldSpec`` (``field_spec(attribute)``),
so tools such as ``dicerules.testing`` can build every valid value.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

import attrs

from dicerules.errors import InvalidRulesError, shown

__all__ = [
    "FieldSpec",
    "boolean",
    "choice",
    "derived",
    "evolve",
    "field_spec",
    "integer",
    "later_field",
    "optional_integer",
    "quiet_repr",
    "seat_field",
]

_KEY = "dicerules.rule"
_LATER_KEY = "dicerules.added_later"


@attrs.frozen
class FieldSpec:
    """What a Rules field accepts: ``kind`` is "int", "bool" or "choice".

    For "int": ``low`` and ``high`` (None: unbounded) and whether None is allowed
    (``optional``); for "choice": ``choices``. ``added_later``: a field added after
    records were first written, so a record leaves it out while it holds its
    default, and a record without it reads the default (older records stay valid).
    ``doc``: what the field means, in a player's words (``dicerules games`` tells it).
    """

    kind: str
    low: int | None = None
    high: int | None = None
    optional: bool = False
    choices: tuple[str, ...] = ()
    added_later: bool = False
    doc: str = ""


def field_spec(attribute: attrs.Attribute[Any]) -> FieldSpec | None:
    """The FieldSpec of a field made here; None for any other attrs field."""
    spec = attribute.metadata.get(_KEY)
    return spec if isinstance(spec, FieldSpec) else None


def derived(attribute: attrs.Attribute[Any]) -> bool:
    """Whether the field's default is derived from the other fields (eighteen's
    ``max_rounds``: 50 with a permanent house, else None)."""
    default: Any = attribute.default
    return isinstance(default, attrs.Factory) and bool(default.takes_self)  # type: ignore[arg-type]


def evolve(rules: Any, **changes: Any) -> Any:
    """``attrs.evolve(rules, **changes)``, but a field whose default is derived from
    the others and that holds the value derived for ``rules`` is derived again from
    the changed fields, unless ``changes`` sets it: ``evolve(standard,
    permanent_house=0)`` is eighteen with a house and its 50 rounds, where
    ``attrs.evolve`` keeps the standard rules' ``max_rounds=None``."""
    values = {}
    for field in attrs.fields(type(rules)):
        if not field.init or field.name in changes:
            continue
        value = getattr(rules, field.name)
        if derived(field) and value == field.default.factory(rules):
            continue  # left out: the changed rules derive it again
        values[field.alias or field.name] = value
    return type(rules)(**values, **changes)


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


def integer(default: int, low: int | None = None, high: int | None = None, *, doc: str = "") -> Any:
    """An int field with ``low <= value <= high`` (either bound may be None); ``doc``
    as in FieldSpec."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not _in_range(value, low, high):
            raise InvalidRulesError(
                f"{attribute.name} must be {_int_range(low, high)}, got {shown(value)}"
            )

    return attrs.field(
        default=default, validator=check, metadata={_KEY: FieldSpec("int", low, high, doc=doc)}
    )


def optional_integer(
    default: int | None,
    low: int | None = None,
    high: int | None = None,
    *,
    added_later: bool = False,
    doc: str = "",
) -> Any:
    """An int field with ``low <= value <= high``, or None; ``added_later`` and ``doc``
    as in FieldSpec."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and not _in_range(value, low, high):
            raise InvalidRulesError(
                f"{attribute.name} must be None or {_int_range(low, high)}, got {shown(value)}"
            )

    return attrs.field(
        default=default,
        validator=check,
        metadata={_KEY: FieldSpec("int", low, high, True, added_later=added_later, doc=doc)},
    )


def seat_field(default: int | None, high: int, *, optional: bool = False, doc: str = "") -> Any:
    """A seat field: an int from 0 to ``players - 1``, ``players`` being the same Rules'
    field (checked before this one), and at most ``high``; or None when ``optional``.
    Its error ends as every error about a seat does: ``the seats are 0 to 3``. ``doc``
    as in FieldSpec."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        players = min(getattr(instance, "players", high + 1), high + 1)
        if not _in_range(value, 0, players - 1):
            either = "None or " if optional else ""
            raise InvalidRulesError(
                f"{attribute.name} must be {either}a seat, got {shown(value)}:"
                f" the seats are 0 to {players - 1}"
            )

    return attrs.field(
        default=default,
        validator=check,
        metadata={_KEY: FieldSpec("int", 0, high, optional, doc=doc)},
    )


def boolean(default: bool, *, added_later: bool = False, doc: str = "") -> Any:
    """A bool field (True or False, nothing else); ``added_later`` and ``doc`` as in
    FieldSpec."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            raise InvalidRulesError(f"{attribute.name} must be True or False, got {shown(value)}")

    spec = FieldSpec("bool", added_later=added_later, doc=doc)
    return attrs.field(default=default, validator=check, metadata={_KEY: spec})


def choice(
    default: str, choices: tuple[str, ...], *, added_later: bool = False, doc: str = ""
) -> Any:
    """A str field that must be one of ``choices``; ``added_later`` and ``doc`` as in
    FieldSpec."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or value not in choices:
            allowed = " or ".join(repr(c) for c in choices)
            raise InvalidRulesError(f"{attribute.name} must be {allowed}, got {shown(value)}")

    spec = FieldSpec("choice", choices=choices, added_later=added_later, doc=doc)
    return attrs.field(default=default, validator=check, metadata={_KEY: spec})


def later_field(default: object, metadata: Mapping[str, object] | None = None) -> Any:
    """A field (of a state, view or other value, not a rule) added after its class's
    repr was first pinned: ``quiet_repr`` leaves it out while it holds ``default``.
    ``metadata``: the field's other metadata (``dicerules.layout.mark``, say)."""
    return attrs.field(default=default, metadata={**(metadata or {}), _LATER_KEY: True})


def _added_later(attribute: attrs.Attribute[Any]) -> bool:
    spec = field_spec(attribute)
    return bool(attribute.metadata.get(_LATER_KEY)) or (spec is not None and spec.added_later)


_ALWAYS: Final = object()
"""In place of a default in ``_repr_fields``: a field shown whatever it holds."""


@functools.cache
def _repr_fields(cls: type) -> tuple[tuple[str, object], ...]:
    """Each field of an attrs class that its repr shows: its name, and its default if
    it was added later (left out while it holds it), else ``_ALWAYS``."""
    return tuple(
        (field.name, field.default if _added_later(field) else _ALWAYS)
        for field in attrs.fields(cls)
        if field.repr
    )


def quiet_repr(obj: Any) -> str:
    """The attrs repr of ``obj`` without the fields added later that hold their default.

    A class sets ``__repr__ = quiet_repr`` (and ``repr=False``) so that the reprs of
    values that use none of its later fields read as they always did.
    """
    kind: type = type(obj)
    shown = []
    for name, default in _repr_fields(kind):
        value = getattr(obj, name)
        if default is _ALWAYS or value != default:
            shown.append(f"{name}={value!r}")
    return f"{kind.__name__}({', '.join(shown)})"
