"""Hypothesis properties of twenty-four over random legal play.

Every example draws rules (every Rules field over its whole range, the seat that
starts among the seats there are), a dice source (a seed, or a short script so that
running out of dice is tried too) and then the actions, one index into
``legal_actions`` at a time, so a failure shrinks to a short action log. The engine
runs side by side with a small reference model written here from
shared/rules/twenty-four.md: its own dice source, first stage, totals, low-score
bonus, settlements, bonus throws and turn order, speaking only in notation. The loop
is ``helpers.random_play``, which also checks every promise of ``dicerules.testing``
at each step (the zero-sum conservation law among them); the rules over every
field's whole range are ``dicerules.testing.rules``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import Beside, ScriptedDice, SeededDice, drawn_beside
from hypothesis import given
from hypothesis import strategies as st

import dicerules
from dicerules import ScriptedStream, SeededStream, record, replay, testing
from dicerules.games import twenty_four as tf
from dicerules.testing import check_illegal

GAME = dicerules.get_game("twenty-four")

MAX_STEPS = 50
"""Actions per example (long games need not finish; short ones do)."""

# ---------------------------------------------------------------- strategies


@st.composite
def rules_strategy(
    draw: st.DrawFn, players: tuple[int, int], rotations: tuple[int, int]
) -> tf.Rules:
    """Small rules: the given ranges of players and rotations, every value of the rest
    (``testing.rules`` draws over every field's whole range)."""
    count = draw(st.integers(*players))
    return tf.Rules(
        players=count,
        rotations=draw(st.integers(*rotations)),
        first_player=draw(st.integers(0, count - 1)),
        keep_rule=draw(st.sampled_from(("highest", "any_value"))),
        low_score_bonus=draw(st.sampled_from(("off", "full_play", "any"))),
        failed_bonus_pays=draw(st.booleans()),
        settlements=draw(st.booleans()),
    )


SEEDS = st.integers(0, 2**64 - 1)


# ------------------------------------------------------------ the reference model


class Model:
    """The rules page, played literally: the roller throws, keeps, stops; others settle."""

    def __init__(self, rules: tf.Rules, dice: Any) -> None:
        self.rules = rules
        self.dice = dice
        self.n = rules.players
        self.money = [0] * self.n
        self.turns_left = rules.players * rules.rotations
        self.roller = rules.first_player
        self.over = False
        self.begin_turn()

    def begin_turn(self) -> None:
        self.thrown = self.dice.take(5)
        self.kept: list[int] = []
        self.phase = "throw"
        self.asked = -1
        self.offered = 0
        self.settled: set[int] = set()

    def others(self) -> list[int]:
        return [(self.roller + k) % self.n for k in range(1, self.n)]

    def to_act(self) -> int | None:
        if self.over:
            return None
        return self.roller if self.phase in ("throw", "answer") else self.asked

    def moves(self) -> list[str]:
        if self.over:
            return []
        if self.phase == "throw":
            values = sorted(set(self.thrown), reverse=True)
            if self.rules.keep_rule == "highest":
                values = values[:1]
            keeps = [f"keep {n}x{v}" for v in values for n in range(1, self.thrown.count(v) + 1)]
            return [*keeps, "stop"]
        if self.phase == "offer":
            return [f"offer {q}" for q in range(1, 5 * self.d + 1)] + ["no offer"]
        return ["accept", "refuse"]

    def pay(self, payer: int, payee: int, amount: int) -> None:
        self.money[payer] -= amount
        self.money[payee] += amount

    def act(self, move: str) -> None:
        assert move in self.moves(), (move, self.moves())
        if move == "stop":
            self.stage_over(self.kept + self.thrown, stopped=True)
        elif move.startswith("keep"):
            n, v = map(int, move.split()[1].split("x"))
            self.kept += [v] * n
            if len(self.kept) == 5:
                self.stage_over(self.kept, stopped=False)
            else:
                self.thrown = self.dice.take(5 - len(self.kept))
        elif move.startswith("offer"):
            self.offered = int(move.split()[1])
            self.phase = "answer"
        elif move == "accept":
            self.pay(self.asked, self.roller, self.offered)
            self.settled.add(self.asked)
            self.next_asked()
        else:  # no offer, refuse
            self.next_asked()

    def stage_over(self, dice: list[int], stopped: bool) -> None:
        total = sum(dice)
        if total == 24:
            self.end_turn()
        elif total < 24:
            low = self.rules.low_score_bonus
            bonus = total <= 10 and (low == "any" or (low == "full_play" and not stopped))
            for seat in self.others():
                if bonus:
                    self.pay(seat, self.roller, 20)
                else:
                    self.pay(self.roller, seat, 24 - total)
            self.end_turn()
        else:
            self.d = total - 24
            if self.rules.settlements:
                self.phase = "offer"
                self.asked = (self.roller + 1) % self.n
                self.offered = 0
            else:
                self.throw_bonus()

    def next_asked(self) -> None:
        self.asked = (self.asked + 1) % self.n
        self.offered = 0
        self.phase = "offer"
        if self.asked == self.roller:
            self.throw_bonus()

    def throw_bonus(self) -> None:
        first = self.dice.take(5)
        hits = first.count(self.d)
        if hits < 5:
            hits += self.dice.take(5 - hits).count(self.d)
        for seat in self.others():
            if seat in self.settled:
                continue
            if hits:
                self.pay(seat, self.roller, self.d * hits)
            elif self.rules.failed_bonus_pays:
                self.pay(self.roller, seat, self.d)
        self.end_turn()

    def end_turn(self) -> None:
        self.turns_left -= 1
        if not self.turns_left:
            self.over = True
            return
        self.roller = (self.roller + 1) % self.n
        self.begin_turn()


# ------------------------------------------------------------------ checks


def check_against_model(state: tf.State, model: Model) -> None:
    assert GAME.scores(state) == tuple(model.money)
    assert GAME.current_player(state) == model.to_act()
    assert GAME.is_terminal(state) is model.over
    assert [GAME.format_action(a) for a in GAME.legal_actions(state)] == model.moves()
    if not model.over:
        assert state.roller == model.roller
        if model.phase == "throw":
            assert state.showing == tuple(sorted(model.thrown, reverse=True))
            assert state.kept == tuple(model.kept)
    else:
        best = max(model.money)
        assert GAME.winners(state) == tuple(s for s, m in enumerate(model.money) if m == best)


def check_refusals(state: tf.State) -> None:
    """Actions of another stage, out-of-range offers and wrong keeps are refused."""
    wrong: list[Any] = [tf.STOP, tf.NO_OFFER, tf.ACCEPT, tf.REFUSE, tf.Offer(31), tf.Keep(6, 6)]
    wrong += [tf.Keep(1, v) for v in range(1, 8)] + [tf.Offer(q) for q in (1, 5 * state.target + 1)]
    check_illegal(GAME, state, wrong)


def check_views(state: tf.State) -> None:
    """Every seat sees the scores and the dice showing (``check_state`` redraws the
    stream and compares the views)."""
    for seat in (None, *range(state.rules.players)):
        seen = GAME.view(state, seat)
        assert seen.scores == state.scores and seen.showing == state.showing


def each_state(state: tf.State) -> None:
    check_refusals(state)
    check_views(state)


def each_step(state: tf.State, action: tf.Action, after: tf.State) -> None:
    assert sum(GAME.scores(after)) == 0


def play(
    data: st.DataObject, rules: tf.Rules, stream: Any, source: Any, steps: int
) -> Iterator[tf.State]:
    """Play from a new game beside the model, checking every step; yields the states."""
    model = Beside.in_notation(GAME, lambda: Model(rules, source), check_against_model)
    start = lambda: GAME.new_game(rules, stream=stream)  # noqa: E731
    return drawn_beside(GAME, start, data, steps, model, each_state=each_state, each_step=each_step)


def finish(state: tf.State) -> None:
    assert replay(record(state)) == state
    assert sum(GAME.scores(state)) == 0


# ------------------------------------------------------------------ the tests


@given(data=st.data(), rules=testing.rules(GAME), seed=SEEDS)
def test_seeded_play_follows_the_rules(data: st.DataObject, rules: tf.Rules, seed: int) -> None:
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), MAX_STEPS))
    finish(states[-1])


