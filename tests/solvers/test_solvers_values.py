"""dicerules.solvers' best responses, policy values and exploitability, and the forms of
policy they take: each equal to OpenSpiel's on the same policy, and to the exact best
response of ``dicerules.tree`` on an exact strategy."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_tree import openspiel_rules

from dicerules import solvers, tree
from dicerules.errors import InvalidArgumentError, InvalidSeatError, WrongTypeError
from dicerules.policies import SavedPolicy
from dicerules.solvers import _layout

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")
spiel_policy = pytest.importorskip("open_spiel.python.policy")
cfr = pytest.importorskip("open_spiel.python.algorithms.cfr")
exploitability = pytest.importorskip("open_spiel.python.algorithms.exploitability")
expected_game_score = pytest.importorskip("open_spiel.python.algorithms.expected_game_score")

TOLERANCE = 1e-12
RULES = openspiel_rules(2, first_opener="rolloff")


@pytest.fixture(scope="module")
def solved() -> tuple[tree.Tree, Any, Any]:
    """The tree of RULES, its adapter game, and OpenSpiel's CFR+ policy after 8
    iterations there (a TabularPolicy)."""
    walked = tree.walk("liars-dice", RULES)
    spiel_game = dos.game("liars-dice", RULES, whole_tree=True)
    solver = cfr.CFRPlusSolver(spiel_game)
    for _ in range(8):
        solver.evaluate_and_update_policy()
    return walked, spiel_game, solver.average_policy()


def test_values_best_responses_and_exploitability_are_openspiels(solved: Any) -> None:
    walked, spiel_game, average = solved
    root = spiel_game.new_initial_state()
    for policy in (average, spiel_policy.TabularPolicy(spiel_game)):  # the uniform one too
        values = expected_game_score.policy_value(root, [policy, policy])
        assert solvers.policy_value(walked, policy) == pytest.approx(tuple(values), abs=TOLERANCE)
        for seat in range(2):
            best = exploitability.best_response(spiel_game, policy, seat)["best_response_value"]
            assert solvers.best_response(walked, policy, seat) == pytest.approx(best, abs=TOLERANCE)
        assert solvers.exploitability(walked, policy) == pytest.approx(
            exploitability.exploitability(spiel_game, policy), abs=TOLERANCE
        )


def test_the_best_response_is_the_trees_exact_one() -> None:
    pytest.importorskip("scipy")
    walked = tree.walk("liars-dice", openspiel_rules(3))
    solution = tree.solve_tree(walked)
    exact = {seat: solution.policy(seat) for seat in range(2)}
    floats = {
        seat: {
            text: {label: float(p) for label, p in chances.items()} for text, chances in by.items()
        }
        for seat, by in exact.items()
    }
    for seat in range(2):
        assert solvers.best_response(walked, floats, seat) == pytest.approx(
            float(tree.best_response(walked, solution.strategy, seat)), abs=TOLERANCE
        )
    # An equilibrium: no seat gains by a best response; seat 0's value is the game's.
    assert solvers.exploitability(walked, floats) == pytest.approx(0.0, abs=1e-9)
    value = solvers.policy_value(walked, floats)
    assert value == pytest.approx((1 / 9, -1 / 9), abs=1e-9)


def test_every_form_of_a_policy_is_read_alike(solved: Any) -> None:
    walked, _, average = solved
    ours = solvers.CFR(walked, "cfr+").run(8).average_policy()
    tables = ours.tables()
    expected = solvers.exploitability(walked, average)
    by_text = {text: chances for by in tables.values() for text, chances in by.items()}
    actions = tuple(walked.game.distinct_actions(walked.rules))
    by_id = {
        text: {actions.index(_action(walked, text, label)): p for label, p in chances.items()}
        for text, chances in by_text.items()
    }
    native = dos.native_tree(walked)
    cpp = pyspiel.CFRPlusSolver(native.game)
    for _ in range(8):
        cpp.evaluate_and_update_policy()
    for form in (
        ours,
        ours.saved(variant="cfr+", iterations=8),
        tables,
        by_text,
        by_id,
        native.tables(cpp.tabular_average_policy()),
        average,
    ):
        assert solvers.exploitability(walked, form) == pytest.approx(expected, abs=TOLERANCE)
    # A policy of another walk of the same rules is read as it is.
    again = tree.walk("liars-dice", RULES)
    assert solvers.exploitability(again, ours) == pytest.approx(expected, abs=TOLERANCE)


def _action(walked: tree.Tree, text: str, label: str) -> Any:
    for seat, texts in enumerate(walked.information_sets):
        if text in texts:
            node = walked.first_nodes(seat)[texts.index(text)]
            return walked.actions[node][walked.labels[node].index(label)]
    raise AssertionError(text)


def test_a_set_the_policy_leaves_out_is_played_uniformly(solved: Any) -> None:
    walked, spiel_game, _ = solved
    uniform = spiel_policy.TabularPolicy(spiel_game)
    assert solvers.exploitability(walked, {}) == pytest.approx(
        exploitability.exploitability(spiel_game, uniform), abs=TOLERANCE
    )
    text = walked.information_sets[0][0]
    first = walked.first_nodes(0)[0]
    chosen = {text: {walked.labels[first][0]: 1.0}}  # one set decided, the rest uniform
    uniform.policy_for_key(text)[:] = 0.0
    uniform.policy_for_key(text)[actions_of(walked, first)[0]] = 1.0
    assert solvers.exploitability(walked, chosen) == pytest.approx(
        exploitability.exploitability(spiel_game, uniform), abs=TOLERANCE
    )


def actions_of(walked: tree.Tree, node: int) -> list[int]:
    """The adapter's ids of the actions at ``node``."""
    actions = tuple(walked.game.distinct_actions(walked.rules))
    return [actions.index(action) for action in walked.actions[node]]


