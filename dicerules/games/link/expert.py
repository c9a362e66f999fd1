"""The expert bot for link: keep dice that will still fit, and leave the others stuck.

How it plays, from its seat's view alone (its own unplayed dice, the row, and each
seat's counters, number of unplayed white dice and whether its blue die is unplayed):

* It plays flexibly by default: the white die closest to the last one (in a row
  going up, its lowest die that fits) keeps the most room for the dice it keeps,
  and the blue die is the link that turns round a row its white dice no longer fit.
* But each move is weighed by what follows. With three seats or more in the round,
  it deals the others' unseen dice ``ROLLOUTS`` times from its seed and plays the
  round out after each of its moves, every seat playing flexibly, counting the deals
  it wins. So a farther die that strands the next seats, a link that turns the row
  where the others' dice are likely stuck, or an opening that leaves its own dice
  room, is chosen when it wins more often than the flexible move.
* Heads up (two seats left in the round, so always in a two-seat game), it looks
  ahead exactly to the end of the round: for each deal of the other seat's unseen
  dice (every deal, with its chance, when there are few; else ``SAMPLES`` deals
  rolled from its seed) it works out who wins if both play perfectly from there,
  and plays the move that wins in the most deals.
* Among moves within ``NEAR`` of the best it picks one at random from its seed, so it
  cannot be read from one game to the next, and plays the same for the same seed and
  views.

It does not count the counters a link costs (the pot may bring them back), nor read
anything into what the others have played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Final

from dicerules.bot import SeededBot, seat_of
from dicerules.games.link.engine import SIDES, Action, Open, Play, View

__all__ = ["NEAR", "ROLLOUTS", "SAMPLES", "Expert"]

NEAR: Final = 0.02
"""How much lower than the best a move may score and still be picked."""

ROLLOUTS: Final = 48
"""Deals of the other seats' dice each move is played out on, three seats or more in."""

SAMPLES: Final = 32
"""Deals of the other seat's dice looked at heads up, when all of them would be more."""

_After = tuple[tuple[int, ...], int, int, bool]
"""What a move leaves: the mover's white dice and usable blue die (0: none), the
last value, and whether the row goes up next."""

_Dice = tuple[tuple[int, ...], int]
"""A seat's white dice, sorted, and its usable blue die (0: none)."""


class Expert(SeededBot):
    """Plays link flexibly, weighing each move by the rounds it wins from there."""

    name = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """The legal move that wins the round in the most deals of the unseen dice.

        ValueError for a spectator's view or no legal action.
        """
        seat = seat_of("link", view, View, legal_actions, "dice")
        if len(legal_actions) == 1:
            return legal_actions[0]
        moves = [_after(view, seat, action) for action in legal_actions]
        others = [other for other, still in enumerate(view.in_round) if still and other != seat]
        if len(others) == 1:
            scores = self._heads_up(view, others[0], moves)
        else:
            scores = self._crowded(view, seat, moves)
        best = max(scores)
        near = [a for a, score in zip(legal_actions, scores, strict=True) if score >= best - NEAR]
        return self.pick(near)

    def _heads_up(self, view: View, other: int, moves: Sequence[_After]) -> list[float]:
        """For each move, the chance over the other seat's deals that it wins the round."""
        count, has_blue = view.white_counts[other], _can_link(view, other)
        deals = _all_deals(count, has_blue)
        if len(deals) > SAMPLES:
            deals = tuple((*self._deal(count, has_blue), 1 / SAMPLES) for _ in range(SAMPLES))
        return [
            sum(chance for whites, blue, chance in deals if not _wins(whites, blue, *move))
            for move in moves
        ]

    def _crowded(self, view: View, seat: int, moves: Sequence[_After]) -> list[float]:
        """For each move, the share of ``ROLLOUTS`` deals it wins, every seat playing flexibly."""
        players = len(view.in_round)
        following = (seat + 1) % players
        while not view.in_round[following]:
            following = (following + 1) % players
        wins = [0] * len(moves)
        for _ in range(ROLLOUTS):
            dealt = [
                self._deal(view.white_counts[other], _can_link(view, other))
                if still and other != seat
                else ((), 0)
                for other, still in enumerate(view.in_round)
            ]
            for number, (whites, blue, last, up) in enumerate(moves):
                dealt[seat] = (whites, blue)
                winner = _play_out(dealt, list(view.in_round), following, last, up)
                wins[number] += winner == seat
        return [won / ROLLOUTS for won in wins]

    def _deal(self, count: int, has_blue: bool) -> _Dice:
        """``count`` white dice (and a blue one if ``has_blue``), rolled from the bot's seed."""
        whites = tuple(sorted(self.random.randrange(SIDES) + 1 for _ in range(count)))
        return whites, self.random.randrange(SIDES) + 1 if has_blue else 0


