"""The whole game tree of small rules, walked once: its counts, Gambit EFG text, exact values.

``walk(game, rules)`` runs the engine from ``new_game`` through every chance outcome
and every legal action (``dicerules.chance``: a node per die, and a roll-off the game
declares as one node over its seats, as the OpenSpiel adapter deals them), and keeps
the tree in preorder. A seat's information sets are keyed by its information state
text (``dicerules.facts.information_text``: the game's own, else the adapters'), so
they are the adapter's. A tree of more than ``bound`` nodes is refused
(InvalidArgumentError naming the bound and the nodes walked so far): the walk keeps
every node, and a game without a bound on its length may have an endless tree.

``efg(game, rules)`` is the tree as the text of a Gambit extensive-form game (``.efg``),
which Gambit (``pygambit.read_efg``) and OpenSpiel (``pyspiel.load_efg_game``) read:
chance nodes with exact rational probabilities, player nodes numbered by information
set (a set's name is its text, ``"`` written ``'``), actions in the game's notation,
terminal payoffs ``dicerules.facts.exact_returns``.

``solve(game, rules)`` finds the exact value of a two-seat zero-sum game and an
equilibrium: the sequence-form linear program (Koller, Megiddo and von Stengel) solved
by SciPy's HiGHS (``pip install scipy``; it is imported only here), its strategies
turned into Fractions, and then proven: each seat's exact best response to the other's
strategy (in Fractions, on the tree) gives the same value, which is then the game's.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from dicerules import chance
from dicerules.bot import as_game
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.facts import exact_returns, recall_text, view_text
from dicerules.game import AnyGame

__all__ = [
    "CHANCE",
    "NODE_BOUND",
    "TERMINAL",
    "Solution",
    "Tree",
    "best_response",
    "efg",
    "solve",
    "solve_tree",
    "walk",
]

CHANCE = -1
"""The player of a chance node (OpenSpiel's number for chance)."""
TERMINAL = -4
"""The player of a terminal node (OpenSpiel's number for terminal)."""
_WINS = " wins the roll-off"
"""How a roll-off's outcome label ends (``seat 1 wins the roll-off``)."""
NODE_BOUND = 2_000_000
"""The most nodes ``walk`` keeps unless told otherwise."""


@attrs.frozen(eq=False, repr=False)
class Tree:
    """A game's whole tree under fixed rules, node 0 the root, in preorder.

    Per node: ``player`` (a seat, CHANCE or TERMINAL), ``infoset`` (the seat's
    information set number; a chance node's own number; -1 at a terminal),
    ``children``, and for each edge its ``labels`` (the game's notation; a chance
    edge ``die F`` or ``seat S wins the roll-off``) and ``actions`` (the game's action;
    a chance edge's face, or the seat that wins the roll-off); a chance node's
    ``chances`` (Fractions), a terminal's ``payoffs`` (Fractions, a seat each).
    ``information_sets[seat]`` holds each set's text, by number; ``by_view[seat]``
    maps the seat's view at its turn to its information set, or to -1 where views
    alike stand in more than one set. ``tensors[seat]``, if the walk was asked for them
    and the game declares its ``information_state``, holds each set's information
    state tensor (float32 ``array``s, by number), else it is empty.
    """

    game: AnyGame
    rules: Any
    player: tuple[int, ...]
    infoset: tuple[int, ...]
    children: tuple[tuple[int, ...], ...]
    labels: tuple[tuple[str, ...], ...]
    actions: tuple[tuple[Any, ...], ...]
    chances: tuple[tuple[Fraction, ...], ...]
    payoffs: tuple[tuple[Fraction, ...], ...]
    information_sets: tuple[tuple[str, ...], ...]
    by_view: tuple[Mapping[Any, int], ...]
    tensors: tuple[tuple[array[float], ...], ...] = ()

    def __repr__(self) -> str:
        sets = ", ".join(str(len(texts)) for texts in self.information_sets)
        return (
            f"<Tree of {self.game.name}: {self.nodes:,} nodes, {self.terminals:,} terminal,"
            f" information sets {sets}>"
        )

    @property
    def seats(self) -> int:
        return len(self.information_sets)

    @property
    def nodes(self) -> int:
        """How many nodes: chance, decision and terminal."""
        return len(self.player)

    @property
    def terminals(self) -> int:
        """How many terminal nodes."""
        return self.player.count(TERMINAL)

    @property
    def chance_nodes(self) -> int:
        """How many chance nodes."""
        return self.player.count(CHANCE)

    def roll_off(self, index: int) -> bool:
        """Whether the chance node ``index`` is a roll-off (its actions seats, not faces)."""
        labels = self.labels[index]
        return self.player[index] == CHANCE and bool(labels) and labels[0].endswith(_WINS)

    def first_nodes(self, seat: int) -> list[int]:
        """For each information set of ``seat``, by number, its first node in preorder."""
        first = [-1] * len(self.information_sets[seat])
        for index, (who, number) in enumerate(zip(self.player, self.infoset, strict=True)):
            if who == seat and first[number] < 0:
                first[number] = index
        return first

    def counts(self) -> dict[str, Any]:
        """The tree's size: nodes, chance and terminal nodes, information sets a seat."""
        return {
            "nodes": self.nodes,
            "chance": self.chance_nodes,
            "terminal": self.terminals,
            "information_sets": tuple(len(texts) for texts in self.information_sets),
        }


def _check_bound(bound: object) -> int:
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise InvalidArgumentError(f"bound must be an int >= 1, got {bound!r}")
    return bound


def _check_rules(game: AnyGame, rules: Any) -> None:
    if not isinstance(rules, game.Rules):
        raise WrongTypeError(f"{game.name} rules must be its Rules, not {type(rules).__name__}")


@attrs.frozen
class _Path:
    """What the walk knows of the line that led to a node: each seat's views of every
    state so far (or, for a game that declares no information text, their texts), and
    at each state the seat that acted and its action's label."""

    frames: tuple[tuple[Any, ...], ...]
    movers: tuple[int, ...] = ()
    acted: tuple[str, ...] = ()

    def own(self, seat: int) -> list[str | None]:
        """Per state, ``seat``'s own action there in the game's notation, or None."""
        own: list[str | None] = [
            label if mover == seat else None
            for mover, label in zip(self.movers, self.acted, strict=True)
        ]
        return [*own, None]


_NONE: list[int] = []
"""A terminal's children: none, shared (the walk never adds to it)."""


class _Builder:
    """The lists a walk fills, one entry a node."""

    def __init__(self, game: AnyGame, rules: Any, bound: int) -> None:
        self.game, self.rules, self.bound = game, rules, bound
        seats = game.seats(rules)
        self.player: list[int] = []
        self.infoset: list[int] = []
        self.children: list[list[int]] = []
        self.labels: list[tuple[str, ...]] = []
        self.actions: list[tuple[Any, ...]] = []
        self.chances: list[tuple[Fraction, ...]] = []
        self.payoffs: list[tuple[Fraction, ...]] = []
        self.sets: list[dict[str, int]] = [{} for _ in range(seats)]
        self.set_labels: list[list[tuple[str, ...]]] = [[] for _ in range(seats)]
        self.by_view: list[dict[Any, int]] = [{} for _ in range(seats)]
        self.views = True
        """Whether ``by_view`` is filled."""
        self.tensors: list[list[array[float]]] = [[] for _ in range(seats)]
        self.chance_count = 0
        self._legal: dict[int, tuple[tuple[Any, ...], tuple[str, ...]]] = {}
        self._paid: dict[int, tuple[tuple[Fraction, ...], tuple[Fraction, ...]]] = {}
        self._by_value: dict[tuple[Fraction, ...], tuple[Fraction, ...]] = {}

    def add(
        self,
        parent: int,
        player: int,
        infoset: int,
        labels: tuple[str, ...] = (),
        actions: tuple[Any, ...] = (),
        chances: tuple[Fraction, ...] = (),
        payoffs: tuple[Fraction, ...] = (),
    ) -> int:
        index = len(self.player)
        if index >= self.bound:
            raise InvalidArgumentError(
                f"the tree of {self.game.name} under these rules has more than {self.bound:,}"
                f" nodes (the bound; {index:,} walked so far, {self.player.count(TERMINAL):,}"
                " of them terminal): give a larger bound or smaller rules"
            )
        self.player.append(player)
        self.infoset.append(infoset)
        self.children.append([] if player != TERMINAL else _NONE)
        self.labels.append(labels)
        self.actions.append(actions)
        self.chances.append(chances)
        paid = self._paid.get(id(payoffs))  # exact_returns hands out one tuple an outcome
        if paid is None or paid[0] is not payoffs:
            paid = self._paid[id(payoffs)] = (payoffs, self._by_value.setdefault(payoffs, payoffs))
        self.payoffs.append(paid[1])
        if parent >= 0:
            self.children[parent].append(index)
        return index

    def legal(self, state: Any) -> tuple[tuple[Any, ...], tuple[str, ...]]:
        """The legal actions at ``state`` and their labels (kept by the tuple's identity,
        as engines hand out one tuple for one situation)."""
        legal = self.game.legal_actions(state)
        known = self._legal.get(id(legal))
        if known is not None and known[0] is legal:
            return known
        labels = tuple(str(self.game.format_action(action)) for action in legal)
        self._legal[id(legal)] = made = (legal, labels)
        return made

    def information_set(self, seat: int, text: str, labels: tuple[str, ...], view: Any) -> int:
        """The number of ``seat``'s information set ``text``; InvalidArgumentError if it
        was met before with other legal actions."""
        sets = self.sets[seat]
        number = sets.get(text)
        if number is None:
            number = sets[text] = len(sets)
            self.set_labels[seat].append(labels)
        elif self.set_labels[seat][number] != labels:
            raise InvalidArgumentError(
                f"{self.game.name}'s information state text of seat {seat} does not tell"
                f" apart two states with different legal actions ({text!r}): an information"
                " set has one set of actions"
            )
        if self.views:
            known = self.by_view[seat].setdefault(view, number)
            if known != number:
                self.by_view[seat][view] = -1
        return number

    def tree(self) -> Tree:
        return Tree(
            self.game,
            self.rules,
            tuple(self.player),
            tuple(self.infoset),
            tuple(map(tuple, self.children)),
            tuple(self.labels),
            tuple(self.actions),
            tuple(self.chances),
            tuple(self.payoffs),
            tuple(tuple(sets) for sets in self.sets),
            tuple(self.by_view),
            tuple(map(tuple, self.tensors)) if any(self.tensors) else (),
        )


def walk(
    game: AnyGame | str,
    rules: Any = None,
    *,
    bound: int = NODE_BOUND,
    tensors: bool = False,
    views: bool = True,
) -> Tree:
    """The whole tree of ``game`` (a game or its name) under ``rules`` (None: the default);
    with ``tensors``, each information set's tensor too (``Tree.tensors``), if the game
    declares its ``information_state``; without ``views``, ``Tree.by_view`` is left
    empty (for a walk that needs no bot to play from views: a little faster).

    InvalidArgumentError for a tree of more than ``bound`` nodes, and for a game whose
    information state text puts states with different legal actions in one set.
    """
    found = as_game(game)
    rules = found.default_rules if rules is None else rules
    _check_rules(found, rules)
    build = _Builder(found, rules, _check_bound(bound))
    build.views = views
    seats = found.seats(rules)
    view = found.view
    current, terminal = found.current_player, found.is_terminal
    declared = found.information_state
    told = None if declared is None else declared.text
    every_seat = range(seats)
    encode = declared.encode if declared is not None and told is not None and tensors else None
    made = build.tensors
    # Each entry: a step (a Chance) or a state, its parent node, the path to it.
    stack: list[tuple[Any, int, _Path]] = [(chance.setup(found, rules), -1, _Path(((),) * seats))]
    while stack:
        item, parent, path = stack.pop()
        if isinstance(item, chance.Chance):
            if not item.done:
                _chance_node(build, item, parent, path, stack)
                continue
            item = item.after
        state = item
        if terminal(state):
            build.add(parent, TERMINAL, -1, payoffs=exact_returns(found, state))
            continue
        seen = [view(state, seat) for seat in every_seat]
        if told is None:
            frames = tuple(
                [(*seen, view_text(now)) for seen, now in zip(path.frames, seen, strict=True)]
            )
        else:
            frames = tuple([(*seen, now) for seen, now in zip(path.frames, seen, strict=True)])
        seat = current(state)
        assert seat is not None
        actions, labels = build.legal(state)
        if told is None:
            text = recall_text(f"seat {seat}", frames[seat], path.own(seat))
        else:
            text = told(rules, frames[seat])
        number = build.information_set(seat, text, labels, seen[seat])
        if encode is not None and number == len(made[seat]):  # a set met first
            made[seat].append(array("f", encode(rules, frames[seat])))
        node = build.add(parent, seat, number, labels, actions)
        after = _Path(frames)  # a game's own text reads the frames only
        for action, label in zip(reversed(actions), reversed(labels), strict=True):
            if told is None:
                after = _Path(frames, (*path.movers, seat), (*path.acted, label))
            stack.append((chance.act(found, state, action), node, after))
    return build.tree()


def _chance_node(
    build: _Builder, step: chance.Chance, parent: int, path: _Path, stack: list[Any]
) -> None:
    """A chance node for ``step``'s next die (or the roll-off it begins), its children
    pushed on ``stack``."""
    number = build.chance_count
    build.chance_count += 1
    roll_off = step.roll_off
    children: list[chance.Chance]
    if roll_off is not None:
        outcomes: tuple[int, ...] = roll_off.seats
        labels = tuple(f"seat {seat}{_WINS}" for seat in outcomes)
        chances = roll_off.chances
        children = [step.settle(seat) for seat in outcomes]
    else:
        outcomes = step.outcomes
        labels = tuple(f"die {face}" for face in outcomes)
        sides = len(outcomes)
        chances = (Fraction(1, sides),) * sides
        children = [step.show(face) for face in outcomes]
    node = build.add(parent, CHANCE, number, labels, outcomes, chances)
    for child in reversed(children):
        stack.append((child, node, path))


# ------------------------------------------------------------------ EFG


def _quoted(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def efg_text(tree: Tree) -> str:
    """``tree`` as the text of a Gambit extensive-form game."""
    game = tree.game
    seats = " ".join(_quoted(f"seat {seat}") for seat in range(tree.seats))
    lines = [
        f"EFG 2 R {_quoted(f'{game.name} {tree.rules!r}')} {{ {seats} }}",
        _quoted(f"the whole tree of {game.name}, written by dicerules"),
        "",
    ]
    outcomes: dict[tuple[Fraction, ...], int] = {}
    sets = tree.information_sets
    player, infoset, labels = tree.player, tree.infoset, tree.labels
    for index in range(tree.nodes):
        who = player[index]
        if who == TERMINAL:
            paid = tree.payoffs[index]
            outcome = outcomes.setdefault(paid, len(outcomes) + 1)
            shown = ", ".join(_number(value) for value in paid)
            lines.append(f't "" {outcome} "" {{ {shown} }}')
        elif who == CHANCE:
            edges = " ".join(
                f"{_quoted(label)} {_number(p)}"
                for label, p in zip(labels[index], tree.chances[index], strict=True)
            )
            lines.append(f'c "" {infoset[index] + 1} "" {{ {edges} }} 0')
        else:
            number = infoset[index]
            edges = " ".join(_quoted(label) for label in labels[index])
            name = _quoted(sets[who][number])
            lines.append(f'p "" {who + 1} {number + 1} {name} {{ {edges} }} 0')
    return "\n".join(lines) + "\n"


def efg(game: AnyGame | str, rules: Any = None, *, bound: int = NODE_BOUND) -> str:
    """The whole tree of ``game`` under ``rules`` as Gambit EFG text (``walk``, then
    ``efg_text``); InvalidArgumentError past ``bound`` nodes."""
    return efg_text(walk(game, rules, bound=bound))


# ------------------------------------------------------------------ exact values

Strategy = tuple[tuple[tuple[Fraction, ...], ...], ...]
"""A behaviour strategy for every seat: per seat, per information set, a Fraction per
action (in the order of the tree's ``actions``)."""


@attrs.frozen
class Solution:
    """An exact solution of a two-seat zero-sum game: seat 0's ``value`` and an
    equilibrium ``strategy`` (``Strategy``) whose best responses both give that value."""

    tree: Tree = attrs.field(repr=False)
    value: Fraction
    strategy: Strategy = attrs.field(repr=False)

    def policy(self, seat: int) -> dict[str, dict[str, Fraction]]:
        """``seat``'s strategy by information set text and action label."""
        tree = self.tree
        first = tree.first_nodes(seat)
        return {
            text: dict(zip(tree.labels[first[number]], self.strategy[seat][number], strict=True))
            for number, text in enumerate(tree.information_sets[seat])
        }


def _check_two_seat_zero_sum(tree: Tree) -> None:
    if tree.seats != 2:
        raise InvalidArgumentError(
            f"solve needs a game of two seats; {tree.game.name} has {tree.seats} here"
        )
    for paid in set(tree.payoffs):
        if paid and sum(paid) != 0:
            raise InvalidArgumentError(
                f"solve needs a zero-sum game; {tree.game.name} pays {paid} at a terminal"
            )


def best_response(tree: Tree, strategy: Strategy, seat: int) -> Fraction:
    """``seat``'s exact value when it best responds to the other seats playing
    ``strategy`` (a Fraction, worked out on the tree)."""
    player, children, infoset = tree.player, tree.children, tree.infoset
    # Reach of every node by chance and the other seats, and the seat's depth in its own moves.
    zero = Fraction(0)
    reach: list[Fraction] = [zero] * tree.nodes
    reach[0] = Fraction(1)
    depth = [0] * tree.nodes
    for index in range(tree.nodes):
        who, below, here = player[index], children[index], reach[index]
        if not below:
            continue
        if who == seat:
            for child in below:
                reach[child] = here
                depth[child] = depth[index] + 1
            continue
        weights = tree.chances[index] if who == CHANCE else strategy[who][infoset[index]]
        for child, weight in zip(below, weights, strict=True):
            reach[child] = here * weight if here and weight else zero
            depth[child] = depth[index]
    members: dict[int, list[int]] = {}
    for index, who in enumerate(player):
        if who == seat:
            members.setdefault(infoset[index], []).append(index)
    choice: dict[int, int] = {}
    value: dict[int, Fraction] = {}

    def worth(index: int) -> Fraction:
        """The reach-weighted payoff to ``seat`` of the subtree at ``index``, the seat
        playing its chosen actions (those deeper than ``index`` are chosen already)."""
        known = value.get(index)
        if known is not None:
            return known
        who = player[index]
        if not reach[index]:
            result = zero  # no weight: whatever the seat does below
        elif who == TERMINAL:
            result = reach[index] * tree.payoffs[index][seat]
        elif who == seat:
            result = worth(children[index][choice[infoset[index]]])
        else:
            result = sum((worth(child) for child in children[index]), zero)
        value[index] = result
        return result

    order = sorted(members, key=lambda number: -depth[members[number][0]])
    for number in order:
        nodes = members[number]
        width = len(children[nodes[0]])
        totals = [sum((worth(children[n][a]) for n in nodes), zero) for a in range(width)]
        choice[number] = max(range(width), key=totals.__getitem__)
    return _whole(worth, tree)


def _whole(worth: Callable[[int], Fraction], tree: Tree) -> Fraction:
    """``worth(0)``, walked from the leaves up so that Python's recursion stays shallow."""
    for index in range(tree.nodes - 1, -1, -1):
        worth(index)
    return worth(0)


def solve(game: AnyGame | str, rules: Any = None, *, bound: int = NODE_BOUND) -> Solution:
    """The exact value (seat 0's) and an equilibrium of a two-seat zero-sum game, proven.

    InvalidArgumentError for a game of other seats or not zero-sum, a tree past
    ``bound`` nodes, or a solution the check cannot prove exact; ImportError
    without SciPy.
    """
    found = as_game(game)
    rules = found.default_rules if rules is None else rules
    _check_rules(found, rules)
    if found.seats(rules) != 2:
        raise InvalidArgumentError(
            f"solve needs a game of two seats; {found.name} has {found.seats(rules)} here"
        )
    return solve_tree(walk(found, rules, bound=bound))


def solve_tree(tree: Tree) -> Solution:
    """``solve`` on a tree already walked."""
    _check_two_seat_zero_sum(tree)
    strategy = (_lp_strategy(tree, 0), _lp_strategy(tree, 1))
    low = -best_response(tree, strategy, 1)
    high = best_response(tree, strategy, 0)
    if low != high:
        raise InvalidArgumentError(
            f"the linear program's strategies for {tree.game.name} could not be made exact:"
            f" the best responses give {low} and {high} (about {float(low):.12g} and"
            f" {float(high):.12g})"
        )
    return Solution(tree, low, strategy)


def _lp_strategy(tree: Tree, seat: int) -> tuple[tuple[Fraction, ...], ...]:
    """``seat``'s maximin strategy by the sequence-form program, each probability the
    nearest Fraction of small denominator."""
    import numpy as np
    from scipy.optimize import linprog  # type: ignore[import-untyped]
    from scipy.sparse import coo_matrix, hstack  # type: ignore[import-untyped]

    # Sequences: 0 is the empty one; (seat, information set, action) -> number.
    parents: list[dict[int, int]] = [{}, {}]
    sequences: list[dict[tuple[int, int], int]] = [{}, {}]
    payoff: dict[tuple[int, int], float] = {}
    player, children, infoset = tree.player, tree.children, tree.infoset
    stack: list[tuple[int, float, int, int]] = [(0, 1.0, 0, 0)]
    while stack:
        index, reach, mine, theirs = stack.pop()
        who = player[index]
        if who == TERMINAL:
            key = (mine, theirs)
            payoff[key] = payoff.get(key, 0.0) + reach * float(tree.payoffs[index][seat])
            continue
        if who == CHANCE:
            for child, p in zip(children[index], tree.chances[index], strict=True):
                stack.append((child, reach * float(p), mine, theirs))
            continue
        side = 0 if who == seat else 1
        at = mine if side == 0 else theirs
        number = infoset[index]
        parents[side].setdefault(number, at)
        for action, child in enumerate(children[index]):
            made = sequences[side].setdefault((number, action), len(sequences[side]) + 1)
            if side == 0:
                stack.append((child, reach, made, theirs))
            else:
                stack.append((child, reach, mine, made))

    def constraints(side: int) -> Any:
        rows, cols, values = [0], [0], [1.0]
        row_of = {number: row for row, number in enumerate(parents[side], start=1)}
        for (number, _), made in sequences[side].items():
            rows.append(row_of[number])
            cols.append(made)
            values.append(1.0)
        for number, row in row_of.items():
            rows.append(row)
            cols.append(parents[side][number])
            values.append(-1.0)
        shape = (len(row_of) + 1, len(sequences[side]) + 1)
        return coo_matrix((values, (rows, cols)), shape=shape).tocsr()

    e, f = constraints(0), constraints(1)
    x_size, y_size, q_size = e.shape[1], f.shape[1], f.shape[0]
    keys = list(payoff)
    a = coo_matrix(
        ([payoff[k] for k in keys], ([k[0] for k in keys], [k[1] for k in keys])),
        shape=(x_size, y_size),
    ).tocsr()
    cost = np.zeros(x_size + q_size)
    cost[x_size] = -1.0
    e_rhs = np.zeros(e.shape[0])
    e_rhs[0] = 1.0
    result = linprog(
        cost,
        A_ub=hstack([-a.T, f.T]).tocsr(),
        b_ub=np.zeros(y_size),
        A_eq=hstack([e, coo_matrix((e.shape[0], q_size))]).tocsr(),
        b_eq=e_rhs,
        bounds=[(0, None)] * x_size + [(None, None)] * q_size,
        method="highs",
    )
    if result.status != 0:
        raise InvalidArgumentError(f"the linear program found no solution: {result.message}")
    plan = result.x[:x_size]
    strategy: list[tuple[Fraction, ...]] = []
    for number, first in enumerate(tree.first_nodes(seat)):
        width = len(children[first])
        weights = [float(plan[sequences[0][(number, action)]]) for action in range(width)]
        strategy.append(_rational(weights))
    return tuple(strategy)


DENOMINATOR = 10**6
"""The largest denominator a probability of the linear program's strategy is given."""


def _rational(weights: list[float]) -> tuple[Fraction, ...]:
    """Weights (a realisation plan's, at one information set) as probabilities in
    Fractions that sum to 1: uniform where the set is never reached."""
    total = math.fsum(max(w, 0.0) for w in weights)
    if total <= 1e-12:
        return (Fraction(1, len(weights)),) * len(weights)
    shares = [Fraction(max(w, 0.0) / total).limit_denominator(DENOMINATOR) for w in weights]
    largest = max(range(len(shares)), key=shares.__getitem__)
    shares[largest] += 1 - sum(shares)
    return tuple(shares)
