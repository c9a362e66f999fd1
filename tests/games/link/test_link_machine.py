"""A hypothesis state machine for link: moves as rules, the contract as invariants.

Hypothesis picks the rules, the seed and each move, and shrinks a failure to the
shortest run of moves. Beside the Game contract it checks what only link knows:
counters plus pot never change, a link costs exactly link_cost and turns the row,
an out is forced, and the pot goes to the last seat to add a die.
"""

from __future__ import annotations

import pickle

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import dicerules
from dicerules.games import link


@st.composite
def small_rules(draw: st.DrawFn) -> link.Rules:
    players = draw(st.integers(2, 4))
    return link.Rules(
        players=players,
        white_dice=draw(st.integers(1, 3)),
        start_counters=draw(st.integers(0, 4)),
        rounds=draw(st.integers(1, 3)),
        ante=draw(st.integers(0, 2)),
        link_cost=draw(st.integers(0, 2)),
        first_player=draw(st.integers(0, players - 1)),
    )


class LinkMachine(RuleBasedStateMachine):
    state: link.State

    @initialize(rules=small_rules(), seed=st.integers(0, 2**64 - 1))
    def start(self, rules: link.Rules, seed: int) -> None:
        self.state = link.new_game(rules, seed=seed)
        self.total = rules.players * rules.start_counters

    def not_over(self) -> bool:
        return not link.is_terminal(self.state)

    def act(self, action: link.Action) -> link.State:
        before = self.state
        frozen = pickle.dumps(before)
        after = link.apply(before, action)
        assert pickle.loads(frozen) == before, "apply changed its argument"
        assert link.apply(before, action) == after, "apply is not deterministic"
        assert link.history(after) == (*link.history(before), action)
        self.state = after
        return after

    @precondition(not_over)
    @rule(data=st.data())
    def add_a_die(self, data: st.DataObject) -> None:
        before = self.state
        seat = link.current_player(before)
        assert seat is not None
        action = data.draw(st.sampled_from(link.legal_actions(before)), label="action")
        after = self.act(action)
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

    @precondition(not_over)
    @rule(text=st.text(max_size=8))
    def garbage_changes_nothing(self, text: str) -> None:
        before = self.state
        try:
            action = link.parse_action(before, text)
        except (dicerules.InvalidActionError, dicerules.IllegalActionError):
            pass
        else:
            assert action in link.legal_actions(before), f"{text!r} parsed to an illegal action"
        assert self.state == before

    @rule(value=st.integers(1, 6), blue=st.booleans())
    def an_unlisted_die_is_refused(self, value: int, blue: bool) -> None:
        before = self.state
        for action in (link.Play(blue, value), link.Open(value, "up", blue=blue)):
            if action not in link.legal_actions(before):
                try:
                    link.apply(before, action)
                except dicerules.IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{action} was applied though not listed")
        assert self.state == before

    @invariant()
    def counters_and_pot_are_conserved(self) -> None:
        assert sum(link.scores(self.state)) + self.state.pot == self.total

    @invariant()
    def over_exactly_when_nothing_is_legal(self) -> None:
        over = link.is_terminal(self.state)
        assert (link.legal_actions(self.state) == ()) == over
        assert (link.current_player(self.state) is None) == over
        assert (link.winners(self.state) != ()) == over

    @invariant()
    def views_hold_only_the_seats_own_dice(self) -> None:
        for seat in range(self.state.rules.players):
            view = link.view(self.state, seat)
            assert view.whites == self.state.whites[seat]
            assert "tape" not in dir(view) and "stream" not in dir(view)
        assert link.view(self.state, None).whites == ()

    def teardown(self) -> None:
        if hasattr(self, "state"):
            rec = dicerules.record(self.state)
            assert dicerules.replay(dicerules.GameRecord.from_json(rec.to_json())) == self.state


TestLinkMachine = LinkMachine.TestCase
# The number of examples comes from the profile in conftest; 40 moves reach a few rounds.
TestLinkMachine.settings = settings(TestLinkMachine.settings, stateful_step_count=40)
