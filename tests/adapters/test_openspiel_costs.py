"""dicerules.openspiel for researchers: compact information states and ISMCTS."""

from __future__ import annotations

import gc
import random
from types import FunctionType, ModuleType
from typing import Any

import attrs
import numpy as np
import pytest

import dicerules
from dicerules import GAMES
from dicerules.facts import returns
from dicerules.games import eighteen, liars_dice

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

ONE_DIE = liars_dice.Rules(players=2, dice_per_player=1, sides=3, first_opener="seat0")


def _short(name: str) -> Any:
    """The default rules with two seats and a target of 3, where the game has them."""
    rules = GAMES[name].default_rules
    fields = attrs.fields_dict(type(rules))
    if "players" in fields:
        rules = attrs.evolve(rules, players=2)
    if "target" in fields:
        rules = attrs.evolve(rules, target=3)
    return rules


def _dealt(spiel_game: Any, faces: list[int]) -> Any:
    """A new state with the set-up dice showing ``faces`` (outcome ``face - 1``)."""
    state = spiel_game.new_initial_state()
    for face in faces:
        assert state.is_chance_node()
        state.apply_action(face - 1)
    return state


def test_liars_dice_information_state_is_as_small_as_native_liars_dice() -> None:
    game = dos.game("liars-dice", ONE_DIE)
    assert game.information_state_tensor_size() == 2 + 3 + 6 * 2  # seat, hand, bids by whom
    native = pyspiel.load_game("liars_dice(numdice=1,dice_sides=3)")
    assert native.information_state_tensor_size() == 12
    framed = attrs.evolve(GAMES["liars-dice"], information_state=None)
    assert dos.information_tensor_size(framed, ONE_DIE) == 408  # one frame per action
    pieces = [name for name, _ in GAMES["liars-dice"].information_state.pieces(ONE_DIE)]
    assert pieces == ["player", "hand", "bids"]
    state = _dealt(game, [2, 3])
    state.apply_action(1)  # seat 0 bids 1x2
    state.apply_action(5)  # seat 1 bids 2x3
    tensor = state.information_state_tensor(0)
    seat, hand, bids = [1, 0], [0, 1, 0], [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    assert tensor == [*seat, *hand, *bids]  # bid 1x2 by seat 0, bid 2x3 by seat 1
    assert state.information_state_string(0) == "seat 0 hand 2 | 0:1x2 1:2x3"
    assert state.information_state_string(1) == "seat 1 hand 3 | 0:1x2 1:2x3"


@pytest.mark.parametrize(
    "rules",
    [
        ONE_DIE,
        liars_dice.Rules(players=3, dice_per_player=2, sides=4),
        liars_dice.Rules(players=2, dice_per_player=2, sides=3, calza=True, first_opener="seat0"),
    ],
    ids=repr,
)
def test_the_information_state_holds_nothing_another_seat_hides(rules: Any) -> None:
    # Two games alike but for the dice seat 1 rolled: seat 0 cannot tell them apart.
    game = dos.game("liars-dice", rules)
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            other = state.resample_from_infostate(0, rng.random)
            for text in (state.information_state_string(0), other.information_state_string(0)):
                assert text.startswith("seat 0")
            assert state.information_state_string(0) == other.information_state_string(0)
            assert state.information_state_tensor(0) == other.information_state_tensor(0)
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_resampled_state_draws_the_others_dice_the_same_for_the_whole_round() -> None:
    # The other seat's information state in a resampled state is the one a game
    # dealt those dice would give: drawn dice throughout, never the true ones.
    game = dos.game("liars-dice", liars_dice.Rules(players=2, dice_per_player=1, sides=6,
                                                   first_opener="seat0"))  # fmt: skip
    hands = set()
    for seed in range(30):
        state = _dealt(game, [2, 5])
        state.apply_action(0)
        state.apply_action(3)
        sampled = state.resample_from_infostate(0, random.Random(seed).random)
        hand = dos.dicerules_state(sampled).hands[1]
        hands.add(hand)
        alike = _dealt(game, [2, *hand])
        alike.apply_action(0)
        alike.apply_action(3)
        assert sampled.information_state_string(1) == alike.information_state_string(1)
        assert sampled.information_state_tensor(1) == alike.information_state_tensor(1)
        assert dos.dicerules_state(sampled).hands[0] == (2,)
    assert len(hands) > 2  # drawn afresh, not the true (5,)


def test_resampling_is_refused_while_dice_are_being_chosen() -> None:
    state = dos.game("liars-dice", ONE_DIE).new_initial_state()
    with pytest.raises(ValueError, match="between steps"):
        state.resample_from_infostate(0, random.Random(0).random)


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (float("nan"), dicerules.InvalidArgumentError),
        (float("inf"), dicerules.InvalidArgumentError),
        (-0.5, dicerules.InvalidArgumentError),
        (2.0, dicerules.InvalidArgumentError),
        (None, dicerules.WrongTypeError),
        ("0.5", dicerules.WrongTypeError),
        (True, dicerules.WrongTypeError),
    ],
)
def test_a_sampler_value_outside_0_to_1_is_refused(value: object, error: type[Exception]) -> None:
    state = dos.game("liars-dice", ONE_DIE).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(error, match="probability_sampler"):
        state.resample_from_infostate(0, lambda: value)
    for fine in (0, 0.0, 1.0, np.float32(0.25)):
        assert state.resample_from_infostate(0, lambda: fine).history() == state.history()  # noqa: B023


