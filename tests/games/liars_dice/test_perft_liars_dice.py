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

from math import comb
from typing import Any, NamedTuple

import attrs
import pytest
from perft import Case, alike_test, draw, engine_state, model_of, perft, perft_tests, to_the_left

import dicerules
from dicerules import SeededStream

GAME = dicerules.get_game("liars-dice")
CLASSIC = GAME.presets["classic"]
NORWEGIAN = GAME.presets["norwegian"]
PERUDO = GAME.presets["perudo"]


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
    palifico: bool = False  # the Perudo family (rules 9 to 11): a palifico round
    palificos: tuple[int, ...] = ()  # the seats that have had theirs


def model_new_game(rules: Any, seed: int) -> Table:
    stream = SeededStream(seed)
    opener = 0
    if rules.first_opener == "rolloff":
        contenders = list(range(rules.players))
        while len(contenders) > 1:
            rolled = []
            for _ in contenders:
                die, stream = draw(stream, rules.sides)
                rolled.append(die)
            contenders = [
                s for s, die in zip(contenders, rolled, strict=True) if die == max(rolled)
            ]
        opener = contenders[0]
    return model_round(rules, (rules.dice_per_player,) * rules.players, opener, stream)


def model_round(
    rules: Any,
    dice: tuple[int, ...],
    opener: int,
    stream: SeededStream,
    palifico: bool = False,
    palificos: tuple[int, ...] = (),
) -> Table:
    hands = []
    for count in dice:  # seat order; a seat that is out draws nothing
        hand = []
        for _ in range(count):
            die, stream = draw(stream, rules.sides)
            hand.append(die)
        hands.append(tuple(sorted(hand)))
    ones_wild = rules.ones_wild and not palifico
    return Table(rules, dice, tuple(hands), opener, (), ones_wild, stream, palifico, palificos)


def model_follows(table: Table, q: int, f: int) -> bool:
    """Whether bid (q, f) may be made now, by rules 4, 9 and 10 as the rules page words them."""
    rank = table.rules.ones_rank
    if not table.bids:
        return f != 1 or rank != "half" or table.palifico
    _, lq, lf = table.bids[-1]
    if table.palifico:
        return f == table.bids[0][2] and q > lq
    if rank == "low":
        return q > lq or (q == lq and f > lf)
    if rank == "high":

        def order(face: int) -> int:
            return table.rules.sides + 1 if face == 1 else face

        return q > lq or (q == lq and order(f) > order(lf))
    if lf != 1 and f != 1:
        return q > lq or (q == lq and f > lf)
    if lf != 1:
        return 2 * q >= lq
    if f == 1:
        return q > lq
    return q >= 2 * lq + 1


def model_moves(table: Table) -> list[str]:
    if table.to_act is None:
        return []
    total, sides = sum(table.dice), table.rules.sides
    faces = list(range(1, sides + 1))
    if table.rules.ones_rank == "high":
        faces = [*faces[1:], 1]  # raising order: 1x1 above 1x6
    moves = [f"{q}x{f}" for q in range(1, total + 1) for f in faces if model_follows(table, q, f)]
    if table.bids:
        moves.append("challenge")
        if table.rules.calza:
            moves.append("calza")
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
    if move not in ("challenge", "calza"):
        q, f = map(int, move.split("x"))
        ones_wild = table.ones_wild
        if not table.bids and f == 1 and table.rules.ones_opening_cancels_wild:
            ones_wild = False
        return table._replace(
            to_act=to_the_left(table.dice, seat),
            bids=(*table.bids, (seat, q, f)),
            ones_wild=ones_wild,
        )
    bidder, q, f = table.bids[-1]
    caller = seat
    count = model_count(table, f)
    if move == "calza":  # rule 11: exact gains a die (up to the start), else loses one
        gain = 1 if count == q else -1
        loser: int | None = None if count == q else caller
        opener = caller
        dice = tuple(
            min(n + gain, table.rules.dice_per_player) if s == caller else n
            for s, n in enumerate(table.dice)
        )
    else:
        loser, winner = (caller, bidder) if count >= q else (bidder, caller)
        opener = loser if table.rules.next_opener == "loser" else winner
        dice = tuple(n - 1 if s == loser else n for s, n in enumerate(table.dice))
    if sum(1 for n in dice if n) == 1:
        return table._replace(dice=dice, to_act=None, bids=())
    palificos = table.palificos
    palifico = (
        table.rules.palifico and loser is not None and dice[loser] == 1 and loser not in palificos
    )
    if palifico:
        assert loser is not None
        opener, palificos = loser, (*palificos, loser)
    if not dice[opener]:
        opener = to_the_left(dice, opener)
    return model_round(table.rules, dice, opener, table.stream, palifico, palificos)


