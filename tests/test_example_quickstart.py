"""The example programs run, and the same seed prints the same bytes."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import dicerules
from dicerules.games import liars_dice

Run = Callable[..., str]


@pytest.fixture
def run(example: Run) -> Run:
    return functools.partial(example, "quickstart.py")


def test_the_quickstart_prints_the_same_bytes_for_the_same_seed(run: Run) -> None:
    assert run() == run()
    assert run("--seed", "5") == run("--seed", "5")
    assert run("--seed", "5") != run("--seed", "6")


def test_the_quickstart_ends_with_a_record_that_replays_to_its_narrated_end(run: Run) -> None:
    lines = run("--seed", "11").splitlines()
    assert lines[-2] == "Record:"
    state = dicerules.replay(dicerules.GameRecord.from_json(lines[-1]))
    game = dicerules.get_game("liars-dice")
    assert game.is_terminal(state)
    (winner,) = game.winners(state)
    left = game.scores(state)[winner]
    assert f"Seat {winner} wins with {left} dice left." in lines
    # Each round ends in one challenge, which costs one die, and each is narrated.
    challenges = [action for action in game.history(state) if action == liars_dice.CHALLENGE]
    narrated = [line for line in lines if line.endswith("challenges! Cups up:")]
    rounds = [line for line in lines if line.startswith("Round ")]
    lost = state.rules.max_dice - sum(game.scores(state))
    assert len(narrated) == len(challenges) == len(rounds) == state.round == lost
