"""A seeded game of liar's dice (norwegian rules, 4 seats) between random players.

Told as a spectator sees it, by the game's own narrator (as ``dicerules replay``
tells a record): the roll-off, the bids, the cups coming up, who lost a die. It ends
with the game's record as JSON, from which ``dicerules.replay`` rebuilds every
state. The same seed prints the same bytes.

    python examples/quickstart.py [--seed N]
"""

from __future__ import annotations

from watch import main

from dicerules.games import liars_dice

RULES = liars_dice.Rules.preset("norwegian")

if __name__ == "__main__":
    main(__doc__, "liars-dice", RULES, seed=2026)
