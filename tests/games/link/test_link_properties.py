"""Hypothesis properties of link over random legal play.

Every example draws rules (every Rules field over its whole range, with small
counts, antes and link costs made likely so that seats drop out of games and
cannot afford links), a dice source (a seed, or a script), and then the actions,
one index into ``legal_actions`` at a time, so a failure shrinks to a short action
log. The engine is run side by side with a small reference model written here from
shared/rules/link.md: its own dice source (SplitMix64 or the script), its own
ante, rolls, legal actions in notation, links, outs, pots and winners. The loop is
``helpers.random_play``, which also checks every promise of ``dicerules.testing`` at
each step (the conservation law of counters and pot among them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from helpers import (
    Beside,
    Exhausted,
    ScriptedDice,
    SeededDice,
    drawn_beside,
    random_play,
    seeded_choice,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerules
from dicerules import ScriptedStream, SeededStream, record, replay
from dicerules.games import link
from dicerules.testing import check_illegal

GAME = dicerules.get_game("link")

MAX_STEPS = 80
"""Actions per example in the open-ended tests (a few rounds of most games)."""

SEEDS = st.integers(0, 2**64 - 1)


# ---------------------------------------------------------------- strategies


def small_or_any(low: int, high: int, small: int) -> st.SearchStrategy[int]:
    """An int in [low, high], most often at most ``small``."""
    return st.one_of(st.integers(low, small), st.integers(low, high))


@st.composite
def rules_strategy(
    draw: st.DrawFn,
    players: tuple[int, int] = (2, 6),
    white_dice: tuple[int, int] = (1, 8),
    rounds: tuple[int, int] = (1, 100),
) -> link.Rules:
    """Rules over the given ranges and every valid value of the other fields."""
    count = draw(st.integers(*players))
    ante = draw(small_or_any(0, 100, 3))
    return link.Rules(
        players=count,
        white_dice=draw(st.integers(*white_dice)),
        start_counters=draw(small_or_any(ante, 1000, ante + 6)),  # at least the ante
        rounds=draw(st.integers(*rounds)),
        ante=ante,
        link_cost=draw(small_or_any(0, 100, 3)),
        first_player=draw(st.integers(0, count - 1)),
    )


# ------------------------------------------------------------ the reference model


class Model:
    """link as shared/rules/link.md says it, kept in plain mutable Python.

    Dice are plain lists; the row is a list of (seat, "W" or "B", value).
    """

    def __init__(self, rules: link.Rules, source: SeededDice | ScriptedDice) -> None:
        self.rules = rules
        self.source = source
        n = rules.players
        self.counters = [rules.start_counters] * n
        self.pot = 0
        self.in_game = [True] * n
        self.round = 0
        self.row: list[tuple[int, str, int]] = []
        self.direction: str | None = None
        self.last_winner: int | None = None
        self.to_act: int | None = None
        self.begin_round(rules.first_player)

    def left(self, seat: int, present: list[bool]) -> int:
        for step in range(1, len(present) + 1):
            if present[(seat + step) % len(present)]:
                return (seat + step) % len(present)
        raise AssertionError("nobody present")

    def begin_round(self, starter: int) -> None:
        rules = self.rules
        for seat in range(rules.players):
            if self.in_game[seat] and self.counters[seat] < rules.ante:
                self.in_game[seat] = False
        playing = [s for s in range(rules.players) if self.in_game[s]]
        if len(playing) < 2:
            self.to_act = None
            self.whites: list[list[int]] = [[] for _ in range(rules.players)]
            self.blues: list[int | None] = [None] * rules.players
            self.in_round = [False] * rules.players
            return
        if not self.source.available(len(playing) * (rules.white_dice + 1)):
            raise Exhausted
        for seat in playing:
            self.counters[seat] -= rules.ante
            self.pot += rules.ante
        self.round += 1
        self.whites = [[] for _ in range(rules.players)]
        self.blues = [None] * rules.players
        for seat in playing:
            self.whites[seat] = sorted(self.source.take(rules.white_dice))
            (self.blues[seat],) = self.source.take(1)
        self.in_round = list(self.in_game)
        self.row = []
        self.direction = None
        self.to_act = starter if self.in_game[starter] else self.left(starter, self.in_game)

    def fits(self, value: int) -> bool:
        last = self.row[-1][2]
        return value >= last if self.direction == "up" else value <= last

    def legal(self) -> list[str]:
        seat = self.to_act
        if seat is None:
            return []
        if self.direction is None:
            moves = []
            for value in sorted(set(self.whites[seat])):
                if value != 6:
                    moves.append(f"W{value} up")
                if value != 1:
                    moves.append(f"W{value} down")
            return moves
        moves = [f"W{v}" for v in sorted(set(self.whites[seat])) if self.fits(v)]
        blue = self.blues[seat]
        if blue is not None and self.fits(blue) and self.counters[seat] >= self.rules.link_cost:
            moves.append(f"B{blue}")
        return moves or ["out"]

    def act(self, move: str) -> None:
        assert move in self.legal(), (move, self.legal())
        seat = self.to_act
        assert seat is not None
        if move == "out":
            self.in_round[seat] = False
            left = [s for s in range(self.rules.players) if self.in_round[s]]
            if len(left) == 1:
                (winner,) = left
                assert self.row[-1][0] == winner, "the survivor did not add the last die"
                self.counters[winner] += self.pot
                self.pot = 0
                self.last_winner = winner
                if self.round == self.rules.rounds:
                    self.to_act = None
                    self.whites = [[] for _ in range(self.rules.players)]
                    self.blues = [None] * self.rules.players
                    self.in_round = [False] * self.rules.players
                else:
                    self.begin_round(winner)
                return
            self.to_act = self.left(seat, self.in_round)
            return
        colour, value = move[0], int(move[1])
        if colour == "W":
            self.whites[seat].remove(value)
        else:
            self.blues[seat] = None
            self.counters[seat] -= self.rules.link_cost
            self.pot += self.rules.link_cost
        self.row.append((seat, colour, value))
        if move.endswith(("up", "down")):
            self.direction = move.split()[1]
        elif colour == "B":
            self.direction = "down" if self.direction == "up" else "up"
        self.to_act = self.left(seat, self.in_round)

    def winners(self) -> tuple[int, ...]:
        best = max(self.counters)
        return tuple(s for s, n in enumerate(self.counters) if n == best)


# ----------------------------------------------------------------- the checks


def check_against_model(state: link.State, model: Model) -> None:
    """Everything the model knows, compared with the state and its views."""
    assert GAME.scores(state) == tuple(model.counters)
    assert GAME.current_player(state) == model.to_act
    assert state.pot == model.pot
    assert state.in_game == tuple(model.in_game)
    assert state.last_winner == model.last_winner
    assert state.round == model.round
    assert [GAME.format_action(a) for a in GAME.legal_actions(state)] == model.legal()
    assert state.in_round == tuple(model.in_round)
    assert state.whites == tuple(tuple(w) for w in model.whites)
    assert state.blues == tuple(b or 0 for b in model.blues)
    spectator = GAME.view(state, None)
    if GAME.is_terminal(state):
        assert GAME.winners(state) == model.winners()
        assert state.pot == 0
        return
    assert GAME.winners(state) == ()
    assert [tuple(p) for p in spectator.sequence] == model.row
    assert spectator.direction == model.direction


def check_views(state: link.State) -> None:
    """A seat's view holds its own dice and the public counts (``check_state`` redraws
    the rest and compares the views)."""
    players = state.rules.players
    for seat in (*range(players), None):
        view = GAME.view(state, seat)
        assert view.white_counts == tuple(map(len, state.whites))
        assert view.blue_unplayed == tuple(bool(b) for b in state.blues)
        if seat is None:
            assert view.whites == () and view.blue is None
        else:
            assert view.whites == state.whites[seat]
            assert view.blue == (state.blues[seat] or None)


def check_refusals(state: link.State) -> None:
    """Actions the rules forbid here are refused, and the state is left alone."""
    wrong: list[Any] = [link.Open(3, "up", blue=True), link.Open(6, "up"), link.Open(1, "down")]
    wrong += [link.Play(blue, v) for blue in (False, True) for v in range(1, 7)]
    wrong += [link.OUT, link.Open(2, "up"), link.Open(5, "down")]
    check_illegal(GAME, state, wrong)


def each_state(state: link.State) -> None:
    check_refusals(state)
    check_views(state)


def play(
    data: st.DataObject, rules: link.Rules, stream: Any, source: Any, steps: int
) -> Iterator[link.State]:
    """Play from a new game beside the model, checking every step; yields the states."""
    conserved = rules.players * rules.start_counters

    def each_step(state: link.State, action: link.Action, after: link.State) -> None:
        assert sum(GAME.scores(after)) + after.pot == conserved, "counters were made or lost"

    model = Beside.in_notation(GAME, lambda: Model(rules, source), check_against_model)
    start = lambda: GAME.new_game(rules, stream=stream)  # noqa: E731
    return drawn_beside(GAME, start, data, steps, model, each_state=each_state, each_step=each_step)


def finish(state: link.State) -> None:
    """What must hold of the last state of an example."""
    assert replay(record(state)) == state
    if GAME.is_terminal(state):
        scores = GAME.scores(state)
        assert GAME.winners(state) == tuple(s for s, n in enumerate(scores) if n == max(scores))


# ------------------------------------------------------------------ the tests


@given(data=st.data(), rules=rules_strategy(), seed=SEEDS)
def test_seeded_play_follows_the_rules(data: st.DataObject, rules: link.Rules, seed: int) -> None:
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), MAX_STEPS))
    finish(states[-1])


# Whole games are long: a quarter of the profile's examples (the seeded test covers more rules).
@settings(max_examples=max(settings().max_examples // 4, 10))
@given(data=st.data(), seed=SEEDS)
def test_the_standard_preset_plays_to_the_end(data: st.DataObject, seed: int) -> None:
    # 5 rounds of at most 4 x 6 actions each: 150 steps always reach the end.
    states = list(
        play(data, link.Rules.preset("standard"), SeededStream(seed), SeededDice(seed), 150)
    )
    assert GAME.is_terminal(states[-1])
    finish(states[-1])


@st.composite
def scripted_games(draw: st.DrawFn) -> tuple[link.Rules, list[int]]:
    """Small rules and a script of dice: at least a first round's, often more."""
    rules = draw(rules_strategy(players=(2, 4), white_dice=(1, 3), rounds=(1, 4)))
    per_round = rules.players * (rules.white_dice + 1)
    values = draw(
        st.lists(st.integers(1, 6), min_size=per_round, max_size=per_round * (rules.rounds + 1))
    )
    return rules, values


