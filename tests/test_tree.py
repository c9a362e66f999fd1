"""dicerules.tree: a small game's whole tree, its EFG text and its exact value.

OpenSpiel's own ``liars_dice(numdice=1, dice_sides=S)`` is our liar's dice of two seats
of one die, ones wild and ranked high, never cancelled, seat 0 opening (its top face is
our one): the trees and values must be the same.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest

from dicerules import GAMES, tree
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.facts import exact_returns, returns
from dicerules.games import liars_dice

slow = pytest.mark.slow


OPENSPIEL: dict[str, Any] = {
    "players": 2,
    "dice_per_player": 1,
    "ones_wild": True,
    "ones_opening_cancels_wild": False,
    "ones_rank": "high",
    "first_opener": "seat0",
}
"""OpenSpiel's ``liars_dice(numdice=1)`` as our Rules' fields, but for the sides."""


def openspiel_rules(sides: int, **changes: Any) -> liars_dice.Rules:
    """The rules of OpenSpiel's ``liars_dice(numdice=1, dice_sides=sides)``."""
    return liars_dice.Rules(**{**OPENSPIEL, "sides": sides, **changes})


def spiel_counts(game: Any) -> tuple[int, int, tuple[int, ...]]:
    """Nodes, terminal nodes and information sets a seat of a pyspiel game's whole tree."""
    sets: list[set[str]] = [set() for _ in range(game.num_players())]
    nodes = terminals = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            terminals += 1
            continue
        if not state.is_chance_node():
            sets[state.current_player()].add(state.information_state_string())
        stack.extend(state.child(action) for action in state.legal_actions())
    return nodes, terminals, tuple(len(found) for found in sets)


def tree_counts(walked: tree.Tree) -> tuple[int, int, tuple[int, ...]]:
    return walked.nodes, walked.terminals, walked.counts()["information_sets"]


