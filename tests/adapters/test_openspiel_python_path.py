"""The adapter's states answer OpenSpiel's Python calls in Python, as pyspiel's own path
does: every answer compared on whole small trees, one state made each way."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from dicerules import GAMES

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")

from test_tree import SMALL  # noqa: E402

Base = pyspiel.State  # pyspiel's own methods, through C++


def answers(state: Any, through_cpp: bool, players: int) -> list[Any]:
    """Every answer ``state`` gives, asked in Python or (``through_cpp``) by pyspiel's
    own methods."""

    def ask(method: str, *args: Any) -> Any:
        if through_cpp:
            return getattr(Base, method)(state, *args)
        return getattr(state, method)(*args)

    seats = range(players)
    found = [
        ask("current_player"),
        ask("is_chance_node"),
        ask("is_terminal"),
        ask("is_player_node"),
        ask("is_simultaneous_node"),
        ask("is_initial_state"),
        ask("legal_actions"),
        [ask("legal_actions", seat) for seat in seats],
        ask("legal_actions_mask"),
        [ask("legal_actions_mask", seat) for seat in seats],
        ask("chance_outcomes"),
        ask("history"),
        ask("history_str"),
        ask("move_number"),
        [(move.player, move.action) for move in ask("full_history")],
        ask("returns"),
        str(state),
        [ask("information_state_string", seat) for seat in seats],
        [ask("observation_string", seat) for seat in seats],
    ]
    if ask("is_player_node"):
        found.append(ask("information_state_string"))
    return found


@pytest.mark.parametrize("which", SMALL)
def test_every_answer_in_python_is_pyspiels_own(which: str) -> None:
    name, fields = SMALL[which]
    if name not in GAMES:
        pytest.skip(f"{name} is not installed")
    game = dos.game(name, attrs.evolve(GAMES[name].default_rules, **fields))
    players = game.num_players()
    ours, theirs = game.new_initial_state(), game.new_initial_state()
    stack = [(ours, theirs)]
    compared = 0
    while stack:
        ours, theirs = stack.pop()
        assert answers(ours, False, players) == answers(theirs, True, players)
        compared += 1
        for action in Base.legal_actions(theirs):
            if action % 2:  # made by apply_action on a clone, and by child
                made = ours.clone()
                made.apply_action(action)
            else:
                made = ours.child(action)
            stack.append((made, Base.child(theirs, action)))
    assert compared > 80


def test_a_walk_comes_back_to_the_nodes_the_first_one_made() -> None:
    rules = attrs.evolve(GAMES["liars-dice"].default_rules, **SMALL["liars-dice 2x1x2"][1])
    game = dos.game("liars-dice", rules)
    first = game.new_initial_state().child(0).child(1)
    again = game.new_initial_state().child(0).child(1)
    assert first.node is again.node
    assert game.kept > 0


def test_a_game_keeps_no_more_than_kept_nodes(monkeypatch: Any) -> None:
    monkeypatch.setattr(dos, "KEPT_NODES", 3)
    rules = attrs.evolve(GAMES["liars-dice"].default_rules, **SMALL["liars-dice 2x1x2"][1])
    game = dos.game("liars-dice", rules)
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        stack.extend(state.child(action) for action in state.legal_actions())
    assert game.kept == 3
    again = game.new_initial_state().child(1).child(1).child(0)
    assert again.node is not game.new_initial_state().child(1).child(1).child(0).node
    assert again.history() == [1, 1, 0]
