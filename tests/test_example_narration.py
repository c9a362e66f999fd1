"""The narrated examples tell their game in the game's own words, within 80 columns.

Each prints, before its record, exactly what ``dicerules replay`` tells of that record
(after replay's line about the file), and refuses a bad ``--seed`` in one line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import Run, replayed_end

import dicerules

ROOT = Path(dicerules.__file__).resolve().parent.parent
EXAMPLES = [
    ("quickstart.py", "liars-dice", "11", "challenges seat"),
    ("eighteen.py", "eighteen", "2", "Lightning round, step 1: "),  # seats 1 and 3 tie at 19
    ("link.py", "link", "11", " links with B"),
    ("twenty_four.py", "twenty-four", "9", " accepts seat "),  # and a bonus throw
]


@pytest.mark.parametrize(("name", "game", "seed", "told"), EXAMPLES)
def test_an_example_tells_its_game_as_replay_tells_its_record(
    example: Run, name: str, game: str, seed: str, told: str
) -> None:
    out = example(name, "--seed", seed)
    lines = out.splitlines()
    played, state = replayed_end(lines)
    assert played is dicerules.get_game(game)
    assert lines[-3] == ""
    narration = lines[:-3]
    assert any(told in line for line in narration)
    winners = played.winners(state)
    assert any(
        line.startswith("Game over: ") and f"seat {winners[0]}" in line for line in narration
    )
    replayed = subprocess.run(
        [sys.executable, "-m", "dicerules", "replay", "-"],
        input=lines[-1] + "\n", capture_output=True, text=True, timeout=60,
        env={**os.environ, "COLUMNS": "80", "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert replayed.returncode == 0, replayed.stderr
    head = replayed.stdout.splitlines()[: -len(narration)]  # the file, its rules, the dice
    assert " ".join(" ".join(head).split()).endswith("; it replays exactly.")
    assert replayed.stdout.splitlines()[len(head) :] == narration
    assert all(len(line) <= 80 for line in narration)


@pytest.mark.parametrize("seed", ["-1", "x", str(2**64)])
def test_a_bad_seed_is_refused_in_one_line(seed: str) -> None:
    script = ROOT / "examples" / "quickstart.py"
    done = subprocess.run(
        [sys.executable, str(script), "--seed", seed], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout) == (2, "")
    (line,) = done.stderr.splitlines()
    assert line.startswith("quickstart.py: error: argument --seed: ")
    assert seed in line and ("a seed is from 0 to 2**64 - 1" in line or "whole number" in line)
