"""Hypothesis properties of eighteen over random legal play.

Every example draws rules (every field over its range, with the cross-field checks
respected; small targets so that games end), a seed, and then the actions, one
choice between ``roll`` and ``stand`` at a time, so a failure shrinks to a short
action log. The engine is run side by side with a small reference model written
here from shared/rules/eighteen.md: its own SplitMix64 dice, its own house choice,
turn order, scoring, end of round and lightning round. The loop is
``helpers.random_play``, which also checks every promise of ``dicerules.testing`` at
each step; the rules over every field's whole range are ``dicerules.testing.rules``.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest
from helpers import Beside, SeededDice, drawn_beside
from hypothesis import given
from hypothesis import strategies as st

import dicerules
from dicerules import IllegalActionError, record, replay, testing
from dicerules.games import eighteen as e

GAME = dicerules.get_game("eighteen")

MAX_STEPS = 120
"""Actions per example (a game with a far target need not end: that is fine)."""

# ---------------------------------------------------------------- strategies


@st.composite
def rules_strategy(draw: st.DrawFn, target_high: int) -> e.Rules:
    """Any valid Rules, with a target up to ``target_high`` (``testing.rules`` draws
    over every field's whole range)."""
    players = draw(st.integers(2, 8))
    permanent = draw(st.none() | st.integers(0, players - 1))
    target = draw(st.integers(1, target_high))
    start = draw(st.integers(-99, min(99, target - 1)))
    eliminate = draw(st.booleans()) and (permanent is None or players >= 3)
    # A permanent house needs a cap on rounds, unless elimination bounds the game.
    capped = permanent is not None and not eliminate
    max_rounds = draw(st.integers(1, 1000) if capped else st.none() | st.integers(1, 1000))
    return e.Rules(
        players=players,
        permanent_house=permanent,
        target=target,
        start_points=start,
        floor_at_zero=draw(st.booleans()),
        eliminate_at_zero=eliminate,
        roost18_players_lose=draw(st.booleans()),
        simultaneous_reveal=draw(st.booleans()),
        max_rounds=max_rounds,
    )


SEEDS = st.integers(0, 2**64 - 1)


# ------------------------------------------------------------ the reference model


def counts(hand: list[int]) -> int:
    """Rule 5: -1 for bust (below any total), 18 for six dice, else the sum."""
    if sum(hand) > 18:
        return -1
    return 18 if len(hand) == 6 else sum(hand)


class Model:
    """Eighteen as shared/rules/eighteen.md says it, in plain mutable Python."""

    def __init__(self, rules: e.Rules, dice: SeededDice) -> None:
        self.rules = rules
        self.dice = dice
        n = rules.players
        self.points = [rules.start_points] * n
        self.out = [False] * n
        self.winners: tuple[int, ...] = ()
        self.over = False
        self.rounds_scored: list[int] = []
        if rules.permanent_house is None:
            contenders = list(range(n))
            while True:
                totals = [sum(dice.take(3)) for _ in contenders]
                high = max(totals)
                contenders = [s for s, t in zip(contenders, totals, strict=True) if t == high]
                if len(contenders) == 1:
                    break
            self.house = contenders[0]
            self.first = (self.house + 1) % n
        else:
            self.house = rules.permanent_house
            self.first = (self.house + 1) % n
        self.round = 1
        self.begin_round()

    def can_win(self, seat: int) -> bool:
        return seat != self.rules.permanent_house

    def begin_round(self) -> None:
        n = self.rules.players
        while True:
            house_dice = sorted(self.dice.take(6))
            self.roost_dice = tuple(house_dice[3:])
            self.players = [
                s
                for s in ((self.first + k) % n for k in range(n))
                if not self.out[s] and s != self.house
            ]
            self.hands: list[list[int]] = [[] for _ in range(n)]
            if sum(self.roost_dice) != 18:
                self.turn = 0
                self.hands[self.players[0]] = self.dice.take(3)
                return
            changes = [0] * n
            if self.rules.roost18_players_lose:
                for seat in self.players:
                    changes[seat] -= 1
                    changes[self.house] += 1
            self.add(changes)
            if self.end_round():
                return

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.players[self.turn]

    def act(self, action: e.Action) -> None:
        seat = self.players[self.turn]
        if action == e.ROLL:
            self.hands[seat] += self.dice.take(1)
            if sum(self.hands[seat]) <= 18 and len(self.hands[seat]) < 6:
                return
        self.turn += 1
        if self.turn < len(self.players):
            self.hands[self.players[self.turn]] = self.dice.take(3)
            return
        roost = sum(self.roost_dice)
        changes = [0] * self.rules.players
        totals = {seat: counts(self.hands[seat]) for seat in self.players}
        for seat, total in totals.items():
            if total < roost:  # bust counts -1
                changes[seat] -= 1
                changes[self.house] += 1
            elif total > roost:
                changes[seat] += 1
            if total >= 0:
                changes[seat] += sum(1 for o, t in totals.items() if o != seat and t < total)
        self.add(changes)
        if not self.end_round():
            self.begin_round()

    def add(self, changes: list[int]) -> None:
        self.points = [p + c for p, c in zip(self.points, changes, strict=True)]
        if self.rules.floor_at_zero:
            self.points = [max(0, p) for p in self.points]
        self.rounds_scored.append(self.round)

    def finish(self, winners: list[int]) -> bool:
        self.winners = tuple(sorted(winners))
        self.over = True
        return True

    def end_round(self) -> bool:
        """Rule 8 (and 9): True if the game is over, else the next round is set up."""
        rules, n = self.rules, self.rules.players
        were_in = [s for s in range(n) if not self.out[s] and self.can_win(s)]
        if rules.eliminate_at_zero:
            for s in range(n):
                if self.can_win(s) and self.points[s] <= 0:
                    self.out[s] = True
            left = [s for s in range(n) if not self.out[s] and self.can_win(s)]
            if len(left) == 1:
                return self.finish(left)
            if not left:
                best = max(self.points[s] for s in were_in)
                return self.finish([s for s in were_in if self.points[s] == best])
        reached = [
            s
            for s in range(n)
            if not self.out[s] and self.can_win(s) and self.points[s] >= rules.target
        ]
        if len(reached) == 1:
            return self.finish(reached)
        if reached:
            return self.finish([self.lightning(reached)])
        if rules.max_rounds is not None and self.round == rules.max_rounds:
            still = [s for s in range(n) if not self.out[s] and self.can_win(s)]
            best = max(self.points[s] for s in still)
            return self.finish([s for s in still if self.points[s] == best])
        if rules.permanent_house is None:
            self.house = self.left_of(self.house, None)
            self.first = self.left_of(self.house, self.house)
        else:
            self.first = self.left_of(self.first, self.house)
        self.round += 1
        return False

    def left_of(self, seat: int, skip: int | None) -> int:
        n = self.rules.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if not self.out[other] and other != skip:
                return other
        raise AssertionError("no seat to the left")

    def lightning(self, contenders: list[int]) -> int:
        sixes = dict.fromkeys(contenders, 0)
        while True:
            for seat in contenders:
                sixes[seat] += self.dice.take(3 - sixes[seat]).count(6)
            full = [seat for seat in contenders if sixes[seat] == 3]
            if len(full) == 1:
                return full[0]
            if full:
                contenders = full
                sixes = dict.fromkeys(contenders, 0)


# ----------------------------------------------------------------- the checks


def check_against_model(state: e.State, model: Model) -> None:
    assert GAME.scores(state) == tuple(model.points)
    assert GAME.current_player(state) == model.to_act
    assert GAME.winners(state) == model.winners
    assert state.out == tuple(model.out)
    assert [r.round for r in state.results] == model.rounds_scored[-len(state.results) :]
    if model.over:
        assert GAME.is_terminal(state) and GAME.legal_actions(state) == ()
        return
    assert state.round == model.round and state.house == model.house
    assert state.first == model.first and state.order == tuple(model.players)
    assert state.roost_dice == model.roost_dice
    assert state.hands == tuple(tuple(hand) for hand in model.hands)
    assert GAME.legal_actions(state) == (e.ROLL, e.STAND)
    assert model.to_act != state.house


def check_views(state: e.State) -> None:
    """Only the house sees the roost (``check_state`` redraws what each seat may not
    know and compares the views)."""
    seats = (None, *range(state.rules.players))
    for seat in seats:
        view = GAME.view(state, seat)
        assert view.roost_dice == (state.roost_dice if seat == state.house else ())
        if state.rules.simultaneous_reveal:
            assert all(not hand for s, hand in enumerate(view.hands) if s != seat)
        else:
            assert view.hands == state.hands


def each_step(state: e.State, action: e.Action, after: e.State) -> None:
    # Points only move between seats, or are gained: never is a point lost in all.
    assert sum(after.points) >= sum(state.points)


def play(data: st.DataObject, rules: e.Rules, seed: int, steps: int) -> Iterator[e.State]:
    """Play from a new game beside the model, checking every step; yields the states.

    Each action is drawn between roll and stand, shrinking toward standing at once.
    """
    model = Beside(lambda: Model(rules, SeededDice(seed)), Model.act, check_against_model)
    start = GAME.new_game(rules, seed=seed)
    return drawn_beside(
        GAME, start, data, steps, model, each_state=check_views, each_step=each_step
    )


def finish(state: e.State) -> None:
    assert replay(record(state)) == state
    if GAME.is_terminal(state):
        assert GAME.winners(state)
        assert state.rules.permanent_house not in GAME.winners(state)
        for action in (e.ROLL, e.STAND):
            with pytest.raises(IllegalActionError):
                GAME.apply(state, action)


# ------------------------------------------------------------------ the tests


@given(data=st.data(), rules=testing.rules(GAME), seed=SEEDS)
def test_seeded_play_follows_the_rules(data: st.DataObject, rules: e.Rules, seed: int) -> None:
    states = list(play(data, rules, seed, MAX_STEPS))
    finish(states[-1])


@given(data=st.data(), rules=rules_strategy(target_high=6), seed=SEEDS)
def test_games_with_a_near_target_end(data: st.DataObject, rules: e.Rules, seed: int) -> None:
    capped = attrs.evolve(rules, max_rounds=min(rules.max_rounds or 30, 30))
    states = list(play(data, capped, seed, 2000))
    assert GAME.is_terminal(states[-1])
    finish(states[-1])


@given(data=st.data(), preset=st.sampled_from(list(e.PRESETS)), seed=SEEDS)
def test_every_preset_follows_the_rules(data: st.DataObject, preset: str, seed: int) -> None:
    states = list(play(data, e.PRESETS[preset], seed, MAX_STEPS))
    finish(states[-1])
