"""Hypothesis properties of liars-dice over random legal play.

Every example draws rules (the whole range of every Rules field with a seeded stream;
up to 6 seats of up to 4 dice with a scripted list of dice, so that a short script
still reaches a few rounds), a dice source, and then the actions, one index into
``legal_actions`` at a time, so a failure shrinks to a short action log. The
engine is run side by side with a small reference model written here from
shared/rules/liars-dice.md: its own dice source (SplitMix64 or the script), its own
roll-off, round starts, counting (straights and the ones rule) and turn order.
The loop is ``helpers.random_play``, which also checks every promise of
``dicerules.testing`` at each step. The model knows the classic fields only: the
Perudo family's (ones_rank, palifico, calza) stay at their defaults here and have
tests of their own.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from helpers import (
    Beside,
    Exhausted,
    ScriptedDice,
    SeededDice,
    drawn_beside,
)
from hypothesis import given
from hypothesis import strategies as st

import dicerules
from dicerules import ScriptedStream, SeededStream, record, replay
from dicerules.games import liars_dice as ld
from dicerules.testing import check_illegal

GAME = dicerules.get_game("liars-dice")

MAX_STEPS = 150
"""Actions per example in the open-ended tests (big tables do not finish; that is fine)."""


# ---------------------------------------------------------------- strategies


def rules_strategy(
    players: tuple[int, int] = (2, 10),
    dice: tuple[int, int] = (1, 10),
    sides: tuple[int, int] = (2, 20),
) -> st.SearchStrategy[ld.Rules]:
    """Rules over the given ranges of the int fields and every value of the other fields
    the model knows (``testing.rules`` would draw the Perudo fields too)."""
    return st.builds(
        ld.Rules,
        players=st.integers(*players),
        dice_per_player=st.integers(*dice),
        sides=st.integers(*sides),
        ones_wild=st.booleans(),
        ones_opening_cancels_wild=st.booleans(),
        straights_wild=st.booleans(),
        next_opener=st.sampled_from(("loser", "winner")),
        first_opener=st.sampled_from(("rolloff", "seat0")),
    )


SEEDS = st.integers(0, 2**64 - 1)


# ------------------------------------------------------------ the reference model


def is_straight(hand: tuple[int, ...]) -> bool:
    return len(hand) >= 1 and sorted(hand) == list(range(1, len(hand) + 1))


def count_bid(
    hands: tuple[tuple[int, ...], ...], face: int, ones_wild: bool, straights_wild: bool
) -> int:
    """Rule 5, written again: straights count their size; else the face, plus wild ones."""
    count = 0
    for hand in hands:
        if straights_wild and is_straight(hand):
            count += len(hand)
        else:
            count += sum(1 for die in hand if die == face or (ones_wild and face != 1 and die == 1))
    return count


def left_of(dice: list[int], seat: int) -> int:
    """The next seat to the left of ``seat`` that still has dice."""
    seat = (seat + 1) % len(dice)
    while not dice[seat]:
        seat = (seat + 1) % len(dice)
    return seat


def raises(new: ld.Bid, old: ld.Bid) -> bool:
    return new.quantity > old.quantity or (new.quantity == old.quantity and new.face > old.face)


class Model:
    """liars-dice as shared/rules/liars-dice.md says it, kept in plain mutable Python."""

    def __init__(self, rules: ld.Rules, source: SeededDice | ScriptedDice) -> None:
        self.rules = rules
        self.source = source
        self.dice = [rules.dice_per_player] * rules.players
        self.rolloff: list[tuple[tuple[int, int], ...]] = []
        self.opener = 0
        if rules.first_opener == "rolloff":
            contenders = list(range(rules.players))
            while len(contenders) > 1:
                if not source.available(len(contenders)):
                    raise Exhausted
                rolled = source.take(len(contenders), rules.sides)
                self.rolloff.append(tuple(zip(contenders, rolled, strict=True)))
                contenders = [
                    s for s, die in zip(contenders, rolled, strict=True) if die == max(rolled)
                ]
            self.opener = contenders[0]
        self.round = 0
        self.reveal: dict[str, Any] | None = None
        self.start_round(self.opener)

    def start_round(self, opener: int) -> None:
        if not self.source.available(sum(self.dice)):
            raise Exhausted
        self.hands = tuple(
            tuple(sorted(self.source.take(n, self.rules.sides))) if n else () for n in self.dice
        )
        self.round += 1
        self.opener = opener
        self.to_act: int | None = opener
        self.bids: list[tuple[int, ld.Bid]] = []
        self.ones_wild = self.rules.ones_wild

    def bid(self, bid: ld.Bid) -> None:
        assert self.to_act is not None
        if not self.bids and bid.face == 1 and self.rules.ones_opening_cancels_wild:
            self.ones_wild = False
        self.bids.append((self.to_act, bid))
        self.to_act = left_of(self.dice, self.to_act)

    def challenge(self) -> None:
        challenger = self.to_act
        assert challenger is not None
        bidder, bid = self.bids[-1]
        count = count_bid(self.hands, bid.face, self.ones_wild, self.rules.straights_wild)
        loser, winner = (challenger, bidder) if count >= bid.quantity else (bidder, challenger)
        self.reveal = {
            "hands": self.hands,
            "bid": bid,
            "bidder": bidder,
            "challenger": challenger,
            "ones_wild": self.ones_wild,
            "count": count,
            "loser": loser,
        }
        self.dice[loser] -= 1
        if sum(1 for n in self.dice if n) == 1:
            self.to_act = None
            return
        opener = loser if self.rules.next_opener == "loser" else winner
        if not self.dice[opener]:
            opener = left_of(self.dice, opener)
        self.start_round(opener)


# ----------------------------------------------------------------- the checks


def check_against_model(state: ld.State, model: Model) -> None:
    """Everything the model knows, compared with the state and its views."""
    assert GAME.scores(state) == tuple(model.dice)
    assert sum(GAME.scores(state)) == sum(model.dice), "scores do not sum to the dice in play"
    assert GAME.current_player(state) == model.to_act
    assert state.rolloff == tuple(model.rolloff), "the roll-off is not the rules' roll-off"
    if model.reveal is not None:
        assert state.last_reveal is not None
        for name, value in model.reveal.items():
            assert getattr(state.last_reveal, name) == value, f"reveal.{name}"
    if GAME.is_terminal(state):
        return
    assert state.round == model.round
    assert state.opener == model.opener, "the round has the wrong opener"
    assert state.ones_wild == model.ones_wild
    for seat, hand in enumerate(state.hands):
        assert len(hand) == model.dice[seat], f"seat {seat} holds {hand} with {model.dice[seat]}"
        assert list(hand) == sorted(hand), f"seat {seat}'s hand {hand} is not sorted"
        assert all(1 <= die <= model.rules.sides for die in hand)
    assert state.hands == model.hands, "the hands are not the dice drawn in seat order"
    assert sum(map(len, state.hands)) == sum(GAME.scores(state))
    assert GAME.view(state, None).bids == tuple(model.bids), "bids credited to the wrong seats"


def check_views(state: ld.State) -> None:
    """A seat's view holds its own hand (``check_state`` redraws the others' and
    compares the views)."""
    for seat in range(state.rules.players):
        assert GAME.view(state, seat).hand == state.hands[seat]
    assert GAME.view(state, None).hand == ()


def check_refusals(state: ld.State) -> None:
    """Bids that do not raise, name no face, or name more dice than are in play are refused."""
    total, sides = sum(state.dice), state.rules.sides
    wrong = [ld.Bid(1, sides + 1), ld.Bid(total + 1, 1), ld.Bid(total + 1, sides)]
    if state.bids:
        last = state.bids[-1]
        wrong += [last, ld.Bid(last.quantity, 1) if last.face > 1 else ld.Bid(1, 1)]
        if last.quantity > 1:
            wrong.append(ld.Bid(last.quantity - 1, sides))
    else:
        wrong.append(ld.Challenge())
    listed = set(wrong) & set(GAME.legal_actions(state))
    assert not listed, f"{listed} listed as legal"
    check_illegal(GAME, state, wrong)


def check_legal_actions(state: ld.State) -> None:
    legal = GAME.legal_actions(state)
    bids = [action for action in legal if isinstance(action, ld.Bid)]
    last = state.bids[-1] if state.bids else None
    assert all(raises(b, a) for a, b in itertools.pairwise(bids)), "bids out of order"
    if last is None:
        assert len(bids) == len(legal), "a challenge before the opening bid"
        assert len(bids) == sum(state.dice) * state.rules.sides
    else:
        assert isinstance(legal[-1], ld.Challenge) and len(bids) == len(legal) - 1
        assert all(raises(bid, last) for bid in bids), "a legal bid does not raise the last"


def act(model: Model, action: ld.Action) -> None:
    if isinstance(action, ld.Bid):
        model.bid(action)
    else:
        model.challenge()


def each_state(state: ld.State) -> None:
    check_legal_actions(state)
    check_refusals(state)
    check_views(state)


def each_step(state: ld.State, action: ld.Action, after: ld.State) -> None:
    total = sum(GAME.scores(state))
    if isinstance(action, ld.Bid):
        assert state.bids == () or raises(action, state.bids[-1]), "a bid that does not raise"
        assert sum(GAME.scores(after)) == total, "a bid changed the number of dice"
    else:
        assert sum(GAME.scores(after)) == total - 1, "a challenge did not cost one die"


def play(
    data: st.DataObject, rules: ld.Rules, stream: Any, source: Any, steps: int
) -> Iterator[ld.State]:
    """Play from a new game beside the model, checking every step; yields the states."""
    model = Beside(lambda: Model(rules, source), act, check_against_model)
    start = lambda: GAME.new_game(rules, stream=stream)  # noqa: E731
    return drawn_beside(GAME, start, data, steps, model, each_state=each_state, each_step=each_step)


def finish(state: ld.State) -> None:
    """What must hold of the last state of an example."""
    assert replay(record(state)) == state
    if GAME.is_terminal(state):
        with_dice = [seat for seat, n in enumerate(GAME.scores(state)) if n]
        assert len(with_dice) == 1, f"the game ended with dice at seats {with_dice}"
        assert GAME.winners(state) == tuple(with_dice)


# ------------------------------------------------------------------ the tests


@given(data=st.data(), rules=rules_strategy(), seed=SEEDS)
def test_seeded_play_follows_the_rules(data: st.DataObject, rules: ld.Rules, seed: int) -> None:
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), MAX_STEPS))
    finish(states[-1])


@st.composite
def scripted_games(draw: st.DrawFn) -> tuple[ld.Rules, list[int]]:
    """Small rules and a script of dice: at least the roll-off and a first round."""
    rules = draw(rules_strategy(players=(2, 6), dice=(1, 4)))
    first = rules.players + rules.max_dice
    values = draw(
        st.lists(st.integers(1, rules.sides), min_size=first, max_size=first + rules.max_dice**2)
    )
    return rules, values


@given(data=st.data(), game=scripted_games())
def test_scripted_play_follows_the_rules(
    data: st.DataObject, game: tuple[ld.Rules, list[int]]
) -> None:
    rules, values = game
    states = list(play(data, rules, ScriptedStream(values), ScriptedDice(values), MAX_STEPS))
    if states:
        finish(states[-1])


@given(data=st.data(), rules=rules_strategy(players=(2, 4), dice=(1, 3), sides=(2, 6)), seed=SEEDS)
def test_small_games_end_with_one_seat_holding_dice(
    data: st.DataObject, rules: ld.Rules, seed: int
) -> None:
    # Each round has at most 12 * 6 bids, and at most 11 rounds: 1000 steps is beyond reach.
    states = list(play(data, rules, SeededStream(seed), SeededDice(seed), 1000))
    assert GAME.is_terminal(states[-1]), "a small game did not end"
    finish(states[-1])
