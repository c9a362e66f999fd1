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
        return {"seconds": 5.0, "peak": 250 * 2**20, "before": 80 * 2**20, "states": 24576}

    monkeypatch.setattr(bench, "cfr_build", build)
    lines = list(bench.cfr_lines([SOLVED[0].name], repeats=2))
    assert made == ["openspiel", "adapter"] * 2
    adapter = next(line for line in lines if line.startswith("adapter "))
    native = next(line for line in lines if line.startswith("openspiel "))
    assert SOLVED[0].benchmarks.solver.spiel in "\n".join(lines)
    cells = adapter.split()
    assert cells.count("2.50x") == 2  # time and memory, each over OpenSpiel's
    assert "24,576" in cells and "250" in cells and "80" in cells
    assert adapter.endswith("<= 3x")
    assert "x" not in native.split()[-1]  # no ratio of OpenSpiel to itself
