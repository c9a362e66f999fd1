"""A seeded game of link (standard rules, 4 seats) between random players.

Told as a spectator sees it, by the game's own narrator (as ``dicerules replay``
tells a record): the ante, each die added to the row, the links that turn it
round, who goes out, who takes the pot. The unplayed dice stay hidden, as they do
at the table. It ends with the game's record as JSON, from which
``dicerules.replay`` rebuilds every state. The same seed prints the same bytes.

    python examples/link.py [--seed N]
"""

from __future__ import annotations

from watch import main

from dicerules.games import link

RULES = link.Rules.preset("standard")

if __name__ == "__main__":
    main(__doc__, "link", RULES, seed=2026)
