"""The log-store example: dicerules.testing passes a sound store and catches a broken one."""

from __future__ import annotations

import re
from collections.abc import Callable


def test_the_sound_store_keeps_every_game(example: Callable[..., str]) -> None:
    out = example("log_store.py")
    said = " ".join(out.split())
    found = re.fullmatch(
        r"ok: (\d+) random runs of liar's dice \(2 or 3 seats, 1 or 2 dice each\), (\d+) saves"
        r" of games up to (\d+) actions long: each loaded back as the same state, with the"
        r" same view for every seat and a spectator\.",
        said,
    )
    assert found is not None, out
    runs, saves, longest = map(int, found.groups())
    assert runs >= 50 and saves > runs and longest > 0  # it checked what it says it checked
    assert all(len(line) <= 80 for line in out.splitlines())


def test_the_broken_store_is_caught_with_the_shortest_game(example: Callable[..., str]) -> None:
    lines = example("log_store.py", "--buggy", status=1).splitlines()
    assert lines[0].startswith("The store broke: ReplayError:")
    # The shortest game: the smallest table, no action at all, one save and load.
    assert "Draw 1 (rules): Rules(players=2, dice_per_player=1)" in lines
    assert [line for line in lines if line.startswith("state.")] == [
        "state.new_game(data=data(...))",
        "state.save_and_load()",
        "state.teardown()",
    ]
