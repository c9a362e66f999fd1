"""Perft for eighteen: the number of legal action sequences to a depth, pinned.

Definition (as python-chess's perft, with finished games as leaves)::

    perft(s, 0) = 1
    perft(s, d) = 1                                  if s is terminal (d > 0)
    perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))   otherwise

Both ``roll`` and ``stand`` are legal in every state of a game that goes on, so
perft(s, d) = 2**d until some sequence ends the game; what is counted is where the
dice end it. Every pinned count is checked by the engine, by an independent brute
force (a small simulation of the game written here from shared/rules/eighteen.md,
drawing SplitMix64 dice itself and replaying every action sequence from the start),
and, where the count has one, by a closed form or a count by hand in a comment.
"""

from __future__ import annotations

from collections.abc import Sequence

from perft import Case, perft, perft_tests, seeded_dice

import dicerules
from dicerules.games import eighteen as e

GAME = dicerules.get_game("eighteen")


# --------------------------------------------------------------- the brute force


def model_is_over(rules: e.Rules, seed: int, actions: Sequence[str]) -> bool:
    """Play ``actions`` from a new game by the rules page; whether the game is then over.

    Covers the fields the cases below use: no floor, no elimination, no lightning
    round (an assertion says so if one would be needed).
    """
    assert not rules.floor_at_zero and not rules.eliminate_at_zero
    dice = iter(seeded_dice(seed))

    def take(count: int) -> list[int]:
        return [next(dice) for _ in range(count)]

    n = rules.players
    points = [rules.start_points] * n
    if rules.permanent_house is None:
        contenders = list(range(n))
        while len(contenders) > 1:
            totals = [sum(take(3)) for _ in contenders]
            contenders = [s for s, t in zip(contenders, totals, strict=True) if t == max(totals)]
        house = contenders[0]
    else:
        house = rules.permanent_house
    first = (house + 1) % n
    pending = list(actions)
    round_number = 1
    while True:
        house_dice = sorted(take(6))
        roost = sum(house_dice[3:])
        players = [(first + k) % n for k in range(n) if (first + k) % n != house]
        changes = [0] * n
        if roost == 18:
            for seat in players:
                changes[seat] -= rules.roost18_players_lose
                changes[house] += rules.roost18_players_lose
        else:
            counted: dict[int, int] = {}
            for seat in players:
                hand = take(3)
                while True:
                    if not pending:
                        return False  # a player is to act: the game goes on
                    if pending.pop(0) == "stand":
                        break
                    hand += take(1)
                    if sum(hand) > 18 or len(hand) == 6:
                        break
                counted[seat] = -1 if sum(hand) > 18 else 18 if len(hand) == 6 else sum(hand)
            for seat, total in counted.items():
                if total < roost:
                    changes[seat] -= 1
                    changes[house] += 1
                if total > roost:
                    changes[seat] += 1
                if total >= 0:
                    changes[seat] += sum(1 for t in counted.values() if t < total)
        points = [p + c for p, c in zip(points, changes, strict=True)]
        reached = [s for s in range(n) if s != rules.permanent_house and points[s] >= rules.target]
        assert len(reached) < 2, "a lightning round: not modelled here"
        if reached or round_number == rules.max_rounds:
            assert not pending, "an action after the end of the game"
            return True
        if rules.permanent_house is None:
            house = (house + 1) % n
            first = (house + 1) % n
        else:
            first = (first + 1) % n
            if first == house:
                first = (first + 1) % n
        round_number += 1


def model_perft(rules: e.Rules, seed: int, prefix: tuple[str, ...], depth: int) -> int:
    if depth == 0 or model_is_over(rules, seed, prefix):
        return 1
    return sum(model_perft(rules, seed, (*prefix, a), depth - 1) for a in ("roll", "stand"))


# ------------------------------------------------------------------------ the pins


