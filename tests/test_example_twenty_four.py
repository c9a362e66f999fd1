"""The twenty-four example runs, prints the same bytes for a seed, and tells the truth."""

from __future__ import annotations

from helpers import Run, example_program, replayed_end

import dicerules

run = example_program("twenty_four.py")


def test_the_example_agrees_with_the_game_its_record_replays_to(run: Run) -> None:
    lines = run().splitlines()
    game, state = replayed_end(lines)
    assert game is dicerules.get_game("twenty-four")
    final = ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(game.scores(state)))
    assert f"Final money: {final}." in lines
    winners = " and ".join(f"seat {s}" for s in game.winners(state))
    assert f"Winner(s): {winners}." in lines
    # One narrated line per action, and one "Turn" header per turn.
    acted = [line for line in lines if line.startswith("  seat ")]
    assert len(acted) == len(game.history(state))
    turns = [line for line in lines if line.startswith("Turn ")]
    assert len(turns) == state.rules.turns == 12
    # The default seed shows settlements and bonus throws; money sums to zero each turn.
    assert any(line.endswith(": accept") for line in acted)
    assert any(line.startswith("  Bonus throws for ") for line in lines)
    changes = [line for line in lines if line.startswith("  Money this turn: ")]
    assert len(changes) == 12
    for line in changes:
        values = [
            int(part.split()[-1]) for part in line[len("  Money this turn: ") : -1].split(", ")
        ]
        assert sum(values) == 0


def test_the_example_tells_a_failed_bonus_as_it_was_paid(run: Run) -> None:
    # Seed 6: seat 1 stands on 29 and throws no five; seat 2 settled for 7, so the
    # roller pays 5 to seats 0 and 3 (house rules: the failed bonus pays).
    lines = run("--seed", "6").splitlines()
    at = lines.index(
        "  Bonus throws for 5s: 6-1-3-6-4, then 1-4-2-1-2. No 5s: seat 1 pays 5"
        " to each seat still in."
    )
    assert lines[at + 1] == "  Money this turn: seat 0 +5, seat 1 -3, seat 2 -7, seat 3 +5."
    assert not any("0 hit(s)" in line for line in lines)
