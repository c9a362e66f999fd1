"""A game tree as flat arrays, renumbered breadth-first, and the two scatters on them.

``layout(tree)`` reads a ``dicerules.tree.Tree`` through its public per-node API and
renumbers its nodes by depth (the tree's preorder within a depth), so that each depth
is one contiguous slice and each node's children are contiguous in the next. Every
edge (every node but the root) has a source in one vector of probabilities: a slot
(an information set's action: each seat's sets in turn, each set's actions in the
tree's order) or a chance outcome (after every slot). A solver's pass is a handful
of whole-array operations a depth.

Only operations NumPy, CuPy and JAX all have are used on the arrays of a pass
(``xp``); the two that write into an array by index are here alone:
``scatter_add`` (``bincount``: JAX's takes ``length`` where NumPy's takes
``minlength``) and ``put`` (in place here; ``array.at[index].set(values)`` in JAX).
The layout is made once a tree (kept while the tree lives).
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any

import numpy as np

from dicerules import tree as trees
from dicerules.errors import InvalidArgumentError, InvalidSeatError, WrongTypeError

xp: Any = np
"""The array module of the passes."""

Array = Any
"""An array of ``xp``."""


def scatter_add(index: Array, weights: Array, size: int) -> Array:
    """``out[i]``, for i below ``size``, the sum of ``weights`` where ``index`` is i
    (added in the order given, from 0.0)."""
    return xp.bincount(index, weights=weights, minlength=size)


def put(array: Array, index: Array, values: Array) -> Array:
    """``array`` with ``values`` at ``index``."""
    array[index] = values
    return array


class Layout:
    """The arrays of one tree (``layout``). Per node, in breadth-first order: ``player``
    (a seat, CHANCE or TERMINAL), ``parent`` (-1 at the root) and ``up`` (the parent's
    place in its depth), ``first_child`` and ``width``, ``edge`` (the source of the
    edge from the parent in the vector of probabilities: a slot, or ``slots`` plus a
    chance outcome's number, or for the root the last, 1), ``payoff[seat]``;
    ``starts[d]`` is where depth d begins. Per seat, its information sets (by the
    tree's numbers, their texts in ``tree.information_sets``) and their slots
    (``slot_start[seat]`` the first)."""

    def __init__(self, tree: trees.Tree) -> None:
        self.tree = tree
        seats = self.seats = tree.seats
        count = self.nodes = tree.nodes
        player = np.frombuffer(tree.player, np.int8).astype(np.int64)  # the tree's columns
        widths = np.diff(np.frombuffer(tree.start, np.int32)).astype(np.int64)
        kids = np.frombuffer(tree.kids, np.int32).astype(np.int64)
        firsts = np.cumsum(widths) - widths
        parent = np.full(count, -1, np.int64)
        parent[kids] = np.repeat(np.arange(count), widths)
        place = np.zeros(count, np.int64)  # a node's place among its parent's children
        place[kids] = np.arange(len(kids)) - np.repeat(firsts, widths)
        depth = np.zeros(count, np.int64)
        for _ in range(count):  # each round settles one depth more
            deeper = np.where(parent >= 0, depth[np.maximum(parent, 0)] + 1, 0)
            if np.array_equal(deeper, depth):
                break
            depth = deeper
        order = np.argsort(depth, kind="stable")  # preorder within a depth
        rank = np.empty(count, np.int64)
        rank[order] = np.arange(count)
        self.starts = [int(s) for s in np.searchsorted(depth[order], np.arange(depth.max() + 2))]
        self.depths = len(self.starts) - 1

        # Information sets and their slots, seat by seat.
        infoset = np.frombuffer(tree.infoset, np.int32).astype(np.int64)
        self.sets = [len(texts) for texts in tree.information_sets]
        self.first_node: list[np.ndarray[Any, Any]] = []  # each set's first node, preorder
        set_width: list[np.ndarray[Any, Any]] = []
        for seat in range(seats):
            mine = np.flatnonzero(player == seat)
            first = np.full(self.sets[seat], -1, np.int64)
            first[infoset[mine][::-1]] = mine[::-1]  # the last written is the first in preorder
            self.first_node.append(first)
            set_width.append(widths[first])
        self.set_width = set_width
        self.set_slot = [np.cumsum(w) - w for w in set_width]
        """Per seat, each set's first slot (counted from the seat's first)."""
        self.slot_start = [0, *itertools.accumulate(int(w.sum()) for w in set_width)]
        self.slots = self.slot_start[-1]
        self.slot_set = [np.repeat(np.arange(len(w)), w) for w in set_width]
        """Per seat, each slot's set."""
        self.slot_width = [
            w[s].astype(np.float64) for w, s in zip(set_width, self.slot_set, strict=True)
        ]

        # Each edge's source: a slot, or a chance outcome after the slots.
        up_pre = np.maximum(parent, 0)
        mover = np.where(parent >= 0, player[up_pre], trees.TERMINAL)
        slot = np.zeros(count, np.int64)
        for seat in range(seats):
            moved = mover == seat
            sets = infoset[up_pre[moved]]
            slot[moved] = self.slot_start[seat] + self.set_slot[seat][sets] + place[moved]
        chance_prob = np.zeros(count)
        for node in np.flatnonzero(player == trees.CHANCE).tolist():
            chance_prob[list(tree.children[node])] = [float(p) for p in tree.chances[node]]
        by_chance = (mover == trees.CHANCE)[order]
        self.chance_prob = xp.asarray(np.append(chance_prob[order][by_chance], 1.0))
        """Each chance outcome's probability, then the root's 1."""
        outcome = np.cumsum(by_chance) - 1 + self.slots
        edge = np.where(by_chance, outcome, slot[order])
        edge[0] = self.slots + int(by_chance.sum())  # the root's 1

        payoff = np.zeros((seats, count))
        kinds: dict[tuple[Any, ...], int] = {}  # the tree shares one tuple an outcome
        payoffs = tree.payoffs
        ends = np.flatnonzero(player == trees.TERMINAL)
        which = np.fromiter(
            (kinds.setdefault(payoffs[node], len(kinds)) for node in ends.tolist()),
            np.int64,
            len(ends),
        )
        table = np.array([[float(value) for value in kind] for kind in kinds]).reshape(-1, seats)
        payoff[:, ends] = table[which].T

        # Everything by breadth-first number.
        self.player = xp.asarray(player[order])
        self.infoset = infoset[order]
        """Per node, its seat's information set (NumPy: for making the layout only)."""
        new_parent = np.where(parent[order] >= 0, rank[up_pre[order]], -1)
        self.parent = xp.asarray(new_parent)
        above = np.asarray(self.starts)[np.maximum(depth[order] - 1, 0)]
        self.up = xp.asarray(np.where(new_parent >= 0, new_parent - above, 0))
        first_child = np.where(widths > 0, rank[kids[np.minimum(firsts, len(kids) - 1)]], 0)
        self.first_child = xp.asarray(first_child[order])
        self.width = xp.asarray(widths[order])
        self.edge = xp.asarray(edge)
        self.payoff = xp.asarray(payoff[:, order])
        self.mover = mover[order]
        self.is_player = xp.asarray(player[order] >= 0)
        self.moved_by = [xp.asarray(self.mover == seat) for seat in range(seats)]
        self.moved_by_chance = xp.asarray(self.mover == trees.CHANCE)
        self.zero_sum = bool(
            np.all(np.abs(payoff.sum(axis=0)) <= 1e-12 * (1 + np.abs(payoff).max()))
        )
        self.edges = [self._edges(seat) for seat in range(seats)]
        """Per seat, the edges from its nodes: each child, its parent, its slot (counted
        from the seat's first)."""
        self.schedules = [self._schedule(seat) for seat in range(seats)]
        """Per seat, the order in which its best response settles the nodes."""
        self._texts: list[dict[str, int] | None] = [None] * seats
        self._labels: list[list[tuple[str, ...]] | None] = [None] * seats

    # ------------------------------------------------------------ per seat

    def _edges(self, seat: int) -> tuple[Array, Array, Array]:
        child = np.flatnonzero(self.mover == seat)
        parent = np.asarray(self.parent)[child]
        slot = np.asarray(self.edge)[child] - self.slot_start[seat]
        return xp.asarray(child), xp.asarray(parent), xp.asarray(slot)

    def text_index(self, seat: int) -> dict[str, int]:
        """``seat``'s information sets by text."""
        made = self._texts[seat]
        if made is None:
            made = self._texts[seat] = {
                text: number for number, text in enumerate(self.tree.information_sets[seat])
            }
        return made

    def labels(self, seat: int) -> list[tuple[str, ...]]:
        """The action labels of each of ``seat``'s information sets."""
        made = self._labels[seat]
        if made is None:
            labels = self.tree.labels
            made = self._labels[seat] = [labels[node] for node in self.first_node[seat].tolist()]
        return made

    def check_seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise WrongTypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < self.seats:
            raise InvalidSeatError(f"{seat} is not a seat of this tree (0 to {self.seats - 1})")
        return seat

    def set_of(self, seat: int, text: str) -> int:
        """The number of ``seat``'s information set ``text``; InvalidArgumentError for none."""
        number = self.text_index(self.check_seat(seat)).get(text)
        if number is None:
            raise InvalidArgumentError(
                f"seat {seat} has no information set {text!r} in the tree of {self.tree.game.name}"
            )
        return number

    def children_of(self, nodes: np.ndarray[Any, Any]) -> tuple[Any, Any]:
        """The children of ``nodes`` (breadth-first numbers), and each one's parent's
        place in ``nodes``."""
        width = np.asarray(self.width)[nodes]
        first = np.asarray(self.first_child)[nodes]
        offsets = np.cumsum(width) - width
        children = np.repeat(first - offsets, width) + np.arange(int(width.sum()))
        return children, np.repeat(np.arange(len(nodes)), width)

    def _schedule(self, seat: int) -> list[Any]:
        """The order in which a best response of ``seat`` settles the nodes (``values``):
        by the seat's own moves above them, the most first; at each count, the seat's
        own nodes (each set decided over all its nodes at once), then the others by
        depth, the deepest first. Perfect recall makes every node's children settled
        before it."""
        player, depth_of = np.asarray(self.player), np.zeros(self.nodes, np.int64)
        own = np.zeros(self.nodes, np.int64)
        moved = np.asarray(self.moved_by[seat])
        parent = np.asarray(self.parent)
        for d in range(1, self.depths):
            part = slice(self.starts[d], self.starts[d + 1])
            own[part] = own[parent[part]] + moved[part]
            depth_of[part] = d
        inner = player != trees.TERMINAL
        made = []
        decided = np.zeros(self.sets[seat], bool)
        for level in range(int(own.max()), -1, -1):
            here = inner & (own == level)
            mine = np.flatnonzero(here & (player == seat))
            if len(mine):
                sets = np.unique(self.infoset[mine])
                if decided[sets].any():
                    text = self.tree.information_sets[seat][int(sets[decided[sets]][0])]
                    raise InvalidArgumentError(
                        f"seat {seat}'s information set {text!r} of {self.tree.game.name} is"
                        " met after different numbers of the seat's own moves: the tree"
                        " lacks perfect recall, which a best response needs"
                    )
                decided[sets] = True
                made.append(self._decision(seat, mine))
            rest = np.flatnonzero(here & (player != seat))
            for d in np.unique(depth_of[rest])[::-1].tolist():
                nodes = rest[depth_of[rest] == d]
                children, parents = self.children_of(nodes)
                made.append(("sum", xp.asarray(nodes), xp.asarray(children), xp.asarray(parents)))
        return made

    def _decision(self, seat: int, nodes: np.ndarray[Any, Any]) -> tuple[Any, ...]:
        """A group of ``seat``'s nodes whose sets are decided together: its nodes; the
        children and each one's slot among the group's; the group's slots laid out a
        row a set (the last index, past the slots, pads a short row); each node's row;
        each node's first child."""
        children, _ = self.children_of(nodes)
        slot = np.asarray(self.edge)[children] - self.slot_start[seat]
        used, local = np.unique(slot, return_inverse=True)
        sets = self.slot_set[seat][used]
        rows, row_of_slot = np.unique(sets, return_inverse=True)
        width = self.set_width[seat][rows]
        column = np.arange(len(used)) - (np.cumsum(width) - width)[row_of_slot]
        dense = np.full((len(rows), int(width.max())), len(used), np.int64)
        dense[row_of_slot, column] = np.arange(len(used))
        node_row = np.searchsorted(rows, self.infoset[nodes])
        first = np.asarray(self.first_child)[nodes]
        return (
            "decide",
            xp.asarray(nodes),
            xp.asarray(children),
            xp.asarray(local),
            len(used),
            xp.asarray(dense),
            xp.asarray(node_row),
            xp.asarray(first),
        )


_made: weakref.WeakKeyDictionary[trees.Tree, Layout] = weakref.WeakKeyDictionary()


def layout(tree: object) -> Layout:
    """The arrays of ``tree`` (a ``dicerules.tree.Tree``), made once while it lives."""
    if not isinstance(tree, trees.Tree):
        raise WrongTypeError(f"a solver works on a dicerules.tree.Tree, not {type(tree).__name__}")
    try:
        made = _made.get(tree)
    except TypeError:  # a tree that cannot be referred to weakly: made each time
        return Layout(tree)
    if made is None:
        made = _made[tree] = Layout(tree)
    return made
