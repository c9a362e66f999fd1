"""dicerules.facts.ActionIds: the ids of legal actions, kept by the identity of their tuple."""

from __future__ import annotations

import pytest
from helpers import random_play, seeded_choice

from dicerules import GAMES
from dicerules.errors import DiceRulesError
from dicerules.facts import ActionIds
from dicerules.game import AnyGame

DECLARING = [game for game in GAMES.values() if game.distinct_actions is not None]


def test_ids_are_indexes_sorted_and_the_same_for_an_equal_tuple() -> None:
    ids = ActionIds(("a", "b", "c", "d"))
    assert ids.ids == {"a": 0, "b": 1, "c": 2, "d": 3}
    legal = ("d", "b")
    assert ids.of(legal) == (1, 3)
    assert ids.of(legal) is ids.of(legal)  # kept: the same tuple is not hashed again
    other = tuple(["d", "b"])
    assert other is not legal
    assert ids.of(other) == (1, 3)
    assert ids.of(()) == ()
    with pytest.raises(DiceRulesError, match=r"'e' .*distinct_actions does not hold"):
        ids.of(("e",))


def test_a_full_store_starts_again_and_still_answers() -> None:
    ids = ActionIds(tuple(range(10)))
    kept = [(i % 10,) for i in range(5000)]  # distinct tuples, alive together
    assert [ids.of(legal) for legal in kept] == [legal for legal in kept]
    assert [ids.of(legal) for legal in kept[:100]] == kept[:100]


@pytest.mark.parametrize("game", DECLARING, ids=[game.name for game in DECLARING])
def test_every_legal_action_of_a_game_has_its_index_as_id(game: AnyGame) -> None:
    assert game.distinct_actions is not None
    for rules in game.presets.values():
        actions = game.distinct_actions(rules)
        ids = ActionIds(actions)
        start = game.new_game(rules, seed=1)
        for state in random_play(game, start, seeded_choice(1)):
            legal = game.legal_actions(state)
            assert [actions[i] for i in ids.of(legal)] == sorted(legal, key=actions.index)
