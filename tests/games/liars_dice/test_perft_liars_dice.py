"""Perft for liar's dice: the number of legal action sequences to a depth, pinned.

Definition (as python-chess's perft, with finished games as leaves)::

    perft(s, 0) = 1
    perft(s, d) = 1                                  if s is terminal (d > 0)
    perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))   otherwise

So perft(s, d) counts the sequences of legal actions a1..ak from s where either
k = d, or k < d and ak ends the game (a game that ends early is one leaf, not
d - k of them). Dice are drawn from the state's stream, so a count is a fact about
one seeded state. ``perft`` (in perft.py, shared by every perft test) counts the
last ply by the length of the legal list, which is the same number.

Every pinned count is checked three ways where the rules allow:

* the engine's perft (``perft`` on ``dicerules.get_game("liars-dice")``);
* a closed form, for a round's opening position whose first challenge cannot end
  the game, or always ends it. With N bids in the table (total dice x sides), the
  opener has N choices; after the bid at index i (0-based) the next seat has
  N - 1 - i raises and the challenge; after a challenge the next round's opener has
  M choices (M = (total - 1) x sides), or the game is over (M = 1, one leaf). Hence
  perft 1 = N, perft 2 = N(N + 1)/2, perft 3 = C(N + 1, 3) + N M and
  perft 4 = C(N + 1, 4) + C(N, 2) M + N M(M + 1)/2, whatever the dice;
* an independent brute force: a small model of the game written here from the
  rules page (shared/rules/liars-dice.md), drawing its dice one at a time from a
  SeededStream in the order the rules page gives, counted with the same definition.

Where the count depends on the dice (a seat with one die left against a seat with
two, so a challenge ends the game or not depending on the hands), the count is
pinned, checked against the brute force, and worked out by hand in a comment.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any, NamedTuple

import attrs
import pytest
from perft import engine_state, perft, perft_over

import dicerules
from dicerules import SeededStream

GAME = dicerules.get_game("liars-dice")
CLASSIC = GAME.presets["classic"]
NORWEGIAN = GAME.presets["norwegian"]


# ------------------------------------------------------------------ closed forms


def opening_perft(n_bids: int, after_challenge: int, depth: int) -> int:
    """Perft of a round's opening position, in closed form (see the module docstring).

    ``after_challenge`` is M: the next opener's choices after a challenge, or 1 when
    a challenge always ends the game.
    """
    n, m = n_bids, after_challenge
    return {
        1: n,
        2: n * (n + 1) // 2,
        3: comb(n + 1, 3) + n * m,
        4: comb(n + 1, 4) + comb(n, 2) * m + n * m * (m + 1) // 2,
    }[depth]


def test_closed_form_by_enumeration() -> None:
    """The closed form equals a plain enumeration of bid indices, for small tables."""
    for n in range(1, 13):
        for m in (1, 5):
            by_hand = {
                1: n,
                2: sum(n - i for i in range(n)),
                3: sum(sum(n - j for j in range(i + 1, n)) + m for i in range(n)),
                4: sum(
                    sum(sum(n - k for k in range(j + 1, n)) + m for j in range(i + 1, n))
                    + sum(m - k for k in range(m))
                    for i in range(n)
                ),
            }
            for depth, count in by_hand.items():
                assert opening_perft(n, m, depth) == count, (n, m, depth)


# ---------------------------------------------- an independent model of the rules


class Table(NamedTuple):
    """A game of liar's dice as the model sees it. ``bids`` holds (seat, quantity, face)."""

    rules: Any
    dice: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    to_act: int | None
    bids: tuple[tuple[int, int, int], ...]
    ones_wild: bool
    stream: SeededStream


def _draw(stream: SeededStream, sides: int) -> tuple[int, SeededStream]:
    (die,), stream = stream.roll(1, sides)
    return die, stream


