"""What liars-dice declares for ``dicerules bench``: its rounds, its counterpart, its long game."""

from __future__ import annotations

from helpers import random_play, seeded_choice

from dicerules import bench
from dicerules.games import liars_dice as ld

BENCHMARKS = ld.GAME.benchmarks


def test_the_counterpart_is_classic_2x5_with_seat_0_opening_beside_pyspiel() -> None:
    (counterpart,) = BENCHMARKS.counterparts
    assert counterpart.label == "liars-dice-2x5"
    assert counterpart.rules == ld.Rules(players=2, dice_per_player=5, first_opener="seat0")
    assert counterpart.spiel == "liars_dice(numdice=5)"
    assert bench.spiel_name(counterpart) == "pyspiel liars_dice(numdice=5)"


def test_a_game_counts_one_round_per_challenge() -> None:
    # pyspiel's liars_dice is one round a game; a game here runs until one seat has
    # dice left, and every round ends in exactly one challenge, the last one included.
    (counterpart,) = BENCHMARKS.counterparts
    assert BENCHMARKS.rounds is ld.benchmarks.rounds
    assert counterpart.rounds is ld.benchmarks.rounds
    for seed in range(20):
        start = ld.new_game(counterpart.rules, seed=seed)
        *_, state = random_play(ld.GAME, start, seeded_choice(seed))
        assert ld.is_terminal(state)
        challenges = ld.history(state).count(ld.CHALLENGE)
        # 2 seats of 5 dice: each round takes one die, so 5 to 9 rounds.
        assert 5 <= challenges <= 9
        assert counterpart.rounds(state) == challenges


def test_the_long_game_passes_10000_actions_by_smallest_raises() -> None:
    setting = BENCHMARKS.long_game
    assert setting is not None
    assert setting.rules == ld.Rules(players=10, dice_per_player=10, sides=20)
    states = bench.long_game(ld.GAME)
    assert len(states) == bench.LONG_STEPS + 1
    last = states[-1]
    assert not ld.is_terminal(last)
    actions = ld.history(last)
    assert len(actions) == bench.LONG_STEPS
    # Round 1 walks every bid of 100 dice and 20 faces in order, then challenges.
    assert actions[:3] == (ld.Bid(1, 1), ld.Bid(1, 2), ld.Bid(1, 3))
    assert actions[1999] == ld.Bid(100, 20)
    assert actions[2000] == ld.CHALLENGE
    assert last.round == 6  # rounds 1-5 take 2001 + 1981 + 1961 + 1941 + 1921 = 9805
    # Apply is timed at steps 10 and 10,000 on the same kind of move, a plain raise
    # in the middle of a round (a challenge would also roll a new round's dice).
    for step in (bench.SHORT_STEP, bench.LONG_STEPS):
        state = states[step]
        assert state.bid_count > 0
        assert type(ld.legal_actions(state)[0]) is ld.Bid
