"""The value of a two-player zero-sum pyspiel game, by its sequence-form linear program.

A sparse version of the program OpenSpiel's ``sequence_form_lp`` builds (Koller,
Megiddo and von Stengel 1994), solved by SciPy's HiGHS, so that games of a few
hundred thousand histories fit in memory:

    max over x, q of q[root]  such that  E x = e, x >= 0, F^T q <= A^T x

where x is seat 0's realisation plan, E x = e its sequence constraints, F those of
seat 1, and A the payoff to seat 0 of each pair of sequences, weighted by chance.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, hstack


class _Sequences:
    """One seat's sequences (the empty one is 0) and its sequence constraints."""

    def __init__(self) -> None:
        self.ids: dict[tuple[str, int], int] = {}
        self.parent: dict[str, int] = {}  # information state -> sequence leading to it
        self.actions: dict[str, list[int]] = {}

    def sequence(self, info: str, action: int, parent: int) -> int:
        known = self.parent.setdefault(info, parent)
        assert known == parent, "the game does not have perfect recall"
        key = (info, action)
        if key not in self.ids:
            self.ids[key] = len(self.ids) + 1
            self.actions.setdefault(info, []).append(self.ids[key])
        return self.ids[key]

    @property
    def size(self) -> int:
        return len(self.ids) + 1

    def constraints(self) -> tuple[Any, np.ndarray[Any, Any]]:
        """The matrix and right-hand side of: the empty sequence is 1, and each
        information state's sequences sum to the sequence that leads to it."""
        rows, cols, values = [0], [0], [1.0]
        for row, (info, children) in enumerate(self.actions.items(), start=1):
            rows.append(row)
            cols.append(self.parent[info])
            values.append(-1.0)
            for child in children:
                rows.append(row)
                cols.append(child)
                values.append(1.0)
        count = len(self.actions) + 1
        matrix = coo_matrix((values, (rows, cols)), shape=(count, self.size)).tocsr()
        rhs = np.zeros(count)
        rhs[0] = 1.0
        return matrix, rhs


def game_value(game: Any) -> float:
    """The value of ``game`` for seat 0 (two seats, zero-sum, perfect recall)."""
    seqs = (_Sequences(), _Sequences())
    payoff: dict[tuple[int, int], float] = {}

    def walk(state: Any, reach: float, at: tuple[int, int]) -> None:
        if state.is_terminal():
            key = at
            payoff[key] = payoff.get(key, 0.0) + reach * state.returns()[0]
            return
        if state.is_chance_node():
            for action, probability in state.chance_outcomes():
                walk(state.child(action), reach * probability, at)
            return
        player = state.current_player()
        info = state.information_state_string(player)
        for action in state.legal_actions():
            sequence = seqs[player].sequence(info, action, at[player])
            walk(
                state.child(action), reach, (sequence, at[1]) if player == 0 else (at[0], sequence)
            )

    walk(game.new_initial_state(), 1.0, (0, 0))
    x_size, y_size = seqs[0].size, seqs[1].size
    keys = list(payoff)
    a = coo_matrix(
        ([payoff[k] for k in keys], ([k[0] for k in keys], [k[1] for k in keys])),
        shape=(x_size, y_size),
    ).tocsr()
    e, e_rhs = seqs[0].constraints()
    f, _ = seqs[1].constraints()
    q_size = f.shape[0]
    # Variables: x (x_size, >= 0), then q (q_size, free). Maximise q[0].
    cost = np.zeros(x_size + q_size)
    cost[x_size] = -1.0
    a_eq = hstack([e, coo_matrix((e.shape[0], q_size))]).tocsr()
    a_ub = hstack([-a.T, f.T]).tocsr()
    bounds = [(0, None)] * x_size + [(None, None)] * q_size
    result = linprog(
        cost, A_ub=a_ub, b_ub=np.zeros(y_size), A_eq=a_eq, b_eq=e_rhs, bounds=bounds,
        method="highs",
    )  # fmt: skip
    assert result.status == 0, result.message
    return float(-result.fun)
