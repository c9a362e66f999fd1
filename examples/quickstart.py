"""A seeded game of liar's dice (norwegian rules, 4 seats) between random players.

Narrated round by round as a spectator sees it: the bids, the cups coming up,
who lost a die. It ends with the game's record as JSON, from which
``dicerules.replay`` rebuilds every state. The same seed prints the same bytes.

    python examples/quickstart.py [--seed N]
"""

from __future__ import annotations

import argparse

import dicerules
from dicerules.games import liars_dice


def hand_text(hand: tuple[int, ...]) -> str:
    return "-".join(map(str, hand)) if hand else "(no dice)"


def play(seed: int) -> liars_dice.State:
    """Play one game, printing what a spectator sees, and return the final state."""
    state = liars_dice.new_game(liars_dice.Rules.preset("norwegian"), seed=seed)
    # The players choose uniformly among the legal actions, from a stream of their own.
    choices = dicerules.SeededStream(seed ^ 0x5EED)

    spectator = liars_dice.view(state, None)
    for number, rolloff in enumerate(spectator.rolloff, start=1):
        dice = ", ".join(f"seat {seat} rolls {die}" for seat, die in rolloff)
        print(f"Roll-off {number}: {dice}.")
    round_number = 0
    while not liars_dice.is_terminal(state):
        spectator = liars_dice.view(state, None)
        if spectator.round != round_number:
            round_number = spectator.round
            counts = ", ".join(f"seat {s}: {n}" for s, n in enumerate(spectator.dice) if n)
            print(f"\nRound {round_number}. Dice left: {counts}. Seat {spectator.opener} opens.")
        legal = liars_dice.legal_actions(state)
        (pick,), choices = choices.roll(1, len(legal))
        action = legal[pick - 1]
        seat = liars_dice.current_player(state)
        state = liars_dice.apply(state, action)
        if isinstance(action, liars_dice.Bid):
            print(f"  seat {seat} bids {liars_dice.format_action(action)}")
        else:
            reveal = liars_dice.view(state, None).last_reveal
            assert reveal is not None
            print(f"  seat {seat} challenges! Cups up:")
            for other, hand in enumerate(reveal.hands):
                if hand:
                    print(f"    seat {other}: {hand_text(hand)}")
            wild = "ones wild" if reveal.ones_wild else "ones not wild"
            print(
                f"  {reveal.bid} ({wild}): counted {reveal.count}. Seat {reveal.loser} loses a die."
            )
    (winner,) = liars_dice.winners(state)
    print(f"\nSeat {winner} wins with {liars_dice.scores(state)[winner]} dice left.")
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026, help="the game's seed (default 2026)")
    args = parser.parse_args()
    state = play(args.seed)
    print("\nRecord:")
    print(dicerules.record(state).to_json())


if __name__ == "__main__":
    main()
