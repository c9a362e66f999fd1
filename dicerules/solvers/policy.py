"""A policy on a tree's arrays (``Policy``), and every form of policy read into them.

A policy is one probability a slot (``_layout``: each information set's actions, seat
by seat). ``slot_probabilities(layout, policy)`` reads any form the solvers take: a
``Policy``; a ``dicerules.policies.SavedPolicy``; a mapping of information state text
to a mapping of action (its label, or its OpenSpiel action id: its index in the game's
``distinct_actions``) to probability, for every seat, or such mappings by seat; an
OpenSpiel tabular policy over the adapter's game (``state_lookup`` and
``action_probability_array``, as Python's TabularPolicy, or ``policy_table()``, as
pyspiel's), whose information state strings are the tree's texts. A set the policy
does not name is played uniformly; an action it does not name, never. A named action
the set does not have, or probabilities that do not sum to 1 (within
``dicerules.policies.TOLERANCE``), is an InvalidArgumentError.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.facts import ActionIds
from dicerules.policies import TOLERANCE, SavedPolicy, Tables
from dicerules.solvers._layout import Array, Layout, layout, xp

__all__ = ["Policy", "slot_probabilities"]


class Policy:
    """A policy of every seat on ``tree``: ``probabilities(seat, text)``; ``tables()``
    for all of them; ``saved(...)`` to write it to a file."""

    def __init__(self, tree: Any, slots: Array) -> None:
        self.tree = tree
        self.layout = layout(tree)
        self.slots = slots
        """The probability of each slot of the tree's layout."""

    def __repr__(self) -> str:
        return f"<Policy on {self.tree!r}>"

    def probabilities(self, seat: int, text: str) -> dict[str, float]:
        """The probability of each action, by label, at ``seat``'s information set
        ``text`` (one of ``tree.information_sets[seat]``); InvalidArgumentError for a
        text the seat has no set of."""
        made = self.layout
        number = made.set_of(seat, text)
        start = made.slot_start[seat] + int(made.set_slot[seat][number])
        width = int(made.set_width[seat][number])
        values = np.asarray(self.slots[start : start + width]).tolist()
        return dict(zip(made.labels(seat)[number], values, strict=True))

    def tables(self) -> Tables:
        """Every seat's probabilities: by information state text, by action label."""
        made = self.layout
        values = np.asarray(self.slots).tolist()
        tables: Tables = {}
        for seat in range(made.seats):
            start = made.slot_start[seat]
            firsts = made.set_slot[seat].tolist()
            widths = made.set_width[seat].tolist()
            tables[seat] = {
                text: dict(zip(labels, values[start + first : start + first + width], strict=True))
                for text, labels, first, width in zip(
                    self.tree.information_sets[seat], made.labels(seat), firsts, widths, strict=True
                )
            }
        return tables

    def saved(
        self,
        *,
        variant: str | None = None,
        iterations: int | None = None,
        exploitability: float | None = None,
    ) -> SavedPolicy:
        """This policy as a file holds it (``SavedPolicy.save(path)`` writes it)."""
        tree = self.tree
        return SavedPolicy(
            tree.game, tree.rules, self.tables(), variant, iterations, exploitability
        )


def slot_probabilities(made: Layout, policy: object) -> Array:
    """The probability of each slot of ``made`` that ``policy`` (any form the module
    docstring lists) gives."""
    if isinstance(policy, Policy):
        if policy.layout is made or _same_tree(policy.tree, made.tree):
            return policy.slots
        return _from_tables(made, _by_seat(made, policy.tables()))
    if isinstance(policy, SavedPolicy):
        if policy.game.name != made.tree.game.name or policy.rules != made.tree.rules:
            raise InvalidArgumentError(
                f"the policy is of {policy.game.name} {policy.rules!r}, not of the tree's"
                f" {made.tree.game.name} {made.tree.rules!r}"
            )
        return _from_tables(made, _by_seat(made, policy.policies))
    lookup = getattr(policy, "state_lookup", None)
    array = getattr(policy, "action_probability_array", None)
    if isinstance(lookup, Mapping) and array is not None:
        return _from_tabular(made, lookup, np.asarray(array, dtype=np.float64))
    if callable(getattr(policy, "policy_table", None)):
        table = {text: dict(pairs) for text, pairs in policy.policy_table().items()}  # type: ignore[attr-defined]
        return _from_tables(made, _by_seat(made, table))
    if isinstance(policy, Mapping):
        return _from_tables(made, _by_seat(made, policy))
    raise WrongTypeError(
        "a policy is a dicerules.solvers.Policy, a SavedPolicy, a mapping of information"
        " state text to action probabilities, or an OpenSpiel tabular policy, not"
        f" {type(policy).__name__}"
    )


