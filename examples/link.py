"""A seeded game of link (standard rules, 4 seats) between random players.

Narrated as a spectator sees it: the ante, each die added to the row, the links
that turn it round, who goes out, who takes the pot. The unplayed dice stay hidden,
as they do at the table. It ends with the game's record as JSON, from which
``dicerules.replay`` rebuilds every state. The same seed prints the same bytes.

    python examples/link.py [--seed N]
"""

from __future__ import annotations

import argparse

import dicerules
from dicerules.games import link


def counters_text(view: link.View) -> str:
    return ", ".join(f"seat {seat}: {n}" for seat, n in enumerate(view.counters))


def play(seed: int) -> link.State:
    """Play one game, printing what a spectator sees, and return the final state."""
    state = link.new_game(link.Rules.preset("standard"), seed=seed)
    # The players choose uniformly among the legal actions, from a stream of their own.
    choices = dicerules.SeededStream(seed ^ 0x5EED)
    round_number = 0
    while not link.is_terminal(state):
        seen = link.view(state, None)
        if seen.round != round_number:
            round_number = seen.round
            playing = [seat for seat, there in enumerate(seen.in_game) if there]
            print(f"\nRound {round_number}. Pot {seen.pot} after the ante. Counters: "
                  f"{counters_text(seen)}. Seats playing: {playing}.")  # fmt: skip
        legal = link.legal_actions(state)
        (pick,), choices = choices.roll(1, len(legal))
        action = legal[pick - 1]
        seat = link.current_player(state)
        state = link.apply(state, action)
        after = link.view(state, None)
        if isinstance(action, link.Open):
            print(f"  seat {seat} opens with a {action.value}, going {action.direction}")
        elif isinstance(action, link.Play) and not action.blue:
            print(f"  seat {seat} adds a white {action.value}")
        elif isinstance(action, link.Play):
            cost = seen.rules.link_cost
            turned = "down" if seen.direction == "up" else "up"
            print(f"  seat {seat} links with its blue {action.value}"
                  f" (pays {cost}): the row now goes {turned}")  # fmt: skip
        else:
            print(f"  seat {seat} is out")
            if after.round != seen.round or after.to_act is None:
                row = " ".join(f"{p.colour}{p.value}" for p in seen.sequence)
                print(f"  seat {after.last_winner} takes the pot of {seen.pot} (row: {row})")
    final = link.view(state, None)
    winners = link.winners(state)
    print(f"\nGame over after {final.round} rounds. Counters: {counters_text(final)}.")
    names = " and ".join(f"seat {seat}" for seat in winners).capitalize()
    share = " share the win" if len(winners) > 1 else " wins"
    print(f"{names}{share} with {final.counters[winners[0]]} counters.")
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
