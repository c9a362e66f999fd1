"""liars-dice's rounds (``ROUNDS``): each round starts afresh from a key.

The promise exact solvers build on (``dicerules.facts.Rounds``): at a round's first
state, everything before it is public (the challenge or calza that ended the last
round showed every hand), and the rest of the game depends only on the round's key
and its own dice. So a state made by ``round_start`` from the key and the same dice
plays on exactly as the real one: the same seat to act, the same legal actions, the
same dice left, the same keys and winners, action for action, however it got there.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dicerules
from dicerules import ScriptedStream
from dicerules.games import liars_dice as ld
from dicerules.testing import rules as any_rules

GAME = dicerules.get_game("liars-dice")

FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "players": st.integers(2, 4),
    "dice_per_player": st.integers(1, 3),
    "sides": st.integers(2, 6),
    "ones_wild": st.booleans(),
    "ones_opening_cancels_wild": st.booleans(),
    "straights_wild": st.booleans(),
    "next_opener": st.sampled_from(("loser", "winner")),
    "first_opener": st.sampled_from(("rolloff", "seat0")),
    "ones_rank": st.sampled_from(("low", "high")),
    "palifico": st.booleans(),
}
SMALL = st.builds(ld.Rules, **FIELDS, calza=st.just(False)) | st.builds(
    ld.Rules, **FIELDS, calza=st.just(True), calza_rounds=st.none() | st.integers(1, 6)
)
"""Every field of the rules, on tables small enough for games to end in a few rounds
(ones ranked half needs wild ones, so it is drawn by ``any_rules`` below)."""


def facts(state: ld.State) -> tuple[Any, ...]:
    """What the rest of a game is made of, at ``state``."""
    return (
        ld.current_player(state),
        ld.legal_actions(state),
        state.dice,
        state.hands,
        state.ones_wild,
        state.palifico,
        frozenset(state.palificos),
        ld.round_key(state),
        ld.winners(state),
    )


def check_rounds(rules: ld.Rules, seed: int, choices: list[int]) -> int:
    """Play a game; at each round's start, play the same actions on from the state
    ``round_start`` makes of its key and the same dice, and compare. The rounds met."""
    states = [ld.new_game(rules, seed=seed)]
    played: list[Any] = []
    for choice in choices:
        legal = ld.legal_actions(states[-1])
        if not legal:
            break
        played.append(legal[choice % len(legal)])
        states.append(ld.apply(states[-1], played[-1]))
    drawn = states[-1].tape.dice()
    rounds = 0
    for index, state in enumerate(states):
        key = ld.round_key(state)
        if key is None:
            assert state.bid_count or ld.is_terminal(state)
            continue
        rounds += 1
        if index:  # a round an action began: every hand of the last one was shown
            assert state.last_reveal is not None and ld.round_key(states[index - 1]) is None
        before = len(state.tape.dice()) - sum(state.dice)  # this round's dice come next
        again = ld.round_start(rules, key, ScriptedStream(drawn[before:]))
        assert ld.round_key(again) == key
        for action, after in zip(played[index:], states[index + 1 :], strict=True):
            assert facts(again) == facts(state)
            again, state = ld.apply(again, action), after
        assert facts(again) == facts(state)
    return rounds


@given(SMALL, st.integers(0, 2**64 - 1), st.lists(st.integers(0, 2**16), max_size=120))
def test_a_round_started_from_its_key_plays_on_as_the_game(
    rules: ld.Rules, seed: int, choices: list[int]
) -> None:
    assert check_rounds(rules, seed, choices) >= 1


@given(any_rules(GAME), st.integers(0, 2**64 - 1), st.lists(st.integers(0, 2**16), max_size=60))
def test_every_rules_round_starts_afresh(rules: ld.Rules, seed: int, choices: list[int]) -> None:
    check_rounds(rules, seed, choices)


def test_the_key_holds_dice_opener_calza_round_and_palifico() -> None:
    rules = ld.Rules(players=3, dice_per_player=2, palifico=True, calza=True, calza_rounds=2)
    state = ld.new_game(rules, seed=7)
    assert ld.round_key(state) == ((2, 2, 2), state.opener, 1, False, ())
    later = ld.round_start(rules, ((2, 0, 1), 2, 0, True, (2, 0)), ScriptedStream((3, 1, 6)))
    assert (later.hands, later.to_act, later.palifico, later.ones_wild) == (
        ((1, 3), (), (6,)),
        2,
        True,
        False,
    )
    assert later.round == 4  # past the calza rounds, after three dice lost
    assert ld.round_key(later) == ((2, 0, 1), 2, 0, True, (0, 2))
    assert ld.round_key(ld.apply(later, ld.Bid(1, 6))) is None
    assert GAME.rounds is not None and GAME.rounds.key is ld.round_key


def test_a_round_key_is_asked_of_liars_dice_states_only() -> None:
    with pytest.raises(TypeError):
        ld.round_key(dicerules.get_game("link").new_game(seed=1))  # type: ignore[arg-type]
