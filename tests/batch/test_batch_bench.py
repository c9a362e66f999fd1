"""bench's batch rows: dicerules.batch timed beside the scalar engine and pyspiel."""

from __future__ import annotations

import time

import pytest

from dicerules import bench, get_game

pytest.importorskip("numpy")


def test_batch_rows_come_beside_the_engines_rows() -> None:
    groups = bench.plan(["pig", "liars-dice-2x5"], batch=20)
    names = [c.name for group in groups for c in group.contenders]
    # pig has no kernel: its batch engine is its scalar engine, which has its row.
    assert names == ["liars-dice-2x5", "liars-dice-2x5 batch", "pig"]
    row = next(c for g in groups for c in g.contenders if c.name == "liars-dice-2x5 batch")
    assert (row.engine, row.has_rounds, row.same_size) == ("liars-dice-2x5", True, True)
    assert [c.name for g in bench.plan(["pig"]) for c in g.contenders] == ["pig"]


def test_a_batch_row_plays_its_games() -> None:
    play = bench.batch_play(get_game("liars-dice"), None, games=30)
    assert play is not None
    sample = play(0.0, time.perf_counter)
    assert sample.decisions > 30 and sample.rounds > 30