@pytest.mark.parametrize("name", list(GAMES))
def test_ismcts_plays_whole_games(name: str) -> None:
    game = dos.game(name, _short(name))
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    for _ in range(2):
        state = game.new_initial_state()
        for _ in range(2_000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=odds)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(int(action))
        assert state.is_terminal()


def test_eighteen_has_an_information_state_tensor_under_its_default_rules() -> None:
    rules = eighteen.Rules(players=3)
    assert rules.max_rounds is None and GAMES["eighteen"].max_length(rules) is None
    game = dos.game("eighteen", rules)
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_size() == game.observation_tensor_size()
    state = game.new_initial_state()
    rng = random.Random(1)
    checked = 0
    while not state.is_terminal() and checked < 50:
        if not state.is_chance_node():
            for seat in range(3):
                assert state.information_state_tensor(seat) == state.observation_tensor(seat)
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked


def _walk(state: Any) -> list[Any]:
    """Every state below ``state`` (itself included), each information text asked once."""
    found = [state]
    if state.is_terminal():
        return found
    if not state.is_chance_node():
        state.information_state_string()
    for action in state.legal_actions():
        found += _walk(state.child(action))
    return found


def test_a_kept_tree_holds_few_objects_for_the_collector() -> None:
    spiel_game = dos.game("liars-dice", ONE_DIE)
    states = _walk(spiel_game.new_initial_state())
    shared = (spiel_game, spiel_game.dgame, spiel_game.rules)  # the game's, not a node's
    seen, tracked, stack = {id(each) for each in shared}, 0, [spiel_game.root]
    while stack:  # every object the collector scans that the kept nodes lead to
        held = stack.pop()
        skipped = isinstance(held, type | ModuleType | FunctionType)
        if id(held) in seen or not gc.is_tracked(held) or skipped:
            continue
        seen.add(id(held))
        tracked += 1
        stack.extend(gc.get_referents(held))
    assert spiel_game.kept == len(states) - 1
    assert tracked < 5 * spiel_game.kept  # each node's engine states and views: 11 a node
    for state in states:  # a game's end holds no engine state, and answers as one did
        if state.is_terminal():
            node = state.get_game().root
            for move in state.history():
                node = node.child(move)
            assert node is state.node and node.held is None
            replayed = dicerules.replay(dos.record(state))
            assert replayed == dos.dicerules_state(state)
            assert state.returns() == list(returns(GAMES["liars-dice"], replayed))
