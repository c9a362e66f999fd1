"""eighteen always ends: a permanent house, which takes points no player can win back,
comes with a cap on rounds unless elimination bounds the game."""

from __future__ import annotations

import attrs
import pytest

from dicerules import InvalidRulesError, SeededStream
from dicerules.games import eighteen as E


def test_a_permanent_house_caps_the_rounds_by_default() -> None:
    assert E.Rules(players=2, permanent_house=0).max_rounds == E.PERMANENT_HOUSE_MAX_ROUNDS == 50
    assert E.Rules(players=5, permanent_house=3, max_rounds=7).max_rounds == 7
    assert E.Rules(players=2, permanent_house=0) == E.Rules(
        players=2, permanent_house=0, max_rounds=50
    )
    # A rotating house needs no cap: the points the house takes it can win with.
    assert E.Rules().max_rounds is None
    assert E.Rules(players=2).max_rounds is None


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 2, "permanent_house": 0, "max_rounds": None},
        {"players": 3, "permanent_house": 1, "max_rounds": None, "floor_at_zero": True},
        {"players": 8, "permanent_house": 7, "max_rounds": None},
    ],
)
def test_a_permanent_house_without_a_cap_is_refused(fields: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError, match="max_rounds") as caught:
        E.Rules(**fields)  # type: ignore[arg-type]
    assert "for ever" in str(caught.value)
    with pytest.raises(InvalidRulesError, match="max_rounds"):
        attrs.evolve(E.Rules(), **fields)


def test_a_permanent_house_with_elimination_needs_no_cap() -> None:
    rules = E.Rules(players=3, permanent_house=0, eliminate_at_zero=True, max_rounds=None)
    assert rules.max_rounds is None


def _play(rules: E.Rules, seed: int, choose: str, bound: int) -> int:
    state = E.new_game(rules, seed=seed)
    chooser = SeededStream(seed)
    for count in range(bound):
        if E.is_terminal(state):
            return count
        if choose == "stand":
            action: E.Action = E.STAND
        else:
            (pick,), chooser = chooser.roll(1, 2)
            action = E.legal_actions(state)[pick - 1]
        state = E.apply(state, action)
    raise AssertionError(f"no end within {bound} actions")


@pytest.mark.parametrize("choose", ["stand", "random"])
@pytest.mark.parametrize("players", [2, 3])
def test_the_lone_player_who_drifts_away_from_the_target_still_ends(
    players: int, choose: str
) -> None:
    # The game: a player who always stands was at round 106,753 after 100k
    # actions. Now the cap ends it after 50 rounds.
    rules = E.Rules(players=players, permanent_house=0)
    for seed in range(5):
        assert _play(rules, seed, choose, 10_000) <= 50 * (players - 1) * 6
