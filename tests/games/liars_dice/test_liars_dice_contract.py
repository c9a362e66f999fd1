"""What liars-dice's Game says of itself, and what the conformance suite reads from it.

The hands are hidden from the other seats; the game has no conservation law through
its scores (a challenge takes a die out of play).
"""

from __future__ import annotations

from helpers import resampled

from dicerules.games import liars_dice as ld


def test_no_conservation_law() -> None:
    assert ld.GAME.outside_scores is None


def test_resample_hidden_redraws_what_a_state_describes() -> None:
    for rules in ld.PRESETS.values():
        twins = resampled(ld.GAME, rules, 7, 8)
        assert any(ld.describe(twin) != ld.describe(state) for state, twin in twins), rules


def test_every_seat_acts() -> None:
    for rules in ld.PRESETS.values():
        assert ld.GAME.acting_seats(rules) == tuple(range(rules.players))
