"""A hypothesis state machine for liars-dice: moves as rules, the contract as invariants.

Hypothesis picks the rules, the dice and each move, and shrinks a failure to the
shortest run of moves. The machine is dicerules.testing's, which checks every
promise of the Game contract at each step; this subclass also checks what only
liars-dice knows.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import parses_legally_or_not
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

import dicerules
from dicerules import testing
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


class LiarsDiceMachine(testing.state_machine(ld.GAME, SMALL_RULES)):  # type: ignore[misc]
    state: ld.State

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Any legal action (``testing``'s rule); a challenge costs exactly one die."""
        before: ld.State = self.state
        super().play(data)
        if self.actions[-1] != ld.CHALLENGE:
            return
        assert self.state.total_dice == before.total_dice - 1, (
            "a challenge did not cost exactly one die"
        )
        reveal = self.state.last_reveal
        assert reveal is not None
        holds = reveal.count >= reveal.bid.quantity
        assert reveal.loser == (reveal.challenger if holds else reveal.bidder)

    @precondition(lambda self: self._playing())
    @rule(text=st.text(max_size=6))
    def garbage_changes_nothing(self, text: str) -> None:
        parses_legally_or_not(ld.GAME, self.state, text)  # and the state is unchanged

    @precondition(lambda self: self._over())
    @rule(data=st.data())
    def nothing_is_legal_once_over(self, data: st.DataObject) -> None:
        before = self.state
        action: Any = data.draw(
            st.one_of(
                st.just(ld.CHALLENGE), st.builds(ld.Bid, st.integers(1, 12), st.integers(1, 6))
            )
        )
        with pytest.raises(dicerules.IllegalActionError):  # applied to a finished game?
            ld.apply(before, action)
        assert self.state == before

    @invariant()
    def hands_match_the_dice_left(self) -> None:
        if self.state is not None and not ld.is_terminal(self.state):
            assert tuple(map(len, self.state.hands)) == self.state.dice
            assert all(list(hand) == sorted(hand) for hand in self.state.hands)

    @invariant()
    def views_hold_only_the_seats_own_hand(self) -> None:
        if self.state is None:
            return
        for seat in range(self.state.rules.players):
            assert ld.view(self.state, seat).hand == self.state.hands[seat]
        assert ld.view(self.state, None).hand == ()


TestLiarsDiceMachine = LiarsDiceMachine.TestCase
# The number of examples comes from the profile in conftest; 30 moves reach several rounds.
TestLiarsDiceMachine.settings = settings(TestLiarsDiceMachine.settings, stateful_step_count=30)
