"""What link's Game says of itself, and what the conformance suite reads from it.

The counters in play are conserved: the scores (each seat's counters) plus the pot,
which ``outside_scores`` names. Each seat's unplayed dice are hidden from the others.
"""

from __future__ import annotations

from helpers import random_game, resampled

from dicerules.games import link


def test_the_conservation_law_counts_the_pot() -> None:
    assert link.GAME.outside_scores is not None
    for rules in link.PRESETS.values():
        start = rules.players * rules.start_counters
        for state in random_game(link.GAME, rules, seed=1, chooser_seed=2):
            assert link.GAME.outside_scores(state) == state.pot
            assert link.GAME.conserved(state) == start


def test_resample_hidden_redraws_what_a_state_describes() -> None:
    twins = resampled(link.GAME, link.default_rules, 5, 6)
    assert any(link.describe(twin) != link.describe(state) for state, twin in twins)


def test_every_seat_acts() -> None:
    for rules in link.PRESETS.values():
        assert link.GAME.acting_seats(rules) == tuple(range(rules.players))