@given(data=st.data(), rules=testing.rules(GAME), values=st.lists(st.integers(1, 6), max_size=40))
def test_scripted_play_follows_the_rules(
    data: st.DataObject, rules: tf.Rules, values: list[int]
) -> None:
    states = list(play(data, rules, ScriptedStream(values), ScriptedDice(values), MAX_STEPS))
    if states:
        finish(states[-1])


@pytest.mark.parametrize("preset", list(tf.presets))
@given(data=st.data(), seed=SEEDS)
def test_every_preset_plays_to_its_end(data: st.DataObject, preset: str, seed: int) -> None:
    rules = tf.presets[preset]
    # Four turns of at most 5 throws, 3 offers and 3 answers: far below 200 steps.
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), 200))
    final = states[-1]
    assert GAME.is_terminal(final)
    assert final.turn == rules.turns
    finish(final)


@given(data=st.data(), rules=rules_strategy(players=(2, 3), rotations=(1, 2)), seed=SEEDS)
def test_small_games_end_after_every_seat_has_rolled(
    data: st.DataObject, rules: tf.Rules, seed: int
) -> None:
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), 500))
    final = states[-1]
    assert GAME.is_terminal(final)
    turns = list(dict.fromkeys((s.turn, s.roller) for s in states))
    expected = [(k + 1, (rules.first_player + k) % rules.players) for k in range(rules.turns)]
    assert turns == expected
    assert final.last is not None and final.last.turn == rules.turns
    finish(final)
