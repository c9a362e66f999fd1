"""A seeded game of twenty-four (house rules, 4 seats, 3 rounds) between random players.

Told as a spectator sees it, by the game's own narrator (as ``dicerules replay``
tells a record): the throws and keeps, the total, the settlement offers, the bonus
throws and who paid whom. Money is in quarter-units (4 make a unit). It ends with
the game's record as JSON, from which ``dicerules.replay`` rebuilds every state.
The same seed prints the same bytes.

    python examples/twenty_four.py [--seed N]
"""

from __future__ import annotations

from watch import main

from dicerules.games import twenty_four as tf

# The house rules, with every seat rolling three times.
RULES = tf.Rules(rotations=3, low_score_bonus="full_play", failed_bonus_pays=True, settlements=True)

if __name__ == "__main__":
    main(__doc__, "twenty-four", RULES, seed=9)
