"""Perft for twenty-four: the number of legal action sequences to a depth, pinned.

Definition (as in test_perft_liars_dice.py, python-chess's perft with finished
games as leaves)::

    perft(s, 0) = 1
    perft(s, d) = 1                                  if s is terminal (d > 0)
    perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))   otherwise

Dice are drawn from the state's stream, so a count is a fact about one seeded state.
Every pinned count is checked against an independent brute force: a small model of
the game written here from the rules page (shared/rules/twenty-four.md), drawing its
dice from its own SplitMix64 in the order the rules page gives, copied at each
branch and counted with the same definition. The shallow counts are also worked out
by hand below, and the settlement counts have a closed form.
"""

from __future__ import annotations

import copy
from typing import Any

import attrs
from perft import Case, alike_test, engine_state, model_of, perft, perft_tests, seeded_dice

import dicerules
from dicerules import SeededStream

GAME = dicerules.get_game("twenty-four")
STANDARD = GAME.presets["standard"]
HOUSE = GAME.presets["house-rules"]
ANY_VALUE = attrs.evolve(STANDARD, keep_rule="any_value")
TWO_LOW = attrs.evolve(HOUSE, players=2, low_score_bonus="any")


# ------------------------------------------------------------- the brute force


class Dice:
    """The seed's SplitMix64 dice (``perft.seeded_dice``), six-sided, taken in order."""

    def __init__(self, seed: int) -> None:
        self.seed, self.index = seed, 0

    def take(self, count: int) -> list[int]:
        out = list(seeded_dice(self.seed)[self.index : self.index + count])
        assert len(out) == count, "the model needs more dice than seeded_dice holds"
        self.index += count
        return out


class Table:
    """One game, as the rules page tells it, in notation only."""

    def __init__(self, rules: Any, seed: int) -> None:
        self.rules, self.dice = rules, Dice(seed)
        self.left = rules.players * rules.rotations
        self.roller = rules.first_player
        self.done = False
        self.new_turn()

    def new_turn(self) -> None:
        self.thrown, self.kept = self.dice.take(5), []
        self.asking, self.offer, self.out = None, 0, []

    def moves(self) -> list[str]:
        if self.done:
            return []
        if self.asking is None:
            faces = sorted(set(self.thrown), reverse=True)
            faces = faces[:1] if self.rules.keep_rule == "highest" else faces
            return [f"keep {n}x{v}" for v in faces for n in range(1, self.thrown.count(v) + 1)] + [
                "stop"
            ]
        if self.offer:
            return ["accept", "refuse"]
        return [f"offer {q}" for q in range(1, 5 * self.d + 1)] + ["no offer"]

    def play(self, move: str) -> Table:
        t = copy.deepcopy(self)
        if move == "stop":
            t.score(t.kept + t.thrown, stopped=True)
        elif move.startswith("keep"):
            n, v = map(int, move[5:].split("x"))
            t.kept += [v] * n
            if len(t.kept) == 5:
                t.score(t.kept, stopped=False)
            else:
                t.thrown = t.dice.take(5 - len(t.kept))
        elif move.startswith("offer"):
            t.offer = int(move[6:])
        else:
            if move == "accept":
                t.out.append(t.asking)
            t.asking, t.offer = (t.asking + 1) % t.rules.players, 0
            if t.asking == t.roller:
                t.bonus()
        return t

    def score(self, dice: list[int], stopped: bool) -> None:
        total = sum(dice)
        if total > 24:
            self.d = total - 24
            if self.rules.settlements:
                self.asking = (self.roller + 1) % self.rules.players
            else:
                self.bonus()
        else:
            self.next_turn()  # money does not change the count

    def bonus(self) -> None:
        hits = self.dice.take(5).count(self.d)
        if hits < 5:
            self.dice.take(5 - hits)
        self.next_turn()

    def next_turn(self) -> None:
        self.left -= 1
        if not self.left:
            self.done = True
        else:
            self.roller = (self.roller + 1) % self.rules.players
            self.new_turn()


model_state, model_perft = model_of(Table, Table.moves, Table.play)


# ------------------------------------------------------------------------ the pins


