"""What liars-dice declares for solvers and learners: action ids, an observation, rounds.

Action ids (``distinct_actions``): every bid a table of ``players * dice_per_player``
dice allows, quantity first, then face (bid ``QxF`` is id ``(Q - 1) * sides + F - 1``;
the raising order when ones rank low), then ``challenge``, then ``calza`` when the
rules have it.

The observation (``OBSERVATION``) of a view is one flat vector of these pieces,
with P seats, S sides and B = players * dice_per_player * sides bids:

========================  ==========  ==================================================
piece                     shape       holds
========================  ==========  ==================================================
``player``                (P,)        1 at the seat the view is for (none: a spectator)
``hand``                  (S,)        how many of the seat's dice show each face
``dice``                  (P,)        how many dice each seat has
``round``                 (1,)        the round number
``opener``                (P,)        1 at this round's opener
``to_act``                (P,)        1 at the seat to act (none once the game is over)
``ones_wild``             (1,)        1 if ones count for other faces this round
``bids``                  (B, P)      1 at (bid id, seat) for every bid of this round
``reveal_hands``          (P, S)      the last challenge's hands, face counts per seat
``reveal_bid``            (B,)        1 at the id of the bid challenged last
``reveal_bidder``         (P,)        1 at its bidder
``reveal_challenger``     (P,)        1 at its challenger
``reveal_loser``          (P,)        1 at the seat that lost a die
``reveal_count``          (1,)        how many dice counted for that bid
``palifico``              (1,)        with the palifico rule: 1 in a palifico round
``palificos``             (P,)        with the palifico rule: 1 at each seat that has had
                                      its palifico round
``reveal_calza``          (1,)        with the calza rule: 1 if the last reveal was a
                                      calza (its caller is ``reveal_challenger``;
                                      ``reveal_loser`` is zeros if it was exact)
========================  ==========  ==================================================

The roll-off's dice are left out (its outcome is ``opener`` in round 1). Every
piece of a view with no last challenge is zeros. The last three pieces are there
only under the rules that have them, so the other rules keep their observation.

The information state (``INFORMATION_STATE``) is what a seat has seen, as small
as it can be told, with R = ``last_calza_round + players * dice_per_player - 1``
rounds at most (each round but calza's loses a die):

=====================  ============  ===============================================
piece                  shape         holds
=====================  ============  ===============================================
``player``             (P,)          1 at the seat (none: a spectator)
``hand``               (S,)          how many of the seat's dice show each face now
``opener``             (P,)          with a roll-off: 1 at this round's opener
``bids``               (R, B, P)     1 at (round, bid id, seat) for every bid made
``reveal_hands``       (R - 1, P, S) each ended round's hands, face counts per seat
``reveal_challenger``  (R - 1, P)    1 at the seat that challenged (or called calza)
``reveal_calza``       (R - 1,)      with the calza rule: 1 if it was a calza
=====================  ============  ===============================================

(The three ``reveal`` pieces are left out where R is 1, ``opener`` where seat 0
opens.)

The rest follows from these: who lost a die, so the dice each seat has, the
palifico rounds, whether ones are wild. 2 seats of one die of 6 sides give 32
numbers (8 + 24 bids): OpenSpiel's ``liars_dice`` has 21, and the frame per action
an adapter would make 1,176. The roll-off's dice are left out of the vector (their
outcome is ``opener``) but are in the text, which is one line of
the seat's hand, the roll-off, and each round's bids (``seat:bid``) and its end.

The rounds (``ROUNDS``): every round rolls new dice, and it begins after a challenge
or calza that showed every hand, so the rest of a game depends only on the round's
key (``engine.round_key``): the dice each seat has, the opener, the round's number
while calza may still be called, whether it is a palifico round and which seats have
had theirs. The roll-off, the reveals and the bids before are public and change
nothing ahead. Exact solvers (``dicerules.tree.solve``) solve a game a round at a time.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from dicerules.facts import Encoding, InformationState, Piece, Rounds, counts, one_hot
from dicerules.games.liars_dice.engine import (
    CALZA,
    CHALLENGE,
    Action,
    Bid,
    Reveal,
    Rules,
    State,
    View,
    round_key,
    round_start,
)

__all__ = [
    "INFORMATION_STATE",
    "OBSERVATION",
    "ROUNDS",
    "distinct_actions",
    "max_length",
    "max_sides",
]


def _bids(rules: Rules) -> int:
    return rules.players * rules.dice_per_player * rules.sides


def distinct_actions(rules: Rules) -> tuple[Action, ...]:
    """Every bid the game's dice allow, quantity first, then ``challenge`` (and ``calza``)."""
    total = rules.players * rules.dice_per_player
    bids = (Bid(q, f) for q in range(1, total + 1) for f in range(1, rules.sides + 1))
    return (*bids, CHALLENGE, CALZA) if rules.calza else (*bids, CHALLENGE)


