"""The liars-dice bots: ``expert`` reads the other seats' bids, ``odds`` does not.

How the expert plays, from its seat's views alone:

* For every other seat it keeps a belief over the hand under that seat's cup: the
  chance of each hand of its size (a multiset of faces), updated by each bid the
  seat made this round. The model of a bidder is the ``odds`` bot's rule with
  noise: a sensible bidder raises only when the bid on the table is likelier true
  than its best raise is false, and then bids at random among the bids about as
  likely to hold, given its own hand, as its best one (within ``NEAR``). With
  chance ``NOISE`` a bid is taken to be made off that model, any legal bid alike
  (a bluff, a slip, another way of playing), so no bid rules a hand out.
* A seat may also bid at random all along: the belief is a mixture of the two, by
  how much likelier the seat's bids are from a sensible bidder. The odds start at
  ``RANDOM``; each time a challenge or a calza shows the hands, the expert checks
  the bids it saw that seat make that round against the hand it held, and keeps
  the odds for the rest of the game (it remembers no more than that, and starts
  afresh with a new game).
* From these beliefs, hands being independent given the bids, it works out how
  many dice the cups it cannot see count toward each face, and so the chance that
  a bid holds and that it is exact.
* Facing a bid, it challenges when the bid is more likely false than its best
  raise is likely true. With the calza rule, and a die to gain, it calls the bid
  exact when that is likelier right than wrong and risks less than the other two.
  Otherwise it raises, and the opener opens, at random among the bids within
  ``NEAR`` of the best chance, from its seed.

The ``odds`` bot (``OddsExpert``) is the expert as it was before it read bids: the
exact odds of its own hand against unseen dice, no calza.

Everything it computes is cached (hands by size, the update of a belief by one
bid, a seat's count toward a face), so a decision costs a few table lookups once
the common positions have been seen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from types import MappingProxyType
from typing import Final

from dicerules.bot import SeededBot, seat_of
from dicerules.games.liars_dice.engine import (
    CALZA,
    CHALLENGE,
    Action,
    Bid,
    OnesRank,
    View,
    _answers,
    _bid_index,
    _family_answers,
    count_bid,
)
from dicerules.games.liars_dice.odds import bid_count_distribution_float, bid_probability_float

__all__ = ["BOTS", "NEAR", "NOISE", "RANDOM", "Expert", "OddsExpert"]

NEAR: Final = 0.05
"""How much less likely than the best bid a bid may be and still be picked (the
expert's own choice, and its model of the other seats')."""

NOISE: Final = 0.25
"""The chance the expert gives a bid of being made off its model of a bidder."""

RANDOM: Final = 0.1
"""The chance the expert gives a seat, before it has seen any of its bids, of bidding at
random. Each hand revealed by a challenge or a calza tells how the seat's bids of that
round fitted it, and moves the odds for the rest of the game."""

_PRIOR_TRUST: Final = (1.0 - RANDOM) / RANDOM
_TRUST_RANGE: Final = (1e-3, 1e3)  # so that a few rounds can always change its mind


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
        legal = _answers(sides, total, -1 if last is None else _bid_index(last, sides))
    else:
        legal = _family_answers(sides, total, ones_rank, palifico, last, False)[0]
    lowest: dict[int, int] = {}
    for action in legal:
        if type(action) is Bid and action.face not in lowest:
            lowest[action.face] = action.quantity
    return tuple(sorted(lowest.items()))


# --------------------------------------------------------------- a bidder's model

_Evidence = tuple[tuple[int, ...], int, bool, bool, OnesRank, bool, Bid | None, Bid]
"""One bid as evidence: ``_likelihood``'s arguments after the hand size."""


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
    """For each hand of ``size`` dice, how much likelier a sensible bidder holding it
    bids ``bid`` after ``last`` than a random bidder does (one who bids any legal bid
    alike), the other hands being of sizes ``others``."""
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
    off_model = NOISE
    on_model = (1.0 - NOISE) * legal_bids
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
def _sensible(
    size: int, sides: int, evidence: tuple[_Evidence, ...]
) -> tuple[tuple[float, ...], float]:
    """The chance of each hand of ``size`` dice if its seat bids sensibly, given the
    bids in ``evidence`` (each the arguments of ``_likelihood`` after the hand size),
    and how much likelier those bids are from a sensible bidder than a random one."""
    if not evidence:
        return _hands(size, sides)[1], 1.0
    before, odds = _sensible(size, sides, evidence[:-1])
    update = _likelihood(size, *evidence[-1])
    weights = [p * q for p, q in zip(before, update, strict=True)]
    total = sum(weights)
    return tuple(w / total for w in weights), odds * total


