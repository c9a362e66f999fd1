"""The validators of action fields in dicerules.notation, and the engines' messages."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable

import attrs
import pytest

import dicerules
from dicerules import wire
from dicerules.cli import main
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
        (lambda: Move(0), "a move's steps is a whole number, 1 or more, not 0"),
        (lambda: Move(True), "a move's steps is a whole number, 1 or more, not True"),
        (lambda: Move(2.0), "a move's steps is a whole number, 1 or more, not 2.0"),
        (lambda: Move(1, 7), "a die's face is a whole number from 1 to 6, not 7"),
        (lambda: Move(1, 0), "a die's face is a whole number from 1 to 6, not 0"),
        (lambda: Move(1, "3"), "a die's face is a whole number from 1 to 6, not '3'"),
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
        (lambda: liars_dice.Bid(0, 3), "a bid's quantity is a whole number, 1 or more, not 0"),
        (lambda: liars_dice.Bid(2, True), "a bid's face is a whole number, 1 or more, not True"),
        (lambda: twenty_four.Keep(0, 6), "a keep's count is a whole number, 1 or more, not 0"),
        (lambda: twenty_four.Keep(2, 1.5), "a keep's value is a whole number, 1 or more, not 1.5"),
        (lambda: twenty_four.Offer(-4), "an offer's quarters is a whole number, 1 or more, not -4"),
        (lambda: link.Open(7, "up"), "a die's value is a whole number from 1 to 6, not 7"),
        (lambda: link.Open(3, "left"), "a direction must be 'up' or 'down', got 'left'"),
        (lambda: link.Play(1, 3), "blue must be True or False, got 1"),
        (lambda: link.Play(False, 0), "a die's value is a whole number from 1 to 6, not 0"),
    ],
)
def test_the_engines_messages_name_the_field_in_a_players_words(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(InvalidActionError) as caught:
        make()
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("name", "steps", "text", "message"),
    [
        ("liars-dice", 0, "0x4", "a bid's quantity is a whole number, 1 or more, not 0"),
        ("liars-dice", 0, "2x0", "a bid's face is a whole number, 1 or more, not 0"),
        ("twenty-four", 0, "keep 0x6", "a keep's count is a whole number, 1 or more, not 0"),
    ],
)
def test_a_move_out_of_range_reads_the_same_from_the_api_the_wire_and_the_terminal(
    name: str, steps: int, text: str, message: str
) -> None:
    game = dicerules.get_game(name)
    state = game.new_game(seed=1)
    seat = game.current_player(state)
    with pytest.raises(InvalidActionError, match=f"^{message}$"):
        game.parse_action(state, text)
    with pytest.raises(InvalidActionError) as refused:
        wire.move(game, state, seat, text)
    assert wire.error(refused.value) == {"error": "bad_notation", "message": message}
    out, given = io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(f"{text}\nquit\n")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(["play", name, "--seed", "1", "--seat", str(seat)])
    finally:
        sys.stdin = given
    assert message in " ".join(out.getvalue().split())
