"""What ``dicerules bench`` times of liar's dice beyond random play with the default rules.

Rounds: a game plays several, one a challenge; OpenSpiel's ``liars_dice`` plays one a
game. Its counterpart is the classic game of 2 seats with 5 dice each, seat 0
opening, beside ``liars_dice(numdice=5)``. The long game: 10 seats of 10 twenty-sided
dice, every seat making the smallest raise (a challenge when none is left), so a round
lasts about 2,000 bids and the game passes 10,000 actions in its sixth round. For
solvers (``bench --cfr``): 2 seats of one six-sided die, seat 0 opening, ones wild
and ranked high, never cancelled: ``liars_dice(numdice=1)`` itself (its six is our
one), the same 24,576 information states and the same exploitability after the same
CFR iterations. The messages to apps (``dicerules.wire``) are timed under the classic
preset.
"""

from __future__ import annotations

from dicerules.game import Benchmarks, Counterpart, LongGame
from dicerules.games.liars_dice.engine import PRESETS, Rules, State

__all__ = ["BENCHMARKS", "rounds"]


def rounds(state: State) -> int:
    """The rounds a finished game played: the round that ended it is the last one."""
    return state.round


BENCHMARKS: Benchmarks[State, Rules] = Benchmarks(
    rounds=rounds,
    counterparts=(
        Counterpart(
            label="liars-dice-2x5",
            rules=Rules(players=2, dice_per_player=5, first_opener="seat0"),
            spiel="liars_dice(numdice=5)",
            rounds=rounds,
        ),
    ),
    solver=Counterpart(
        label="liars-dice-2x1x6",
        rules=Rules(
            players=2,
            dice_per_player=1,
            first_opener="seat0",
            ones_opening_cancels_wild=False,
            ones_rank="high",
        ),
        spiel="liars_dice(numdice=1)",
        rounds=rounds,
    ),
    long_game=LongGame(
        rules=Rules(players=10, dice_per_player=10, sides=20),
        text="10 seats x 10 dice of 20 sides, each seat making the smallest raise"
        " (a challenge when none is left)",
    ),
    messages=PRESETS["classic"],
    simulate=True,
)