@given(data=st.data(), game=scripted_games())
def test_scripted_play_follows_the_rules(
    data: st.DataObject, game: tuple[link.Rules, list[int]]
) -> None:
    rules, values = game
    states = list(play(data, rules, ScriptedStream(values), ScriptedDice(values), MAX_STEPS))
    if states:
        finish(states[-1])


@given(
    data=st.data(),
    rules=rules_strategy(players=(2, 4), white_dice=(1, 3), rounds=(1, 3)),
    seed=SEEDS,
)
def test_small_games_end(data: st.DataObject, rules: link.Rules, seed: int) -> None:
    # A round has at most players x (white dice + 2) actions: 3 x 4 x 5 = 60 at most.
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), 60))
    assert GAME.is_terminal(states[-1]), "a small game did not end"
    finish(states[-1])


@given(
    rules=rules_strategy(players=(2, 4), white_dice=(1, 4), rounds=(1, 3)),
    seed=SEEDS,
    at=st.integers(0, 30),
)
def test_resample_hidden_keeps_every_view_it_should(rules: link.Rules, seed: int, at: int) -> None:
    *_, state = random_play(GAME, GAME.new_game(rules, seed=seed), seeded_choice(seed ^ 1), at)
    for seat in (None, *range(rules.players)):
        twin = GAME.resample_hidden(state, seat, SeededStream(seed ^ 2))
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        assert tuple(map(len, twin.whites)) == tuple(map(len, state.whites))
        assert tuple(map(bool, twin.blues)) == tuple(map(bool, state.blues))
        if seat is not None:
            assert twin.whites[seat] == state.whites[seat]
            assert twin.blues[seat] == state.blues[seat]
