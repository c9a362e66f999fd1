"""The log-store example: dicerules.testing passes a sound store and catches a broken one."""

from __future__ import annotations

from collections.abc import Callable


def test_the_sound_store_keeps_every_game(example: Callable[..., str]) -> None:
    assert example("log_store.py") == "ok\n"


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