def _after(view: View, seat: int, action: Action) -> _After:
    """What ``action`` by ``seat`` leaves (an ``out`` is never weighed: it comes alone)."""
    whites = list(view.whites)
    blue = view.blue if view.blue is not None and _can_link(view, seat) else 0
    if type(action) is Open:
        whites.remove(action.value)
        return tuple(whites), blue, action.value, action.direction == "up"
    up = view.direction == "up"
    if type(action) is not Play:
        return tuple(whites), blue, 0, up
    if action.blue:
        return tuple(whites), 0, action.value, not up
    whites.remove(action.value)
    return tuple(whites), blue, action.value, up


def _can_link(view: View, seat: int) -> bool:
    """Whether ``seat`` still has its blue die and the counters to play it."""
    return view.blue_unplayed[seat] and view.counters[seat] >= view.rules.link_cost


# ------------------------------------------------------------- a crowded round


def _play_out(dealt: Sequence[_Dice], in_round: list[bool], seat: int, last: int, up: bool) -> int:
    """The seat that wins the round when every seat, from ``seat`` on, plays flexibly.

    Playing flexibly: the white die closest to the last one; the blue die only when
    no white die fits. ``in_round`` is changed.
    """
    whites = [list(hand) for hand, _ in dealt]
    blues = [blue for _, blue in dealt]
    players = len(in_round)
    left = sum(in_round)
    while left > 1:
        hand = whites[seat]
        fits = [value for value in hand if (value >= last if up else value <= last)]
        blue = blues[seat]
        if fits:
            last = min(fits) if up else max(fits)
            hand.remove(last)
        elif blue and (blue >= last if up else blue <= last):
            last, up = blue, not up
            blues[seat] = 0
        else:
            in_round[seat] = False
            left -= 1
        seat = (seat + 1) % players
        while not in_round[seat]:
            seat = (seat + 1) % players
    return in_round.index(True)


# ------------------------------------------------------------------ heads up


@lru_cache(maxsize=256)
def _all_deals(count: int, has_blue: bool) -> tuple[tuple[tuple[int, ...], int, float], ...]:
    """Every deal of ``count`` unseen white dice (and a blue die), with its chance."""
    deals: list[tuple[tuple[int, ...], int, float]] = []
    blues = range(1, SIDES + 1) if has_blue else (0,)
    for whites in combinations_with_replacement(range(1, SIDES + 1), count):
        orders = factorial(count) // prod(map(factorial, Counter(whites).values()))
        chance = orders / SIDES**count / len(blues)
        deals.extend((whites, blue, chance) for blue in blues)
    return tuple(deals)


def _wins(
    other_whites: tuple[int, ...],
    other_blue: int,
    whites: tuple[int, ...],
    blue: int,
    last: int,
    up: bool,
) -> bool:
    """Whether the seat to move (``other``) wins a heads-up round, both playing perfectly.

    Dice are sorted tuples; a blue die of 0 is none (played, or no counters to play
    it). A row going down is looked at in the mirror (a die v as 7 - v), so the cache
    holds rows going up only.
    """
    if not up:
        mirror = SIDES + 1
        other_whites = tuple(mirror - v for v in reversed(other_whites))
        whites = tuple(mirror - v for v in reversed(whites))
        other_blue = other_blue and mirror - other_blue
        blue = blue and mirror - blue
        last = mirror - last
    if not other_blue and not blue:
        # With no link left the row only climbs: the dice below it are dead weight.
        other_whites = tuple(v for v in other_whites if v >= last)
        whites = tuple(v for v in whites if v >= last)
    return _wins_up(other_whites, other_blue, whites, blue, last)


@lru_cache(maxsize=1 << 18)
def _wins_up(
    mover: tuple[int, ...], mover_blue: int, waiting: tuple[int, ...], waiting_blue: int, last: int
) -> bool:
    """``_wins`` for a row going up from ``last``."""
    # A die the waiting seat cannot answer wins at once: the highest white going up,
    # or the link if every die of the waiting seat is above it once the row turns.
    top = mover[-1] if mover else 0
    if top >= last and top > max(waiting[-1] if waiting else 0, waiting_blue):
        return True
    if mover_blue >= last and mover_blue < min(
        waiting[0] if waiting else SIDES + 1, waiting_blue or SIDES + 1
    ):
        return True
    previous = 0
    for at, value in enumerate(mover):
        if value >= last and value != previous:
            rest = mover[:at] + mover[at + 1 :]
            if not _wins(waiting, waiting_blue, rest, mover_blue, value, True):
                return True
            previous = value
    return mover_blue >= last and not _wins(waiting, waiting_blue, mover, 0, mover_blue, False)
