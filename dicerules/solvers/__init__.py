"""Solvers on a small game's whole tree in NumPy arrays (extra ``solvers``): CFR, CFR+,
discounted CFR, best responses, policy values and exploitability.

Each works on a ``dicerules.tree.Tree`` (``tree.walk(game, rules)``) of any number of
seats, read once into flat arrays, renumbered breadth-first (``_layout``): a pass is
a few whole-array operations a depth, so an iteration or an evaluation costs what
the tree's size does, not a Python call a node. ``CFR(tree, variant)`` is OpenSpiel's
CFRSolver (``"cfr"``), CFRPlusSolver (``"cfr+"``) or DCFRSolver (``"dcfr"``), iterate
for iterate (``cfr``). ``exploitability(tree, policy)`` is OpenSpiel's (the mean
over the seats of what a best response gains), ``best_response(tree, policy, seat)``
a seat's value against the others' policy, ``policy_value(tree, policy)`` every
seat's, all in floats. A policy is a ``Policy`` (``probabilities(seat, text)``, by
the information set's text, each action's by label), a saved one, a mapping of
information state text to action probabilities, or an OpenSpiel tabular policy over
the adapter's game (``policy``). ``Policy.saved(...)`` is the policy as a file holds it
(``dicerules.policies``), which the ``policy=FILE`` bot plays.

The array code uses only what CuPy and JAX also have; the two writes by index are
``_layout.scatter_add`` and ``_layout.put``.
"""

from __future__ import annotations

from dicerules.solvers.cfr import CFR, VARIANTS
from dicerules.solvers.policy import Policy
from dicerules.solvers.values import best_response, exploitability, policy_value

__all__ = ["CFR", "VARIANTS", "Policy", "best_response", "exploitability", "policy_value"]
