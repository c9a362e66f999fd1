"""Perft for link: the number of legal action sequences to a depth, pinned.

Definition (as python-chess's perft, with finished games as leaves)::

    perft(s, 0) = 1
    perft(s, d) = 1                                  if s is terminal (d > 0)
    perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))   otherwise

So perft(s, d) counts the sequences of legal actions a1..ak from s where either
k = d, or k < d and ak ends the game. Dice are drawn from the state's stream, so a
count is a fact about one seeded (or scripted) state.

Every pinned count is checked against an independent brute force: a small model of
the game written here from the rules page (shared/rules/link.md), drawing its dice
one at a time from a SeededStream in the order the rules page gives, with its own
ante, openings, fits, links, outs and pots, counted with the same definition. One
scripted position is also counted by hand, in full, in the comment above HAND.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from perft import Case, alike_test, draw, engine_state, model_of, perft, perft_tests, to_the_left

import dicerules
from dicerules import ScriptedStream, SeededStream

GAME = dicerules.get_game("link")
Rules = GAME.Rules


# ---------------------------------------------- an independent model of the rules


class Table(NamedTuple):
    """A game of link as the model sees it. ``row`` holds (seat, colour, value)."""

    rules: Any
    round: int
    counters: tuple[int, ...]
    pot: int
    in_game: tuple[bool, ...]
    in_round: tuple[bool, ...]
    whites: tuple[tuple[int, ...], ...]
    blues: tuple[int | None, ...]
    row: tuple[tuple[int, str, int], ...]
    going: str  # "up", "down", or "" before the opening
    to_act: int | None
    stream: SeededStream


def _put(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return tuple(value if s == seat else old for s, old in enumerate(values))


def model_round(
    rules: Any, number: int, counters: tuple[int, ...], in_game: tuple[bool, ...],
    starter: int, stream: SeededStream,
) -> Table:  # fmt: skip
    """Rule 1: ante or leave the game; fewer than two left ends it; then the dice."""
    n = rules.players
    in_game = tuple(g and c >= rules.ante for g, c in zip(in_game, counters, strict=True))
    if sum(in_game) < 2:
        return Table(
            rules, number - 1, counters, 0, in_game, (False,) * n, ((),) * n, (None,) * n,
            (), "", None, stream,
        )  # fmt: skip
    counters = tuple(c - rules.ante if g else c for g, c in zip(in_game, counters, strict=True))
    whites: list[tuple[int, ...]] = []
    blues: list[int | None] = []
    for seat in range(n):
        if not in_game[seat]:
            whites.append(())
            blues.append(None)
            continue
        hand = []
        for _ in range(rules.white_dice):
            die, stream = draw(stream)
            hand.append(die)
        blue, stream = draw(stream)
        whites.append(tuple(sorted(hand)))
        blues.append(blue)
    if not in_game[starter]:
        starter = to_the_left(in_game, starter)
    return Table(
        rules, number, counters, rules.ante * sum(in_game), in_game, in_game, tuple(whites),
        tuple(blues), (), "", starter, stream,
    )  # fmt: skip


def model_new_game(rules: Any, seed: int) -> Table:
    n = rules.players
    return model_round(
        rules, 1, (rules.start_counters,) * n, (True,) * n, rules.first_player, SeededStream(seed)
    )


def model_moves(t: Table) -> list[str]:
    seat = t.to_act
    if seat is None:
        return []
    values = sorted(set(t.whites[seat]))
    if not t.going:
        barred = ((6, "up"), (1, "down"))  # rule 2: no 6 going up, no 1 going down
        return [f"W{v} {d}" for v in values for d in ("up", "down") if (v, d) not in barred]
    last = t.row[-1][2]

    def fits(v: int) -> bool:
        return v >= last if t.going == "up" else v <= last

    moves = [f"W{v}" for v in values if fits(v)]
    blue = t.blues[seat]
    if blue is not None and fits(blue) and t.counters[seat] >= t.rules.link_cost:
        moves.append(f"B{blue}")
    return moves or ["out"]


def model_play(t: Table, move: str) -> Table:
    assert move in model_moves(t), (move, t)
    seat = t.to_act
    assert seat is not None
    if move == "out":
        in_round = _put(t.in_round, seat, False)
        if sum(in_round) > 1:
            return t._replace(in_round=in_round, to_act=to_the_left(in_round, seat))
        (winner,) = [s for s, there in enumerate(in_round) if there]
        counters = _put(t.counters, winner, t.counters[winner] + t.pot)
        if t.round == t.rules.rounds:
            n = t.rules.players
            return t._replace(
                counters=counters, pot=0, in_round=(False,) * n, whites=((),) * n,
                blues=(None,) * n, to_act=None,
            )  # fmt: skip
        return model_round(t.rules, t.round + 1, counters, t.in_game, winner, t.stream)
    colour, value = move[0], int(move[1])
    row = (*t.row, (seat, colour, value))
    if colour == "W":
        hand = list(t.whites[seat])
        hand.remove(value)
        going = move.split()[1] if " " in move else t.going
        return t._replace(
            whites=_put(t.whites, seat, tuple(hand)), row=row, going=going,
            to_act=to_the_left(t.in_round, seat),
        )  # fmt: skip
    cost = t.rules.link_cost
    return t._replace(
        counters=_put(t.counters, seat, t.counters[seat] - cost), pot=t.pot + cost,
        blues=_put(t.blues, seat, None), row=row, going="down" if t.going == "up" else "up",
        to_act=to_the_left(t.in_round, seat),
    )  # fmt: skip


model_state, model_perft = model_of(model_new_game, model_moves, model_play)


# ------------------------------------------------------------------------ the pins


STANDARD = GAME.presets["standard"]
# Two seats, one white die, 2 counters, ante 1, three rounds: a seat that loses the
# first two rounds cannot ante for the third, and the game ends early.
SHORT = Rules(players=2, white_dice=1, start_counters=2, rounds=3)
FREE_LINKS = Rules(players=3, white_dice=2, link_cost=0, rounds=2)
DEAR_LINKS = Rules(players=3, white_dice=2, start_counters=3, link_cost=2, rounds=2)

CASES = [
    Case(
        "standard-seed1-opening",
        STANDARD,
        1,
        (),
        {1: 4, 2: 12, 3: 33, 4: 70, 5: 137, 6: 225, 8: 550, 10: 990},
    ),
    Case(
        "standard-seed7-opening",
        STANDARD,
        7,
        (),
        {1: 3, 2: 11, 3: 23, 4: 52, 6: 182, 8: 586, 10: 1245},
    ),
    Case(
        "standard-seed1-round2",
        STANDARD,
        1,
        ("W2 down", "W1", "out", "B1", "W6", "out", "W6", "W6", "W6"),
        {1: 1, 2: 5, 3: 18, 4: 27, 6: 81, 8: 182, 10: 558},
    ),
    Case("short-seed1", SHORT, 1, (), {1: 1, 2: 2, 4: 4, 12: 4}),
    Case("short-seed5", SHORT, 5, (), {1: 2, 2: 3, 3: 4, 4: 5, 7: 6, 8: 7, 12: 7}),
    Case(
        "free-links-seed2", FREE_LINKS, 2, (), {1: 4, 3: 9, 5: 21, 6: 43, 8: 106, 10: 208, 12: 250}
    ),
    Case("dear-links-seed2", DEAR_LINKS, 2, (), {1: 4, 3: 9, 5: 21, 6: 31, 8: 56, 10: 74, 12: 74}),
]

test_engine_perft, test_independent_brute_force = perft_tests(CASES, model_state, model_perft)


def start_alike(case: Case, state: Any, table: Table) -> None:
    """The brute force counts from the same position as the engine: seat, dice, actions."""
    assert table.to_act == GAME.current_player(state)
    assert table.counters == GAME.scores(state)
    assert table.whites == state.whites
    assert tuple(b or 0 for b in table.blues) == state.blues
    assert model_moves(table) == [GAME.format_action(a) for a in GAME.legal_actions(state)]


test_model_and_engine_start_alike = alike_test(CASES, model_state, start_alike)


def finished_games(state: Any) -> list[Any]:
    """Every finished game reachable from ``state``, by the engine."""
    if GAME.is_terminal(state):
        return [state]
    return [end for a in GAME.legal_actions(state) for end in finished_games(GAME.apply(state, a))]


@pytest.mark.parametrize("seed", [1, 5])
def test_short_games_are_whole_at_depth_12_and_some_end_early(seed: int) -> None:
    """perft at depth 12 of SHORT is its number of whole games; some end for want of an ante."""
    (case,) = [c for c in CASES if c.name == f"short-seed{seed}"]
    ends = finished_games(engine_state(SHORT, seed, ()))
    assert len(ends) == case.counts[12]
    assert all(sum(GAME.scores(end)) == 4 for end in ends)
    early = [end for end in ends if end.round < SHORT.rounds]
    assert early, "no game ended for want of an ante"
    assert all(False in end.in_game and end.pot == 0 for end in early)


def test_link_cost_changes_the_count() -> None:
    """The two three-seat cases deal the same dice; dear links cut the tree from depth 6."""
    free = {c.name: c for c in CASES}["free-links-seed2"].counts
    dear = {c.name: c for c in CASES}["dear-links-seed2"].counts
    assert [free[d] for d in (1, 3, 5)] == [dear[d] for d in (1, 3, 5)]
    assert all(free[d] > dear[d] for d in (6, 8, 10, 12))


# Counted by hand: two seats, two white dice, one round. Seat 0 holds 2-5 and blue 4,
# seat 1 holds 3-6 and blue 1; each has 9 counters after the ante, link cost 1.
# Every whole game (seat 0 opens):
#   W2 up:   W3 W5 W6 out  |  W3 B4 B1 W5 W6 out  |  W6 out
#   W2 down: B1 W5 W6 out  |  B1 B4 W3 out
#   W5 up:   W6 out
#   W5 down: W3 W2 B1 B4 out  |  B1 W2 W3 B4 out  |  B1 W2 W6 out  |  B1 B4 W3 W2 out
# Depth 1: the 4 openings. Depth 2: W2 up -> W3, W6; W2 down -> B1; W5 up -> W6;
# W5 down -> W3, B1: 6. Depth 3: W3 -> W5, B4 (2); W6 -> out (1); B1 -> W5, B4 (2);
# W6 -> out (1); W3 -> W2 (1); B1 -> W2, B4 (2): 9. Depth 4: the two 3-action games
# are leaves (2), and each longer prefix has one continuation except B1 W2, which
# has W3 and W6: 1 + 1 + 1 + 1 + 1 + 2 + 1 = 8 more, 10 in all. From depth 5 on,
# every one of the 10 games is one leaf.
HAND = {1: 4, 2: 6, 3: 9, 4: 10, 5: 10, 6: 10, 7: 10, 8: 10}


@pytest.mark.parametrize("depth", sorted(HAND))
def test_hand_counted_round(depth: int) -> None:
    rules = Rules(players=2, white_dice=2, rounds=1)
    state = GAME.new_game(rules, stream=ScriptedStream([2, 5, 4, 3, 6, 1]))
    assert perft(state, depth) == HAND[depth]
    assert len(finished_games(state)) == 10


def test_perft_definition_on_a_finished_game() -> None:
    """A finished game is one leaf at every depth, and depth 0 is one leaf anywhere."""
    rules = Rules(players=2, white_dice=1, rounds=1)
    state = GAME.new_game(rules, stream=ScriptedStream([3, 1, 2, 1]))
    state = GAME.apply(state, GAME.parse_action(state, "W3 up"))
    state = GAME.apply(state, GAME.parse_action(state, "out"))
    assert GAME.is_terminal(state)
    assert [perft(state, depth) for depth in range(4)] == [1, 1, 1, 1]
    assert perft(engine_state(STANDARD, 1, ()), 0) == 1
