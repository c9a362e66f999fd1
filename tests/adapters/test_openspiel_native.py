"""dicerules.openspiel.native: a small game's whole tree as OpenSpiel's own C++ game, and
policy_bot, a policy found there playing our engine."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from dicerules import GAMES, tree
from dicerules.bot import RandomBot
from dicerules.errors import InvalidArgumentError
from dicerules.match import play_match

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")

from test_tree import SMALL, openspiel_rules, spiel_counts, tree_counts  # noqa: E402


def rules_of(which: str) -> tuple[str, Any]:
    name, fields = SMALL[which]
    if name not in GAMES:
        pytest.skip(f"{name} is not installed")
    return name, attrs.evolve(GAMES[name].default_rules, **fields)


@pytest.mark.parametrize("which", SMALL)
def test_every_edge_of_the_native_game_is_the_trees(which: str) -> None:
    name, rules = rules_of(which)
    made = dos.native(name, rules)
    walked, spiel_game = made.tree, made.game
    assert spiel_counts(spiel_game) == tree_counts(walked)
    assert spiel_game.num_distinct_actions() == len(made.actions)
    assert all(made.ids[action] == index for index, action in enumerate(made.actions))
    assert all(made.outcome_ids[label] == index for index, label in enumerate(made.outcomes))
    stack = [(0, spiel_game.new_initial_state())]
    while stack:
        index, state = stack.pop()
        who = walked.player[index]
        if who == tree.TERMINAL:
            assert tuple(state.returns()) == tuple(map(float, walked.payoffs[index]))
            continue
        moves = made.moves(index)
        if who == tree.CHANCE:
            assert sorted(state.chance_outcomes()) == sorted(
                zip(moves, map(float, walked.chances[index]), strict=True)
            )
        else:
            assert state.current_player() == who
            assert state.legal_actions() == sorted(moves)
        assert [state.action_to_string(m) for m in moves] == list(walked.labels[index])
        stack.extend(
            (child, state.child(move))
            for child, move in zip(walked.children[index], moves, strict=True)
        )


def test_cpp_cfr_on_the_native_tree_is_cfr_on_openspiels_liars_dice() -> None:
    made = dos.native("liars-dice", openspiel_rules(3))
    theirs = pyspiel.load_game("liars_dice(numdice=1,dice_sides=3)")
    found = []
    for spiel_game in (made.game, theirs):
        solver = pyspiel.CFRSolver(spiel_game)
        for _ in range(50):
            solver.evaluate_and_update_policy()
        found.append(pyspiel.exploitability(spiel_game, solver.average_policy()))
    assert found[0] == pytest.approx(found[1], abs=1e-9)
    assert found[0] < 0.05


def test_a_policy_found_natively_plays_our_engine() -> None:
    made = dos.native("liars-dice", openspiel_rules(3))
    solver = pyspiel.CFRSolver(made.game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    bot = dos.policy_bot(made, policy, seed=5)
    # Its chances at each view are the policy's at that view's information set.
    walked, state, node = made.tree, made.game.new_initial_state(), 0
    for edge in (1, 0):  # seat 0 rolls a 2, seat 1 a 1
        state.apply_action(made.moves(node)[edge])
        node = walked.children[node][edge]
    ours = GAMES["liars-dice"].new_game(openspiel_rules(3), stream=_dice(2, 1))
    view = GAMES["liars-dice"].view(ours, 0)
    expected = dict(policy.action_probabilities(state))
    assert dict(bot.chances[view]) == {
        action: expected.get(made.ids[action], 0.0) for action in walked.actions[node]
    }
    wins = sum(
        0
        in GAMES["liars-dice"].winners(
            play_match("liars-dice", openspiel_rules(3), [bot, RandomBot(seed)], seed)
        )
        for seed in range(200)
    )
    assert wins > 130  # near-equilibrium play beats uniform play in most games


def _dice(*faces: int) -> Any:
    from dicerules.streams import ScriptedStream

    return ScriptedStream(faces)


def test_policy_bot_needs_views_that_tell_information_sets_apart() -> None:
    made = dos.native("liars-dice", openspiel_rules(2))
    views = dict(made.tree.by_view[0])
    views[next(iter(views))] = -1
    blurred = attrs.evolve(made, tree=attrs.evolve(made.tree, by_view=(views, views)))
    with pytest.raises(InvalidArgumentError, match="do not tell apart its information sets"):
        dos.policy_bot(blurred, pyspiel.UniformRandomPolicy(made.game))
    bot = dos.policy_bot(made, pyspiel.UniformRandomPolicy(made.game))
    other = GAMES["liars-dice"].new_game(openspiel_rules(3), seed=1)
    with pytest.raises(InvalidArgumentError, match="no turn with this view"):
        bot.choose(GAMES["liars-dice"].view(other, 0), ())
