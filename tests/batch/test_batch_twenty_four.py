"""Twenty-four's batch kernel, game for game the scalar engine, to the end of every game.

The kernel keeps each set of dice as one number (counts by face in base 6, kept dice
in base 7); here whole games are played from throws at the ends of those ranges
(five sixes, five ones), every legal action taken from them, under every preset and
rules that make the rare paths common.
"""

from __future__ import annotations

import itertools
import random

import pytest
from test_batch_differential import play_to_the_end

import dicerules
from dicerules.games.twenty_four import Rules

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")

GAME = dicerules.get_game("twenty-four")

RULES = [
    *GAME.presets.values(),
    Rules(players=2, rotations=3, keep_rule="any_value", low_score_bonus="any"),
    Rules(players=3, rotations=2, keep_rule="any_value", failed_bonus_pays=True, settlements=True),
]


def first_seed(showing: tuple[int, ...]) -> int:
    """The lowest seed whose first throw shows ``showing``."""
    return next(s for s in itertools.count() if GAME.new_game(seed=s).showing == showing)


SIXES, ONES = first_seed((6,) * 5), first_seed((1,) * 5)


@pytest.mark.parametrize("rules", RULES, ids=repr)
@pytest.mark.parametrize("seed", [SIXES, ONES])
def test_every_first_action_from_a_throw_of_one_face(rules: Rules, seed: int) -> None:
    eng = batch.engine(GAME, rules)
    start = GAME.new_game(rules, seed=seed)
    assert start.showing in ((6,) * 5, (1,) * 5)
    legal = np.flatnonzero(eng.legal_mask(eng.new_games([seed]))[0])
    assert len(legal) == len(GAME.legal_actions(start)) > 1
    # One game for each legal first action, then random play to the end.
    b = eng.step(eng.new_games([seed] * len(legal)), legal)
    states = [GAME.apply(start, eng.actions[i]) for i in legal]
    play_to_the_end(eng, b, states, random.Random(seed))


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_whole_games_equal_the_scalar_engine(rules: Rules) -> None:
    eng = batch.engine(GAME, rules)
    seeds = [SIXES, ONES, *range(30)]
    b = eng.new_games(seeds)
    play_to_the_end(eng, b, [GAME.new_game(rules, seed=s) for s in seeds], random.Random(7))
