"""What eighteen's Game says of itself, and what the conformance suite reads from it.

The house's roost is hidden (and, with simultaneous reveal, the other hands); a
permanent house never acts; points are not conserved.
"""

from __future__ import annotations

from helpers import random_game, resampled

from dicerules.games import eighteen as e


def test_no_conservation_law() -> None:
    assert e.GAME.outside_scores is None


def test_resample_hidden_redraws_what_a_state_describes() -> None:
    for rules in e.PRESETS.values():
        twins = resampled(e.GAME, rules, 9, 10, steps=200)
        assert any(e.describe(twin) != e.describe(state) for state, twin in twins), rules


def test_a_permanent_house_never_acts() -> None:
    for rules in e.PRESETS.values():
        seats = tuple(range(rules.players))
        house = rules.permanent_house
        expected = seats if house is None else tuple(s for s in seats if s != house)
        assert e.GAME.acting_seats(rules) == expected
        for state in random_game(e.GAME, rules, 11, 12, steps=300):
            assert e.GAME.current_player(state) in (*expected, None)