def max_sides(rules: Rules) -> int:
    """Every die has ``rules.sides`` faces."""
    return rules.sides


def max_length(rules: Rules) -> int:
    """The most actions a game can take: a round with T dice in play sees at most
    T * sides bids and a challenge, and each round has one die fewer than the last.
    With the calza rule an exact calza gains a die, so each round up to the last one
    of calza may have every die in play; after it, dice are only lost."""
    total = rules.players * rules.dice_per_player
    calza_rounds = rules.last_calza_round * (total * rules.sides + 1)
    return calza_rounds + sum(dice * rules.sides + 1 for dice in range(2, total + 1))


def pieces(rules: Rules) -> tuple[Piece, ...]:
    """The pieces of the observation, in order (the table above)."""
    p, s, b = rules.players, rules.sides, _bids(rules)
    return (
        ("player", (p,)), ("hand", (s,)), ("dice", (p,)), ("round", (1,)),
        ("opener", (p,)), ("to_act", (p,)), ("ones_wild", (1,)), ("bids", (b, p)),
        ("reveal_hands", (p, s)), ("reveal_bid", (b,)), ("reveal_bidder", (p,)),
        ("reveal_challenger", (p,)), ("reveal_loser", (p,)), ("reveal_count", (1,)),
        *((("palifico", (1,)), ("palificos", (p,))) if rules.palifico else ()),
        *((("reveal_calza", (1,)),) if rules.calza else ()),
    )  # fmt: skip


def _bid_id(bid: Bid, sides: int) -> int:
    return (bid.quantity - 1) * sides + bid.face - 1


def encode(rules: Rules, view: View) -> tuple[float, ...]:
    """The observation of ``view``: the pieces above, one after the other."""
    p, s, b = rules.players, rules.sides, _bids(rules)
    vector = one_hot(p, view.player)
    vector += counts(s, view.hand)
    vector += [float(n) for n in view.dice]
    vector.append(float(view.round))
    vector += one_hot(p, view.opener)
    vector += one_hot(p, view.to_act)
    vector.append(float(view.ones_wild))
    bids = [0.0] * (b * p)
    for seat, bid in view.bids:
        bids[_bid_id(bid, s) * p + seat] = 1.0
    vector += bids
    reveal = view.last_reveal
    if reveal is None:
        vector += [0.0] * (p * s + b + 3 * p + 1)
    else:
        for hand in reveal.hands:
            vector += counts(s, hand)
        vector += one_hot(b, _bid_id(reveal.bid, s))
        vector += one_hot(p, reveal.bidder)
        vector += one_hot(p, reveal.challenger)
        vector += one_hot(p, reveal.loser)
        vector.append(float(reveal.count))
    if rules.palifico:
        vector.append(float(view.palifico))
        vector += [1.0 if seat in view.palificos else 0.0 for seat in range(p)]
    if rules.calza:
        vector.append(float(reveal is not None and reveal.calza))
    return tuple(vector)


OBSERVATION: Encoding[Rules, View] = Encoding(pieces, encode)
"""The observation of liars-dice views (the table above)."""


# ------------------------------------------------------------------ information state


def max_rounds(rules: Rules) -> int:
    """The most rounds a game can play: every round but calza's loses a die."""
    return rules.last_calza_round + rules.players * rules.dice_per_player - 1


