"""dicerules.tree: a small game's whole tree, its EFG text and its exact value.

OpenSpiel's own ``liars_dice(numdice=1, dice_sides=S)`` is our liar's dice of two seats
of one die, ones wild and ranked high, never cancelled, seat 0 opening (its top face is
our one): the trees and values must be the same.
"""

from __future__ import annotations

from array import array
from fractions import Fraction
from typing import Any

import attrs
import pytest

from dicerules import GAMES, tree
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.facts import Rounds, exact_returns, returns
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
    assert (walked.player, walked.infoset, list(walked.payoffs)) == (
        plain.player,
        plain.infoset,
        list(plain.payoffs),
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


def test_the_tree_lives_in_flat_columns_that_numpy_reads_without_a_copy() -> None:
    np = pytest.importorskip("numpy")
    walked = tree.walk("liars-dice", openspiel_rules(3, first_opener="rolloff"))
    columns = (walked.player, walked.infoset, walked.menu, walked.start, walked.kids)
    assert [column.typecode for column in columns] == ["b", "i", "i", "i", "i"]
    assert (len(walked.start), len(walked.kids)) == (walked.nodes + 1, walked.nodes - 1)
    assert sum(column.itemsize * len(column) for column in columns) < 21 * walked.nodes
    assert len(walked.menus) == 1 + 1 + 7 + 2  # roll-off, die, lists of legal actions, payoffs
    order, stack = [], [0]  # preorder: each node's subtree follows it, its children's in turn
    while stack:
        order.append(stack.pop())
        stack.extend(reversed(walked.children[order[-1]]))
    assert order == list(range(walked.nodes))
    players = np.frombuffer(walked.player, dtype=np.int8)
    assert int((players == tree.TERMINAL).sum()) == walked.terminals == 567 * 2
    for index in (0, 1, 5, walked.nodes - 1):
        menu = walked.menus[walked.menu[index]]
        assert (walked.labels[index], walked.actions[index]) == (menu.labels, menu.actions)
        assert (walked.chances[index], walked.payoffs[index]) == (menu.chances, menu.payoffs)
    assert walked.children[-1] == walked.children[walked.nodes - 1] and not walked.children[-1]
    with pytest.raises(IndexError):
        walked.children[walked.nodes]


def two_dice(sides: int, **changes: Any) -> liars_dice.Rules:
    """OpenSpiel's bids (ones wild, ranked high, never cancelled, seat 0 opening) with two
    dice a seat: our game of several rounds, a die lost a challenge."""
    return openspiel_rules(sides, dice_per_player=2, **changes)


def key(dice: tuple[int, int], opener: int) -> tuple[Any, ...]:
    """liars-dice's key of a round with ``dice``, ``opener`` opening, no calza or palifico."""
    return (dice, opener, 0, False, ())


def test_a_game_of_two_dice_is_solved_a_round_at_a_time() -> None:
    pytest.importorskip("scipy")
    solution = tree.solve("liars-dice", two_dice(2))
    assert solution.value == Fraction(91, 128)
    values = {after: round_solution.value for after, round_solution in solution.rounds.items()}
    assert values == {
        key((2, 1), 0): Fraction(13, 16),
        key((1, 2), 1): Fraction(-13, 16),
        key((1, 1), 0): Fraction(1, 2),  # the game of one die each
        key((1, 1), 1): Fraction(-1, 2),
    }
    first = solution.tree
    assert first.round is None and first.nodes == 8_191  # the first round alone
    ends = {menu.round: menu.payoffs for menu in first.menus if menu.round is not None}
    assert ends == {after: (value, -value) for after, value in values.items() if after[0] != (1, 1)}
    for round_solution in solution.rounds.values():
        assert round_solution.rounds is solution.rounds
        tree_of = round_solution.tree
        assert tree.best_response(tree_of, round_solution.strategy, 0) == round_solution.value
    later = solution.rounds[key((2, 1), 0)]
    assert later.tree.round == key((2, 1), 0) and later.tree.by_view == ({}, {})
    policy = later.policy(0)  # the round's own information sets: as if the game began there
    assert set(policy["seat 0 hand 1,2"]) == {f"{q}x{f}" for q in (1, 2, 3) for f in (2, 1)}
    assert "seat 1 hand 2 | 0:1x2" in later.policy(1)


def test_a_rounds_value_is_the_whole_games_value_from_its_start() -> None:
    pytest.importorskip("scipy")
    rules = two_dice(2)
    whole = tree.walk("liars-dice", rules, round=key((2, 1), 0), views=False)
    assert whole.counts()["nodes"] == 32_271  # two rounds, walked whole: no round ends
    assert all(menu.round is None for menu in whole.menus)
    assert tree.solve_tree(whole).value == Fraction(13, 16)


@slow
def test_two_dice_of_three_sides_are_worth_readmes_value() -> None:
    pytest.importorskip("scipy")
    solution = tree.solve("liars-dice", two_dice(3))
    assert solution.value == Fraction(715, 19683)  # README's value
    assert (solution.tree.nodes, len(solution.rounds)) == (663_511, 4)
    for seat, sign in ((0, 1), (1, -1)):
        assert tree.best_response(solution.tree, solution.strategy, seat) == sign * solution.value


def test_rounds_whose_keys_come_back_are_refused() -> None:
    pytest.importorskip("scipy")
    game = liars_dice.GAME
    loop = attrs.evolve(  # every round's end said to begin the same round
        game,
        rounds=Rounds(
            lambda state: "again" if liars_dice.round_key(state) else None,
            lambda rules, _, stream: liars_dice.round_start(rules, key((2, 2), 0), stream),
        ),
    )
    with pytest.raises(InvalidArgumentError, match="round 'again' comes back before it ends"):
        tree.solve(loop, two_dice(2))
    with pytest.raises(InvalidArgumentError, match="link declares no rounds"):
        tree.walk("link", round=key((1, 1), 0))


def test_an_equilibrium_of_large_denominators_is_still_made_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("scipy")
    walked = tree.walk("liars-dice", openspiel_rules(3), views=False)
    menus, menu = list(walked.menus), array("i", walked.menu)
    for index, who in enumerate(walked.player):  # each terminal its own odd payoff
        if who == tree.TERMINAL:
            paid = walked.payoffs[index][0] * (1 + Fraction(index % 7, 1_000_003))
            menu[index] = len(menus)
            menus.append(tree.Menu(payoffs=(paid, -paid)))
    odd = attrs.evolve(walked, menu=menu, menus=tuple(menus))
    solution = tree.solve_tree(odd)
    assert tree.best_response(odd, solution.strategy, 0) == solution.value
    assert tree.best_response(odd, solution.strategy, 1) == -solution.value
    monkeypatch.setattr(tree._Program, "exact", lambda self: None)  # the nearest Fractions
    with pytest.raises(InvalidArgumentError, match="could not be made exact"):
        tree.solve_tree(odd)
