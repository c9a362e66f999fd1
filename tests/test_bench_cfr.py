"""dicerules bench --cfr: its choice of games and its table. Never its speed."""

from __future__ import annotations

from typing import Any

import pytest

from dicerules import bench
from dicerules.game import GAMES

SOLVED = [game for game in GAMES.values() if game.benchmarks.solver is not None]


def test_cfr_times_the_games_that_declare_solver_rules() -> None:
    assert bench.cfr_games() == SOLVED
    assert [game.name for game in SOLVED] == [
        game.name for game in bench.cfr_games([game.name for game in SOLVED])
    ]
    assert bench.cfr_games(["no-such-game"]) == []


@pytest.mark.parametrize("game", SOLVED, ids=lambda game: game.name)
def test_a_solver_counterpart_is_an_openspiel_game_of_the_same_actions(game: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    dos = pytest.importorskip("dicerules.openspiel")
    setting = game.benchmarks.solver
    ours = dos.game(game.name, setting.rules)
    theirs = pyspiel.load_game(setting.spiel)
    assert ours.num_players() == theirs.num_players()
    assert ours.num_distinct_actions() == theirs.num_distinct_actions()
    assert ours.max_game_length() == theirs.max_game_length()


def test_the_cfr_table_puts_the_adapter_beside_openspiel(monkeypatch: Any) -> None:
    pytest.importorskip("pyspiel")
    made: list[str] = []

    def build(which: str, game: Any) -> dict[str, float]:
        made.append(which)
        if which == "openspiel":
            return {"seconds": 2.0, "peak": 100 * 2**20, "before": 50 * 2**20, "states": 24576}
        if which.startswith("floor"):
            return {"seconds": 7.0, "peak": 400 * 2**20, "before": 300 * 2**20, "states": 24576}
        if which == "adapter -gc":
            return {"seconds": 3.0, "peak": 250 * 2**20, "before": 80 * 2**20, "states": 24576}
        return {"seconds": 5.0, "peak": 250 * 2**20, "before": 80 * 2**20, "states": 24576}

    monkeypatch.setattr(bench.cfr, "cfr_build", build)
    lines = list(bench.cfr_lines([SOLVED[0].name], repeats=2))
    assert made == ["openspiel", "adapter", "adapter -gc", "floor", "floor -gc"] * 2
    adapter = next(line for line in lines if line.startswith("adapter "))
    native = next(line for line in lines if line.startswith("openspiel "))
    floor = next(line for line in lines if line.startswith("floor "))
    without_gc = next(line for line in lines if line.startswith("adapter -gc "))
    assert SOLVED[0].benchmarks.solver.spiel in "\n".join(lines)
    cells = adapter.split()
    assert cells.count("2.50x") == 2  # time and memory, each over OpenSpiel's
    assert "24,576" in cells and "250" in cells and "80" in cells
    assert adapter.endswith("<= 3x")
    assert "x" not in native.split()[-1]  # no ratio of OpenSpiel to itself
    # The floor's time over OpenSpiel's; its memory holds a tree made in advance.
    assert floor.split()[-2:] == ["3.50x", "-"]
    assert without_gc.split()[-2:] == ["1.50x", "-"]  # the target is the default build's


def test_the_floor_is_openspiels_own_game_answer_for_answer() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr

    spiel = "liars_dice(numdice=1,dice_sides=3)"
    floor, native = bench.precomputed_game(spiel), pyspiel.load_game(spiel)
    assert floor.get_type().short_name.startswith(bench.PRECOMPUTED_NAME)
    assert (floor.num_players(), floor.num_distinct_actions(), floor.max_game_length()) == (
        native.num_players(), native.num_distinct_actions(), native.max_game_length()
    )  # fmt: skip
    pending = [(floor.new_initial_state(), native.new_initial_state())]
    while pending:
        ours, theirs = pending.pop()
        assert ours.current_player() == theirs.current_player()
        assert ours.is_terminal() == theirs.is_terminal()
        assert ours.returns() == theirs.returns()
        assert ours.legal_actions() == theirs.legal_actions()
        if ours.is_chance_node():  # pyspiel gives any seat the outcomes here
            assert ours.chance_outcomes() == theirs.chance_outcomes()
        else:
            assert [ours.legal_actions(p) for p in range(2)] == [
                theirs.legal_actions(p) for p in range(2)
            ]
        pending += [(ours.child(a), theirs.child(a)) for a in theirs.legal_actions()]
    states = policy.TabularPolicy(floor).state_lookup
    assert len(states) == 192
    assert states == policy.TabularPolicy(native).state_lookup
    solvers = cfr.CFRSolver(floor), cfr.CFRSolver(native)
    for _ in range(3):
        for solver in solvers:
            solver.evaluate_and_update_policy()
    ours, theirs = (solver.average_policy().action_probability_array for solver in solvers)
    assert (ours == theirs).all()
    again = bench.precomputed_game(spiel)  # a second game of its own, not a clash
    assert again.get_type().short_name != floor.get_type().short_name
