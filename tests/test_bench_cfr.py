"""dicerules bench --cfr: its choice of games and its table. Never its speed."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from dicerules import bench
from dicerules.bench import cfr
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
    monkeypatch.setattr(bench.cfr, "solver_run", lambda game: SOLVER_FIGURES)
    lines = list(bench.cfr_lines([SOLVED[0].name], repeats=2))
    assert made == list(bench.CFR_RUNS) * 2
    # Each run is printed as soon as it is measured, before the table.
    measured = [line for line in lines if line.startswith("  ")]
    assert len(measured) == 12  # and the two solver runs
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
    assert any(line.startswith("dicerules.solvers beside OpenSpiel's C++") for line in lines)


SOLVER_FIGURES: dict[str, float | None] = {
    "nodes": 294883, "walk": 5.0, "ours build": 0.5, "C++ build": 6.0,
    "ours memory": 150 * 2**20, "C++ memory": None,
    "ours cfr": 0.03, "C++ cfr": 0.06, "ours cfr+": 0.032, "C++ cfr+": 0.096,
    "ours cfr exploitability": 0.01, "C++ cfr exploitability": 4.0,
    "ours cfr+ exploitability": 0.02, "C++ cfr+ exploitability": 1.0,
    "cfr exploitability, ours": 0.25, "cfr exploitability, C++": 0.25 + 1e-15,
    "cfr exploitability, ours of C++'s policy": 0.25,
    "cfr+ exploitability, ours": 0.125, "cfr+ exploitability, C++": 0.125,
    "cfr+ exploitability, ours of C++'s policy": 0.125 + 1e-9,
}  # fmt: skip
"""A solver run's figures (``solver_measure``), made up."""


def row_line(lines: list[str], name: str) -> str:
    return next(line for line in lines if line.startswith(name + " "))


def test_the_solver_table_puts_ours_beside_openspiels_cpp(monkeypatch: Any) -> None:
    pytest.importorskip("pyspiel")
    monkeypatch.setattr(bench.cfr, "cfr_build", lambda which, game: {
        "seconds": 1.0, "peak": 2**20, "before": 2**20, "states": 1, "iteration": 1.0,
        "exploitability": 0.25})  # fmt: skip
    monkeypatch.setattr(bench.cfr, "solver_run", lambda game: SOLVER_FIGURES)
    lines = list(bench.cfr_lines([SOLVED[0].name], repeats=1))
    assert [line for line in lines if line.startswith("  solvers:")] == [
        "  solvers: CFR 30 ms vs 60 ms, CFR+ 32 ms vs 96 ms an iteration; exploitability"
        " 20 ms vs 1 s (0.125)"
    ]
    assert row_line(lines, "CFR iteration").split()[2:] == ["30", "ms", "-", "60", "ms", "2.00x",
                                                            ">=", "2x"]  # fmt: skip
    assert row_line(lines, "CFR+ iteration").split()[-3:] == ["3.00x", ">=", "2x"]
    assert row_line(lines, "exploitability, CFR").split()[-3:] == ["400.00x", ">=", "100x"]
    assert row_line(lines, "exploitability, CFR+").split()[-3:] == ["50.00x", ">=", "100x"]
    assert row_line(lines, "memory (RSS growth)").split()[-5:] == ["150", "MB", "-", "-", "-"]
    assert (
        "after CFR, our exploitability of our policy: equal to C++'s, 9.99e-16 apart"
        " (tolerance 1e-12)"
    ) in lines
    assert (
        "after CFR+, our exploitability of C++'s policy: DIFFERS from C++'s, 1e-09 apart"
        " (tolerance 1e-12)"
    ) in lines
    rows = bench.cfr.solver_rows([SOLVER_FIGURES, {**SOLVER_FIGURES, "ours cfr": 0.06}])
    iteration = next(row for row in rows if row.what == "CFR iteration")
    assert (iteration.ours, iteration.theirs, iteration.spread) == (0.045, 0.06, 30 / 45)
    assert iteration.ratio == pytest.approx(0.06 / 0.045)


def test_a_solver_run_measures_ours_and_openspiels_on_one_tree() -> None:
    pytest.importorskip("pyspiel")
    from test_tree import openspiel_rules

    found = bench.cfr.solver_measure(GAMES["liars-dice"], openspiel_rules(3), iterations=3)
    assert found["nodes"] == 1147
    for variant in ("cfr", "cfr+"):
        expected = found[f"{variant} exploitability, C++"]
        assert found[f"{variant} exploitability, ours"] == pytest.approx(expected, abs=1e-12)
        assert found[f"{variant} exploitability, ours of C++'s policy"] == pytest.approx(
            expected, abs=1e-12
        )
        for side in ("ours", "C++"):
            assert found[f"{side} {variant}"] > 0 and found[f"{side} {variant} exploitability"] > 0


def test_a_recorded_cfr_run_fills_the_readme_tables_cfr_rows(monkeypatch: Any) -> None:
    pytest.importorskip("pyspiel")
    from pathlib import Path

    from helpers import load_file

    from dicerules.bench import record

    readme = load_file("bench_readme", Path(__file__).parent / "bench" / "readme.py")
    monkeypatch.setattr(bench.cfr, "cfr_build", lambda which, game: {
        "seconds": 1.0, "peak": 2**20, "before": 2**20, "states": 1, "iteration": 1.0,
        "exploitability": 0.25})  # fmt: skip
    monkeypatch.setattr(bench.cfr, "solver_run", lambda game: SOLVER_FIGURES)
    with record.recording("dicerules bench --cfr") as made:
        list(bench.cfr_lines([SOLVED[0].name], repeats=2))
    cfr_lines = [line for line in readme.TABLE if "--cfr" in line.command]
    assert len(cfr_lines) == 4
    for line in cfr_lines:
        cells = readme.cells(line, made.rows)
        assert cells[1] != "not recorded", line.what
        assert "CPU time" in cells[3], line.what
    faster = next(line for line in cfr_lines if line.what.startswith("`dicerules.solvers`'"))
    assert readme.cells(faster, made.rows)[1] == "2.00x; 3.00x"  # C++'s time over ours


def test_a_child_s_peak_memory_is_its_own_not_its_parent_s() -> None:
    # A parent holding 200 MB: the child it starts must not report them as its own
    # peak (ru_maxrss carries the parent's across fork and exec).
    held = bytearray(200 * 2**20)
    held[:: 2**12] = b"\x01" * len(held[:: 2**12])  # every page resident
    child = cfr._PEAK_SOURCE + "print(peak())"
    done = subprocess.run([sys.executable, "-c", child], check=True, capture_output=True, text=True)
    assert 0 < int(done.stdout) < 100 * 2**20, done.stdout
    del held
