"""What liars-dice's Game says of itself, and what the conformance suite reads from it.

The hands are hidden from the other seats; the game has no conservation law through
its scores (a challenge takes a die out of play).
"""

from __future__ import annotations

from helpers import random_game

from dicerules import SeededStream
from dicerules.games import liars_dice as ld


def test_no_conservation_law() -> None:
    assert ld.GAME.outside_scores is None


def test_resample_hidden_redraws_what_a_state_describes() -> None:
    resample = ld.GAME.resample_hidden
    assert resample is not None and ld.GAME.hides_information
    for rules in ld.PRESETS.values():
        changed = 0
        for index, state in enumerate(random_game(ld.GAME, rules, 7, 8)):
            for seat in (None, *range(rules.players)):
                twin = resample(state, seat, SeededStream(index))
                changed += ld.describe(twin) != ld.describe(state)
        assert changed, "resample_hidden never changed a liars-dice state"


def test_every_seat_acts() -> None:
    for rules in ld.PRESETS.values():
        assert ld.GAME.acting_seats(rules) == tuple(range(rules.players))
