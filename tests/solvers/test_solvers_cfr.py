"""dicerules.solvers.CFR: OpenSpiel's CFR, CFR+ and discounted CFR, iterate for iterate.

Each variant runs beside OpenSpiel's Python solver on the adapter's game of the same
rules (its whole tree), and CFR and CFR+ beside pyspiel's C++ solvers on the tree as
EFG (``dicerules.openspiel.native``): after each count of iterations the average
policies, the current ones and the exploitabilities must agree to 1e-12.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from test_tree import openspiel_rules

from dicerules import GAMES, solvers, tree
from dicerules.errors import InvalidArgumentError, WrongTypeError

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")
cfr = pytest.importorskip("open_spiel.python.algorithms.cfr")
discounted_cfr = pytest.importorskip("open_spiel.python.algorithms.discounted_cfr")
exploitability = pytest.importorskip("open_spiel.python.algorithms.exploitability")

slow = pytest.mark.slow

TOLERANCE = 1e-12

SMALL: dict[str, tuple[str, Any]] = {
    "liars-dice 1x2": ("liars-dice", openspiel_rules(2)),
    "liars-dice 1x2 roll-off": ("liars-dice", openspiel_rules(2, first_opener="rolloff")),
    "cup-call": ("cup-call", {"dice": 1, "sides": 3, "hands": 1}),
    "cup-call 3 seats": ("cup-call", {"players": 3, "dice": 1, "sides": 2, "hands": 1}),
}
"""Small trees: two seats and three, a roll-off (a chance node over the seats), a plugin
game paid by score."""

PYTHON_SOLVERS = {
    "cfr": cfr.CFRSolver,
    "cfr+": cfr.CFRPlusSolver,
    "dcfr": discounted_cfr.DCFRSolver,
}


def small(which: str) -> tuple[str, Any]:
    name, rules = SMALL[which]
    if name not in GAMES:
        pytest.skip(f"{name} is not installed")
    if isinstance(rules, dict):
        rules = attrs.evolve(GAMES[name].default_rules, **rules)
    return name, rules


def tabular_tables(walked: tree.Tree, policy: Any) -> dict[int, dict[str, dict[str, float]]]:
    """An OpenSpiel TabularPolicy over the adapter's game, by seat, text and label."""
    game, rules = walked.game, walked.rules
    actions = tuple(game.distinct_actions(rules))
    ids = {action: index for index, action in enumerate(actions)}
    tables: dict[int, dict[str, dict[str, float]]] = {}
    for seat, texts in enumerate(walked.information_sets):
        firsts = walked.first_nodes(seat)
        tables[seat] = {}
        for number, text in enumerate(texts):
            row = policy.action_probability_array[policy.state_lookup[text]]
            node = firsts[number]
            tables[seat][text] = {
                label: float(row[ids[action]])
                for action, label in zip(walked.actions[node], walked.labels[node], strict=True)
            }
    return tables


def assert_tables_close(ours: dict[int, Any], theirs: dict[int, Any]) -> None:
    assert ours.keys() == theirs.keys()
    for seat, texts in ours.items():
        assert texts.keys() == theirs[seat].keys()
        for text, chances in texts.items():
            assert chances.keys() == theirs[seat][text].keys()
            for label, chance in chances.items():
                assert chance == pytest.approx(theirs[seat][text][label], abs=TOLERANCE), (
                    seat,
                    text,
                    label,
                )


def open_spiel_exploitability(spiel_game: Any, policy: Any, seats: int) -> float:
    if seats == 2:
        return float(exploitability.exploitability(spiel_game, policy))
    return float(exploitability.nash_conv(spiel_game, policy)) / seats


