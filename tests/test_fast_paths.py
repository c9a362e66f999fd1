"""The engines' fast paths give answers no different from the plain ones.

A Log hashes lazily; liars-dice tests a bid by table indexes; link keeps its legal
actions in the state; twenty-four's ``apply`` skips its checks for a listed action.
Each is held here against the slow way it replaces. (The objects the fast builders
make are checked in test_build.py.)
"""

from __future__ import annotations

import copy
import itertools
import pickle
from typing import Any

import attrs
import pytest
from helpers import random_game

from dicerules import IllegalActionError, InvalidActionError, SeededStream
from dicerules.games import liars_dice as ld
from dicerules.games import link
from dicerules.games import twenty_four as tf
from dicerules.tape import Log, last_item

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def played(game: Any, rules: Any, seed: int, steps: int) -> list[Any]:
    """The states of a seeded random game, up to ``steps`` actions or its end."""
    return random_game(game, rules, seed, seed, steps)


# ------------------------------------------------------------- the lazy Log hash


def test_a_log_hashes_the_same_whichever_part_was_hashed_first() -> None:
    items = tuple(range(50))
    whole = Log.of(items)
    prefix_hashed = Log.of(items[:20])
    hash(prefix_hashed)  # its nodes keep their hashes; the later ones do not have one yet
    longer = prefix_hashed
    for item in items[20:]:
        longer = longer.append(item)
    assert hash(longer) == hash(whole)
    assert longer == whole


def test_equality_does_not_need_or_trust_a_missing_hash() -> None:
    a, b = Log.of((1, 2, 3)), Log.of((1, 2, 4))
    hash(a)  # one side hashed, the other not
    assert a != b and b != a
    assert a == Log.of((1, 2, 3)) and Log.of((1, 2, 3)) == a
    hash(b)
    assert a != b


def test_last_item_is_the_last_of_every_non_empty_log() -> None:
    log: Log[int] = Log()
    for item in (7, 3, 3, 0, 9):
        log = log.append(item)
        assert last_item(log) == log.last == tuple(log)[-1] == item
    state = liars_dice_states()[3]
    assert last_item(state.tape.actions) is state.tape.actions.last


# ----------------------------------------------------- liars-dice's bids and counts


def liars_dice_states() -> list[ld.State]:
    rules = ld.Rules(players=3, dice_per_player=2)
    return played(ld.GAME, rules, 5, 60)


def liars_dice_games(rules: ld.Rules, seeds: range) -> list[ld.State]:
    states: list[ld.State] = []
    for seed in seeds:
        states += played(ld.GAME, rules, seed, 400)
    return states


LIARS_DICE_RULES = [
    ld.Rules(players=2, dice_per_player=5, first_opener="seat0"),
    ld.Rules(players=3, dice_per_player=2, sides=4),
    ld.PRESETS["norwegian"],
    ld.Rules(players=4, dice_per_player=2, ones_wild=False, next_opener="loser"),
]


@pytest.mark.parametrize("rules", LIARS_DICE_RULES)
def test_liars_dice_apply_takes_exactly_the_bids_its_checks_allow(rules: ld.Rules) -> None:
    # apply tests a bid with one comparison of table indexes and calls _check_bid only
    # when that fails; the two must agree on every bid, legal or not.
    candidates = [ld.Bid(q, f) for q in range(1, 14) for f in range(1, rules.sides + 2)]
    for state in liars_dice_games(rules, range(4)):
        for bid in candidates:
            try:
                ld.engine._check_bid(state, bid)
            except IllegalActionError as checked:
                with pytest.raises(IllegalActionError) as applied:
                    ld.apply(state, bid)
                assert str(applied.value) == str(checked)
            else:
                after = ld.apply(state, bid)
                assert after.bids == (*state.bids, bid)
                assert bid in ld.legal_actions(state)


@pytest.mark.parametrize("rules", LIARS_DICE_RULES)
def test_liars_dice_challenge_count_and_reveal_match_the_plain_ones(rules: ld.Rules) -> None:
    for state in liars_dice_games(rules, range(6)):
        reveal = state.last_reveal
        if reveal is None:
            continue
        assert type(reveal) is ld.Reveal
        fields = {field.name: getattr(reveal, field.name) for field in attrs.fields(ld.Reveal)}
        slow = ld.Reveal(**fields)
        assert reveal == slow and hash(reveal) == hash(slow) and repr(reveal) == repr(slow)
        assert reveal.count == ld.count_bid(
            reveal.hands,
            reveal.bid.face,
            ones_wild=reveal.ones_wild,
            straights_wild=rules.straights_wild,
        )
        for face in range(1, rules.sides + 1):
            for wild in (False, True):
                expected = ld.count_bid(reveal.hands, face, ones_wild=wild, straights_wild=False)
                fast = ld.engine._count_without_straights(reveal.hands, face, wild and face != 1)
                assert fast == expected


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63, 2**64 - 1])
def test_liars_dice_new_game_from_a_seed_is_the_game_of_its_stream(seed: int) -> None:
    # new_game builds a valid seed's stream without SeededStream's validators.
    fast = ld.new_game(seed=seed)
    assert fast == ld.new_game(stream=SeededStream(seed))
    assert type(fast.tape.origin) is SeededStream
    assert fast.tape.origin == SeededStream(seed) and hash(fast.tape.origin) == hash(
        SeededStream(seed)
    )


