"""Engine functions given a state of another game, None or any other object raise
WrongTypeError naming the game, never AttributeError (nor answer for the wrong game)."""

from __future__ import annotations

from typing import Any

import pytest

import dicerules
from dicerules import WrongTypeError

BUILT_IN = ("eighteen", "liars-dice", "link", "twenty-four")
CHECKED = ("legal_actions", "apply", "winners", "scores", "history", "view", "parse_action",
           "describe", "resample_hidden")  # fmt: skip
"""Every function that takes a state, but current_player and is_terminal: they read one
field, and answer for a state of another game that has it too (None is refused)."""


def _call(game: Any, function: str, state: Any) -> Any:
    own = game.new_game(seed=1)
    if function == "apply":
        return game.apply(state, game.legal_actions(own)[0])
    if function == "view":
        return game.view(state, 0)
    if function == "parse_action":
        return game.parse_action(state, game.format_action(game.legal_actions(own)[0]))
    if function == "resample_hidden":
        return game.resample_hidden(state, 0, dicerules.SeededStream(1))
    return getattr(game, function)(state)


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_state_of_another_game_is_a_wrong_type(name: str) -> None:
    game = dicerules.get_game(name)
    others = [dicerules.get_game(n).new_game(seed=1) for n in BUILT_IN if n != name]
    for function in CHECKED:
        if getattr(game, function) is None:
            continue
        for state in (*others, None, object()):
            with pytest.raises(WrongTypeError, match=f"{name} functions take a {name} State"):
                _call(game, function, state)
    for function in ("current_player", "is_terminal"):
        with pytest.raises(WrongTypeError, match="not None"):
            getattr(game, function)(None)
    own = game.new_game(seed=1)
    assert game.apply(own, game.legal_actions(own)[0]) is not None  # its own: no error
