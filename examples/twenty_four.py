"""A seeded game of twenty-four (house rules, 4 seats, 3 rounds) between random players.

Narrated turn by turn as a spectator sees it: the throws and keeps, the total,
the settlement offers, the bonus throws and who paid whom. Money is in
quarter-units (4 make a unit). It ends with the game's record as JSON, from which
``dicerules.replay`` rebuilds every state. The same seed prints the same bytes.

    python examples/twenty_four.py [--seed N]
"""

from __future__ import annotations

import argparse

import dicerules
from dicerules.games import twenty_four as tf


def dice_text(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, dice))


def money(values: tuple[int, ...]) -> str:
    return ", ".join(f"seat {seat} {value:+d}" for seat, value in enumerate(values))


def outcome_lines(last: tf.Outcome, rules: tf.Rules) -> list[str]:
    """What a spectator is told when a turn is over."""
    how = "after a stop" if last.stopped else "with every die kept"
    lines = [f"  Seat {last.roller} stands on {dice_text(last.dice)} = {last.total} {how}."]
    if last.target:
        throws = ", then ".join(dice_text(throw) for throw in last.bonus)
        if last.count:
            paid = f"{last.count} hit(s), {last.count * last.target} from each seat still in."
        elif rules.failed_bonus_pays:
            paid = (
                f"No {last.target}s: seat {last.roller} pays {last.target} to each seat still in."
            )
        else:
            paid = f"No {last.target}s: nobody pays."
        lines.append(f"  Bonus throws for {last.target}s: {throws}. {paid}")
    lines.append(f"  Money this turn: {money(last.changes)}.")
    return lines


def play(seed: int) -> tf.State:
    """Play one game, printing what a spectator sees, and return the final state."""
    # The house rules, with every seat rolling three times.
    rules = tf.Rules(
        rotations=3, low_score_bonus="full_play", failed_bonus_pays=True, settlements=True
    )
    state = tf.new_game(rules, seed=seed)
    # The players choose uniformly among the legal actions, from a stream of their own.
    choices = dicerules.SeededStream(seed ^ 0x5EED)
    turn = 0
    while not tf.is_terminal(state):
        before = tf.view(state, None)
        if before.turn != turn:
            turn = before.turn
            print(f"\nTurn {turn}: seat {before.roller} throws {dice_text(before.showing)}.")
        legal = tf.legal_actions(state)
        (pick,), choices = choices.roll(1, len(legal))
        action = legal[pick - 1]
        seat = tf.current_player(state)
        state = tf.apply(state, action)
        after = tf.view(state, None)
        if isinstance(action, tf.Keep) and after.turn == turn and after.showing:
            print(f"  seat {seat}: {action}, throws again: {dice_text(after.showing)}")
        else:
            print(f"  seat {seat}: {action}")
        if after.stage in ("offer", "answer") and before.stage == "throw":
            print(f"  Total {sum(after.kept)}: seat {after.roller} rolls for {after.target}s.")
        if after.last is not None and after.last.turn == turn:
            for line in outcome_lines(after.last, rules):
                print(line)
    print(f"\nFinal money: {money(tf.view(state, None).scores)}.")
    seats = " and ".join(f"seat {seat}" for seat in tf.winners(state))
    print(f"Winner(s): {seats}.")
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=9, help="the game's seed (default 9)")
    args = parser.parse_args()
    state = play(args.seed)
    print("\nRecord:")
    print(dicerules.record(state).to_json())


if __name__ == "__main__":
    main()
