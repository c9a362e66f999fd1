"""The validators of action fields in dicerules.notation, and the engines' messages."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from dicerules.errors import InvalidActionError
from dicerules.games import liars_dice, link, twenty_four
from dicerules.notation import bool_value, int_value, one_of


@attrs.frozen
class Move:
    steps: int = attrs.field(validator=int_value(1))
    face: int = attrs.field(default=1, validator=int_value(1, 6, owner="a die"))
    way: str = attrs.field(default="up", validator=one_of("up", "down"))
    fast: bool = attrs.field(default=False, validator=bool_value)


def test_good_values_pass() -> None:
    assert Move(1, 6, "down", True) == Move(steps=1, face=6, way="down", fast=True)
    assert Move(10**30).steps == 10**30


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Move(0), "move's steps must be an int >= 1, got 0"),
        (lambda: Move(True), "move's steps must be an int >= 1, got True"),
        (lambda: Move(2.0), "move's steps must be an int >= 1, got 2.0"),
        (lambda: Move(1, 7), "a die's face must be an int from 1 to 6, got 7"),
        (lambda: Move(1, 0), "a die's face must be an int from 1 to 6, got 0"),
        (lambda: Move(1, "3"), "a die's face must be an int from 1 to 6, got '3'"),
        (lambda: Move(1, way="left"), "a way must be 'up' or 'down', got 'left'"),
        (lambda: Move(1, way=None), "a way must be 'up' or 'down', got None"),
        (lambda: Move(1, fast=1), "fast must be True or False, got 1"),
    ],
)
def test_bad_values_are_named(make: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        make()
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: liars_dice.Bid(0, 3), "a bid's quantity must be an int >= 1, got 0"),
        (lambda: liars_dice.Bid(2, True), "a bid's face must be an int >= 1, got True"),
        (lambda: twenty_four.Keep(0, 6), "keep's count must be an int >= 1, got 0"),
        (lambda: twenty_four.Keep(2, 1.5), "keep's value must be an int >= 1, got 1.5"),
        (lambda: twenty_four.Offer(-4), "offer's quarters must be an int >= 1, got -4"),
        (lambda: link.Open(7, "up"), "a die's value must be an int from 1 to 6, got 7"),
        (lambda: link.Open(3, "left"), "a direction must be 'up' or 'down', got 'left'"),
        (lambda: link.Play(1, 3), "blue must be True or False, got 1"),
        (lambda: link.Play(False, 0), "a die's value must be an int from 1 to 6, got 0"),
    ],
)
def test_the_engines_messages_stay_as_they_were(make: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        make()
    assert str(caught.value) == message
