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


def test_the_cfr_table_puts_each_run_beside_openspiels_own(monkeypatch: Any) -> None:
    pytest.importorskip("pyspiel")
    made: list[str] = []
    figures = {
        "openspiel": (2.0, 100, 1.0, 0.25),
        "adapter": (5.0, 250, 2.0, 0.25),
        "adapter by node": (14.0, 500, 3.0, 0.25),
        "openspiel C++": (0.5, 80, 0.4, 0.25),
        "efg": (4.0, 120, 0.44, 0.25 + 1e-12),
    }

    def build(which: str, game: Any) -> dict[str, float]:
        made.append(which)
        seconds, peak, iteration, found = figures[which]
        return {"seconds": seconds, "peak": peak * 2**20, "before": 50 * 2**20,
                "states": 24576, "iteration": iteration, "exploitability": found}  # fmt: skip

    monkeypatch.setattr(bench.cfr, "cfr_build", build)
    lines = list(bench.cfr_lines([SOLVED[0].name], repeats=2))
    assert made == list(bench.CFR_RUNS) * 2
    # Each run is printed as soon as it is measured, before the table.
    measured = [line for line in lines if line.startswith("  ")]
    assert len(measured) == 10
    assert measured[1] == "  adapter: build 5 s, peak 250 MB, iteration 2 s, exploitability 0.25"

    def row(name: str) -> list[str]:
        line = next(x for x in lines if x.startswith(name + " ") and "24,576" in x)
        return line.removeprefix(name).split()

    # build x, memory x, iteration, iteration x, exploitability, target
    assert row("adapter")[6:] == ["2.50x", "2.50x", "2", "s", "2.00x", "0.250000000", "<=", "3x"]
    assert row("adapter by node")[6:8] == ["7.00x", "5.00x"]  # the target is the tree's
    assert row("efg")[6:] == ["8.00x", "1.50x", "440", "ms", "1.10x", "0.250000000", "<=", "1.2x"]
    assert row("openspiel")[6:8] == ["-", "-"]  # no ratio of OpenSpiel to itself
    assert SOLVED[0].benchmarks.solver.spiel in "\n".join(lines)
    assert "exploitabilities equal: 1e-12 apart (tolerance 1e-09)" in lines
