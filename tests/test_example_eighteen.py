"""The eighteen example runs, prints the same bytes for the same seed, and tells the truth."""

from __future__ import annotations

import re

from helpers import Run, example_program, replayed_end

import dicerules

run = example_program("eighteen.py")


def record_seed(text: str) -> int:
    return int(dicerules.GameRecord.from_json(text).to_dict()["stream"]["seed"])  # type: ignore[index]


def test_the_narration_agrees_with_the_final_state(run: Run) -> None:
    # Seed 2 ends in a lightning round (seats 1 and 3 both at 19 points).
    lines = run("--seed", "2").splitlines()
    game, state = replayed_end(lines)
    assert game is dicerules.get_game("eighteen")
    (winner,) = game.winners(state)
    assert f"seat {winner} won, with {game.scores(state)[winner]} points." in lines
    standings = [line for line in lines if "Standing: " in line]
    last = re.search(r"Standing: (.*)\.$", standings[-1])
    assert last is not None
    assert tuple(int(n) for n in last[1].split(", ")) == game.scores(state)
    rounds = [line for line in lines if line.startswith("Round ")]
    assert len(rounds) == len(standings) == state.round
    lightning = [line for line in lines if line.startswith("Lightning step")]
    assert len(lightning) == len(state.lightning) > 0
    # Each narrated turn ends in the action that ended it.
    turns = [line for line in lines if re.match(r"  seat \d: .*, (roll|stand)$", line)]
    ended = 0
    again = game.new_game(state.rules, seed=record_seed(lines[-1]))
    for action in game.history(state):
        after = game.apply(again, action)
        seat = game.current_player(again)
        ended += after.round != again.round or game.current_player(after) != seat
        again = after
    assert again == state
    assert len(turns) == ended > 0
