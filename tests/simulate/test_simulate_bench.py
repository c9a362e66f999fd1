"""bench --simulate: its table and its timing loop, on made-up numbers (nothing timed)."""

from __future__ import annotations

import argparse
import itertools

import pytest

from dicerules import bench


def test_the_table_gives_each_ratio_against_its_base() -> None:
    figures = {
        "play_match loop": bench.Figure(10.0, 0.02),
        "simulate": bench.Figure(10.4, 0.03),
        "2 local workers": bench.Figure(5.6, 0.05),
        "2-worker LocalCluster": bench.Figure(6.0, 0.04),
    }
    lines = bench.simulate_table(figures, 20_000).splitlines()
    assert lines[0].split() == ["run", "time", "spread", "games/s", "speed", "target"]
    assert lines[1].split() == ["play_match", "loop", "10", "s", "2%", "2,000", "-"]
    assert lines[2].split()[-3:] == ["0.96x", ">=", "0.95x"]  # 10.0 / 10.4
    assert lines[3].split()[-3:] == ["1.86x", ">=", "1.7x"]  # 10.4 / 5.6: against simulate
    assert lines[4].split()[-3:] == ["1.73x", ">=", "1.6x"]
    assert all(len(line) <= 80 for line in lines)


def test_runs_are_interleaved_and_summarized() -> None:
    calls: list[str] = []
    ticks = itertools.count()
    runs = {"a": lambda: calls.append("a"), "b": lambda: calls.append("b")}
    figures = bench.time_runs(runs, 3, lambda: float(next(ticks)))
    assert calls == ["a", "b"] * 3
    assert figures == {"a": bench.Figure(1.0, 0.0), "b": bench.Figure(1.0, 0.0)}


def test_the_bare_loop_plays_the_games_simulate_plays() -> None:
    bench.bare_loop("liars-dice", 3)()  # runs; what it times is play_match's games


def test_simulate_needs_a_game_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    bench.configure(parser)
    assert parser.parse_args(["--simulate"]).simulate == 20_000
    assert bench.main(parser.parse_args(["--simulate", "0"])) == 2
    assert "--simulate must be 1 or more" in capsys.readouterr().err


def test_the_quiet_dask_settings_are_dask_settings_changed() -> None:
    pytest.importorskip("distributed")
    from dask import config

    for key, value in bench.QUIET_DASK.items():
        # A misspelt key would be set quietly, and change nothing: each is one of
        # Dask's own, and the value is not its default.
        assert config.get(key) != value, key
