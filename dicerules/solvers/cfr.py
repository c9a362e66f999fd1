"""Counterfactual regret minimisation on a tree's arrays: CFR, CFR+ and discounted CFR.

Each is OpenSpiel's Python solver of the same name, iterate for iterate: alternating
updates (seat 0, then seat 1 against seat 0's new policy, ...), regret matching.
An iteration t, for each seat in turn: reach probabilities down the tree under the
current policies (only the seat changed last is walked again), the seat's values up
(a node that no seat's play reaches is worth 0 there, as OpenSpiel prunes it), then
at each of its nodes the regret of each action, weighted by the others' and chance's
reach, and its reach times its policy into the average, each summed into the node's
slot in the tree's order, onto what the slot holds (as OpenSpiel adds them node by
node); then the seat's current policy from its regrets.

``"cfr"``: regrets summed, the average weighted by the seat's reach.
``"cfr+"``: negative regrets cut to 0 after each update (regret matching+), the
average weighted by t too (CFRPlusSolver).
``"dcfr"``: discounted CFR (Brown and Sandholm), OpenSpiel's DCFRSolver: after each
update, positive regrets times t^alpha/(t^alpha + 1) and negative ones times
t^beta/(t^beta + 1), the average weighted by t^gamma; by default alpha 3/2, beta 0,
gamma 2.
"""

from __future__ import annotations

from typing import Any

from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.policies import VARIANTS
from dicerules.solvers._layout import Array, Layout, layout, scatter_add, xp
from dicerules.solvers.policy import Policy
from dicerules.solvers.values import edge_probabilities, reach, values

__all__ = ["CFR", "VARIANTS"]


def _uniform(made: Layout, seat: int) -> Array:
    return 1.0 / xp.asarray(made.slot_width[seat])


def _normalised(made: Layout, seat: int, weights: Array) -> Array:
    """``weights`` over each of ``seat``'s information sets as probabilities; uniform
    over a set whose weights sum to 0."""
    sets = xp.asarray(made.slot_set[seat])
    totals = scatter_add(sets, weights, made.sets[seat])[sets]
    positive = totals > 0
    return xp.where(positive, weights / xp.where(positive, totals, 1.0), _uniform(made, seat))


class CFR:
    """A CFR solver of ``variant`` (``VARIANTS``) on ``tree``, a ``dicerules.tree.Tree``
    of any number of seats; ``run(n)`` runs n more iterations (``iterations`` so far),
    ``current_policy()`` and ``average_policy()`` are ``Policy`` objects (the average
    converges to an equilibrium in a two-seat zero-sum game). ``alpha``, ``beta`` and
    ``gamma`` are discounted CFR's."""

    def __init__(
        self,
        tree: Any,
        variant: str = "cfr",
        *,
        alpha: float = 3 / 2,
        beta: float = 0,
        gamma: float = 2,
    ) -> None:
        if not isinstance(variant, str):
            raise WrongTypeError(f"variant must be a str, not {type(variant).__name__}")
        if variant not in VARIANTS:
            raise InvalidArgumentError(
                f"no CFR variant {variant!r}: the variants are {', '.join(VARIANTS)}"
            )
        for name, value in (("alpha", alpha), ("beta", beta), ("gamma", gamma)):
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise WrongTypeError(f"{name} must be a number, not {type(value).__name__}")
        self.tree = tree
        self.variant = variant
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        made = self._made = layout(tree)
        seats = range(made.seats)
        self.iterations = 0
        self._regrets = [xp.zeros(_size(made, seat)) for seat in seats]
        self._totals = [xp.zeros(_size(made, seat)) for seat in seats]
        self._current = [_uniform(made, seat) for seat in seats]
        self._chance = reach(made, xp.where(made.moved_by_chance, self._edge(), 1.0))
        self._reach: list[Array | None] = [None] * made.seats
        """Each seat's own reach of every node under its current policy (None: to be
        walked again)."""

    def __repr__(self) -> str:
        return f"<CFR {self.variant} on {self.tree!r}: {self.iterations} iterations>"

    def _edge(self) -> Array:
        return edge_probabilities(self._made, xp.concatenate(self._current))

    def run(self, iterations: int = 1) -> CFR:
        """Run ``iterations`` more iterations; returns the solver."""
        if not isinstance(iterations, int) or isinstance(iterations, bool):
            raise WrongTypeError(f"iterations must be an int, not {type(iterations).__name__}")
        if iterations < 0:
            raise InvalidArgumentError(f"iterations must be 0 or more, got {iterations}")
        for _ in range(iterations):
            self._iterate()
        return self

    def _iterate(self) -> None:
        made = self._made
        t = self.iterations + 1
        weight = {"cfr": 1.0, "cfr+": float(t), "dcfr": float(t**self.gamma)}[self.variant]
        for seat in range(made.seats):
            edge = self._edge()
            reaches = [self._seat_reach(other, edge) for other in range(made.seats)]
            unreached = made.is_player
            for other in reaches:
                unreached = unreached & (other == 0)
            worth = values(made, edge, seat, unreached)
            child, parent, slot = made.edges[seat]
            others = xp.ones(len(parent))
            for other, reached in enumerate(reaches):
                if other != seat:
                    others = others * reached[parent]
            others = others * self._chance[parent]
            regret = _added(self._regrets[seat], slot, others * (worth[child] - worth[parent]))
            mine = reaches[seat][parent] * self._current[seat][slot]
            self._totals[seat] = _added(self._totals[seat], slot, mine * weight)
            if self.variant == "cfr+":
                regret = xp.maximum(regret, 0.0)
            elif self.variant == "dcfr":
                up, down = t**self.alpha, t**self.beta
                regret = xp.where(
                    regret >= 0, regret * (up / (up + 1)), regret * (down / (down + 1))
                )
            self._regrets[seat] = regret
            self._current[seat] = _normalised(made, seat, xp.maximum(regret, 0.0))
            self._reach[seat] = None
        self.iterations = t

    def _seat_reach(self, seat: int, edge: Array) -> Array:
        made = self._reach[seat]
        if made is None:
            made = self._reach[seat] = reach(
                self._made, xp.where(self._made.moved_by[seat], edge, 1.0)
            )
        return made

    def current_policy(self) -> Policy:
        """The policy of the last iteration (uniform before the first)."""
        return Policy(self.tree, xp.concatenate(self._current))

    def average_policy(self) -> Policy:
        """The average of the iterations' policies, each weighted by the seat's reach
        (and by the variant's weight of its iteration): uniform where never reached."""
        made = self._made
        return Policy(
            self.tree,
            xp.concatenate(
                [_normalised(made, seat, self._totals[seat]) for seat in range(made.seats)]
            ),
        )


def _size(made: Layout, seat: int) -> int:
    return made.slot_start[seat + 1] - made.slot_start[seat]


def _added(held: Array, slot: Array, amounts: Array) -> Array:
    """``held`` with ``amounts`` added by ``slot``, each slot's in order after what it
    holds (as OpenSpiel adds them one by one)."""
    size = len(held)
    return scatter_add(
        xp.concatenate([xp.arange(size), slot]), xp.concatenate([held, amounts]), size
    )
