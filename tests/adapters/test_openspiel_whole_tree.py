"""``dicerules.openspiel.game(..., whole_tree=True)``: a game that walks its whole tree
once and answers from it gives every answer the engine's states give, on whole small
trees; what it does not hold it asks the engine for."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from dicerules import GAMES, tree
from dicerules.errors import DiceRulesError, InvalidArgumentError, WrongTypeError

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")

from test_openspiel_native import rules_of  # noqa: E402
from test_openspiel_python_path import Base, answers  # noqa: E402
from test_tree import SMALL  # noqa: E402


def games(which: str) -> tuple[Any, Any]:
    """The game of ``SMALL[which]`` holding its whole tree, and node by node."""
    name, rules = rules_of(which)
    return dos.game(name, rules, whole_tree=True), dos.game(name, rules)


def tensors(state: Any, through_cpp: bool) -> list[Any]:
    """The information state tensor of the player to act, or the error it raises."""
    try:
        if through_cpp:
            return list(Base.information_state_tensor(state, state.current_player()))
        return state.information_state_tensor()
    except (RuntimeError, DiceRulesError) as error:
        return [type(error).__name__]


@pytest.mark.parametrize("which", SMALL)
def test_every_answer_from_the_tree_is_the_engines(which: str) -> None:
    whole, lazy = games(which)
    assert whole.walked is not None and lazy.walked is None
    players = whole.num_players()
    # Each node three ways: from the tree in Python, from the engine, and from the tree
    # through pyspiel's C++ (a C++ clone, then apply_action), asked by pyspiel's methods.
    stack = [(whole.new_initial_state(), lazy.new_initial_state(), whole.new_initial_state())]
    compared = 0
    while stack:
        ours, engines, through_cpp = stack.pop()
        assert type(ours) is not type(engines)
        told = answers(ours, False, players)
        assert told == answers(engines, False, players) == answers(through_cpp, True, players)
        if ours.is_player_node():
            assert tensors(ours, False) == tensors(engines, True) == tensors(through_cpp, True)
        compared += 1
        for action in ours.legal_actions():
            if action % 2:  # by apply_action on a clone, and by child
                made = ours.clone()
                made.apply_action(action)
            else:
                made = ours.child(action)
            stack.append((made, engines.child(action), Base.child(through_cpp, action)))
    assert compared == whole.walked.size > 80


def test_a_tree_state_holds_a_number_and_no_engine_state_until_asked() -> None:
    whole, lazy = games("liars-dice 2x1x2")
    state = whole.new_initial_state().child(0).child(1).child(0)
    assert vars(state) == {"index": state.index}
    assert dos.record(state) == dos.record(lazy.new_initial_state().child(0).child(1).child(0))
    assert "_node" in vars(state)  # the engine's states were made to answer that
    assert dos.serialize(state) == dos.serialize(
        lazy.new_initial_state().child(0).child(1).child(0)
    )


def test_the_tree_game_pickles_copies_and_reads_back_its_states() -> None:
    whole, _ = games("liars-dice roll-off")
    again = pickle.loads(pickle.dumps(whole))
    assert again.walked is not None and again.walked.size == whole.walked.size
    state = whole.new_initial_state().child(1).child(0).child(2)
    copied = copy.deepcopy(state)
    assert (copied.history(), copied.index) == (state.history(), state.index)
    loaded = pickle.loads(pickle.dumps([state, state.child(0)]))
    assert [s.history() for s in loaded] == [[1, 0, 2], [1, 0, 2, 0]]
    assert loaded[0].get_game() is loaded[1].get_game() is not whole  # one walk a pickle
    assert loaded[1].information_state_string() == state.child(0).information_state_string()
    read = whole.deserialize_state(state.serialize())
    assert read.history() == state.history()
    assert read.information_state_string() == state.information_state_string()


def test_an_illegal_action_is_refused_as_the_engine_refuses_it() -> None:
    whole, lazy = games("liars-dice 2x1x2")
    opening = whole.new_initial_state().child(0).child(1).legal_actions()[0]
    # a bid no higher than the last, an id past the game's, a face past the die's
    for moves, bad in (([0, 1, opening], opening), ([0, 1], 10_000), ([0], -1), ([], 5)):
        ours, engines = whole.new_initial_state(), lazy.new_initial_state()
        for move in moves:
            ours, engines = ours.child(move), engines.child(move)
        with pytest.raises(DiceRulesError) as expected:
            engines.child(bad)
        with pytest.raises(type(expected.value)):
            ours.child(bad)
        with pytest.raises(type(expected.value)):
            ours.apply_action(bad)
        assert ours.history() == moves  # untouched
    numpy = pytest.importorskip("numpy")
    for action in (numpy.int64(1), True):  # an id of another int type, as the engine's game
        assert whole.new_initial_state().child(action).history() == [1]
        assert lazy.new_initial_state().child(action).history() == [1]


def test_whole_tree_refuses_a_tree_past_its_bound_and_a_flag_not_a_bool() -> None:
    rules = attrs.evolve(GAMES["liars-dice"].default_rules, **SMALL["liars-dice 2x1x2"][1])
    with pytest.raises(InvalidArgumentError, match="more than 10 nodes"):
        dos.game("liars-dice", rules, whole_tree=True, bound=10)
    with pytest.raises(WrongTypeError, match="whole_tree must be a bool"):
        dos.game("liars-dice", rules, whole_tree="yes")


def test_solvers_find_the_same_policy_on_the_tree_as_on_the_engine() -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    rules = attrs.evolve(
        GAMES["liars-dice"].default_rules, **{**SMALL["liars-dice 2x1x2"][1], "sides": 3}
    )
    found = []
    for whole in (True, False):
        game = dos.game("liars-dice", rules, whole_tree=whole)
        solver = cfr.CFRPlusSolver(game)
        for _ in range(3):
            solver.evaluate_and_update_policy()
        table = solver.average_policy().action_probability_array
        found.append((table.tolist(), exploitability.exploitability(game, solver.average_policy())))
    assert found[0] == found[1]
    assert 0 < found[0][1] < 1


def test_a_tree_state_resamples_as_the_engines_state_does() -> None:
    whole, lazy = games("liars-dice roll-off")
    ours = whole.new_initial_state().child(1).child(0).child(2).child(0)
    engines = lazy.new_initial_state().child(1).child(0).child(2).child(0)
    for seat in (0, 1):
        drawn = [ours.resample_from_infostate(seat, lambda: 0.25) for _ in range(2)]
        theirs = engines.resample_from_infostate(seat, lambda: 0.25)
        assert drawn[0].information_state_string(seat) == theirs.information_state_string(seat)
        assert dos.record(drawn[0]) == dos.record(drawn[1]) == dos.record(theirs)


def test_the_tree_holds_what_the_walk_found() -> None:
    whole, _ = games("liars-dice 2x1x2")
    walked = tree.walk("liars-dice", whole.rules)
    assert whole.walked.size == walked.nodes
    assert sorted(set(whole.walked.text) - {""}) == sorted(
        {text for texts in walked.information_sets for text in texts}
    )


FACTS = {
    "current_player", "child", "clone", "_apply_action", "_ids", "_own_mask",
    "chance_outcomes", "_own_text", "_own_tensor", "_paid", "_steps", "history_str",
}  # fmt: skip
"""What a state reads from the node it stands on; every other answer is made of these."""


def test_a_tree_state_is_the_engines_state_reading_its_facts_from_the_tree() -> None:
    # One implementation of every answer: the whole tree's states supply only the facts
    # (and what makes them: their node number, pickling, the engine's node when asked).
    own = {
        name
        for name, value in vars(dos._TreeState).items()
        if callable(value) or isinstance(value, property)
    }
    made = {"__init__", "__reduce__", "__deepcopy__", "node", "_kid"}
    assert own - made <= FACTS, sorted(own - made - FACTS)
    assert set(vars(dos._State)) >= FACTS, sorted(FACTS - set(vars(dos._State)))
