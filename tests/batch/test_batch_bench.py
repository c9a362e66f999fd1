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


def test_batch_rows_are_every_rule_set_of_every_game_with_a_kernel() -> None:
    rows = bench.batch_rows(["link", "twenty-four", "pig"], games=20)
    assert [row.name for row in rows] == [
        "link standard", "twenty-four standard", "twenty-four house-rules"
    ]  # fmt: skip
    assert all(row.nbytes > 0 for row in rows)
    assert [row.name for row in bench.batch_rows(["pig"], games=20)] == []
    names = [row.name for row in bench.batch_rows(["liars-dice"], games=20)]
    assert names[-1] == "liars-dice-2x5" and "liars-dice perudo" in names


def test_the_learner_loop_plays_every_game_every_step() -> None:
    game = get_game("link")
    play = bench.learner_play(game, None, games=7)
    assert play is not None
    # A step at the least, a decision in every game each step (reset_done keeps them going).
    assert play(0.0, time.perf_counter).decisions == 7
    assert play(0.05, time.perf_counter).decisions % 7 == 0
    encoded = bench.encoded_play(game, None)
    assert encoded is not None and encoded(0.0, time.perf_counter).decisions > 10
    assert bench.learner_play(get_game("pig"), None) is None


def test_the_vector_env_and_pettingzoo_count_the_first_seats_decisions() -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    game = get_game("twenty-four")
    vector = bench.vector_env_play(game, None, games=5)
    aec = bench.aec_play(game, None)
    assert vector is not None and aec is not None
    # A step of the VectorEnv: the learner's decision in each of its 5 games.
    assert vector(0.0, time.perf_counter).decisions == 5
    # Whole games of the AEC env: seat 0 acts in some, not every, decision of a game.
    assert aec(0.0, time.perf_counter).decisions > 0
    zoo = pytest.importorskip("dicerules.pettingzoo")
    everyone = bench.env_play(zoo.env("twenty-four"))(0.0, time.perf_counter)
    assert aec(0.0, time.perf_counter).decisions < everyone.decisions
    assert bench.vector_env_play(get_game("pig"), None) is None


def test_batch_cells_take_each_ratio_to_its_scalar_row() -> None:
    row = bench.batch_rows(["link"], games=20)[0]
    samples = {
        "scalar": [bench.Sample(100, 0, 1.0)],
        "simulate": [bench.Sample(1_500, 0, 1.0)],
        "encoded": [bench.Sample(40, 0, 1.0), bench.Sample(60, 0, 1.0)],
        "learner": [bench.Sample(250, 0, 1.0)],
    }
    samples["aec"] = [bench.Sample(10, 0, 1.0)]
    samples["vector"] = [bench.Sample(300, 0, 2.0)]
    cells = bench.batch_cells(row, samples)
    # A single run has no spread: "-", never "0%".
    assert cells[:6] == ["link standard", "100", "-", "1,500", "-", "15.00x"]
    assert cells[6:11] == ["50", "40%", "250", "-", "5.00x"]
    assert cells[11:16] == ["10", "-", "150", "-", "15.00x"]
    del samples["encoded"], samples["learner"], samples["aec"], samples["vector"]
    assert bench.batch_cells(row, samples)[6:16] == ["-"] * 10


def test_bench_batch_prints_a_row_a_rule_set() -> None:
    text = list(bench.batch_lines(["link"], 0.01, 1, games=10))
    assert text[0].startswith("dicerules bench --batch: 10 games at a time; 1 run of 0.01 s")
    assert text[-2].split()[:3] == ["game,", "rules", "scalar"]
    assert text[-1].startswith("link standard ")
