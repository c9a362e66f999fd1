"""What each game declares for solvers and learners holds in play, for every game."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from helpers import Choice, drawn_choice, random_play, seeded_choice
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerules.testing as dt
from dicerules import GAMES
from dicerules.facts import Encoding, InformationState, ScoreChange, counts, one_hot
from dicerules.game import AnyGame, Game

MAX_STEPS = 400


def _play(game: AnyGame, rules: Any, seed: int, choose: Choice) -> None:
    """Play at random, checking every declaration at every state."""
    actions = game.distinct_actions(rules) if game.distinct_actions else None
    if actions is not None:
        assert len(set(actions)) == len(actions), "an action is listed twice"
        actions = frozenset(actions)  # the largest rules list thousands: look up, not scan
    encoding = game.observation
    seats = (None, *range(game.seats(rules)))

    def each_state(state: Any) -> None:
        if encoding is not None:
            for seat in seats:
                vector = encoding.encode(rules, game.view(state, seat))
                assert len(vector) == encoding.size(rules)
                # Every entry a number, and finite (a nan or an infinity makes the exact
                # sum one too): checked in C, since the largest rules' vectors run to
                # thousands of entries a seat and a state.
                assert set(map(type, vector)) <= {int, float, bool}, set(map(type, vector))
                assert math.isfinite(math.fsum(vector))
        if actions is not None:
            missing = [a for a in game.legal_actions(state) if a not in actions]
            assert not missing, f"legal but not among distinct_actions: {missing}"

    states = list(random_play(game, game.new_game(rules, seed=seed), choose, MAX_STEPS,
                              each_state=each_state))  # fmt: skip
    state = states[-1]
    each_state(state)
    bound = game.max_length(rules)
    assert bound is None or len(states) - 1 <= bound
    for roll in state.tape.rolls:
        assert all(1 <= die <= game.max_sides(rules) for die in roll)
    if game.payoff is not None and game.is_terminal(state):
        payoff = game.payoff(rules)
        changes = [end - start for end, start in zip(game.scores(state), payoff.start, strict=True)]
        assert all(payoff.least <= change <= payoff.most for change in changes)
        if payoff.zero_sum:
            assert sum(changes) == 0


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=20)
@given(data=st.data())
def test_declarations_hold_in_play(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    rules = data.draw(dt.rules(game), label="rules")
    _play(game, rules, data.draw(st.integers(0, 2**64 - 1), label="seed"), drawn_choice(data))


@pytest.mark.parametrize("name", list(GAMES))
def test_declarations_hold_for_every_preset(name: str) -> None:
    game = GAMES[name]
    for rules in game.presets.values():
        for seed in range(3):
            _play(game, rules, seed, seeded_choice(seed))


@pytest.mark.parametrize("part", ["observation", "information_state"])
@pytest.mark.parametrize("name", list(GAMES))
def test_pieces_are_named_once_and_cover_the_vector(name: str, part: str) -> None:
    game = GAMES[name]
    declared = getattr(game, part)
    if declared is None:
        pytest.skip(f"the game declares no {part}")
    for rules in game.presets.values():
        slices = declared.slices(rules)
        names = [piece for piece, _, _ in slices]
        assert len(set(names)) == len(names)
        assert slices[0][1].start == 0 and slices[-1][1].stop == declared.size(rules)
        for (_, first, _), (_, second, _) in itertools.pairwise(slices):
            assert first.stop == second.start


def test_a_game_declares_nothing_by_default() -> None:
    game = next(iter(GAMES.values()))
    bare = Game(
        name="bare", Rules=game.Rules, State=game.State, presets=game.presets,
        new_game=game.new_game, legal_actions=game.legal_actions, apply=game.apply,
        current_player=game.current_player, is_terminal=game.is_terminal,
        winners=game.winners, scores=game.scores, history=game.history, view=game.view,
        format_action=game.format_action, parse_action=game.parse_action,
    )  # fmt: skip
    rules = bare.default_rules
    assert bare.distinct_actions is None and bare.observation is None and bare.payoff is None
    assert bare.max_sides(rules) == 6 and bare.max_length(rules) is None


def test_helpers() -> None:
    assert one_hot(3, 1) == [0.0, 1.0, 0.0] and one_hot(2, None) == [0.0, 0.0]
    assert counts(4, (1, 1, 4)) == [2.0, 0.0, 0.0, 1.0]
    encoding: Encoding[int, int] = Encoding(
        lambda rules: (("a", (2,)), ("b", (rules, 3))), lambda rules, view: ()
    )
    assert encoding.size(2) == 8
    assert encoding.slices(2) == (("a", slice(0, 2), (2,)), ("b", slice(2, 8), (2, 3)))
    information: InformationState[int, int] = InformationState(encoding.pieces, encoding.encode)
    assert information.size(2) == 8 and information.slices(2) == encoding.slices(2)
    assert ScoreChange((0, 0), -1, 1, True).start == (0, 0)