model_state, model_perft = model_of(model_new_game, model_moves, model_play)


# ------------------------------------------------------------------------ the pins


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
PERUDO_2X1, PERUDO_2X2 = _small(PERUDO, 1), _small(PERUDO, 2)
HIGH_2X2 = attrs.evolve(PERUDO_2X2, ones_rank="high")

# perudo 2x2 seed 1 after "1x2", "challenge": seat 0 holds 4-4, seat 1 holds 1 and
# opens its palifico round (3 dice: 18 openings, any face; then only more of that face).
# Depth 3: two bids and any third action, 7 a face (42); a bid then the challenge by
# seat 0: 4s count 2 and ones 1 (ones are not wild), so 1x4, 2x4 and 1x1 hold (seat 0
# falls to one die and opens its own palifico round, 12 openings) and 15 bids put
# seat 1 out (1 leaf each), 51; a bid then seat 0's calza: 2x4 and 1x1 are exact (seat
# 0 already holds 2: a plain round, 15 openings without ones), 16 are not (seat 0's
# palifico round, 12): 222. 42 + 51 + 222 = 315.
PALIFICO_WORKED = 6 * 7 + (3 * 12 + 15) + (2 * 15 + 16 * 12)

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
    # The perudo preset (rules 9 to 11): no round opens on ones (5 faces x 20 dice =
    # 100 openings), pacos, calza after every bid; no closed form.
    Case("perudo-opening", PERUDO, 1, (), {1: 100, 2: 6700, 3: 290350}, None),
    # 2 seats x 1 die: 10 openings; after 1xf, (6 - f) + 5 raises, 1x1 and 2x1, the
    # challenge and calza; after 2xf, (6 - f), 1x1, 2x1 and the two calls: 55 + 30 = 85.
    Case("perudo-2x1", PERUDO_2X1, 1, (), {1: 10, 2: 85, 3: 415, 4: 1730}, None),
    Case("perudo-2x2", PERUDO_2X2, 1, (), {1: 20, 2: 300, 3: 3195, 4: 27050}, None),
    Case("perudo-high-2x2", HIGH_2X2, 1, (), {1: 24, 2: 324, 3: 3476, 4: 29020}, None),
    # A palifico round (PALIFICO_WORKED), reached by a challenge and by a failed calza.
    Case("perudo-palifico-seed1", PERUDO_2X2, 1, ONE_V_TWO, {1: 18, 2: 54, 3: 315, 4: 1189}, None),
    Case(
        "perudo-palifico-calza-seed2",
        PERUDO_2X2,
        2,
        ("1x2", "calza"),
        {1: 18, 2: 54, 3: 318, 4: 1326},
        None,
    ),
]

test_engine_perft, test_independent_brute_force = perft_tests(CASES, model_state, model_perft)


def start_alike(case: Case, state: Any, table: Table) -> None:
    """The brute force counts from the same position as the engine: seat, hands, actions."""
    assert table.to_act == GAME.current_player(state)
    assert table.dice == GAME.scores(state)
    assert table.hands == tuple(GAME.view(state, s).hand for s in range(case.rules.players))
    assert model_moves(table) == [GAME.format_action(a) for a in GAME.legal_actions(state)]


test_model_and_engine_start_alike = alike_test(CASES, model_state, start_alike)


CLOSED = [(case, depth) for case in CASES if case.closed_form for depth in sorted(case.counts)]


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


def test_hand_worked_palifico_depth3() -> None:
    (case,) = [c for c in CASES if c.name == "perudo-palifico-seed1"]
    assert case.counts[3] == PALIFICO_WORKED
    state = engine_state(case.rules, case.seed, case.prefix)
    assert state.palifico and state.opener == 1 and state.hands == ((4, 4), (1,))


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