def test_a_policy_tells_each_sets_probabilities_by_label(solved: Any) -> None:
    walked, _, _ = solved
    policy = solvers.CFR(walked, "cfr").current_policy()  # uniform before any iteration
    text = walked.information_sets[1][5]
    labels = walked.labels[walked.first_nodes(1)[5]]
    assert policy.probabilities(1, text) == {label: 1 / len(labels) for label in labels}
    assert policy.tables()[1][text] == policy.probabilities(1, text)
    with pytest.raises(InvalidArgumentError, match="seat 0 has no information set"):
        policy.probabilities(0, text)
    with pytest.raises(InvalidSeatError, match="2 is not a seat of this tree"):
        policy.probabilities(2, text)
    with pytest.raises(WrongTypeError, match="a seat is an int"):
        policy.probabilities("0", text)  # type: ignore[arg-type]
    assert repr(policy) == f"<Policy on {walked!r}>"


def test_a_policy_that_is_no_distribution_is_refused(solved: Any) -> None:
    walked, _, _ = solved
    text = walked.information_sets[0][0]
    labels = walked.labels[walked.first_nodes(0)[0]]
    with pytest.raises(InvalidArgumentError, match=re.escape("gives 'bid 9x9' at")):
        solvers.exploitability(walked, {text: {"bid 9x9": 1.0}})
    with pytest.raises(InvalidArgumentError, match="are not a distribution"):
        solvers.exploitability(walked, {text: {labels[0]: 0.5}})
    with pytest.raises(InvalidArgumentError, match="are not a distribution"):
        solvers.exploitability(walked, {text: {labels[0]: 1.5, labels[1]: -0.5}})
    with pytest.raises(InvalidArgumentError, match="999 is not an action id"):
        solvers.exploitability(walked, {text: {999: 1.0}})
    with pytest.raises(WrongTypeError, match="not a mapping of actions"):
        solvers.exploitability(walked, {text: [1.0]})
    with pytest.raises(InvalidSeatError, match="5 is not a seat"):
        solvers.exploitability(walked, {5: {}})
    with pytest.raises(WrongTypeError, match="a policy is a dicerules"):
        solvers.exploitability(walked, 0.5)
    other = SavedPolicy(walked.game, openspiel_rules(4), {})
    with pytest.raises(InvalidArgumentError, match="the policy is of liars-dice"):
        solvers.exploitability(walked, other)
    with pytest.raises(InvalidSeatError):
        solvers.best_response(walked, {}, 2)


def test_exploitability_beyond_zero_sum_subtracts_each_seats_value(solved: Any) -> None:
    walked, _, average = solved
    made = _layout.layout(walked)
    zero_sum = solvers.exploitability(walked, average)
    values = solvers.policy_value(walked, average)
    best = [solvers.best_response(walked, average, seat) for seat in range(2)]
    assert zero_sum == pytest.approx(sum(best) / 2, abs=TOLERANCE)
    made.zero_sum = False  # the general-sum way: what each seat gains, on average
    try:
        general = solvers.exploitability(walked, average)
    finally:
        made.zero_sum = True
    assert general == pytest.approx((sum(best) - sum(values)) / 2, abs=TOLERANCE)
    assert general == pytest.approx(zero_sum, abs=TOLERANCE)
