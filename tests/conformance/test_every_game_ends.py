"""Every game ends: random play of every registered game, under every preset and under
any rules ``dicerules.testing.rules`` draws, finishes within a stated number of actions.

Rules under which a game could go on for ever are refused by the game's Rules class
(or bounded by a default); this is the check that none slipped through. Only the
Game protocol is used, so a registered plugin gets the check too.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import dicerules
from dicerules import SeededStream
from dicerules.testing import rules as any_rules

PRESET_BOUND = 5_000
"""Random play under a preset ends within this many actions."""

ANY_RULES_BOUND = 50_000
"""Random play under any valid rules ends within this many actions (the longest games
the fields allow, such as a hundred rounds of many seats, stay well below it)."""

SEEDS = range(20)


def play_to_the_end(game: Any, rules: Any, seed: int, bound: int) -> int:
    """The number of actions a random game takes; AssertionError past ``bound``, or past
    the game's own ``max_length`` for these rules where it declares one."""
    declared = game.max_length(rules)
    if declared is not None:
        bound = min(bound, declared)
    state = game.new_game(rules, seed=seed)
    chooser = SeededStream(seed)
    for count in range(bound + 1):
        if game.is_terminal(state):
            return count
        legal = game.legal_actions(state)
        (index,), chooser = chooser.roll(1, len(legal))
        state = game.apply(state, legal[index - 1])
    raise AssertionError(
        f"{game.name} with {rules!r}, seed {seed}: no end within {bound} random actions"
    )


CASES = [(name, preset) for name, game in dicerules.GAMES.items() for preset in game.presets]


@pytest.mark.parametrize(("name", "preset"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_random_play_of_every_preset_ends(name: str, preset: str) -> None:
    game = dicerules.get_game(name)
    for seed in SEEDS:
        play_to_the_end(game, game.presets[preset], seed, PRESET_BOUND)


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_random_play_under_any_rules_ends(name: str) -> None:
    game = dicerules.get_game(name)

    @settings(
        max_examples=max(30, settings().max_examples),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        # No shrinking: each try of an endless game costs the whole bound, and the
        # message already names the rules and the seed.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )
    @given(rules=any_rules(game), seed=st.integers(0, 2**64 - 1))
    def ends(rules: Any, seed: int) -> None:
        play_to_the_end(game, rules, seed, ANY_RULES_BOUND)

    ends()