def _left_with_dice(dice: tuple[int, ...], seat: int) -> int:
    """The first seat to the left of ``seat`` (seat + 1, + 2, ...) that has dice."""
    for step in range(1, len(dice) + 1):
        other = (seat + step) % len(dice)
        if dice[other]:
            return other
    raise AssertionError("nobody has dice")


def model_new_game(rules: Any, seed: int) -> Table:
    stream = SeededStream(seed)
    opener = 0
    if rules.first_opener == "rolloff":
        contenders = list(range(rules.players))
        while len(contenders) > 1:
            rolled = []
            for _ in contenders:
                die, stream = _draw(stream, rules.sides)
                rolled.append(die)
            contenders = [
                s for s, die in zip(contenders, rolled, strict=True) if die == max(rolled)
            ]
        opener = contenders[0]
    return model_round(rules, (rules.dice_per_player,) * rules.players, opener, stream)


def model_round(rules: Any, dice: tuple[int, ...], opener: int, stream: SeededStream) -> Table:
    hands = []
    for count in dice:  # seat order; a seat that is out draws nothing
        hand = []
        for _ in range(count):
            die, stream = _draw(stream, rules.sides)
            hand.append(die)
        hands.append(tuple(sorted(hand)))
    return Table(rules, dice, tuple(hands), opener, (), rules.ones_wild, stream)


def model_moves(table: Table) -> list[str]:
    if table.to_act is None:
        return []
    total, sides = sum(table.dice), table.rules.sides
    moves = []
    for q in range(1, total + 1):
        for f in range(1, sides + 1):
            if table.bids:
                _, lq, lf = table.bids[-1]
                if not (q > lq or (q == lq and f > lf)):
                    continue
            moves.append(f"{q}x{f}")
    if table.bids:
        moves.append("challenge")
    return moves


def model_count(table: Table, face: int) -> int:
    count = 0
    for hand in table.hands:
        if table.rules.straights_wild and hand and list(hand) == list(range(1, len(hand) + 1)):
            count += len(hand)
        else:
            count += sum(1 for die in hand if die == face)
            if face != 1 and table.ones_wild:
                count += sum(1 for die in hand if die == 1)
    return count


def model_play(table: Table, move: str) -> Table:
    assert move in model_moves(table), (move, table)
    seat = table.to_act
    assert seat is not None
    if move != "challenge":
        q, f = map(int, move.split("x"))
        ones_wild = table.ones_wild
        if not table.bids and f == 1 and table.rules.ones_opening_cancels_wild:
            ones_wild = False
        return table._replace(
            to_act=_left_with_dice(table.dice, seat),
            bids=(*table.bids, (seat, q, f)),
            ones_wild=ones_wild,
        )
    bidder, q, f = table.bids[-1]
    challenger = seat
    loser, winner = (challenger, bidder) if model_count(table, f) >= q else (bidder, challenger)
    dice = tuple(n - 1 if s == loser else n for s, n in enumerate(table.dice))
    if sum(1 for n in dice if n) == 1:
        return table._replace(dice=dice, to_act=None, bids=())
    opener = loser if table.rules.next_opener == "loser" else winner
    if not dice[opener]:
        opener = _left_with_dice(dice, opener)
    return model_round(table.rules, dice, opener, table.stream)


def model_perft(table: Table, depth: int) -> int:
    return perft_over(table, depth, model_moves, model_play)


def model_state(rules: Any, seed: int, prefix: Sequence[str]) -> Table:
    table = model_new_game(rules, seed)
    for move in prefix:
        table = model_play(table, move)
    return table


# ------------------------------------------------------------------------ the pins


class Case(NamedTuple):
    name: str
    rules: Any
    seed: int
    prefix: tuple[str, ...]
    counts: dict[int, int]  # depth -> perft
    closed_form: tuple[int, int] | None  # (N, M) when the closed form applies


def _small(preset: Any, dice_per_player: int) -> Any:
    return attrs.evolve(preset, players=2, dice_per_player=dice_per_player)


