"""The your_bot example runs, tells the matches it played, and its bot plays legally."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import load_file

import dicerules
from dicerules import bots
from dicerules.games import liars_dice

Run = Callable[..., str]
SOURCE = Path(__file__).resolve().parent.parent / "examples" / "your_bot.py"


@pytest.fixture
def run(example: Run) -> Run:
    return functools.partial(example, "your_bot.py")


@pytest.fixture(scope="module")
def module() -> ModuleType:
    return load_file("your_bot", SOURCE)


def test_the_example_prints_the_matches_it_plays(run: Run, module: ModuleType) -> None:
    out = run("--games", "12", "--seed", "40")
    assert out == run("--games", "12", "--seed", "40")
    lines = out.splitlines()
    assert lines[0] == "liars-dice, classic rules, 2 seats of 5 dice; 12 games a match."
    for line, opponent in zip(lines[1:], ("random", "expert"), strict=True):
        mine, theirs = module.match(opponent, 12, 40)
        assert mine + theirs == 12
        assert line.split() == ["cautious", str(mine), "-", str(theirs), opponent]


def test_the_bot_sees_views_and_answers_legally(module: ModuleType) -> None:
    seen: list[tuple[Any, tuple[Any, ...]]] = []

    class Watched(module.Cautious):  # type: ignore[name-defined,misc]
        def choose(self, view: Any, legal_actions: tuple[Any, ...]) -> Any:
            seen.append((view, legal_actions))
            action = super().choose(view, legal_actions)
            assert action in legal_actions
            return action

    for seed in range(10):
        expert = bots.make("expert", "liars-dice", seed=seed)
        final = dicerules.play_match("liars-dice", module.RULES, [Watched(), expert], seed)
        assert liars_dice.is_terminal(final)
    assert seen and all(type(view) is liars_dice.View for view, _ in seen)


def test_the_bot_challenges_a_bid_it_cannot_believe(module: ModuleType) -> None:
    # Seat 1 holds two dice, neither a five nor a one; seat 0 has bid 3x5 on the two
    # dice seat 1 cannot see: 3 fives need 3 of 2 dice, which cannot be.
    rules = liars_dice.Rules(players=2, dice_per_player=2, first_opener="seat0")
    state = liars_dice.new_game(rules, stream=dicerules.ScriptedStream([2, 3, 2, 4]))
    state = liars_dice.apply(state, liars_dice.Bid(3, 5))
    view = liars_dice.view(state, 1)
    assert module.Cautious().choose(view, liars_dice.legal_actions(state)) == liars_dice.CHALLENGE