def information_pieces(rules: Rules) -> tuple[Piece, ...]:
    """The pieces of the information state, in order (the second table above)."""
    p, s, b, r = rules.players, rules.sides, _bids(rules), max_rounds(rules)
    reveals: tuple[Piece, ...] = ()
    if r > 1:  # a game of one round shows no reveal before it ends
        reveals = (("reveal_hands", (r - 1, p, s)), ("reveal_challenger", (r - 1, p)))
        reveals += (("reveal_calza", (r - 1,)),) if rules.calza else ()
    opener: tuple[Piece, ...] = (("opener", (p,)),) if rules.first_opener == "rolloff" else ()
    return (("player", (p,)), ("hand", (s,)), *opener, ("bids", (r, b, p)), *reveals)


def _rounds(views: Sequence[View]) -> tuple[list[tuple[tuple[tuple[int, Bid], ...], Reveal]], View]:
    """The ended rounds the views saw (each its bids and its reveal), and the last view.

    A round ends when its bids are gone: bids only grow within a round, and the
    challenge (or calza) that ends it follows at least one bid.
    """
    ended: list[tuple[tuple[tuple[int, Bid], ...], Reveal]] = []
    last = views[-1]
    for before, after in itertools.pairwise(views):
        if before.bids and not after.bids and after.last_reveal is not None:
            ended.append((before.bids, after.last_reveal))
    return ended, last


def information_encode(rules: Rules, views: Sequence[View]) -> tuple[float, ...]:
    """The information state of a seat that saw ``views``: the pieces above.

    Written into one list of the whole length, each piece at its slice (under
    perudo the bids alone are 105,120 numbers: joining them piece by piece cost 5
    to 9 times as much)."""
    p, s, b, r = rules.players, rules.sides, _bids(rules), max_rounds(rules)
    ended, last = _rounds(views)
    slices = INFORMATION_STATE.slices(rules)
    at = {name: part.start for name, part, _ in slices}
    vector = [0.0] * slices[-1][1].stop
    if last.player is not None:
        vector[at["player"] + last.player] = 1.0
    for face in last.hand:
        vector[at["hand"] + face - 1] += 1.0
    if "opener" in at and last.opener is not None:
        vector[at["opener"] + last.opener] = 1.0
    rounds = ([bids for bids, _ in ended] + [last.bids])[:r]
    for index, made in enumerate(rounds):
        for seat, bid in made:
            vector[at["bids"] + (index * b + _bid_id(bid, s)) * p + seat] = 1.0
    for index, (_, reveal) in enumerate(ended[: r - 1]):  # none when r is 1: no reveal pieces
        for seat, hand in enumerate(reveal.hands):
            for face in hand:
                vector[at["reveal_hands"] + (index * p + seat) * s + face - 1] += 1.0
        vector[at["reveal_challenger"] + index * p + reveal.challenger] = 1.0
        if "reveal_calza" in at:
            vector[at["reveal_calza"] + index] = float(reveal.calza)
    return tuple(vector)


def _bids_text(bids: tuple[tuple[int, Bid], ...]) -> str:
    return " ".join(f"{seat}:{bid}" for seat, bid in bids)


def information_text(rules: Rules, views: Sequence[View]) -> str:
    """The information state as one line: who, the hand, the roll-off, every round's
    bids and how each ended round ended (its caller and hands)."""
    ended, last = _rounds(views)
    who = "spectator" if last.player is None else f"seat {last.player}"
    hand = ",".join(str(face) for face in last.hand)
    parts = [f"{who} hand {hand or '-'}" if last.player is not None else who]
    if last.rolloff:
        passes = (" ".join(f"{seat}:{face}" for seat, face in one) for one in last.rolloff)
        parts.append("rolloff " + " / ".join(passes))
    for bids, reveal in ended:
        call = "calza" if reveal.calza else "challenge"
        hands = " ".join(",".join(str(face) for face in one) or "-" for one in reveal.hands)
        parts.append(f"{_bids_text(bids)} {reveal.challenger}:{call} [{hands}]")
    if last.bids:
        parts.append(_bids_text(last.bids))
    return " | ".join(parts)


INFORMATION_STATE: InformationState[Rules, View] = InformationState(
    information_pieces, information_encode, information_text
)
"""The information state of liars-dice (the second table above)."""


ROUNDS: Rounds[Rules, State] = Rounds(round_key, round_start)
"""Each round starts afresh (``engine.round_key``): exact solvers solve one at a time."""


BATCH: Final = "dicerules.games.liars_dice.batch:Kernel"
"""Where the game's NumPy batch kernel is (``Game.batch``), imported by dicerules.batch alone."""
