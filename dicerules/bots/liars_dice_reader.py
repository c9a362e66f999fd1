"""The liars-dice expert: it reads the other seats' bids, then plays the odds.

How it plays, from its seat's view alone:

* For every other seat it keeps a belief over the hand under that seat's cup: the
  chance of each hand of its size (a multiset of faces), updated by each bid the
  seat made this round. The model of a bidder is the ``odds`` bot's rule with
  noise: a sensible bidder raises only when the bid on the table is likelier true
  than its best raise is false, and then bids at random among the bids about as
  likely to hold, given its own hand, as its best one (within ``NEAR``). With
  chance ``NOISE`` a bid is taken to be made off that model, any legal bid alike
  (a bluff, a slip, another way of playing), so no bid rules a hand out.
* From these beliefs, hands being independent given the bids, it works out how
  many dice the cups it cannot see count toward each face, and so the chance that
  a bid holds and that it is exact.
* Facing a bid, it challenges when the bid is more likely false than its best
  raise is likely true; with the calza rule, it calls the bid exact when that risks
  less still (a die gained counting against a die lost). Otherwise it raises, and
  the opener opens, at random among the bids within ``NEAR`` of the best chance,
  from its seed.

Everything it computes is cached (hands by size, the update of a belief by one
bid, a seat's count toward a face), so a decision costs a few table lookups once
the common positions have been seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from dicerules.bots.base import SeededBot, check_view
from dicerules.games.liars_dice import (
    CALZA,
    CHALLENGE,
    Action,
    Bid,
    OnesRank,
    View,
    count_bid,
)
from dicerules.games.liars_dice import _answers as _low_answers
from dicerules.games.liars_dice import _bid_index, _family_answers
from dicerules.probability import bid_count_distribution_float

__all__ = ["NEAR", "NOISE", "Expert"]

NEAR: Final = 0.05
"""How much less likely than the best bid a bid may be and still be picked (the
expert's own choice, and its model of the other seats')."""

NOISE: Final = 0.25
"""The chance the expert gives a bid of being made off its model of a bidder."""


# ----------------------------------------------------------------- hands and counts


@lru_cache(maxsize=64)
def _hands(size: int, sides: int) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """Every hand of ``size`` dice (sorted) and its chance of being rolled."""
    hands = tuple(combinations_with_replacement(range(1, sides + 1), size))
    orders = factorial(size)
    priors = []
    for hand in hands:
        ways = orders
        for face in set(hand):
            ways //= factorial(hand.count(face))
        priors.append(ways / sides**size)
    return hands, tuple(priors)


@lru_cache(maxsize=256)
def _columns(
    size: int, sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[tuple[int, ...], ...]:
    """Entry f - 1: what each hand of ``_hands(size, sides)`` counts toward face f."""
    hands, _ = _hands(size, sides)
    return tuple(
        tuple(
            count_bid((hand,), face, ones_wild=ones_wild, straights_wild=straights_wild)
            for hand in hands
        )
        for face in range(1, sides + 1)
    )


@lru_cache(maxsize=4096)
def _tail(
    face: int, others: tuple[int, ...], sides: int, ones_wild: bool, straights_wild: bool
) -> tuple[float, ...]:
    """Entry k: the chance that hands of sizes ``others`` count k or more toward ``face``."""
    exactly = bid_count_distribution_float(
        face, others, sides=sides, ones_wild=ones_wild, straights_wild=straights_wild
    )
    tail = list(exactly)
    for k in range(len(tail) - 2, -1, -1):
        tail[k] += tail[k + 1]
    return tuple(min(p, 1.0) for p in tail)


@lru_cache(maxsize=4096)
def _legal_after(
    sides: int, total: int, ones_rank: OnesRank, palifico: bool, last: Bid | None
) -> tuple[tuple[int, int], ...]:
    """(face, lowest legal quantity) for each face a raise of ``last`` may name.

    The quantities of one face that may follow run from the lowest to ``total``.
    """
    if ones_rank == "low" and not palifico:
        legal = _low_answers(sides, total, -1 if last is None else _bid_index(last, sides))
    else:
        legal = _family_answers(sides, total, ones_rank, palifico, last, False)[0]
    lowest: dict[int, int] = {}
    for action in legal:
        if type(action) is Bid and action.face not in lowest:
            lowest[action.face] = action.quantity
    return tuple(sorted(lowest.items()))


# --------------------------------------------------------------- a bidder's model


@lru_cache(maxsize=2048)
def _likelihood(
    size: int,
    others: tuple[int, ...],
    sides: int,
    ones_wild: bool,
    straights_wild: bool,
    ones_rank: OnesRank,
    palifico: bool,
    last: Bid | None,
    bid: Bid,
) -> tuple[float, ...]:
    """For each hand of ``size`` dice, the chance that a sensible bidder holding it
    bids ``bid`` after ``last``, the other hands being of sizes ``others``."""
    columns = _columns(size, sides, ones_wild, straights_wild)
    total = size + sum(others)
    ranges = _legal_after(sides, total, ones_rank, palifico, last)
    legal_bids = sum(total - low + 1 for _, low in ranges)
    tails = {
        face: _tail(face, others, sides, ones_wild, straights_wild)
        for face in {face for face, _ in ranges} | {bid.face}
    }
    faces = [(face, low, columns[face - 1], tails[face]) for face, low in ranges]
    bid_column, bid_tail = columns[bid.face - 1], tails[bid.face]
    last_column: Sequence[int] = ()
    last_tail: tuple[float, ...] = ()
    if last is not None:
        last_tail = _tail(last.face, others, sides, ones_wild, straights_wild)
        last_column = columns[last.face - 1]
    off_model = NOISE / max(legal_bids, 1)
    on_model = 1.0 - NOISE
    likelihood = []
    for h in range(len(columns[0])):
        best = 0.0
        for _, low, column, tail in faces:
            need = low - column[h]
            chance = 1.0 if need <= 0 else (tail[need] if need < len(tail) else 0.0)
            if chance > best:
                best = chance
        need = bid.quantity - bid_column[h]
        chance = 1.0 if need <= 0 else (bid_tail[need] if need < len(bid_tail) else 0.0)
        model = 0.0
        if chance >= best - NEAR:
            believes = True
            if last is not None:
                need = last.quantity - last_column[h]
                held = 1.0 if need <= 0 else (last_tail[need] if need < len(last_tail) else 0.0)
                believes = 1.0 - held <= best
            if believes:
                near = 0
                floor = best - NEAR
                for _, low, column, tail in faces:
                    own = column[h]
                    quantity = low
                    while quantity <= total:
                        need = quantity - own
                        if need > 0 and (tail[need] if need < len(tail) else 0.0) < floor:
                            break
                        quantity += 1
                    near += quantity - low
                model = 1.0 / near
        likelihood.append(off_model + on_model * model)
    return tuple(likelihood)


@lru_cache(maxsize=2048)
def _belief(
    size: int, sides: int, evidence: tuple[tuple[object, ...], ...]
) -> tuple[float, ...]:
    """The chance of each hand of ``size`` dice, given the bids in ``evidence``
    (each the arguments of ``_likelihood`` after the hand size), normalised."""
    if not evidence:
        return _hands(size, sides)[1]
    before = _belief(size, sides, evidence[:-1])
    update = _likelihood(size, *evidence[-1])  # type: ignore[arg-type]
    weights = [p * q for p, q in zip(before, update, strict=True)]
    total = sum(weights)
    return tuple(w / total for w in weights)


@lru_cache(maxsize=8192)
def _seat_counts(
    size: int,
    sides: int,
    evidence: tuple[tuple[object, ...], ...],
    face: int,
    ones_wild: bool,
    straights_wild: bool,
) -> tuple[float, ...]:
    """Entry c: the chance, under the belief, that the seat counts c toward ``face``."""
    belief = _belief(size, sides, evidence)
    column = _columns(size, sides, ones_wild, straights_wild)[face - 1]
    counts = [0.0] * (size + 1)
    for weight, count in zip(belief, column, strict=True):
        counts[count] += weight
    return tuple(counts)


def _convolve(first: Sequence[float], second: Sequence[float]) -> list[float]:
    total = [0.0] * (len(first) + len(second) - 1)
    for i, p in enumerate(first):
        if p:
            for j, q in enumerate(second):
                total[i + j] += p * q
    return total


# ------------------------------------------------------------------------ the bot


class _Table:
    """The chance of each bid holding (and being exact), as one seat reads the table."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        self._hand = view.hand
        self._sides = rules.sides
        self._ones_wild = view.ones_wild
        self._straights_wild = rules.straights_wild
        opening_wild = rules.ones_wild and not view.palifico
        evidence: dict[int, list[tuple[object, ...]]] = {}
        last: Bid | None = None
        for seat, bid in view.bids:
            if seat != view.player:
                others = tuple(
                    sorted(n for other, n in enumerate(view.dice) if other != seat and n)
                )
                wild = opening_wild if last is None else view.ones_wild
                evidence.setdefault(seat, []).append(
                    (others, rules.sides, wild, rules.straights_wild, rules.ones_rank,
                     view.palifico, last, bid)
                )  # fmt: skip
            last = bid
        self._seats = tuple(
            (n, tuple(evidence.get(seat, ())))
            for seat, n in enumerate(view.dice)
            if seat != view.player and n
        )
        self._unseen: dict[int, list[float]] = {}

    def _unseen_counts(self, face: int) -> list[float]:
        counts = self._unseen.get(face)
        if counts is None:
            counts = [1.0]
            for size, evidence in self._seats:
                counts = _convolve(
                    counts,
                    _seat_counts(
                        size, self._sides, evidence, face, self._ones_wild, self._straights_wild
                    ),
                )
            self._unseen[face] = counts
        return counts

    def _need(self, bid: Bid) -> int:
        mine = count_bid(
            (self._hand,), bid.face, ones_wild=self._ones_wild,
            straights_wild=self._straights_wild,
        )  # fmt: skip
        return bid.quantity - mine

    def holds(self, bid: Bid) -> float:
        """The chance that ``bid`` holds."""
        need = self._need(bid)
        if need <= 0:
            return 1.0
        counts = self._unseen_counts(bid.face)
        return min(1.0, sum(counts[need:]))

    def exact(self, bid: Bid) -> float:
        """The chance that ``bid`` is exactly right."""
        need = self._need(bid)
        counts = self._unseen_counts(bid.face)
        return counts[need] if 0 <= need < len(counts) else 0.0


