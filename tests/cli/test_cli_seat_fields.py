"""Every game's seat field says a bad seat in one phrasing, as every error about a seat does."""

from __future__ import annotations

import pytest
from cli_helpers import cli

import dicerules
from dicerules.errors import InvalidRulesError

SEAT_FIELDS = [("twenty-four", "first_player"), ("link", "first_player"),
               ("eighteen", "permanent_house")]  # fmt: skip


@pytest.mark.parametrize(("name", "field"), SEAT_FIELDS)
@pytest.mark.parametrize("value", [4, 5, 9, -1, True])
def test_a_seat_field_beyond_the_seats_says_which_seats_there_are(
    name: str, field: str, value: object
) -> None:
    game = dicerules.GAMES[name]
    with pytest.raises(InvalidRulesError) as error:
        game.Rules(players=4, **{field: value})
    either = "None or " if field == "permanent_house" else ""
    assert str(error.value) == (
        f"{field} must be {either}a seat, got {value!r}: the seats are 0 to 3"
    )


@pytest.mark.parametrize(("name", "field"), SEAT_FIELDS)
def test_the_command_line_says_it_in_the_same_words(name: str, field: str) -> None:
    done = cli("simulate", name, "--games", "1", "--players", "4", "--rule", f"{field}=9")
    either = "none or " if field == "permanent_house" else ""
    assert done.status == 2
    assert done.err.endswith(f"--rule: {field} is {either}a seat, not 9: the seats are 0 to 3\n")
