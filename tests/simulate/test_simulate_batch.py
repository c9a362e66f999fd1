"""simulate_batch and ``simulate --batch``: the batch engines give simulate's own numbers."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy", reason="the batch engines need NumPy")

from cli.cli_helpers import cli

import dicerules
from dicerules.records import GameRecord
from dicerules.simulate import simulate, simulate_batch


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_simulate_batch_is_simulate_with_uniform_bots(name: str) -> None:
    game = dicerules.get_game(name)
    if game.distinct_actions is None:
        pytest.skip(f"{name} has no action ids, so no batch engine")
    for preset, rules in game.presets.items():
        scalar = simulate(game, 40, bots=("uniform",), rules=rules, seed=5)
        batched = simulate_batch(game, 40, rules=rules, seed=5, chunk=16)
        assert batched.outcomes == scalar.outcomes, (name, preset)
        assert batched.table() == scalar.table(), (name, preset)
        assert batched.to_rows() == scalar.to_rows(), (name, preset)


def test_the_command_line_batch_prints_the_same_table() -> None:
    plain = cli("simulate", "liars-dice", "--games", "60", "--bots", "uniform", "--seed", "3")
    batched = cli(
        "simulate", "liars-dice", "--games", "60", "--bots", "uniform", "--seed", "3", "--batch"
    )
    assert batched.status == plain.status == 0, batched.err
    assert batched.out == plain.out


@pytest.mark.parametrize(
    ("extra", "word"),
    [
        (("--bots", "random"), "--bots uniform"),
        (("--bots", "uniform", "--records", "x.jsonl"), "drop --records"),
        (("--bots", "uniform", "--workers", "2"), "drop --workers"),
    ],
)
def test_batch_is_refused_where_it_cannot_serve(extra: tuple[str, ...], word: str) -> None:
    done = cli("simulate", "link", "--games", "5", "--batch", *extra)
    assert done.status == 2
    assert word in done.err, done.err


def test_simulate_records_say_who_played(tmp_path: object) -> None:
    path = f"{tmp_path}/run.jsonl"
    sim = simulate("liars-dice", 3, bots=("expert", "random", "random", "random"), records=path)
    with open(path) as file:
        lines = file.read().splitlines()
    assert len(lines) == 3
    for index, line in enumerate(lines):
        tags = json.loads(line)["tags"]
        assert tags["players"] == list(sim.outcomes[index].seating)
        assert tags["dicerules"] == dicerules.__version__
        assert "date" not in tags  # a run's file is the same whenever it is played
        assert GameRecord.from_json(line).tags is not None
