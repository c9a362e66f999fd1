"""What a policy is worth on a tree: each seat's value, a best response, exploitability.

Each is a pass or two over the tree's arrays (``_layout``): reach probabilities down,
a depth at a time, and values up. A best response settles the best responder's
information sets deepest first (``Layout.schedules``), each over all its nodes at
once, weighted by the chance and the other seats' play that reach them, as
OpenSpiel's ``BestResponsePolicy`` does. ``exploitability`` is OpenSpiel's: the mean
over the seats of what each gains by its best response, against the others keeping
the policy (NashConv over the seats); in a zero-sum game the seats' values sum to 0,
so it is the mean of the best responses' values.
"""

from __future__ import annotations

from typing import Any

from dicerules.errors import InvalidArgumentError
from dicerules.solvers._layout import Array, Layout, layout, put, scatter_add, xp
from dicerules.solvers.policy import slot_probabilities

__all__ = ["best_response", "exploitability", "policy_value"]


def edge_probabilities(made: Layout, slots: Array) -> Array:
    """The probability of each node's edge from its parent (the root's: 1), from the
    slots' and the chance outcomes'."""
    return xp.concatenate([slots, made.chance_prob])[made.edge]


def reach(made: Layout, factor: Array) -> Array:
    """Each node's product of ``factor`` over the edges from the root to it."""
    parts = [xp.ones(1)]
    up, starts = made.up, made.starts
    for depth in range(1, made.depths):
        low, high = starts[depth], starts[depth + 1]
        parts.append(parts[-1][up[low:high]] * factor[low:high])
    return xp.concatenate(parts)


def values(made: Layout, edge: Array, seat: int, zero: Array | None = None) -> Array:
    """Each node's expected payoff to ``seat`` when every edge is taken with its
    probability ``edge``: 0 at the nodes ``zero`` marks, if given."""
    up, starts, payoff = made.up, made.starts, made.payoff[seat]
    low, high = starts[-2], starts[-1]
    below = payoff[low:high]
    parts = [below]
    for depth in range(made.depths - 2, -1, -1):
        low, high, end = starts[depth], starts[depth + 1], starts[depth + 2]
        here = scatter_add(up[high:end], edge[high:end] * below, high - low) + payoff[low:high]
        if zero is not None:
            here = xp.where(zero[low:high], 0.0, here)
        parts.append(here)
        below = here
    return xp.concatenate(parts[::-1])


def best_response_value(made: Layout, edge: Array, seat: int) -> float:
    """``seat``'s value when it best responds to the others playing by ``edge``."""
    weight = reach(made, xp.where(made.moved_by[seat], 1.0, edge))
    worth = weight * made.payoff[seat]  # each node's reach-weighted value, settled in turn
    for group in made.schedules[seat]:
        if group[0] == "sum":
            _, nodes, children, parents = group
            worth = put(worth, nodes, scatter_add(parents, worth[children], len(nodes)))
            continue
        _, nodes, children, slot, used, dense, row, first = group
        totals = scatter_add(slot, worth[children], used)
        padded = xp.concatenate([totals, xp.full(1, -xp.inf)])[dense]
        best = xp.argmax(padded, axis=1)
        worth = put(worth, nodes, worth[first + best[row]])
    return float(worth[0])


def _prepared(tree: object, policy: object) -> tuple[Layout, Array]:
    made = layout(tree)
    return made, edge_probabilities(made, slot_probabilities(made, policy))


def policy_value(tree: Any, policy: object) -> tuple[float, ...]:
    """Each seat's expected payoff when every seat plays ``policy`` on ``tree`` (a
    ``dicerules.tree.Tree``; ``policy`` in any form ``dicerules.solvers`` takes)."""
    made, edge = _prepared(tree, policy)
    return tuple(float(values(made, edge, seat)[0]) for seat in range(made.seats))


def best_response(tree: Any, policy: object, seat: int) -> float:
    """``seat``'s value when it plays a best response to the other seats playing
    ``policy`` on ``tree``."""
    made, edge = _prepared(tree, policy)
    return best_response_value(made, edge, made.check_seat(seat))


def exploitability(tree: Any, policy: object) -> float:
    """OpenSpiel's exploitability of ``policy`` on ``tree``: the mean over the seats of
    what a best response gains against the others playing it (0 for an equilibrium)."""
    made, edge = _prepared(tree, policy)
    return exploitability_of(made, edge)


def exploitability_of(made: Layout, edge: Array) -> float:
    """``exploitability`` of the policy whose edge probabilities are ``edge``."""
    if made.seats < 1:
        raise InvalidArgumentError("a tree of no seats has no exploitability")
    gains = sum(best_response_value(made, edge, seat) for seat in range(made.seats))
    if not made.zero_sum:
        gains -= sum(float(values(made, edge, seat)[0]) for seat in range(made.seats))
    return gains / made.seats
