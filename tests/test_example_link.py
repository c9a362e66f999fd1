"""The link example runs, prints the same bytes for the same seed, and tells the truth."""

from __future__ import annotations

from helpers import Run, example_program, replayed_end

from dicerules.games import link

run = example_program("link.py")


def test_the_example_narrates_the_game_its_record_replays_to(run: Run) -> None:
    lines = run("--seed", "11").splitlines()
    game, state = replayed_end(lines)
    assert game is link.GAME
    counters = ", ".join(f"seat {s}: {n}" for s, n in enumerate(link.scores(state)))
    assert f"Game over after {state.round} rounds. Counters: {counters}." in lines
    winners = link.winners(state)
    best = link.scores(state)[winners[0]]
    assert any(line.endswith(f"with {best} counters.") for line in lines)
    assert all(f"seat {seat}" in lines[-4].lower() for seat in winners)
    # Every action is narrated once, in order, by the seat that took it.
    narrated = [
        line for line in lines if line.startswith("  seat ") and "takes the pot" not in line
    ]
    assert len(narrated) == len(link.history(state))
    outs = sum(1 for action in link.history(state) if action == link.OUT)
    assert sum(1 for line in narrated if line.endswith(" is out")) == outs
    links = sum(1 for a in link.history(state) if isinstance(a, link.Play) and a.blue)
    assert sum(1 for line in narrated if "links with its blue" in line) == links
    rounds = [line for line in lines if line.startswith("Round ")]
    pots = [line for line in lines if "takes the pot" in line]
    assert len(rounds) == len(pots) == state.round
