"""The eighteen expert: sees only views, plays legally and repeatably, beats random."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest

from dicerules import bots, play_match, probability
from dicerules.games import eighteen as E

GAMES = 100
"""Seeded games in the contest with random players."""
MIN_WINS = 80
"""Measured: the expert won 98 of the 100 games (a random bot in its seat: 20)."""


class Spy:
    """Passes every call on to ``bot``, checking what it is given and what it returns."""

    def __init__(self, bot: Any, seat: int) -> None:
        self.bot, self.seat, self.calls = bot, seat, 0

    @property
    def name(self) -> str:
        return str(self.bot.name)

    def choose(self, view: object, legal_actions: tuple[E.Action, ...]) -> E.Action:
        assert type(view) is E.View
        assert view.player == self.seat == view.to_act
        if view.house != self.seat:
            assert view.roost_dice == ()  # a player never sees the roost
        action = self.bot.choose(view, legal_actions)
        assert action in legal_actions
        self.calls += 1
        return action  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "rules",
    [
        E.PRESETS["standard"],
        E.PRESETS["twenty-three"],
        E.PRESETS["hosted"],
        E.Rules(players=5, simultaneous_reveal=True, floor_at_zero=True, target=6),
        E.Rules(players=2, target=4),
        E.Rules(players=3, start_points=-3, floor_at_zero=True, target=3),
    ],
    ids=["standard", "twenty-three", "hosted", "hidden-floor", "two", "below-zero-floor"],
)
def test_expert_gets_views_and_plays_legal_actions(rules: E.Rules) -> None:
    for seed in range(3):
        spies = [
            Spy(bots.make("expert", "eighteen", seed=seat), seat) for seat in range(rules.players)
        ]
        final = play_match(E.GAME, rules, spies, seed)
        assert E.is_terminal(final)
        assert sum(spy.calls for spy in spies) == len(E.history(final))


def test_expert_is_deterministic_for_a_seed() -> None:
    def play() -> E.State:
        players = [bots.make("expert", "eighteen", seed=7), bots.make("random", "eighteen", seed=8)]
        return play_match("eighteen", E.Rules(players=2), players, seed=11)  # type: ignore[no-any-return]

    first, second = play(), play()
    assert first == second
    assert E.history(first)


def _view(hand: tuple[int, ...], discards: tuple[int, ...], **changes: Any) -> E.View:
    """Seat 2 to act in a three-seat round with seat 0 the house; seat 1 has stood on 16."""
    state = E.new_game(E.Rules(players=3, permanent_house=0), seed=0)
    view = E.view(state, 2)
    hands = ((), (6, 5, 5), hand)
    return attrs.evolve(view, to_act=2, first=1, hands=hands, discards=discards, **changes)


def test_expert_stands_and_rolls_by_hand_worked_odds() -> None:
    expert = bots.make("expert", "eighteen")
    # 6-6-5 after 5-5-5 discards with 16 shown: standing 29/22, rolling -1/2
    # (tests/test_probability_eighteen.py works both out).
    assert expert.choose(_view((6, 6, 5), (5, 5, 5)), E.legal_actions(E.new_game())) == E.STAND
    # 3-3-3 = 9 loses to every roost of 15 or more and to the 16: standing is -1, and
    # rolling can only do better.
    assert expert.choose(_view((3, 3, 3), (5, 5, 5)), (E.ROLL, E.STAND)) == E.ROLL


def test_expert_uses_a_roost_it_can_see() -> None:
    expert = bots.make("expert", "eighteen")
    # 5-5-4 = 14 after 4-4-4 discards: the roost is 12 to 17 and mostly above 14,
    # so the expert rolls.
    roost = probability.roost_distribution((4, 4, 4), playing=True)
    others = [{16: Fraction(1)}]
    assert probability.roll_points((5, 5, 4), roost, others) > probability.stand_points(
        (5, 5, 4), roost, others
    )
    assert expert.choose(_view((5, 5, 4), (4, 4, 4)), (E.ROLL, E.STAND)) == E.ROLL
    # A view that holds the roost 4-4-5 = 13: 14 beats it for sure (+1), while a 5
    # or a 6 would bust; so it stands.
    seen = _view((5, 5, 4), (4, 4, 4), roost_dice=(4, 4, 5))
    assert expert.choose(seen, (E.ROLL, E.STAND)) == E.STAND


def test_expert_refuses_a_spectator_view() -> None:
    expert = bots.make("expert", "eighteen")
    with pytest.raises(ValueError):
        expert.choose(_view((3, 3, 3), (5, 5, 5), player=None), (E.ROLL, E.STAND))


def _wins(bot: str) -> int:
    """Games (of GAMES, four seats) that ``bot`` wins against three random players."""
    wins = 0
    for game in range(GAMES):
        seat = game % 4
        players = [bots.make("random", "eighteen", seed=100 * game + s) for s in range(4)]
        players[seat] = bots.make(bot, "eighteen", seed=game)
        final = play_match("eighteen", None, players, seed=game)
        wins += seat in E.winners(final)
    return wins


def test_expert_beats_random_by_a_wide_margin() -> None:
    expert, random = _wins("expert"), _wins("random")
    assert expert >= MIN_WINS
    assert expert - random >= 40
