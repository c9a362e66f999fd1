"""A hypothesis state machine for liars-dice: moves as rules, the contract as invariants.

Hypothesis picks the rules, the seed and each move, and shrinks a failure to the
shortest run of moves. The generic machine for every game belongs to
dicerules.testing; this one also checks what only liars-dice knows.
"""

from __future__ import annotations

import pickle

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import dicerules
from dicerules.games import liars_dice as ld

SMALL_RULES = st.builds(
    ld.Rules,
    players=st.integers(2, 4),
    dice_per_player=st.integers(1, 3),
    sides=st.integers(2, 6),
    ones_wild=st.booleans(),
    ones_opening_cancels_wild=st.booleans(),
    straights_wild=st.booleans(),
    next_opener=st.sampled_from(("loser", "winner")),
    first_opener=st.sampled_from(("rolloff", "seat0")),
)


class LiarsDiceMachine(RuleBasedStateMachine):
    state: ld.State

    @initialize(rules=SMALL_RULES, seed=st.integers(0, 2**64 - 1))
    def start(self, rules: ld.Rules, seed: int) -> None:
        self.state = ld.new_game(rules, seed=seed)
        self.steps = 0

    def not_over(self) -> bool:
        return not ld.is_terminal(self.state)

    def challenge_is_legal(self) -> bool:
        return self.state.last_bid is not None and not ld.is_terminal(self.state)

    def act(self, action: ld.Action) -> None:
        before = self.state
        frozen = pickle.dumps(before)
        after = ld.apply(before, action)
        assert pickle.loads(frozen) == before, "apply changed its argument"
        assert ld.apply(before, action) == after, "apply is not deterministic"
        assert ld.history(after) == (*ld.history(before), action)
        self.state = after
        self.steps += 1

    @precondition(not_over)
    @rule(data=st.data())
    def bid(self, data: st.DataObject) -> None:
        bids = [a for a in ld.legal_actions(self.state) if isinstance(a, ld.Bid)]
        if bids:
            self.act(data.draw(st.sampled_from(bids), label="bid"))

    @precondition(challenge_is_legal)
    @rule()
    def challenge(self) -> None:
        total = self.state.total_dice
        self.act(ld.CHALLENGE)
        assert self.state.total_dice == total - 1, "a challenge did not cost exactly one die"
        reveal = self.state.last_reveal
        assert reveal is not None
        holds = reveal.count >= reveal.bid.quantity
        assert reveal.loser == (reveal.challenger if holds else reveal.bidder)

    @precondition(not_over)
    @rule(text=st.text(max_size=6))
    def garbage_changes_nothing(self, text: str) -> None:
        before = self.state
        try:
            action = ld.parse_action(before, text)
        except (dicerules.InvalidActionError, dicerules.IllegalActionError):
            pass
        else:
            assert action in ld.legal_actions(before), f"{text!r} parsed to an illegal action"
        assert self.state == before

    @precondition(lambda self: ld.is_terminal(self.state))
    @rule(data=st.data())
    def nothing_is_legal_once_over(self, data: st.DataObject) -> None:
        before = self.state
        action = data.draw(
            st.one_of(
                st.just(ld.CHALLENGE), st.builds(ld.Bid, st.integers(1, 12), st.integers(1, 6))
            )
        )
        try:
            ld.apply(before, action)
        except dicerules.IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was applied to a finished game")
        assert self.state == before

    @invariant()
    def over_exactly_when_nothing_is_legal(self) -> None:
        over = ld.is_terminal(self.state)
        assert (ld.legal_actions(self.state) == ()) == over
        assert (ld.current_player(self.state) is None) == over
        assert (ld.winners(self.state) != ()) == over

    @invariant()
    def hands_match_the_dice_left(self) -> None:
        if not ld.is_terminal(self.state):
            assert tuple(map(len, self.state.hands)) == self.state.dice
            assert all(list(hand) == sorted(hand) for hand in self.state.hands)

    @invariant()
    def views_hold_only_the_seats_own_hand(self) -> None:
        for seat in range(self.state.rules.players):
            view = ld.view(self.state, seat)
            assert view.hand == self.state.hands[seat]
            assert "tape" not in dir(view) and "stream" not in dir(view)
        assert ld.view(self.state, None).hand == ()

    def teardown(self) -> None:
        if hasattr(self, "state"):
            rec = dicerules.record(self.state)
            assert dicerules.replay(dicerules.GameRecord.from_json(rec.to_json())) == self.state


TestLiarsDiceMachine = LiarsDiceMachine.TestCase
# The number of examples comes from the profile in conftest; 30 moves reach several rounds.
TestLiarsDiceMachine.settings = settings(TestLiarsDiceMachine.settings, stateful_step_count=30)