@lru_cache(maxsize=8192)
def _sensible_counts(
    size: int,
    sides: int,
    evidence: tuple[_Evidence, ...],
    face: int,
    ones_wild: bool,
    straights_wild: bool,
) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """Entry c: the chance that a seat counts c toward ``face``, if it bids sensibly
    (``_sensible``), and if it bids at random (what it rolled is all there is to
    know); then how much likelier its bids are from a sensible bidder."""
    column = _columns(size, sides, ones_wild, straights_wild)[face - 1]
    prior = _hands(size, sides)[1]
    sensible, odds = _sensible(size, sides, evidence)
    counts = [0.0] * (size + 1)
    rolled = [0.0] * (size + 1)
    for weight, chance, count in zip(sensible, prior, column, strict=True):
        counts[count] += weight
        rolled[count] += chance
    return tuple(counts), tuple(rolled), odds


@lru_cache(maxsize=64)
def _hand_index(size: int, sides: int) -> dict[tuple[int, ...], int]:
    return {hand: index for index, hand in enumerate(_hands(size, sides)[0])}


def _evidence(view: View) -> dict[int, tuple[_Evidence, ...]]:
    """Each other seat's bids this round, as arguments of ``_likelihood`` after the size."""
    rules = view.rules
    opening_wild = rules.ones_wild and not view.palifico
    evidence: dict[int, list[_Evidence]] = {}
    last: Bid | None = None
    for seat, bid in view.bids:
        if seat != view.player:
            others = tuple(sorted(n for other, n in enumerate(view.dice) if other != seat and n))
            wild = opening_wild if last is None else view.ones_wild
            evidence.setdefault(seat, []).append(
                (others, rules.sides, wild, rules.straights_wild, rules.ones_rank,
                 view.palifico, last, bid)
            )  # fmt: skip
        last = bid
    return {seat: tuple(bids) for seat, bids in evidence.items()}


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

    def __init__(
        self,
        view: View,
        evidence: dict[int, tuple[_Evidence, ...]],
        trust: dict[int, float],
    ) -> None:
        """``trust``: for each seat, the odds (sensible to random) the expert gave it
        before this round; RANDOM's for a seat not in it."""
        rules = view.rules
        self._hand = view.hand
        self._sides = rules.sides
        self._ones_wild = view.ones_wild
        self._straights_wild = rules.straights_wild
        self._seats = tuple(
            (n, evidence.get(seat, ()), trust.get(seat, _PRIOR_TRUST))
            for seat, n in enumerate(view.dice)
            if seat != view.player and n
        )
        self._unseen: dict[int, list[float]] = {}

    def _unseen_counts(self, face: int) -> list[float]:
        counts = self._unseen.get(face)
        if counts is None:
            counts = [1.0]
            for size, evidence, trust in self._seats:
                sensible, rolled, odds = _sensible_counts(
                    size, self._sides, evidence, face, self._ones_wild, self._straights_wild
                )
                weight = trust * odds / (trust * odds + 1.0)
                seat = [
                    weight * p + (1.0 - weight) * q for p, q in zip(sensible, rolled, strict=True)
                ]
                counts = _convolve(counts, seat)
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

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._game: tuple[object, ...] = ()
        self._round = 0
        self._seen: dict[int, tuple[_Evidence, ...]] = {}
        self._trust: dict[int, float] = {}

    def _learn(self, view: View) -> dict[int, tuple[_Evidence, ...]]:
        """This round's evidence; first, if a round has ended since the last decision,
        how well each seat's bids seen in it fitted the hand it showed."""
        game = (view.rules, view.rolloff, view.player)
        if game != self._game or view.round < self._round or view.last_reveal is None:
            # A new game (or its first round, where nothing has been learnt yet)
            self._game, self._round, self._seen, self._trust = game, view.round, {}, {}
        reveal = view.last_reveal
        if view.round == self._round + 1 and reveal is not None:  # the round seen has ended
            for seat, bids in self._seen.items():
                hand = reveal.hands[seat]
                index = _hand_index(len(hand), view.rules.sides).get(hand)
                trust = self._trust.get(seat, _PRIOR_TRUST)
                if index is not None:
                    for bid in bids:
                        trust *= _likelihood(len(hand), *bid)[index]
                low, high = _TRUST_RANGE
                self._trust[seat] = min(max(trust, low), high)
        self._round = view.round
        self._seen = _evidence(view)
        return self._seen

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """A challenge, a calza or a bid, by the odds under its beliefs (see the module).

        ValueError for a spectator's view or no legal action.
        """
        seat = seat_of("liars-dice", view, View, legal_actions, "hand")
        evidence = self._learn(view)
        table = _Table(view, evidence, self._trust)
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
            if CALZA in legal_actions and view.dice[seat] < view.rules.dice_per_player:
                # Only for a die to gain, and only when more likely won than lost.
                exact = table.exact(standing)
                if exact > 0.5:
                    risks.append((1.0 - 2 * exact, CALZA))
            _, choice = min(risks, key=lambda pair: pair[0])
            if choice is not standing:
                return choice
        return self.pick(_near(by_face, table.holds, best))


