"""A seeded game of eighteen (standard rules, 4 seats) between random players.

Narrated round by round as a spectator sees it: the house and its discards, each
player's dice as they fall, then the roost once shown and the points. Everything
printed comes from spectator views, never from the state itself. It ends with the
game's record as JSON. The same seed prints the same bytes.

    python examples/eighteen.py [--seed N]
"""

from __future__ import annotations

import argparse

import dicerules
from dicerules.games import eighteen


def dice_text(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, dice))


def hand_text(hand: tuple[int, ...]) -> str:
    total = eighteen.hand_total(hand)
    return f"{dice_text(hand)} ({'bust' if total is None else total})"


def narrate_result(result: eighteen.RoundResult, standing: list[int]) -> None:
    """Print a scored round and add its changes to ``standing``."""
    print(f"  The roost is {dice_text(result.roost_dice)}: {result.roost}.")
    for seat, hand in enumerate(result.hands):
        if hand:
            print(f"    seat {seat}: {hand_text(hand)}")
    changes = ", ".join(f"seat {seat} {change:+d}" for seat, change in enumerate(result.changes))
    for seat, change in enumerate(result.changes):
        standing[seat] += change
    print(f"  Points: {changes}. Standing: {', '.join(map(str, standing))}.")


def play(seed: int) -> eighteen.State:
    """Play one game, printing what a spectator sees, and return the final state."""
    state = eighteen.new_game(eighteen.Rules.preset("standard"), seed=seed)
    # The players choose uniformly between roll and stand, from a stream of their own.
    choices = dicerules.SeededStream(seed ^ 0x5EED)

    spectator = eighteen.view(state, None)
    standing = [spectator.rules.start_points] * spectator.rules.players
    for number, one in enumerate(spectator.house_choice, start=1):
        rolls = ", ".join(f"seat {seat} {sum(dice)}" for seat, dice in one)
        print(f"House choice {number}: {rolls}.")
    shown_round = 0
    while True:
        spectator = eighteen.view(state, None)
        for result in spectator.results if spectator.round != shown_round else ():
            if result.roost == 18:
                print(f"\nRound {result.round}: seat {result.house} is the house.")
                print("  A roost of 18 ends the round before anyone rolls.")
                narrate_result(result, standing)
        if eighteen.is_terminal(state):
            break
        if spectator.round != shown_round:
            shown_round = spectator.round
            print(
                f"\nRound {shown_round}: seat {spectator.house} is the house,"
                f" discards {dice_text(spectator.discards)}."
            )
        seat = eighteen.current_player(state)
        assert seat is not None
        legal = eighteen.legal_actions(state)
        (pick,), choices = choices.roll(1, len(legal))
        action = legal[pick - 1]
        state = eighteen.apply(state, action)
        after = eighteen.view(state, None)
        if after.round == shown_round and after.to_act == seat:
            continue  # the turn goes on: told once it ends
        turn_results = [r for r in after.results if r.round == shown_round]
        hand = turn_results[0].hands[seat] if turn_results else after.hands[seat]
        print(f"  seat {seat}: {hand_text(hand)}, {eighteen.format_action(action)}")
        for result in turn_results:
            narrate_result(result, standing)
    final = eighteen.view(state, None)
    for step, one in enumerate(final.lightning, start=1):
        rolls = ", ".join(f"seat {seat} {dice_text(dice)}" for seat, dice in one)
        print(f"Lightning step {step}: {rolls}.")
    assert standing == list(final.points)
    names = " and ".join(f"seat {seat}" for seat in final.winners)
    print(f"\n{names} won, with {final.points[final.winners[0]]} points.")
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