# Seed 1 draws 6 2 1 6 4 | 3 4 4 1 5 | 4 5 3 5 5 | 6 4 6 3 1 ...
# standard, depth 2: the opening shows 6-6-4-2-1, so keep 1x6, keep 2x6, stop (3).
#   keep 1x6 throws 4 dice, 3-4-4-1: keep 1x4, keep 2x4, stop (3);
#   keep 2x6 throws 3 dice, 3-4-4: the same 3;
#   stop (19) ends the turn; seat 1 throws 3-4-4-1-5: keep 1x5, stop (2). 3 + 3 + 2 = 8.
# any_value, depth 1: every value showing may be kept: 1x6, 2x6, 1x4, 1x2, 1x1, stop = 6.
# house-rules, seed 10, after keep 3x5, keep 1x5, stop (5-5-5-5-6 = 26): seat 1 of three
#   asked seats offers for twos, m = 5 * 2 + 1 = 11 choices. Depth 2: each of the 10
#   offers is answered 2 ways, and no offer hands seat 2 its 11: 20 + 11 = 31. Depth 3:
#   each offer and answer leaves seat 2 its 11 (10 * 2 * 11 = 220), and no offer leaves
#   seat 2's depth 2 (31): 251. (settlement_perft below.)
HAND_WORKED = {("standard-seed1", 1): 3, ("standard-seed1", 2): 8, ("any-value-seed1", 1): 6}

SETTLING = ("keep 3x5", "keep 1x5", "stop")

CASES = [
    Case("standard-seed1", STANDARD, 1, (), {1: 3, 2: 8, 3: 23, 4: 59, 5: 129, 6: 262}),
    Case("standard-seed7", STANDARD, 7, (), {1: 2, 2: 5, 3: 12, 4: 29, 5: 81, 6: 190}),
    Case("any-value-seed1", ANY_VALUE, 1, (), {1: 6, 2: 30, 3: 128, 4: 509, 5: 2234}),
    Case("house-seed10-settlement", HOUSE, 10, SETTLING, {1: 11, 2: 31, 3: 251, 4: 862, 5: 5324}),
    Case("house-seed10-opening", HOUSE, 10, (), {1: 4, 2: 8, 3: 27, 4: 85, 5: 294, 6: 1158}),
    Case("two-seats-low-any", TWO_LOW, 3, (), {1: 2, 2: 4, 3: 7, 4: 15, 5: 27, 6: 47}),
]

test_engine_perft, test_independent_brute_force = perft_tests(CASES, model_state, model_perft)


def start_alike(case: Case, state: Any, table: Table) -> None:
    """The brute force counts from the same position as the engine."""
    assert table.moves() == [GAME.format_action(a) for a in GAME.legal_actions(state)]
    speaking = table.asking is not None and not table.offer
    assert GAME.current_player(state) == (table.asking if speaking else table.roller)


test_model_and_engine_start_alike = alike_test(CASES, model_state, start_alike)


def test_hand_worked_counts() -> None:
    for (name, depth), count in HAND_WORKED.items():
        (case,) = [c for c in CASES if c.name == name]
        assert case.counts[depth] == count
    dice = (6, 2, 1, 6, 4, 3, 4, 4, 1, 5, 4, 5, 3, 5, 5, 6, 4, 6, 3, 1)
    assert SeededStream(1).roll(20)[0] == dice


def settlement_perft(m: int, asked: int, depth: int) -> int:
    """Perft at an offer with ``asked`` seats still to speak, while no bonus is reached.

    An offer (m - 1 of them) takes two plies (offer, answer); ``no offer`` one.
    """
    if depth == 0:
        return 1
    if depth == 1:
        return m
    no_offer = perft_after(m, asked - 1, depth - 1)
    return no_offer + (m - 1) * 2 * perft_after(m, asked - 1, depth - 2)


def perft_after(m: int, asked: int, depth: int) -> int:
    assert asked >= 1, "the closed form stops before the bonus throws"
    return settlement_perft(m, asked, depth)


def test_settlement_closed_form() -> None:
    (case,) = [c for c in CASES if c.name == "house-seed10-settlement"]
    state = engine_state(case.rules, case.seed, case.prefix)
    assert state.target == 2 and state.offerer == 1
    m = 5 * state.target + 1
    for depth in (1, 2, 3):
        assert settlement_perft(m, 3, depth) == case.counts[depth]


def test_perft_definition_on_a_finished_game() -> None:
    state = engine_state(attrs.evolve(STANDARD, players=2), 1, ("stop", "stop"))
    assert GAME.is_terminal(state)
    assert [perft(state, depth) for depth in range(4)] == [1, 1, 1, 1]
    assert perft(engine_state(STANDARD, 1, ()), 0) == 1