class OddsExpert(SeededBot):
    """The ``odds`` bot: each decision by the exact chance that a bid holds, given its own
    hand alone (it reads nothing into the other seats' bids, and never calls calza).

    The liars-dice expert before it learnt to read bids, kept to measure against.
    """

    name = "odds"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """A challenge when the bid on the table is more likely false than any raise is true.

        Otherwise a bid from ``legal_actions`` about as likely to hold as the best one.
        ValueError for a spectator's view or no legal action.
        """
        seat_of("liars-dice", view, View, legal_actions, "hand")
        odds = _OwnOdds(view)
        by_face: dict[int, list[Bid]] = {}
        for action in legal_actions:
            if type(action) is Bid:
                by_face.setdefault(action.face, []).append(action)
        if not by_face:
            return CHALLENGE
        # A bid's chance falls as its quantity rises, so the likeliest raise is the
        # lowest legal bid of some face, and a face's near bids start from its lowest.
        best = max(odds.holds(bids[0]) for bids in by_face.values())
        if view.bids and CHALLENGE in legal_actions:
            standing = view.bids[-1][1]
            if 1.0 - odds.holds(standing) > best:
                return CHALLENGE
        return self.pick(_near(by_face, odds.holds, best))


def _near(by_face: dict[int, list[Bid]], holds: Callable[[Bid], float], best: float) -> list[Bid]:
    """The bids within NEAR of ``best`` chance to hold, by quantity then face; each
    face's bids come lowest first, so a face's near bids end at its first far one."""
    near = []
    for bids in by_face.values():
        for bid in bids:
            if holds(bid) < best - NEAR:
                break
            near.append(bid)
    near.sort(key=lambda bid: (bid.quantity, bid.face))
    return near


class _OwnOdds:
    """The chance of each bid holding, as one seat sees the table."""

    def __init__(self, view: View) -> None:
        self._hand = view.hand
        self._unseen = tuple(n for seat, n in enumerate(view.dice) if seat != view.player and n)
        self._sides = view.rules.sides
        self._ones_wild = view.ones_wild
        self._straights_wild = view.rules.straights_wild

    def holds(self, bid: Bid) -> float:
        """The chance that ``bid`` holds."""
        return bid_probability_float(
            bid.quantity, bid.face, self._hand, self._unseen, sides=self._sides,
            ones_wild=self._ones_wild, straights_wild=self._straights_wild,
        )  # fmt: skip


BOTS: Mapping[str, Callable[[int], SeededBot]] = MappingProxyType({"odds": OddsExpert})
"""The game's bots beyond ``random`` and ``expert``, by name: ``odds``."""
