"""dicerules.facts.returns: what both adapters pay at the end of a game, for every game."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import random_play, seeded_choice

from dicerules import GAMES
from dicerules.facts import returns
from dicerules.game import AnyGame

PRESETS = [
    pytest.param(game, rules, id=f"{name}-{preset}")
    for name, game in GAMES.items()
    for preset, rules in game.presets.items()
]


@pytest.mark.parametrize(("game", "rules"), PRESETS)
def test_returns_are_zero_until_the_end_then_what_the_game_declares(
    game: AnyGame, rules: Any
) -> None:
    seats = game.seats(rules)
    acting = set(game.acting_seats(rules))
    for seed in range(5):
        states = list(random_play(game, game.new_game(rules, seed=seed), seeded_choice(seed)))
        *before, last = states
        assert all(returns(game, state) == (0.0,) * seats for state in before)
        assert game.is_terminal(last)
        paid = returns(game, last)
        assert len(paid) == seats
        if game.payoff is not None:
            change = game.payoff(rules)
            start = change.start
            assert paid == tuple(
                float(e - s) for e, s in zip(game.scores(last), start, strict=True)
            )
            assert all(change.least <= p <= change.most for p in paid)
            if change.zero_sum:
                assert sum(paid) == 0
            continue
        # Won and lost: +1 shared by the winners, -1 by the other acting seats.
        winners = set(game.winners(last))
        losers = acting - winners
        assert sum(paid) == pytest.approx(0.0)
        for seat in range(seats):
            if not (winners and losers) or (seat not in winners and seat not in acting):
                assert paid[seat] == 0.0
            elif seat in winners:
                assert paid[seat] == pytest.approx(1 / len(winners))
            else:
                assert paid[seat] == pytest.approx(-1 / len(losers))
