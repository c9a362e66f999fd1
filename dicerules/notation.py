"""What the engines' notation has in common: squeezing text, one-word actions, errors.

Notation ignores case and spaces: ``squeeze`` makes ``"  No Offer "`` into
``"nooffer"`` before a parser looks at it. An action with no fields that is written
as a fixed word (``stand``, ``no offer``) is a frozen attrs subclass of ``Word``.
``illegal`` makes the error for an illegal action, naming the legal ones when few.
``check_fields`` checks an action object whole, for an engine's slow path.
``int_value``, ``bool_value`` and ``one_of`` are the validators of action fields:
``quantity: int = attrs.field(validator=int_value(1, owner="a bid"))``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, Self, get_args, get_origin, get_type_hints

import attrs

from dicerules.errors import IllegalActionError, InvalidActionError, shown

__all__ = [
    "Validator",
    "Word",
    "bool_value",
    "check_fields",
    "check_types",
    "illegal",
    "int_value",
    "one_of",
    "squeeze",
]


def squeeze(text: object) -> str:
    """``text`` lowercased with every space taken out; InvalidActionError if not a str."""
    if not isinstance(text, str):
        raise InvalidActionError(f"notation must be a str, not {type(text).__name__}")
    return "".join(text.split()).lower()


class Word:
    """The base of an action with no fields, written as a fixed word.

    A subclass is an ``@attrs.frozen`` class that sets ``word``, its notation
    (``"no offer"``); ``called``, how an error names it when the word alone reads
    badly (``"a roll"``); and ``synonyms``, other words its parser takes, squeezed.
    ``Cls.parse(text)`` gives ``Cls()`` for the word in any case and spacing, and
    ``str`` gives the word back.
    """

    __slots__ = ()

    word: ClassVar[str]
    called: ClassVar[str | None] = None
    synonyms: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def parse(cls, text: str) -> Self:
        """The action if ``text`` is its word (or a synonym); InvalidActionError if not."""
        squeezed = squeeze(text)
        if squeezed != squeeze(cls.word) and squeezed not in cls.synonyms:
            raise InvalidActionError(f"{text!r} is not {cls.called or cls.word}")
        return cls()

    def __str__(self) -> str:
        return self.word


def illegal(message: str, legal: Sequence[object], few: int) -> IllegalActionError:
    """IllegalActionError(message), with the ``legal`` actions after it if at most ``few``.

    ``illegal("4x3 does not raise 4x5: ...", legal, 6)`` says
    ``4x3 does not raise 4x5: ... (legal here: 5x1, 5x2, challenge)`` when those three
    are all that is legal.
    """
    if len(legal) <= few:
        message += f" (legal here: {', '.join(map(str, legal))})"
    return IllegalActionError(message)


Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]
"""An attrs validator: called with the instance, the field and the value; raises if bad."""


def int_value(least: int, most: int | None = None, *, owner: str | None = None) -> Validator:
    """The validator of an int field of an action, from ``least`` to ``most`` (None: no top).

    InvalidActionError for a bool, anything but an int, or an int out of range, in
    words a player reads (the same from the API, over the wire and at a terminal):
    ``a bid's quantity is a whole number, 1 or more, not 0`` (``owner="a bid"``) or
    ``a die's value is a whole number from 1 to 6, not 7``; ``owner`` is by default
    the action's class name in lower case, with its article (``a keep's count ...``).
    """
    wanted = f"a whole number, {least} or more" if most is None else (
        f"a whole number from {least} to {most}"
    )  # fmt: skip

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < least
            or (most is not None and value > most)
        ):
            whose = owner or _with_article(type(instance).__name__.lower())
            raise InvalidActionError(f"{whose}'s {attribute.name} is {wanted}, not {shown(value)}")

    return check


def _with_article(noun: str) -> str:
    """``a keep``, ``an offer``."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def bool_value(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """The validator of a bool field of an action: InvalidActionError for anything else."""
    if not isinstance(value, bool):
        raise InvalidActionError(f"{attribute.name} must be True or False, got {shown(value)}")


def one_of(*choices: str) -> Validator:
    """The validator of a str field of an action that takes one of ``choices``.

    InvalidActionError otherwise: ``a direction must be 'up' or 'down', got 'left'``.
    """
    allowed = " or ".join(map(repr, choices))

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or value not in choices:
            raise InvalidActionError(f"a {attribute.name} must be {allowed}, got {shown(value)}")

    return check


def check_fields(action: object) -> None:
    """InvalidActionError unless every field of ``action`` is exactly what its class declares.

    An action made without its validators (by ``object.__new__`` and
    ``object.__setattr__``, as unpickling untrusted bytes can) may hold anything:
    ``Bid(2.5, 2)``, a 1.0 for a 1, a 0 for False. Each field must be of exactly its
    declared type (an int, neither a float nor a bool; one of a Literal's strs) and
    pass the field's validators. The engines call this off their fast paths only.
    """
    check_types(action)
    if attrs.has(type(action)):
        attrs.validate(action)  # type: ignore[arg-type]


def check_types(action: object) -> None:
    """``check_fields`` without the validators: every field of exactly its declared type.

    Enough for an action equal to one known legal, whose values are valid already.
    """
    cls = type(action)
    if not attrs.has(cls):
        return
    for name, declared, exact in _field_checks(cls):
        value = getattr(action, name)
        if not exact(value):
            raise InvalidActionError(
                f"{cls.__name__}.{name} must be {declared}, got {shown(value)}"
                f" of type {type(value).__name__}"
            )


_Check = tuple[str, str, Callable[[object], bool]]


@functools.cache
def _field_checks(cls: type) -> tuple[_Check, ...]:
    """(name, what it must be, its exact test) for each field of the attrs class ``cls``."""
    hints = get_type_hints(cls)
    return tuple(_field_check(field.name, hints.get(field.name)) for field in attrs.fields(cls))


def _field_check(name: str, declared: object) -> _Check:
    if declared in (int, bool, str):
        kind: type = declared
        return name, f"a{'n' if kind is int else ''} {kind.__name__}", lambda v: type(v) is kind
    if get_origin(declared) is Literal:
        allowed = get_args(declared)
        return (
            name,
            " or ".join(map(repr, allowed)),
            lambda v: any(type(v) is type(a) and v == a for a in allowed),
        )
    if isinstance(declared, type):
        cls: type = declared
        return name, f"a {cls.__name__}", lambda v: isinstance(v, cls)
    return name, "a value", lambda v: True
