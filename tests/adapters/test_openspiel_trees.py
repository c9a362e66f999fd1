"""Finite OpenSpiel trees: a roll-off is one chance node over its contenders.

Under liars-dice's default ``first_opener="rolloff"``, eighteen's house choice and
its lightning round, a tie is rolled again for as long as it comes; one chance node
per die made the tree endless, and every full-tree solver died of RecursionError.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

import dicerules
from dicerules import GAMES, ScriptedStream, chance, get_game, record, replay
from dicerules.errors import StreamExhaustedError

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")

slow = pytest.mark.slow

TWO_BY_ONE = "players=2,dice_per_player=1"
"""Two seats of one die, the opener chosen by roll-off (the default)."""


def _liars_dice(params: str = "") -> Any:
    return pyspiel.load_game(f"{dos.name_of('liars-dice')}({TWO_BY_ONE}{params})")


def _eighteen(params: str) -> Any:
    return pyspiel.load_game(f"{dos.name_of('eighteen')}({params})")


def _terminal_mass(state: Any) -> float:
    """The chance of reaching a terminal from ``state``, walking its whole tree
    (every player action counted as taken): 1 for a finite tree of exact odds."""
    if state.is_terminal():
        return 1.0
    if state.is_chance_node():
        return sum(p * _terminal_mass(state.child(o)) for o, p in state.chance_outcomes())
    masses = [_terminal_mass(state.child(action)) for action in state.legal_actions()]
    assert masses and all(mass == pytest.approx(1.0) for mass in masses)
    return masses[0]


# ----------------------------------------------------------------- liars-dice


def test_get_all_states_finishes_on_the_default_two_by_one() -> None:
    # Before roll-offs were one node: RecursionError (the tied roll-off for ever).
    from open_spiel.python.algorithms import get_all_states

    game = _liars_dice(",sides=3")
    states = get_all_states.get_all_states(game, -1, True, True)
    assert len(states) > 1_000
    # Twice the seat0 tree, one for each roll-off winner, and the roll-off node.
    seat0 = pyspiel.load_game(
        f"{dos.name_of('liars-dice')}({TWO_BY_ONE},sides=3,first_opener=seat0)"
    )
    assert len(states) == 2 * len(get_all_states.get_all_states(seat0, -1, True, True)) + 1


def test_cfr_and_exploitability_run_on_the_default_two_by_one() -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    game = _liars_dice(",sides=2")
    solver = cfr.CFRSolver(game)
    first = exploitability.exploitability(game, solver.average_policy())
    for _ in range(20):
        solver.evaluate_and_update_policy()
    after = exploitability.exploitability(game, solver.average_policy())
    assert 0 <= after < first


def test_the_roll_off_is_one_node_of_exact_chances() -> None:
    game = _liars_dice(",players=3,sides=4")
    root = game.new_initial_state()
    assert root.is_chance_node()
    roll_off = dos.pending(root).roll_off
    assert roll_off.seats == (0, 1, 2)
    assert roll_off.chances == (Fraction(1, 3),) * 3 and sum(roll_off.chances) == 1
    assert root.chance_outcomes() == [(seat, 1 / 3) for seat in range(3)]
    assert [root.action_to_string(pyspiel.PlayerId.CHANCE, s) for s in range(3)] == [
        f"seat {s} wins the roll-off" for s in range(3)
    ]
    for seat in range(3):
        state = root.child(seat)
        while state.is_chance_node():  # the hands: one node per die
            assert dos.pending(state).roll_off is None
            state.apply_action(0)
        dealt = dos.dicerules_state(state)
        assert dealt.opener == seat and dealt.rolloff == (
            tuple((s, 4 if s == seat else 1) for s in range(3)),
        )
        assert replay(record(dealt)) == dealt  # a state the engine reaches on these dice


def test_roll_off_dice_the_tree_does_not_deal_are_refused() -> None:
    state = _liars_dice().new_initial_state().child(1)
    text = dos.serialize(state)
    assert dos.deserialize(text).history() == state.history()
    tied = json.loads(text)
    tied["faces"] = [3, 3, 2, 5]  # a tie, then seat 1 wins: dice the engine rolls, the tree never
    with pytest.raises(dicerules.RecordError, match="roll-off dice"):
        dos.deserialize(json.dumps(tied))


def test_seat0_rules_have_no_roll_off() -> None:
    state = pyspiel.load_game(
        f"{dos.name_of('liars-dice')}({TWO_BY_ONE},first_opener=seat0)"
    ).new_initial_state()
    assert dos.pending(state).roll_off is None
    assert len(state.chance_outcomes()) == 6


def _roll_off_odds(players: int, sides: int, dice: int) -> tuple[list[Fraction], Fraction]:
    """Each seat's chance to win the engine's own roll-off on at most ``dice`` dice,
    and the chance that it needs more, found by giving the engine every sequence."""
    game = get_game("liars-dice")
    rules = game.Rules(players=players, dice_per_player=1, sides=sides)
    won = [Fraction(0)] * players
    for length in range(players, dice + 1):
        for faces in product(range(1, sides + 1), repeat=length):
            hands = (1,) * players
            try:
                state = game.new_game(rules, stream=ScriptedStream(faces + hands))
            except StreamExhaustedError:
                continue  # the roll-off wants more dice
            if state.tape.stream.position == length + players:  # it ended on the last
                won[state.opener] += Fraction(1, sides**length)
    return won, 1 - sum(won)


@pytest.mark.parametrize(("players", "sides"), [(2, 2), (3, 2), (2, 3)])
def test_the_roll_off_chances_are_the_engine_s(players: int, sides: int) -> None:
    won, tied = _roll_off_odds(players, sides, dice=9 if sides == 2 else 7)
    assert tied > 0
    for seat in range(players):
        assert won[seat] <= Fraction(1, players) <= won[seat] + tied


# ------------------------------------------------------------------- eighteen

TINY = "players=3,target=1,max_rounds=1"
"""Eighteen over one round, a point to win: two players can reach it together."""


def _lightning_bound() -> tuple[Any, Any]:
    """A state of TINY eighteen whose next die begins a lightning round, and the
    state before the action that led there."""
    game = _eighteen(TINY)
    for seed in range(100):
        rng = random.Random(seed)
        state, before = game.new_initial_state(), None
        while not state.is_terminal():
            if state.is_chance_node():
                step = dos.pending(state)
                if step.roll_off is not None and step.before is not None:
                    return state, before
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
            else:
                before = state.clone()
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no lightning round in 100 games")


def test_the_house_choice_is_one_node() -> None:
    root = _eighteen("players=4").new_initial_state()
    roll_off = dos.pending(root).roll_off
    assert roll_off.seats == (0, 1, 2, 3) and roll_off.chances == (Fraction(1, 4),) * 4
    state = root.child(2)
    assert dos.pending(state).roll_off is None and dos.pending(state).sides == 6
    while state.is_chance_node():
        state.apply_action(2)
    dealt = dos.dicerules_state(state)
    assert dealt.house == 2
    assert replay(record(dealt)) == dealt
    hosted = _eighteen("players=4,permanent_house=0").new_initial_state()
    assert dos.pending(hosted).roll_off is None


def test_the_lightning_round_is_one_node() -> None:
    state, _ = _lightning_bound()
    roll_off = dos.pending(state).roll_off
    assert len(roll_off.seats) >= 2
    assert sum(roll_off.chances) == 1
    for seat in roll_off.seats:
        after = state.child(seat)
        assert after.is_terminal()
        final = dos.dicerules_state(after)
        assert final.winners == (seat,) and len(final.lightning) == 1
        assert replay(record(final)) == final
        assert sum(after.returns()) == pytest.approx(0.0)


def test_the_last_turn_before_a_lightning_round_has_a_finite_tree() -> None:
    # Before: the lightning round's dice, one node each, for ever (RecursionError).
    _, before = _lightning_bound()
    assert _terminal_mass(before) == pytest.approx(1.0)


def test_a_lightning_round_serializes() -> None:
    state, _ = _lightning_bound()
    again = dos.deserialize(dos.serialize(state))
    assert again.history() == state.history()
    won = state.child(dos.pending(state).roll_off.seats[-1])
    assert dos.deserialize(won.serialize()).history() == won.history()


def _lightning_dice(state: Any) -> int:
    """How many dice the lightning round of a finished game drew: its last rolls."""
    rolls = sum(len(step) for step in state.lightning)
    return sum(len(roll) for roll in tuple(state.tape.rolls)[-rolls:])


@pytest.mark.parametrize("seed", range(12))
def test_eighteen_declares_a_roll_off_exactly_where_the_engine_rolls_one(seed: int) -> None:
    game = GAMES["eighteen"]
    rules = game.Rules(players=4, target=2)
    state = game.new_game(rules, seed=seed)
    step = chance.setup(game, rules)
    assert step.roll_off is not None and step.roll_off.seats == (0, 1, 2, 3)
    rng = random.Random(seed)
    while not game.is_terminal(state):
        action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        faces = after.tape.dice()[len(state.tape.dice()) :]
        begins = len(faces) - _lightning_dice(after) if after.lightning else None
        step = chance.act(game, state, action)
        for at, face in enumerate(faces):
            if at == begins:
                assert step.roll_off is not None
                assert step.roll_off.seats == tuple(seat for seat, _ in after.lightning[0])
            else:
                assert step.roll_off is None
            step = step.show(face)
        assert step.done and step.after.tape.rolls == after.tape.rolls
        state = after


# ------------------------------------------------------------- six faces


@slow
def test_get_all_states_finishes_on_the_default_two_by_one_of_six_faces() -> None:
    from open_spiel.python.algorithms import get_all_states

    states = get_all_states.get_all_states(_liars_dice(), -1, True, False)
    assert len(states) == 589_752
