"""States pickled together share their history, in the pickle and after it.

A Log pickles as its last item after a few of its ancestors, so that pickle's memo
writes each Log of a game once: a list of every state of a game takes bytes
linear in the game, and the states unpickled share their past as the originals did.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import itertools
import pickle
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from dicerules.games import liars_dice as ld
from dicerules.tape import Log

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def long_game(actions: int) -> list[ld.State]:
    """A liars-dice game of ten seats of ten 20-sided dice, every seat making the
    smallest raise: one round of more than 2,000 bids. Its states, one per action."""
    state = ld.new_game(ld.Rules(players=10, dice_per_player=10, sides=20), seed=1)
    states = [state]
    while len(states) <= actions:
        state = ld.apply(state, ld.legal_actions(state)[0])
        states.append(state)
    return states


@pytest.fixture(scope="module")
def states() -> list[ld.State]:
    return long_game(2000)


def ancestor(log: Log[Any], length: int) -> Log[Any]:
    """The Log that ``log`` grew from when it held ``length`` items."""
    while len(log) > length:
        log = log._prev  # type: ignore[assignment]
    return log


def test_every_state_of_a_game_pickles_in_bytes_linear_in_the_game(
    states: list[ld.State],
) -> None:
    half = len(pickle.dumps(states[:1001]))
    whole = len(pickle.dumps(states))
    # Each state writing its whole history would make the whole four times the half.
    assert whole < 2.2 * half
    assert whole < 200 * len(states)


def test_states_unpickled_together_share_their_past(states: list[ld.State]) -> None:
    picked = states[::97]
    back = pickle.loads(pickle.dumps(picked))
    assert back == picked
    assert [hash(state) for state in back] == [hash(state) for state in picked]
    for earlier, later in itertools.pairwise(back):
        for name in ("actions", "rolls"):
            older = getattr(earlier.tape, name)
            assert ancestor(getattr(later.tape, name), len(older)) is older
    state = back[-1]
    action = ld.legal_actions(state)[0]
    assert ld.apply(state, action) == ld.apply(picked[-1], action)


@contextlib.contextmanager
def recursion_limit_above_here(headroom: int) -> Iterator[None]:
    """Python's recursion limit set ``headroom`` frames above the caller's depth."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + headroom)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


@pytest.mark.slow  # a long game: a log of 100,000 actions
@pytest.mark.parametrize("dumps", [pickle.dumps, pickle._dumps], ids=["C", "Python"])
def test_a_100k_action_log_pickles_with_little_nesting(dumps: Any) -> None:
    log = Log.of(range(100_000))
    nodes = [ancestor(log, length) for length in (99_999, 65_536, 65_535, 4_097, 1, 0)]
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        with recursion_limit_above_here(250):
            data = dumps([log, *nodes], protocol)
        back = pickle.loads(data)
        assert back == [log, *nodes]
        assert hash(back[0]) == hash(log)
        for node in back[1:]:
            assert ancestor(back[0], len(node)) is node


def test_logs_of_every_length_round_trip() -> None:
    for length in range(70):
        log = Log.of(range(length))
        for protocol in PROTOCOLS:
            back = pickle.loads(pickle.dumps(log, protocol))
            assert back == log and hash(back) == hash(log) and len(back) == length


def test_copies_of_states_keep_their_logs(states: list[ld.State]) -> None:
    state = states[1234]
    for twin in (copy.copy(state), copy.deepcopy(state), copy.deepcopy(states[1200:1240])[34]):
        assert twin == state and hash(twin) == hash(state)
        assert twin.tape.actions is state.tape.actions  # a Log never changes: never copied