@pytest.mark.parametrize("sides", [2, 3])
def test_the_tree_is_openspiels_liars_dice(sides: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    walked = tree.walk("liars-dice", openspiel_rules(sides))
    native = pyspiel.load_game(f"liars_dice(numdice=1,dice_sides={sides})")
    assert tree_counts(walked) == spiel_counts(native)
    assert sum(walked.counts()["information_sets"]) == {2: 32, 3: 192}[sides]


@slow
def test_six_sides_have_openspiels_24576_information_sets() -> None:
    walked = tree.walk("liars-dice", openspiel_rules(6))
    assert walked.counts() == {
        "nodes": 294_883,
        "chance": 7,
        "terminal": 147_420,
        "information_sets": (12_288, 12_288),
    }


SMALL = {
    "liars-dice 2x1x2": ("liars-dice", {**OPENSPIEL, "sides": 2}),
    "liars-dice roll-off": ("liars-dice", {**OPENSPIEL, "sides": 3, "first_opener": "rolloff"}),
    "link": ("link", {"players": 2, "white_dice": 1, "rounds": 1, "start_counters": 1}),
    "cup-call": ("cup-call", {"dice": 1, "sides": 3, "hands": 1}),
}
"""Rules of each game small enough for a test to walk its whole tree (link declares no
information state text: the adapters' own is used); games not installed are skipped."""


@pytest.mark.parametrize("which", SMALL)
def test_the_efg_loads_in_openspiel_with_the_adapters_counts(which: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    dos = pytest.importorskip("dicerules.openspiel")
    name, fields = SMALL[which]
    if name not in GAMES:
        pytest.skip(f"{name} is not installed")
    rules = attrs.evolve(GAMES[name].default_rules, **fields)
    walked = tree.walk(name, rules)
    loaded = pyspiel.load_efg_game(tree.efg_text(walked))
    adapter = spiel_counts(dos.game(name, rules))
    assert spiel_counts(loaded) == adapter == tree_counts(walked)
    assert loaded.num_players() == rules.players


def test_efg_text_is_exact_and_in_the_games_notation() -> None:
    text = tree.efg("liars-dice", openspiel_rules(2, first_opener="rolloff"))
    lines = text.splitlines()
    assert lines[0].startswith('EFG 2 R "liars-dice Rules(players=2')
    assert lines[0].endswith('{ "seat 0" "seat 1" }')
    assert lines[3] == (
        'c "" 1 "" { "seat 0 wins the roll-off" 1/2 "seat 1 wins the roll-off" 1/2 } 0'
    )
    assert lines[4] == 'c "" 2 "" { "die 1" 1/2 "die 2" 1/2 } 0'
    assert lines[6].startswith('p "" 1 1 "seat 0 hand 1')
    assert lines[6].endswith('{ "1x2" "1x1" "2x2" "2x1" } 0')  # ones ranked high
    assert 't "" 1 "" { -1, 1 }' in lines


def test_a_tree_past_the_bound_is_refused_with_the_bound_and_the_size_so_far() -> None:
    with pytest.raises(InvalidArgumentError, match=r"more than 100 nodes .*100 walked so far"):
        tree.walk("liars-dice", openspiel_rules(3), bound=100)
    with pytest.raises(InvalidArgumentError, match="bound must be an int >= 1"):
        tree.walk("liars-dice", openspiel_rules(3), bound=0)
    with pytest.raises(WrongTypeError, match="rules must be its Rules"):
        tree.walk("liars-dice", "classic")


def test_exact_returns_are_the_returns_the_adapters_pay() -> None:
    game = liars_dice.GAME
    state = liars_dice.new_game(openspiel_rules(2, players=3), seed=3)
    while not liars_dice.is_terminal(state):
        state = liars_dice.apply(state, liars_dice.legal_actions(state)[-1])
    paid = exact_returns(game, state)
    assert sorted(paid) == [Fraction(-1, 2), Fraction(-1, 2), Fraction(1)]
    assert returns(game, state) == tuple(map(float, paid))


@pytest.mark.parametrize(
    ("sides", "value"),
    [
        (2, Fraction(1, 2)),
        (3, Fraction(1, 9)),
        (4, Fraction(1, 16)),
        pytest.param(5, Fraction(1, 125), marks=slow),
        pytest.param(6, Fraction(-7, 258), marks=slow),
    ],
)
def test_exact_values_are_openspiels_liars_dice(sides: int, value: Fraction) -> None:
    pytest.importorskip("scipy")
    solution = tree.solve("liars-dice", openspiel_rules(sides))
    assert solution.value == value
    # The certificate: each seat's exact best response to the other's strategy.
    assert tree.best_response(solution.tree, solution.strategy, 0) == value
    assert tree.best_response(solution.tree, solution.strategy, 1) == -value


def test_a_strategy_that_is_no_equilibrium_is_beaten_by_its_best_response() -> None:
    walked = tree.walk("liars-dice", openspiel_rules(3))
    uniform = tuple(
        tuple(
            (Fraction(1, len(walked.children[first])),) * len(walked.children[first])
            for first in walked.first_nodes(seat)
        )
        for seat in (0, 1)
    )
    assert tree.best_response(walked, uniform, 0) > Fraction(1, 9)
    assert tree.best_response(walked, uniform, 1) > Fraction(-1, 9)


def test_solve_needs_two_seats_and_zero_sum() -> None:
    with pytest.raises(InvalidArgumentError, match="two seats; liars-dice has 3"):
        tree.solve("liars-dice", openspiel_rules(2, players=3))


def test_a_solutions_policy_reads_by_information_set_and_action() -> None:
    pytest.importorskip("scipy")
    solution = tree.solve("liars-dice", openspiel_rules(2))
    policy = solution.policy(0)
    assert len(policy) == 16
    for chances in policy.values():
        assert sum(chances.values()) == 1
    assert set(policy["seat 0 hand 1"]) == {"1x2", "2x2", "1x1", "2x1"}


def test_a_walk_asked_for_tensors_encodes_each_information_set_once() -> None:
    rules = openspiel_rules(3, first_opener="rolloff")
    plain = tree.walk("liars-dice", rules)
    walked = tree.walk("liars-dice", rules, tensors=True, views=False)
    size = GAMES["liars-dice"].information_state.size(rules)  # type: ignore[union-attr]
    assert plain.tensors == () and walked.by_view == ({}, {})
    assert [len(vectors) for vectors in walked.tensors] == [len(t) for t in plain.information_sets]
    assert {len(vector) for vectors in walked.tensors for vector in vectors} == {size}
    assert len({bytes(vector) for vector in walked.tensors[0]}) == len(walked.tensors[0])
    assert (walked.player, walked.infoset, walked.payoffs) == (
        plain.player,
        plain.infoset,
        plain.payoffs,
    )
    assert [plain.roll_off(i) for i in range(plain.nodes)].count(True) == 1  # the first node
    assert plain.roll_off(0) and not plain.roll_off(1)
    link = SMALL["link"][1]
    if "link" in GAMES:  # no information_state of its own: the adapters' text, no tensors
        assert (
            tree.walk(
                "link", attrs.evolve(GAMES["link"].default_rules, **link), tensors=True
            ).tensors
            == ()
        )
