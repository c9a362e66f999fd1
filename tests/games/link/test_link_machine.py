"""A hypothesis state machine for link: moves as rules, the contract as invariants.

Hypothesis picks the rules, the dice and each move, and shrinks a failure to the
shortest run of moves. The machine is dicerules.testing's, which checks every
promise of the Game contract at each step (counters plus pot never change among
them); this subclass also checks what only link knows: a link costs exactly
link_cost and turns the row, an out is forced, and the pot goes to the last seat to
add a die.
"""

from __future__ import annotations

import pytest
from helpers import parses_legally_or_not
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

import dicerules
from dicerules import testing
from dicerules.games import link


@st.composite
def small_rules(draw: st.DrawFn) -> link.Rules:
    players = draw(st.integers(2, 4))
    ante = draw(st.integers(0, 2))
    return link.Rules(
        players=players,
        white_dice=draw(st.integers(1, 3)),
        start_counters=draw(st.integers(ante, 4)),  # at least the ante: a game is played
        rounds=draw(st.integers(1, 3)),
        ante=ante,
        link_cost=draw(st.integers(0, 2)),
        first_player=draw(st.integers(0, players - 1)),
    )


class LinkMachine(testing.state_machine(link.GAME, small_rules())):  # type: ignore[misc]
    state: link.State

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Any legal action (``testing``'s rule), and what it does to counters and pot."""
        before: link.State = self.state
        seat = link.current_player(before)
        assert seat is not None
        super().play(data)
        action, after = self.actions[-1], self.state
        if action == link.OUT:
            assert link.legal_actions(before) == (link.OUT,), "out while a die could be added"
            if after.round != before.round or link.is_terminal(after):
                winner = after.last_winner
                assert winner is not None and before.sequence[-1].seat == winner
                gained = after.counters[winner] - before.counters[winner]
                ante = after.rules.ante if after.round != before.round else 0
                assert gained == before.pot - ante, "the winner did not take the pot"
        elif isinstance(action, link.Play) and action.blue:
            cost = before.rules.link_cost
            assert after.counters[seat] == before.counters[seat] - cost
            assert after.pot == before.pot + cost
            assert after.direction != before.direction
        else:
            assert after.counters == before.counters and after.pot == before.pot

    @precondition(lambda self: self._playing())
    @rule(text=st.text(max_size=8))
    def garbage_changes_nothing(self, text: str) -> None:
        parses_legally_or_not(link.GAME, self.state, text)  # and the state is unchanged

    @rule(value=st.integers(1, 6), blue=st.booleans())
    def an_unlisted_die_is_refused(self, value: int, blue: bool) -> None:
        before = self.state
        for action in (link.Play(blue, value), link.Open(value, "up", blue=blue)):
            if action not in link.legal_actions(before):
                with pytest.raises(dicerules.IllegalActionError):  # applied, not listed?
                    link.apply(before, action)
        assert self.state == before

    @invariant()
    def counters_and_pot_are_conserved(self) -> None:
        total = self.rules.players * self.rules.start_counters
        assert sum(link.scores(self.state)) + self.state.pot == total

    @invariant()
    def views_hold_only_the_seats_own_dice(self) -> None:
        for seat in range(self.state.rules.players):
            assert link.view(self.state, seat).whites == self.state.whites[seat]
        assert link.view(self.state, None).whites == ()


TestLinkMachine = LinkMachine.TestCase
# The number of examples comes from the profile in conftest; 40 moves reach a few rounds.
TestLinkMachine.settings = settings(TestLinkMachine.settings, stateful_step_count=40)
