"""What a game declares so that a table can draw it: what its values are, where each
part of its view goes, and which of its actions a player fills in as a form.

A face that draws a game (``dicerules.wire.layout`` makes the description a browser
draws every game by) reads these declarations, never a game's name. A game declares:

* The kind of a value, on its type, with ``typing.Annotated``, so in attrs classes and
  NamedTuples alike and at any depth (``tuple[Seat, ...]``, ``Seat | None``): ``Seat``
  (an int that is a seat: drawn as the seat's name), ``Die`` (an int that is a die's
  face: drawn as a die), ``Dice`` (a tuple of faces: drawn as dice) and ``PerSeat[T]``
  (a tuple of one ``T`` for each seat, in seat order). To type checkers they are the
  plain types.
* Where a field of its View is drawn and what it is called: ``shown(label, place=...,
  unless=...)`` as the field's definition (``hand: Dice = layout.shown("your hand",
  place="own")``), or ``mark(...)`` in the metadata of a field made otherwise. The
  places (``PLACES``): ``seats`` (at each seat: one value a seat), ``board`` (the middle
  of the table while a round is played: not drawn once the game is over), ``result``
  (what the end of a round or turn showed: a reveal, a scoring; drawn at the end of the
  game too), ``own`` (the viewer's own, drawn large and apart: a hand, which a spectator
  has none of) and ``hidden`` (not drawn: the story tells it, or the message holds it
  already). A field of a class inside the view takes a label (its place is its
  parent's). ``unless``: an int, a bool or a str drawn as nothing, in the field or in
  each of its items (a bool is drawn as its label, by default only when it is true:
  ``unless=True`` draws the label when it is false). None and an empty tuple are never
  drawn.
* Which fields of an action class a player chooses in a form: ``choice(label)`` as the
  field's definition (``quantity: int = layout.choice("how many", validator=...)``).
  An action class whose every field is a choice is asked as one form, a control a
  field, each offering the values of the legal actions of the class; every other
  action is a button of its own.

What a game does not declare is drawn from its type: a field's label is its name in
words (``turn_total``: "turn total"), in the place ``board`` (``seats`` for a
``PerSeat``); an int is a number, a bool a label, a str or a Literal a word, an action
its notation, a tuple a list, an attrs class or a NamedTuple a card of its fields. Two
names keep the meaning every narrator gives them (``dicerules.narration``): ``to_act``
(the seat to act, which every message holds: ``hidden``) and ``scores`` (a tuple of
ints: the standing, one a seat, called as the narrator's ``score_name``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal, TypeVar

import attrs

from dicerules.errors import InvalidArgumentError
from dicerules.errors import shown as shown_value

__all__ = [
    "DICE",
    "DIE",
    "KINDS",
    "PER_SEAT",
    "PLACES",
    "SEAT",
    "Choice",
    "Dice",
    "Die",
    "Drawn",
    "PerSeat",
    "Place",
    "Seat",
    "Shown",
    "choice",
    "choice_of",
    "mark",
    "shown",
    "shown_of",
]

T = TypeVar("T")

Place = Literal["seats", "board", "result", "own", "hidden"]
PLACES: Final[tuple[Place, ...]] = ("seats", "board", "result", "own", "hidden")
"""Where a field of a view is drawn, in the order a table lays them out."""

KINDS: Final = ("seat", "die", "dice", "per_seat")
"""The kinds a type declares (``Drawn.draw``)."""

_SHOWN_KEY: Final = "dicerules.shown"
_CHOICE_KEY: Final = "dicerules.choice"


@attrs.frozen
class Drawn:
    """The kind of the values of a type, put on it with ``typing.Annotated``: one of
    ``KINDS``."""

    draw: str = attrs.field()

    @draw.validator
    def _known(self, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in KINDS:
            raise InvalidArgumentError(
                f"a kind is one of {', '.join(KINDS)}, not {shown_value(value)}"
            )


SEAT: Final = Drawn("seat")
DIE: Final = Drawn("die")
DICE: Final = Drawn("dice")
PER_SEAT: Final = Drawn("per_seat")

Seat = Annotated[int, SEAT]
"""An int that is a seat number: drawn as the seat's name."""
Die = Annotated[int, DIE]
"""An int that is a die's face: drawn as a die."""
Dice = Annotated[tuple[int, ...], DICE]
"""A tuple of faces: drawn as dice."""
PerSeat = Annotated[tuple[T, ...], PER_SEAT]
"""A tuple of one value a seat, in seat order (``PerSeat[int]``: the dice each seat has
left): at the top of a view, drawn at each seat."""


@attrs.frozen
class Shown:
    """Where a view's field is drawn (``place``: one of ``PLACES``, None: from its type)
    and what it is called (``label``, None: its name in words); ``unless``, a value
    drawn as nothing (None: every value is drawn, a bool when it is true)."""

    label: str | None = None
    place: Place | None = None
    unless: int | str | None = None

    def __attrs_post_init__(self) -> None:
        if self.place is not None and self.place not in PLACES:
            raise InvalidArgumentError(
                f"a place is one of {', '.join(PLACES)}, not {shown_value(self.place)}"
            )
        if self.label is not None and (not isinstance(self.label, str) or not self.label):
            raise InvalidArgumentError(f"a label is words, not {shown_value(self.label)}")
        if self.unless is not None and not isinstance(self.unless, int | str):
            raise InvalidArgumentError(
                f"unless is an int, a bool or a str, not {shown_value(self.unless)}"
            )


@attrs.frozen
class Choice:
    """A field of an action class that a player chooses in a form, and what the form's
    control for it is called."""

    label: str


def mark(
    label: str | None = None, *, place: Place | None = None, unless: int | str | None = None
) -> dict[str, Shown]:
    """The metadata that declares a view's field: ``attrs.field(metadata=mark(...))``."""
    return {_SHOWN_KEY: Shown(label, place, unless)}


def shown(
    label: str | None = None,
    *,
    place: Place | None = None,
    unless: int | str | None = None,
    **field: Any,
) -> Any:
    """A view's field, declared to be drawn in ``place`` as ``label`` (``unless`` its
    value is that); ``field``: the rest of ``attrs.field``'s arguments."""
    return attrs.field(metadata=mark(label, place=place, unless=unless), **field)


def choice(label: str, **field: Any) -> Any:
    """A field of an action class that a player chooses in a form, its control called
    ``label``; ``field``: the rest of ``attrs.field``'s arguments (a validator)."""
    return attrs.field(metadata={_CHOICE_KEY: Choice(label)}, **field)


def shown_of(attribute: attrs.Attribute[Any]) -> Shown | None:
    """The declaration of a view's field; None for a field that has none."""
    return _found(attribute.metadata, _SHOWN_KEY, Shown)


def choice_of(attribute: attrs.Attribute[Any]) -> Choice | None:
    """The declaration of an action's field as a choice; None for any other field."""
    return _found(attribute.metadata, _CHOICE_KEY, Choice)


def _found(metadata: Mapping[Any, Any], key: str, kind: type[T]) -> T | None:
    found = metadata.get(key)
    return found if isinstance(found, kind) else None