@pytest.mark.parametrize("variant", solvers.VARIANTS)
@pytest.mark.parametrize("which", SMALL)
def test_each_variant_is_openspiels_python_solver_iterate_for_iterate(
    which: str, variant: str
) -> None:
    name, rules = small(which)
    walked = tree.walk(name, rules)
    spiel_game = dos.game(name, rules, whole_tree=True)
    ours = solvers.CFR(walked, variant)
    theirs = PYTHON_SOLVERS[variant](spiel_game)
    assert_tables_close(
        ours.average_policy().tables(), tabular_tables(walked, theirs.average_policy())
    )
    for step in (1, 1, 3):
        ours.run(step)
        for _ in range(step):
            theirs.evaluate_and_update_policy()
        assert_tables_close(
            ours.current_policy().tables(), tabular_tables(walked, theirs.current_policy())
        )
        average = theirs.average_policy()
        assert_tables_close(ours.average_policy().tables(), tabular_tables(walked, average))
        found = solvers.exploitability(walked, ours.average_policy())
        expected = open_spiel_exploitability(spiel_game, average, walked.seats)
        assert found == pytest.approx(expected, abs=TOLERANCE)
    assert ours.iterations == 5


def test_discounted_cfr_takes_its_parameters() -> None:
    name, rules = small("liars-dice 1x2")
    walked = tree.walk(name, rules)
    spiel_game = dos.game(name, rules, whole_tree=True)
    ours = solvers.CFR(walked, "dcfr", alpha=1, beta=1, gamma=1)  # linear CFR
    theirs = discounted_cfr.LCFRSolver(spiel_game)
    ours.run(4)
    for _ in range(4):
        theirs.evaluate_and_update_policy()
    assert_tables_close(
        ours.average_policy().tables(), tabular_tables(walked, theirs.average_policy())
    )
    default = solvers.CFR(walked, "dcfr").run(4)
    assert solvers.exploitability(walked, default.average_policy()) != pytest.approx(
        solvers.exploitability(walked, ours.average_policy()), abs=1e-6
    )


def cpp_iterate_for_iterate(sides: int, counts: tuple[int, ...]) -> None:
    native = dos.native("liars-dice", openspiel_rules(sides))
    for variant, made in (("cfr", pyspiel.CFRSolver), ("cfr+", pyspiel.CFRPlusSolver)):
        ours, theirs = solvers.CFR(native.tree, variant), made(native.game)
        for count in counts:
            for _ in range(count - ours.iterations):
                theirs.evaluate_and_update_policy()
            ours.run(count - ours.iterations)
            tables = native.tables(theirs.tabular_average_policy())
            assert_tables_close(ours.average_policy().tables(), tables)
            expected = pyspiel.exploitability(native.game, theirs.average_policy())
            found = solvers.exploitability(native.tree, ours.average_policy())
            assert found == pytest.approx(expected, abs=TOLERANCE)
            assert solvers.exploitability(native.tree, tables) == pytest.approx(
                expected, abs=TOLERANCE
            )


def test_cfr_and_cfr_plus_are_pyspiels_cpp_solvers_on_the_same_tree() -> None:
    cpp_iterate_for_iterate(3, (1, 5, 30))


@slow
def test_cfr_and_cfr_plus_are_pyspiels_cpp_solvers_on_liars_dice_of_six_sides() -> None:
    cpp_iterate_for_iterate(6, (1, 5, 100))


def test_a_solver_refuses_what_it_cannot_run() -> None:
    walked = tree.walk("liars-dice", openspiel_rules(2))
    with pytest.raises(
        InvalidArgumentError,
        match=re.escape("no CFR variant 'cfr++': the variants are cfr, cfr+, dcfr"),
    ):
        solvers.CFR(walked, "cfr++")
    with pytest.raises(WrongTypeError, match="variant must be a str"):
        solvers.CFR(walked, 1)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="alpha must be a number"):
        solvers.CFR(walked, "dcfr", alpha="3/2")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="a solver works on a dicerules"):
        solvers.CFR("liars-dice")
    solver = solvers.CFR(walked)
    with pytest.raises(InvalidArgumentError, match="iterations must be 0 or more"):
        solver.run(-1)
    with pytest.raises(WrongTypeError, match="iterations must be an int"):
        solver.run(1.5)  # type: ignore[arg-type]
    assert solver.run(0).iterations == 0
    assert repr(solver).startswith("<CFR cfr on <Tree of liars-dice: 127 nodes")
