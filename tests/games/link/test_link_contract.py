"""What link's Game says of itself, and what the conformance suite reads from it.

The counters in play are conserved: the scores (each seat's counters) plus the pot,
which ``outside_scores`` names. Each seat's unplayed dice are hidden from the others.
"""

from __future__ import annotations

from helpers import random_game

from dicerules import SeededStream
from dicerules.games import link


def test_the_conservation_law_counts_the_pot() -> None:
    assert link.GAME.outside_scores is not None
    for rules in link.PRESETS.values():
        start = rules.players * rules.start_counters
        for state in random_game(link.GAME, rules, seed=1, chooser_seed=2):
            assert link.GAME.outside_scores(state) == state.pot
            assert link.GAME.conserved(state) == start


def test_resample_hidden_redraws_what_a_state_describes() -> None:
    resample = link.GAME.resample_hidden
    assert resample is not None and link.GAME.hides_information
    changed = 0
    for index, state in enumerate(random_game(link.GAME, link.default_rules, 5, 6)):
        for seat in (None, *range(state.rules.players)):
            twin = resample(state, seat, SeededStream(index))
            changed += link.describe(twin) != link.describe(state)
    assert changed, "resample_hidden never changed a link state"


def test_every_seat_acts() -> None:
    for rules in link.PRESETS.values():
        assert link.GAME.acting_seats(rules) == tuple(range(rules.players))