def _same_tree(one: Any, other: Any) -> bool:
    """Whether two trees are walks of the same game under the same rules."""
    return bool(
        one.game.name == other.game.name
        and one.rules == other.rules
        and one.information_sets == other.information_sets
        and one.nodes == other.nodes
    )


def _by_seat(made: Layout, policy: Mapping[Any, Any]) -> list[Mapping[Any, Any]]:
    """A mapping for each seat: ``policy`` by seat (its keys seats), or ``policy`` for all."""
    if policy and all(isinstance(key, int) and not isinstance(key, bool) for key in policy):
        for seat in policy:
            made.check_seat(seat)
        return [policy.get(seat, {}) for seat in range(made.seats)]
    return [policy] * made.seats


def _from_tables(made: Layout, by_seat: list[Mapping[Any, Any]]) -> Array:
    values = np.zeros(made.slots)
    ids: ActionIds[Any] | None = None
    for seat, table in enumerate(by_seat):
        start = made.slot_start[seat]
        labels_of = made.labels(seat)
        firsts = made.set_slot[seat].tolist()
        for number, text in enumerate(made.tree.information_sets[seat]):
            first, labels = start + firsts[number], labels_of[number]
            chances = table.get(text)
            if chances is None:
                values[first : first + len(labels)] = 1 / len(labels)
                continue
            if not isinstance(chances, Mapping):
                raise WrongTypeError(
                    f"the policy at {text!r} is a {type(chances).__name__}, not a mapping of"
                    " actions to probabilities"
                )
            if any(not isinstance(key, str) for key in chances):
                if ids is None:
                    ids = _ids(made)
                chances = _labelled(made, seat, number, chances, ids)
            place = {label: index for index, label in enumerate(labels)}
            for label, chance in chances.items():
                index = place.get(label)
                if index is None:
                    raise InvalidArgumentError(
                        f"the policy gives {label!r} at {text!r}, which has no such action"
                        f" (its actions: {', '.join(labels)})"
                    )
                values[first + index] = float(chance)
            _check_sum(values[first : first + len(labels)], text)
    return xp.asarray(values)


def _check_sum(values: np.ndarray[Any, Any], text: str) -> None:
    total = math.fsum(values.tolist())
    if not (values >= 0).all() or abs(total - 1) > TOLERANCE:
        raise InvalidArgumentError(
            f"the policy's probabilities at {text!r} are not a distribution (they sum to {total!r})"
        )


def _ids(made: Layout) -> ActionIds[Any]:
    game, rules = made.tree.game, made.tree.rules
    if game.distinct_actions is None:
        raise InvalidArgumentError(
            f"{game.name} declares no distinct_actions: name actions by label"
        )
    return ActionIds(tuple(game.distinct_actions(rules)), game)


def _labelled(
    made: Layout, seat: int, number: int, chances: Mapping[Any, Any], ids: ActionIds[Any]
) -> dict[str, Any]:
    """``chances`` keyed by label, where they are keyed by action id."""
    game = made.tree.game
    labelled: dict[str, Any] = {}
    for key, chance in chances.items():
        if isinstance(key, str):
            labelled[key] = chance
            continue
        if not isinstance(key, int | np.integer) or not 0 <= int(key) < len(ids.actions):
            raise InvalidArgumentError(f"{key!r} is not an action id of {game.name}")
        labelled[str(game.format_action(ids.actions[int(key)]))] = chance
    return labelled


def _from_tabular(made: Layout, lookup: Mapping[str, int], array: np.ndarray[Any, Any]) -> Array:
    """The slots of an OpenSpiel TabularPolicy: a row by information state string, a
    column by action id."""
    ids = _ids(made)
    values = np.zeros(made.slots)
    actions = made.tree.actions
    for seat in range(made.seats):
        start = made.slot_start[seat]
        firsts = made.set_slot[seat].tolist()
        for number, (text, node) in enumerate(
            zip(made.tree.information_sets[seat], made.first_node[seat].tolist(), strict=True)
        ):
            first = start + firsts[number]
            row = lookup.get(text)
            width = len(actions[node])
            if row is None:
                values[first : first + width] = 1 / width
                continue
            columns = [ids.ids[action] for action in actions[node]]
            values[first : first + width] = array[row, columns]
            _check_sum(values[first : first + width], text)
    return xp.asarray(values)
