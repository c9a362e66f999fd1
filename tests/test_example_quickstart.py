"""The example programs run, and the same seed prints the same bytes."""

from __future__ import annotations

from helpers import Run, example_program, replayed_end

import dicerules
from dicerules.games import liars_dice

run = example_program("quickstart.py")


def test_the_quickstart_ends_with_a_record_that_replays_to_its_narrated_end(run: Run) -> None:
    lines = run("--seed", "11").splitlines()
    game, state = replayed_end(lines)
    assert game is dicerules.get_game("liars-dice")
    (winner,) = game.winners(state)
    left = game.scores(state)[winner]
    assert f"Seat {winner} wins with {left} dice left." in lines
    # Each round ends in one challenge, which costs one die, and each is narrated.
    challenges = [action for action in game.history(state) if action == liars_dice.CHALLENGE]
    narrated = [line for line in lines if line.endswith("challenges! Cups up:")]
    rounds = [line for line in lines if line.startswith("Round ")]
    lost = state.rules.max_dice - sum(game.scores(state))
    assert len(narrated) == len(challenges) == len(rounds) == state.round == lost
