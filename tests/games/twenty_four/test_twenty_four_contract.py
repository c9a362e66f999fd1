"""What twenty-four's Game says of itself, and what the conformance suite reads from it.

Every die is thrown openly: only the stream (the dice to come) is hidden, so a redraw
of hidden information changes nothing a state describes. Money only moves between
seats: the conservation law is a zero sum.
"""

from __future__ import annotations

from helpers import random_game, resampled

from dicerules import SeededStream
from dicerules.games import twenty_four as tf


def test_the_conservation_law_is_a_zero_sum() -> None:
    assert tf.GAME.outside_scores is not None
    for rules in tf.PRESETS.values():
        for state in random_game(tf.GAME, rules, seed=1, chooser_seed=2):
            assert tf.GAME.conserved(state) == 0
            assert tf.GAME.outside_scores(state) == 0


def test_resample_hidden_redraws_only_the_stream() -> None:
    for rules in tf.PRESETS.values():
        seats = rules.players + 1  # and the spectator
        for index, (state, twin) in enumerate(resampled(tf.GAME, rules, 3, 4)):
            assert tf.describe(twin) == tf.describe(state)
            assert twin.tape.stream == SeededStream(index // seats)


def test_every_seat_acts() -> None:
    for rules in tf.PRESETS.values():
        assert tf.GAME.acting_seats(rules) == tuple(range(rules.players))