# After "1x2", "challenge" from a 2-seat, 2-dice game, one seat has 1 die and the
# other 2: 3 dice, N = 18 bids. Depth 3 is C(19, 3) = 969 sequences that start with
# two bids (any third action), plus, for each of the 18 opening bids followed by the
# challenge, 1 leaf if the seat with one die lost it (game over) or 12 (the opening
# bids of a new round with 2 dice). Which happens depends on the hands:
#
# classic seed 1: hands 4-4 (seat 0, 2 dice, opens as the winner) and 1 (seat 1).
#   Ones wild (and a bid on ones counts ones only): face 4 counts 3, every other face
#   1. True bids 1x1..1x6, 2x4, 3x4 = 8: seat 1 loses its last die (1 leaf each);
#   10 false: seat 0 loses one (12 each). 969 + 8 + 120 = 1097.
# classic seed 3: hands 3 (seat 0, 1 die) and 1-1 (seat 1, 2 dice, opens). Face 1
#   counts 2, face 3 counts 3, faces 2, 4, 5, 6 count 2: 13 true bids put seat 0 out
#   (1 each), 5 false ones give 12: 969 + 13 + 60 = 1042.
# norwegian seed 1: hands 4-4 (seat 0) and 1 (seat 1, 1 die, opens as the loser).
#   The lone 1 is a straight of one and counts 1 for any face. Face 4 counts 3, every
#   other face 1: 8 true bids (seat 0 loses one, 12 each), 10 false (seat 1 out,
#   1 each): 969 + 96 + 10 = 1075.
# norwegian seed 3: hands 3 (seat 0, 1 die, opens) and 1-1, no straight. Face 1
#   counts 2, face 3 counts 3, the others 2: 13 true (12 each), 5 false (1 each):
#   969 + 156 + 5 = 1130.
HAND_WORKED = {
    ("classic", 1): comb(19, 3) + 8 * 1 + 10 * 12,
    ("classic", 3): comb(19, 3) + 13 * 1 + 5 * 12,
    ("norwegian", 1): comb(19, 3) + 8 * 12 + 10 * 1,
    ("norwegian", 3): comb(19, 3) + 13 * 12 + 5 * 1,
}

ONE_V_TWO = ("1x2", "challenge")
CLASSIC_2X1, NORWEGIAN_2X1 = _small(CLASSIC, 1), _small(NORWEGIAN, 1)
CLASSIC_2X2, NORWEGIAN_2X2 = _small(CLASSIC, 2), _small(NORWEGIAN, 2)

CASES = [
    # 4 seats x 3 dice: N = 72 bids, M = 11 x 6 = 66 (nobody can be out after one challenge).
    Case("classic-opening", CLASSIC, 1, (), {1: 72, 2: 2628, 3: 66948, 4: 1416318}, (72, 66)),
    # 4 seats x 6 dice: N = 144, M = 23 x 6 = 138. Depth 4 (over 20 million leaves,
    # half a million applies) is left out to keep the suite fast.
    Case("norwegian-opening", NORWEGIAN, 1, (), {1: 144, 2: 10440, 3: 517512}, (144, 138)),
    # 2 seats x 1 die: N = 12, and every challenge ends the game (M = 1 leaf).
    Case("classic-2x1", CLASSIC_2X1, 1, (), {1: 12, 2: 78, 3: 298, 4: 793}, (12, 1)),
    Case("norwegian-2x1", NORWEGIAN_2X1, 1, (), {1: 12, 2: 78, 3: 298, 4: 793}, (12, 1)),
    # 2 seats, 2 dice against 1: the count depends on the dice (HAND_WORKED).
    Case("classic-1v2-seed1", CLASSIC_2X2, 1, ONE_V_TWO, {1: 18, 2: 171, 3: 1097, 4: 5169}, None),
    Case("classic-1v2-seed3", CLASSIC_2X2, 3, ONE_V_TWO, {1: 18, 2: 171, 3: 1042, 4: 5125}, None),
    Case(
        "norwegian-1v2-seed1", NORWEGIAN_2X2, 1, ONE_V_TWO, {1: 18, 2: 171, 3: 1075, 4: 5917}, None
    ),
    Case(
        "norwegian-1v2-seed3", NORWEGIAN_2X2, 3, ONE_V_TWO, {1: 18, 2: 171, 3: 1130, 4: 5851}, None
    ),
]

