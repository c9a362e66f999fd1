"""The liars-dice expert that reads the bids, and the ``odds`` bot it is measured against.

The direction test plays fixed seeds, so its counts are facts, not samples that may
wobble: the expert wins far more than half of them against ``odds``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from helpers import Scripted

import dicerules
from dicerules import ScriptedStream, bots
from dicerules.games import liars_dice as ld
from dicerules.games.liars_dice import CALZA, CHALLENGE, Bid, Calza, Rules, View
from dicerules.games.liars_dice.expert import (
    Expert,
    OddsExpert,
    _evidence,
    _hand_index,
    _likelihood,
    _Table,
)

GAME = dicerules.get_game("liars-dice")
SCRIPTED = Scripted(ld)
PERUDO = Rules.preset("perudo")


def seat_view(rules: Rules, dice: tuple[int, ...], *moves: str) -> tuple[View, tuple[Any, ...]]:
    """The view and legal actions of the seat to act, after ``moves`` in a scripted game."""
    return SCRIPTED.seat_view(
        SCRIPTED.start(attrs.evolve(rules, first_opener="seat0"), *dice), *moves
    )


def duel(preset: str, players: int, games: int) -> int:
    """Games the expert wins against ``odds`` bots, seats rotated, fixed seeds."""
    rules = attrs.evolve(GAME.presets[preset], players=players)
    wins = 0
    for number in range(games):
        seat = number % players
        seated: list[Any] = [OddsExpert(7 * number + s) for s in range(players)]
        seated[seat] = Expert(7 * number + seat)
        final = dicerules.play_match(GAME, rules, seated, seed=number)
        wins += seat in GAME.winners(final)
    return wins


# ------------------------------------------------------------------- the names


def test_odds_is_a_named_bot_of_liars_dice_only() -> None:
    assert bots.names("liars-dice") == ("random", "uniform", "expert", "odds")
    assert type(bots.make("odds", "liars-dice", seed=3)) is OddsExpert
    assert type(bots.make("expert", GAME, seed=3)) is Expert
    assert bots.make("odds", GAME).name == "odds"
    for name in ("eighteen", "link", "twenty-four"):
        assert bots.names(name) == ("random", "uniform", "expert")
        with pytest.raises(ValueError, match="odds"):
            bots.make("odds", name)


# ------------------------------------------------------------ what it believes


def test_a_bid_makes_the_faces_it_names_likelier_under_that_cup() -> None:
    # Heads up, classic, three dice each: seat 1 opened 2x5. A sensible bidder names
    # a face it holds; the expert (seat 0) now expects more fives under seat 1's cup
    # than the dice alone promise (3 x 2/6 = 1 with wild ones).
    rules = attrs.evolve(Rules.preset("classic"), players=2)
    state = ld.new_game(attrs.evolve(rules, first_opener="seat0"), stream=ScriptedStream(
        (2, 3, 4, 5, 5, 6)))  # fmt: skip
    state = ld.apply(state, Bid(1, 2))
    state = ld.apply(state, Bid(2, 5))
    view = ld.view(state, 0)
    rolled = _Table(view, {}, {})._unseen_counts(5)
    read = _Table(view, _evidence(view), {})._unseen_counts(5)
    mean = sum(c * p for c, p in enumerate(read))
    assert sum(c * p for c, p in enumerate(rolled)) == pytest.approx(1.0)
    assert mean > 1.3


def test_a_hand_that_cannot_back_a_bid_is_unlikely_to_have_made_it() -> None:
    # Two seats of three dice: a sensible bidder holding 5-5-5 bids 3x5 after 1x2; one
    # holding 2-3-4 would not (its best bids are far likelier), so only the noise is left.
    evidence = ((3,), 6, True, False, "low", False, Bid(1, 2), Bid(3, 5))
    likely = _likelihood(3, *evidence)
    index = _hand_index(3, 6)
    assert likely[index[(5, 5, 5)]] > 5 * likely[index[(2, 3, 4)]]


def test_challenges_a_bid_that_cannot_hold() -> None:
    # Perudo, two seats of two dice: seat 1 holds 2-3 and faces 4x6, which needs four
    # sixes or ones among the two dice it cannot see. The raises left (2x1 to 4x1) are
    # long shots too; the challenge cannot lose.
    view, legal = seat_view(attrs.evolve(PERUDO, players=2, dice_per_player=2),
                            (5, 5, 2, 3), "4x6")  # fmt: skip
    assert legal[-2:] == (CHALLENGE, CALZA)
    assert {Expert(seed).choose(view, legal) for seed in range(10)} == {CHALLENGE}


# ------------------------------------------------------------------ it plays


@pytest.mark.parametrize("preset", ["classic", "norwegian", "perudo"])
def test_plays_every_preset_legally_and_the_same_for_a_seed(preset: str) -> None:
    rules = attrs.evolve(GAME.presets[preset], players=3)
    played = []
    for _ in range(2):
        seated = [Expert(1), bots.make("odds", GAME, seed=2), Expert(3)]
        final = dicerules.play_match(GAME, rules, seated, seed=11)
        played.append(GAME.history(final))
    assert played[0] == played[1]


def test_calls_calza_and_plays_palifico_rounds() -> None:
    rules = attrs.evolve(PERUDO, players=2)
    calls = palificos = 0
    for number in range(40):
        final = dicerules.play_match(GAME, rules, [Expert(number), Expert(number + 1)], number)
        calls += sum(type(action) is Calza for action in GAME.history(final))
        palificos += len(final.palificos)
    assert calls > 0 and palificos > 0


def test_wins_far_more_than_the_odds_bot_on_fixed_seeds() -> None:
    # Counts from fixed seeds (they change only if the bots or the engine do): heads
    # up the expert wins most of 60 games; at four seats, far more than a quarter.
    heads_up = duel("classic", 2, 60)
    assert heads_up >= 42, heads_up
    perudo = duel("perudo", 2, 40)
    assert perudo >= 34, perudo
    four = duel("norwegian", 4, 24)
    assert four >= 12, four