class Expert(SeededBot):
    """Plays each liars-dice decision by the odds, reading the other seats' bids."""

    name = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """A challenge, a calza or a bid, by the odds under its beliefs (see the module).

        ValueError for a spectator's view or no legal action.
        """
        check_view("liars-dice", view, View)
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        if view.player is None:
            raise ValueError("the expert plays a seat: a spectator's view has no hand")
        table = _Table(view)
        by_face: dict[int, list[Bid]] = {}
        for action in legal_actions:
            if type(action) is Bid:
                by_face.setdefault(action.face, []).append(action)
        # A bid's chance falls as its quantity rises, so the likeliest raise is the
        # lowest legal bid of some face, and a face's near bids start from its lowest.
        best = max((table.holds(bids[0]) for bids in by_face.values()), default=0.0)
        if view.bids:
            standing = view.bids[-1][1]
            risks: list[tuple[float, Action]] = []
            if by_face:
                risks.append((1.0 - best, standing))  # a raise: the standing bid is a marker
            if CHALLENGE in legal_actions:
                risks.append((table.holds(standing), CHALLENGE))
            if CALZA in legal_actions and view.dice[view.player] < view.rules.dice_per_player:
                # Only for a die to gain, and only when more likely won than lost.
                exact = table.exact(standing)
                if exact > 0.5:
                    risks.append((1.0 - 2 * exact, CALZA))
            risk, choice = min(risks, key=lambda pair: pair[0])
            if choice is not standing:
                return choice
        near = []
        for bids in by_face.values():
            for bid in bids:
                if table.holds(bid) < best - NEAR:
                    break
                near.append(bid)
        near.sort(key=lambda bid: (bid.quantity, bid.face))
        return self._pick(near)
