"""A seeded game of eighteen (standard rules, 4 seats) between random players.

Told as a spectator sees it, by the game's own narrator (as ``dicerules replay``
tells a record): the house and its dice, each player's dice as they fall, the roost
once shown and the points. Everything told comes from spectator views, never from
the state itself. It ends with the game's record as JSON. The same seed prints the
same bytes.

    python examples/eighteen.py [--seed N]
"""

from __future__ import annotations

from watch import main

from dicerules.games import eighteen

RULES = eighteen.Rules.preset("standard")

if __name__ == "__main__":
    main(__doc__, "eighteen", RULES, seed=2026)