@pytest.mark.parametrize(
    ("seed", "error"), [(True, TypeError), (-1, ValueError), (2**64, ValueError), (1.0, TypeError)]
)
def test_liars_dice_new_game_still_refuses_a_bad_seed(seed: object, error: type) -> None:
    with pytest.raises(error):
        ld.new_game(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ld.new_game(seed=1, stream=SeededStream(1))


# ---------------------------------------------------------- link's stored legal list


def link_states() -> list[link.State]:
    states: list[link.State] = []
    for seed in range(3):
        states += played(link.GAME, None, seed, 400)
    return states


def test_links_stored_legal_actions_are_those_worked_out_afresh() -> None:
    for state in link_states():
        assert link.legal_actions(state) == link.engine._legal_of(state)


def test_links_stored_legal_actions_survive_pickle_copy_and_evolve() -> None:
    states = link_states()
    state = states[len(states) // 2]
    assert state.to_act is not None
    for protocol in PROTOCOLS:
        back = pickle.loads(pickle.dumps(state, protocol))
        assert link.legal_actions(back) == link.legal_actions(state)
    assert link.legal_actions(copy.deepcopy(state)) == link.legal_actions(state)
    # evolve works the list out again for the changed state
    ended = attrs.evolve(state, to_act=None)
    assert link.legal_actions(ended) == ()
    assert link.legal_actions(attrs.evolve(state)) == link.legal_actions(state)


def test_links_stored_legal_actions_are_not_part_of_the_value() -> None:
    state = link_states()[3]
    assert "_legal" not in repr(state)
    other = attrs.evolve(state)
    object.__setattr__(other, "_legal", ())
    assert other == state and hash(other) == hash(state)
    with pytest.raises(TypeError):
        attrs.evolve(state, _legal=())  # type: ignore[call-arg]


# ------------------------------------------------------- twenty-four's skipped checks


def every_twenty_four_action() -> list[tf.Action]:
    keeps = [tf.Keep(count, value) for count in range(1, 7) for value in range(1, 8)]
    offers = [tf.Offer(quarters) for quarters in range(1, 32)]
    return [*keeps, *offers, tf.STOP, tf.NO_OFFER, tf.ACCEPT, tf.REFUSE]


@pytest.mark.parametrize(
    "rules",
    [
        tf.Rules(players=3),
        tf.Rules(players=3, keep_rule="any_value"),
        attrs.evolve(tf.PRESETS["house-rules"], players=3, keep_rule="any_value"),
    ],
)
def test_twenty_fours_checks_accept_exactly_the_listed_actions(rules: tf.Rules) -> None:
    # apply skips the checks for a listed action and runs them for any other, so the
    # two must agree, or an action would be played that the checks refuse (or the
    # other way round).
    candidates = every_twenty_four_action()
    for seed in range(25):
        for state in played(tf.GAME, rules, seed, 300):
            legal = set(tf.legal_actions(state))
            for action in candidates:
                try:
                    tf.engine._check(state, action)
                except IllegalActionError:
                    assert action not in legal, (state, action)
                else:
                    assert action in legal, (state, action)


def test_twenty_four_takes_an_equal_action_and_refuses_another_games() -> None:
    state = tf.new_game(seed=2)
    listed = tf.legal_actions(state)[0]
    assert type(listed) is tf.Keep
    equal = tf.Keep(listed.count, listed.value)
    assert equal is not listed
    assert tf.apply(state, equal) == tf.apply(state, listed)

    @attrs.frozen
    class LooksLikeKeep:
        count: int
        value: int

    with pytest.raises(InvalidActionError):
        tf.apply(state, LooksLikeKeep(listed.count, listed.value))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        tf.apply(state, ld.CHALLENGE)  # type: ignore[arg-type]


def test_twenty_fours_showing_table_is_every_throw_sorted_highest_first() -> None:
    throws = [
        thrown
        for size in range(1, tf.DICE + 1)
        for thrown in itertools.product(range(1, tf.engine.SIDES + 1), repeat=size)
    ]
    assert len(throws) == 6 + 6**2 + 6**3 + 6**4 + 6**5 == len(tf.engine._SHOWING)
    for thrown in throws:
        assert tf.engine._SHOWING[thrown] == tuple(sorted(thrown, reverse=True))