POINTS = [(case, depth) for case in CASES for depth in sorted(case.counts)]
POINT_IDS = [f"{case.name}-depth{depth}" for case, depth in POINTS]


@pytest.mark.parametrize(("case", "depth"), POINTS, ids=POINT_IDS)
def test_engine_perft(case: Case, depth: int) -> None:
    state = engine_state(case.rules, case.seed, case.prefix)
    assert perft(state, depth) == case.counts[depth]


@pytest.mark.parametrize(("case", "depth"), POINTS, ids=POINT_IDS)
def test_independent_brute_force(case: Case, depth: int) -> None:
    table = model_state(case.rules, case.seed, case.prefix)
    assert model_perft(table, depth) == case.counts[depth]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_model_and_engine_start_alike(case: Case) -> None:
    """The brute force counts from the same position as the engine: seat, hands, actions."""
    state = engine_state(case.rules, case.seed, case.prefix)
    table = model_state(case.rules, case.seed, case.prefix)
    assert table.to_act == GAME.current_player(state)
    assert table.dice == GAME.scores(state)
    assert table.hands == tuple(GAME.view(state, s).hand for s in range(case.rules.players))
    assert model_moves(table) == [GAME.format_action(a) for a in GAME.legal_actions(state)]


CLOSED = [(case, depth) for case, depth in POINTS if case.closed_form is not None]


@pytest.mark.parametrize(("case", "depth"), CLOSED, ids=[f"{c.name}-depth{d}" for c, d in CLOSED])
def test_closed_form(case: Case, depth: int) -> None:
    assert case.closed_form is not None
    n, m = case.closed_form
    rules = case.rules
    assert n == rules.players * rules.dice_per_player * rules.sides
    assert case.counts[depth] == opening_perft(n, m, depth)


@pytest.mark.parametrize(("preset", "seed"), sorted(HAND_WORKED))
def test_hand_worked_depth3(preset: str, seed: int) -> None:
    (case,) = [c for c in CASES if c.name == f"{preset}-1v2-seed{seed}"]
    assert case.counts[3] == HAND_WORKED[preset, seed]
    assert case.counts[1] == 18 and case.counts[2] == opening_perft(18, 0, 2)


@pytest.mark.parametrize("seed", [0, 2, 12345, 2**64 - 1])
def test_opening_counts_do_not_depend_on_the_dice(seed: int) -> None:
    """Without a seat that can run out, perft to depth 3 is the same for every seed."""
    for case in CASES:
        if case.closed_form is not None and 3 in case.counts:
            state = engine_state(case.rules, seed, case.prefix)
            assert perft(state, 3) == case.counts[3], case.name


def test_one_against_two_counts_depend_on_the_dice() -> None:
    classic = {c.counts[3] for c in CASES if c.name.startswith("classic-1v2")}
    norwegian = {c.counts[3] for c in CASES if c.name.startswith("norwegian-1v2")}
    assert len(classic) == 2 and len(norwegian) == 2


def test_perft_definition_on_a_finished_game() -> None:
    """A finished game is one leaf at every depth, and depth 0 is one leaf anywhere."""
    state = engine_state(_small(CLASSIC, 1), 1, ("1x2", "challenge"))
    assert GAME.is_terminal(state)
    assert [perft(state, depth) for depth in range(4)] == [1, 1, 1, 1]
    assert perft(engine_state(CLASSIC, 1, ()), 0) == 1