SOLO = e.Rules(players=2, permanent_house=0, max_rounds=1)
"""One player against a permanent house, one round: the game ends with the turn."""
DUO = e.Rules(players=3, permanent_house=0, max_rounds=1)
"""Two players, one round."""
NEAR = e.Rules(players=3, target=2, max_rounds=3)
"""A rotating house, two points to win, three rounds at most."""

# SOLO: the player's turn is "roll" j times then "stand" (j < K), or K rolls that end
# the turn by themselves (bust or six dice), so perft(d) = min(d, K) + 1 for d >= 1.
# Seed 2 draws 5-3-4-1-2-4 for the house (roost 4-4-5 = 13), then 3-6-4 (13) for the
# player, whose rolls bring 3 (16) and 6 (22, bust): K = 2, perft 2, 3, 3, 3.
# Seed 3: the house 4-4-4-6-1-2 (roost 14); the player 1-5-3 (9), then 1, 1 and 4:
# six dice on 15, which end the turn and count 18: K = 3, perft 2, 3, 4, 4.
# Seed 5: the house 3-5-6-6-2-5 (roost 17); the player 4-4-5 (13), then 6 (19, bust):
# K = 1, perft 2, 2, 2, 2.
SOLO_K = {2: 2, 3: 3, 5: 1}

CASES = [
    # A game that cannot end within 12 actions: perft = 2**d.
    Case("hosted-opening", e.PRESETS["hosted"], 1, (), {d: 2**d for d in (1, 4, 8, 10)}),
    Case("standard-opening", e.PRESETS["standard"], 1, (), {d: 2**d for d in (1, 4, 8)}),
    Case("solo-seed2", SOLO, 2, (), {1: 2, 2: 3, 3: 3, 4: 3}),
    Case("solo-seed3", SOLO, 3, (), {1: 2, 2: 3, 3: 4, 4: 4}),
    Case("solo-seed5", SOLO, 5, (), {1: 2, 2: 2, 3: 2, 4: 2}),
    # Two turns in a row: how far the second player's dice lie in the stream depends
    # on how often the first rolled, so the counts depend on every branch's dice.
    Case("duo-seed1", DUO, 1, (), {1: 2, 2: 4, 3: 7, 4: 10, 5: 11, 6: 11, 8: 11}),
    Case("duo-seed3", DUO, 3, (), {1: 2, 2: 4, 3: 7, 4: 11, 5: 14, 6: 16, 8: 16}),
    # Rounds are scored and the next ones begin inside an action; some lines reach
    # the target in round 1 or 2, the others end at the cap after round 3.
    Case("near-seed3", NEAR, 3, (), {2: 4, 4: 11, 6: 16, 8: 16}),
    Case("near-seed7", NEAR, 7, (), {2: 4, 4: 7, 6: 10, 8: 22, 10: 45}),
]

test_engine_perft, test_independent_brute_force = perft_tests(
    CASES,
    lambda *start: start,
    lambda start, depth: model_perft(*start, depth),  # no model state
)


def test_solo_hand_worked_counts() -> None:
    for case in CASES:
        if case.rules == SOLO:
            k = SOLO_K[case.seed]
            assert case.counts == {d: min(d, k) + 1 for d in case.counts}
    assert GAME.new_game(SOLO, seed=2).hands[1] == (3, 6, 4)
    assert GAME.new_game(SOLO, seed=3).hands[1] == (1, 5, 3)
    assert GAME.new_game(SOLO, seed=5).hands[1] == (4, 4, 5)


def test_a_game_over_at_the_start_is_one_leaf() -> None:
    # Seed 5 gives NEAR's house (chosen by the roll-off) a roost of 18 in round 1 and
    # the house its two players' points: it wins before any action.
    state = GAME.new_game(NEAR, seed=5)
    assert GAME.is_terminal(state) and GAME.winners(state) == (state.house,)
    assert state.results[0].roost == 18
    assert [perft(state, depth) for depth in range(4)] == [1, 1, 1, 1]
    assert model_perft(NEAR, 5, (), 3) == 1
