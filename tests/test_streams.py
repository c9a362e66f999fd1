"""The dice streams: SeededStream against API.md and an independent SplitMix64, ScriptedStream.

The reference implementation (tests/helpers.py) is written from the text of API.md
alone, so a change to the stream that would alter a single recorded game shows up here.
"""

from __future__ import annotations

import copy
import pickle
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import attrs
import pytest
from helpers import GOLDEN, MUL1, MUL2, TWO64, ref_draw, ref_mix, ref_roll
from hypothesis import given
from hypothesis import strategies as st

import dicerules
from dicerules import DiceStream, ScriptedStream, SeededStream, StreamExhaustedError
from dicerules.streams import splitmix64

# ------------------------------------------------------------- the reference stream


def _unshift(y: int, k: int) -> int:
    """The z with z ^ (z >> k) == y (64-bit)."""
    z = y
    for _ in range(64 // k + 1):
        z = y ^ (z >> k)
    return z


def ref_unmix(x: int) -> int:
    """The inverse of ref_mix: the finaliser is a bijection on 64-bit ints."""
    z = _unshift(x, 31)
    z = (z * pow(MUL2, -1, TWO64)) % TWO64
    z = _unshift(z, 27)
    z = (z * pow(MUL1, -1, TWO64)) % TWO64
    return _unshift(z, 30)


def seed_with_draw(i: int, x: int) -> int:
    """A seed whose raw draw number ``i`` is exactly ``x``.

    Rejection for small dice is astronomically rare (sides=6 rejects 4 values in
    2**64), so random search would never find one; inverting the finaliser builds
    a seed that meets a rejected value wherever the test wants it.
    """
    return (ref_unmix(x) - i * GOLDEN) % TWO64


def test_reference_unmix_inverts_mix() -> None:
    for z in (0, 1, 2**63, TWO64 - 1, 0x0123456789ABCDEF, GOLDEN):
        assert ref_unmix(ref_mix(z)) == z
        assert ref_mix(ref_unmix(z)) == z


# ----------------------------------------------------------------- API.md's vectors


def test_raw_draws_of_seed_1234567() -> None:
    expected = [6457827717110365317, 3203168211198807973, 9817491932198370423]
    assert [splitmix64(1234567, i) for i in (1, 2, 3)] == expected
    assert [ref_draw(1234567, i) for i in (1, 2, 3)] == expected


def test_seed_0_twelve_six_sided_dice() -> None:
    dice, after = SeededStream(0).roll(12)
    assert dice == (2, 1, 2, 5, 2, 1, 6, 3, 6, 3, 2, 5)
    assert type(dice) is tuple
    assert isinstance(after, SeededStream)


def test_seed_12345_twelve_twenty_sided_dice() -> None:
    dice, _ = SeededStream(12345).roll(12, 20)
    assert dice == (5, 18, 6, 11, 4, 7, 7, 9, 4, 4, 18, 19)


def test_default_sides_is_six() -> None:
    assert SeededStream(99).roll(30) == SeededStream(99).roll(30, 6)


# ---------------------------------------------------- against the reference, widely

SEEDS = (0, 1, 2, 6, 42, 1234567, 12345, 2**32, 2**63, TWO64 - 1, GOLDEN, 0xDEADBEEFCAFEF00D)
SIDES = (*range(1, 21), 7, 13, 30, 100, 1000, 2**31 - 1, 2**32 + 1)


@pytest.mark.parametrize("sides", SIDES)
def test_matches_reference_for_many_seeds_and_sides(sides: int) -> None:
    for seed in SEEDS:
        for count in (0, 1, 2, 5, 17):
            dice, after = SeededStream(seed).roll(count, sides)
            expected, position = ref_roll(seed, 0, count, sides)
            assert dice == expected, (seed, sides, count)
            assert after.position == position
            assert all(1 <= die <= sides for die in dice)


@given(
    seed=st.integers(0, TWO64 - 1),
    start=st.integers(0, 10**6),
    counts=st.lists(st.integers(0, 12), max_size=6),
    sides=st.one_of(st.integers(1, 20), st.integers(21, TWO64)),
)
def test_chained_rolls_match_reference(
    seed: int, start: int, counts: list[int], sides: int
) -> None:
    stream = SeededStream(seed, start)
    position = start
    for count in counts:
        dice, stream = stream.roll(count, sides)
        expected, position = ref_roll(seed, position, count, sides)
        assert dice == expected
        assert stream == SeededStream(seed, position)


@given(
    seed=st.integers(0, TWO64 - 1),
    start=st.one_of(st.integers(0, 1000), st.integers(TWO64 - 100, 2**80)),
    count=st.integers(0, 70),
    sides=st.one_of(st.integers(1, 20), st.integers(21, TWO64)),
)
def test_whole_hands_match_reference_at_any_position(
    seed: int, start: int, count: int, sides: int
) -> None:
    # Hands of 4 to 64 dice are drawn side by side in one big int; a position past
    # 2**64 makes the counter wrap inside the hand.
    dice, after = SeededStream(seed, start).roll(count, sides)
    assert (dice, after.position) == ref_roll(seed, start, count, sides)


@given(
    seed=st.integers(0, TWO64 - 1),
    start=st.one_of(st.integers(0, 1000), st.integers(TWO64 - 100, 2**80)),
    rolls=st.lists(
        st.tuples(st.integers(-2, 40), st.sampled_from([1, 2, 6, 6, 6, 7, 20, 2**40 + 3, TWO64])),
        max_size=30,
    ),
)
def test_a_long_chain_of_rolls_matches_reference(
    seed: int, start: int, rolls: list[tuple[int, int]]
) -> None:
    # A stream that came from a roll carries the faces of its next draws (a block
    # ahead); a chain of rolls of many sizes, dice changing on the way, must still
    # give the reference dice and positions, through roll and roll_unchecked alike.
    stream = SeededStream(seed, start).roll(0)[1]
    position = start
    for i, (count, sides) in enumerate(rolls):
        if i % 2 or count < 0:
            dice, stream = stream.roll_unchecked(count, sides)
        else:
            dice, stream = stream.roll(count, sides)
        expected, position = ref_roll(seed, position, max(count, 0), sides)
        assert dice == expected
        assert stream == SeededStream(seed, position)


def test_a_chain_that_changes_its_dice_matches_reference() -> None:
    # A block ahead holds faces for the die it was made for; a roll of another die
    # from the same stream must not take them.
    stream = SeededStream(2024).roll(0)[1]
    position = 0
    for count, sides in [(3, 6), (3, 20), (2, 6), (1, 2), (4, 6), (5, 6), (2, 20), (1, 6)]:
        dice, stream = stream.roll(count, sides)
        expected, position = ref_roll(2024, position, count, sides)
        assert (dice, stream.position) == (expected, position)


@pytest.mark.parametrize("where", [1, 2, 3, 20, 34, 35, 36, 70])
@pytest.mark.parametrize("count", [1, 3, 5, 32, 33])
def test_a_rejected_draw_ahead_of_a_chain(where: int, count: int) -> None:
    # Draw ``where`` is rejected by every die: the block ahead that would hold it
    # must not be used, and the rolls around it give the reference dice.
    seed = seed_with_draw(where, TWO64 - 1)
    stream = SeededStream(seed).roll(0)[1]
    position = 0
    for _ in range(100 // count + 2):
        dice, stream = stream.roll(count, 6)
        expected, position = ref_roll(seed, position, count, 6)
        assert (dice, stream.position) == (expected, position)


def test_a_chained_stream_pickles_and_copies_as_a_new_one() -> None:
    stream = SeededStream(4).roll(2)[1].roll(3)[1]  # the second roll made a block ahead
    plain = SeededStream(4, 5)
    assert stream == plain and hash(stream) == hash(plain) and repr(stream) == repr(plain)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.dumps(stream, protocol) == pickle.dumps(plain, protocol)
    assert [field.name for field in attrs.fields(SeededStream)] == ["seed", "position"]
    assert attrs.asdict(stream) == {"seed": 4, "position": 5}
    for other in (copy.copy(stream), pickle.loads(pickle.dumps(stream)), attrs.evolve(stream)):
        assert other.roll(40, 6) == stream.roll(40, 6) == plain.roll(40, 6)


def test_no_dice_from_a_chained_stream_leave_it_where_it_was() -> None:
    stream = SeededStream(8).roll(1)[1].roll(1)[1]
    for count in (0, -1, -40):
        dice, after = stream.roll_unchecked(count, 6)
        assert (dice, after) == ((), stream)
        assert after.roll(3) == stream.roll(3)
        with pytest.raises(ValueError, match="sides must be an int from 1 to 2\\*\\*64"):
            stream.roll_unchecked(count, 0)


def test_rolling_in_pieces_equals_rolling_at_once() -> None:
    whole, end = SeededStream(777).roll(40, 7)
    pieces: list[int] = []
    stream = SeededStream(777)
    for count in (3, 0, 10, 1, 26):
        dice, stream = stream.roll(count, 7)
        pieces.extend(dice)
    assert tuple(pieces) == whole
    assert stream == end


def test_every_face_of_a_small_die_shows_up() -> None:
    dice, _ = SeededStream(5).roll(600, 6)
    assert set(dice) == {1, 2, 3, 4, 5, 6}


def test_one_sided_die_always_shows_one() -> None:
    dice, after = SeededStream(3).roll(9, 1)
    assert dice == (1,) * 9
    assert after.position == 9


# -------------------------------------------------------------------------- rejection


@pytest.mark.parametrize(
    ("sides", "rejected"),
    [
        (3, TWO64 - 1),  # 2**64 mod 3 == 1: only the very top value is rejected
        (6, TWO64 - 1),
        (6, TWO64 - 4),  # 2**64 mod 6 == 4: the lowest rejected value
        (7, TWO64 - 2),  # 2**64 mod 7 == 2
        (13, TWO64 - 3),  # 2**64 mod 13 == 3
        (20, TWO64 - 16),  # 2**64 mod 20 == 16
    ],
)
def test_a_rejected_draw_is_skipped_and_counted(sides: int, rejected: int) -> None:
    assert rejected >= TWO64 - TWO64 % sides
    seed = seed_with_draw(2, rejected)
    assert splitmix64(seed, 2) == rejected
    dice, after = SeededStream(seed).roll(3, sides)
    assert dice == (
        ref_draw(seed, 1) % sides + 1,
        ref_draw(seed, 3) % sides + 1,
        ref_draw(seed, 4) % sides + 1,
    )
    assert after.position == 4
    assert (dice, after.position) == ref_roll(seed, 0, 3, sides)


@pytest.mark.parametrize("count", [4, 5, 10, 63, 64, 65])
@pytest.mark.parametrize("where", [1, 2, 4])
def test_a_rejected_draw_inside_a_whole_hand(count: int, where: int) -> None:
    # A hand of 4 to 64 dice is computed in one batch; a draw it rejects must send
    # it back to the die-by-die draws, whose dice and position are the reference.
    seed = seed_with_draw(where, TWO64 - 1)
    dice, after = SeededStream(seed).roll(count, 6)
    assert (dice, after.position) == ref_roll(seed, 0, count, 6)
    assert after.position == count + 1
    assert dice[where - 1] == ref_draw(seed, where + 1) % 6 + 1


@pytest.mark.parametrize("count", range(1, 70))
def test_every_hand_size_matches_the_reference(count: int) -> None:
    for seed, sides in ((0, 6), (TWO64 - 1, 20), (GOLDEN, 2**40 + 3), (99, 3 * 2**62)):
        dice, after = SeededStream(seed, 7).roll(count, sides)
        assert (dice, after.position) == ref_roll(seed, 7, count, sides)


@pytest.mark.parametrize(("sides", "accepted"), [(6, TWO64 - 5), (7, TWO64 - 3), (3, TWO64 - 2)])
def test_the_highest_accepted_draw_shows_a_face(sides: int, accepted: int) -> None:
    assert accepted < TWO64 - TWO64 % sides
    seed = seed_with_draw(1, accepted)
    dice, after = SeededStream(seed).roll(1, sides)
    assert dice == (accepted % sides + 1,)
    assert after.position == 1


def test_a_die_that_divides_two_to_the_64_rejects_nothing() -> None:
    seed = seed_with_draw(1, TWO64 - 1)
    for sides in (1, 2, 4, 8, 16):
        dice, after = SeededStream(seed).roll(1, sides)
        assert dice == ((TWO64 - 1) % sides + 1,)
        assert after.position == 1


def test_rejection_at_the_very_first_draw_of_a_later_roll() -> None:
    seed = seed_with_draw(3, TWO64 - 1)
    first, stream = SeededStream(seed).roll(2, 6)
    assert first == (ref_draw(seed, 1) % 6 + 1, ref_draw(seed, 2) % 6 + 1)
    assert stream.position == 2
    second, stream = stream.roll(2, 6)
    assert stream.position == 5
    assert second == (ref_draw(seed, 4) % 6 + 1, ref_draw(seed, 5) % 6 + 1)


@pytest.mark.parametrize("sides", [3 * 2**62, 2**63 + 1, TWO64 - 1])
def test_huge_dice_reject_often_and_position_counts_every_draw(sides: int) -> None:
    # With these sides a quarter to a half of all draws are rejected, so the
    # position runs well ahead of the number of dice.
    dice, after = SeededStream(2024).roll(200, sides)
    expected, position = ref_roll(2024, 0, 200, sides)
    assert dice == expected
    assert after.position == position
    if sides != TWO64 - 1:
        assert position > 220


def test_a_die_of_two_to_the_64_sides_shows_the_draw_plus_one() -> None:
    dice, after = SeededStream(1234567).roll(3, TWO64)
    assert dice == tuple(ref_draw(1234567, i) + 1 for i in (1, 2, 3))
    assert after.position == 3


def _bounded(call: Callable[[], Any], lines: int = 200_000) -> Any:
    """Run ``call``, failing (instead of hanging) if it runs more than ``lines`` lines."""
    budget = [lines]

    def local(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            budget[0] -= 1
            if budget[0] < 0:
                raise AssertionError("the call did not return: it looped without end")
        return local

    def global_(frame: FrameType, event: str, arg: object) -> Any:
        return local

    previous = sys.gettrace()
    sys.settrace(global_)
    try:
        return call()
    finally:
        sys.settrace(previous)


@pytest.mark.parametrize("sides", [TWO64 + 1, 2**65, 10**30])
def test_a_die_with_more_sides_than_draw_values_is_a_value_error(sides: int) -> None:
    # Every 64-bit draw is >= 2**64 - (2**64 mod sides) == 0, so by API.md's rule
    # no draw could ever be accepted: the only honest answer is a ValueError.
    with pytest.raises(ValueError):
        _bounded(lambda: SeededStream(0).roll(1, sides))


@pytest.mark.parametrize("count", [0, 1, 5, 64])
@pytest.mark.parametrize("sides", [0, -6, TWO64 + 1, 2**65])
def test_the_unchecked_roll_still_refuses_bad_sides(count: int, sides: int) -> None:
    # roll_unchecked is public; a die it cannot roll must not loop for ever (every
    # draw rejected) or fail with another kind of error (a division by zero).
    with pytest.raises(ValueError, match="sides must be an int from 1 to 2\\*\\*64"):
        _bounded(lambda: SeededStream(0).roll_unchecked(count, sides))
    dice, after = SeededStream(0).roll_unchecked(count, 6)
    assert (dice, after) == SeededStream(0).roll(count, 6)


# ------------------------------------------------------------ immutability and values


def test_roll_returns_a_new_stream_and_leaves_the_old_one() -> None:
    stream = SeededStream(31337)
    first, after = stream.roll(5)
    assert after is not stream
    assert stream == SeededStream(31337)
    assert stream.position == 0
    assert stream.roll(5) == (first, after)
    assert after.roll(5)[0] == ref_roll(31337, 5, 5, 6)[0]


def test_roll_zero_gives_no_dice() -> None:
    stream = SeededStream(8)
    dice, after = stream.roll(0)
    assert dice == ()
    assert after == stream
    assert ScriptedStream(()).roll(0) == ((), ScriptedStream(()))


@pytest.mark.parametrize("count", [-1, -100, 1.0, 2.5, "3", None, True, False])
def test_bad_count_is_a_value_error(count: Any) -> None:
    with pytest.raises(ValueError):
        SeededStream(0).roll(count)
    with pytest.raises(ValueError):
        ScriptedStream((1, 2, 3)).roll(count)


@pytest.mark.parametrize("sides", [0, -1, -6, 6.0, "6", None, True, False])
def test_bad_sides_is_a_value_error(sides: Any) -> None:
    with pytest.raises(ValueError):
        SeededStream(0).roll(1, sides)
    with pytest.raises(ValueError):
        ScriptedStream((1, 2, 3)).roll(1, sides)


def test_frozen_seeded_stream() -> None:
    stream = SeededStream(5)
    with pytest.raises(AttributeError):
        stream.seed = 6  # type: ignore[misc]
    with pytest.raises(AttributeError):
        stream.position = 3  # type: ignore[misc]
    assert stream == SeededStream(5)


@pytest.mark.parametrize("seed", [0, 1, TWO64 - 1])
def test_seeds_at_the_edges_are_accepted(seed: int) -> None:
    stream = SeededStream(seed)
    assert stream.seed == seed
    assert stream.roll(4)[0] == ref_roll(seed, 0, 4, 6)[0]


@pytest.mark.parametrize("seed", [-1, TWO64, TWO64 + 1, -(2**70)])
def test_seeds_out_of_range_are_value_errors(seed: int) -> None:
    with pytest.raises(ValueError):
        SeededStream(seed)


@pytest.mark.parametrize("seed", [True, False, 1.5, 3.0, "3", None, b"3", (3,)])
def test_seeds_that_are_not_ints_are_type_errors(seed: Any) -> None:
    with pytest.raises(TypeError):
        SeededStream(seed)


def test_seeded_stream_equality_and_hash() -> None:
    stream = SeededStream(17)
    assert stream == SeededStream(17)
    assert hash(stream) == hash(SeededStream(17))
    assert stream != SeededStream(18)
    after = stream.roll(3)[1]
    assert after != stream
    assert after == SeededStream(17, ref_roll(17, 0, 3, 6)[1])
    assert hash(after) == hash(SeededStream(17, after.position))
    assert len({stream, SeededStream(17), after}) == 2
    assert stream != ScriptedStream((1, 2, 3))


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_seeded_stream_pickles(protocol: int) -> None:
    stream = SeededStream(TWO64 - 1).roll(7, 13)[1]
    back = pickle.loads(pickle.dumps(stream, protocol))
    assert back == stream
    assert hash(back) == hash(stream)
    assert back.roll(10, 13) == stream.roll(10, 13)


def test_copy_of_a_seeded_stream_rolls_the_same() -> None:
    stream = SeededStream(4).roll(2)[1]
    assert copy.copy(stream) == stream
    assert copy.deepcopy(stream).roll(6) == stream.roll(6)


def test_repr_reads_like_code() -> None:
    stream = SeededStream(9, 2)
    assert eval(repr(stream), {"SeededStream": SeededStream}) == stream
    scripted = ScriptedStream((1, 2, 3)).roll(1)[1]
    assert eval(repr(scripted), {"ScriptedStream": ScriptedStream}) == scripted


# --------------------------------------------------------------------- ScriptedStream


def test_scripted_stream_yields_its_values_in_order() -> None:
    stream = ScriptedStream((3, 1, 6, 6, 2))
    first, stream = stream.roll(2)
    second, stream = stream.roll(0)
    third, stream = stream.roll(3)
    assert (first, second, third) == ((3, 1), (), (6, 6, 2))
    assert stream.remaining == ()


def test_scripted_stream_takes_any_iterable_of_ints() -> None:
    def gen() -> Iterator[int]:
        yield from (4, 5)

    assert ScriptedStream([4, 5]) == ScriptedStream((4, 5)) == ScriptedStream(gen())
    assert ScriptedStream([4, 5]).values == (4, 5)
    assert type(ScriptedStream([4, 5]).values) is tuple


def test_scripted_stream_is_unaffected_by_later_changes_to_its_list() -> None:
    values = [1, 2, 3]
    stream = ScriptedStream(values)
    values.append(4)
    values[0] = 6
    assert stream.remaining == (1, 2, 3)


def test_remaining() -> None:
    stream = ScriptedStream((1, 2, 3, 4))
    assert stream.remaining == (1, 2, 3, 4)
    _, after = stream.roll(3)
    assert after.remaining == (4,)
    assert stream.remaining == (1, 2, 3, 4)
    assert after.roll(1)[1].remaining == ()


def test_scripted_stream_is_frozen_and_roll_leaves_it_unchanged() -> None:
    stream = ScriptedStream((5, 4, 3))
    with pytest.raises(AttributeError):
        stream.values = (1,)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        stream.position = 1  # type: ignore[misc]
    dice, after = stream.roll(2)
    assert after is not stream
    assert stream == ScriptedStream((5, 4, 3))
    assert stream.roll(2) == (dice, after)


def test_running_out_is_stream_exhausted_and_leaves_the_stream() -> None:
    stream = ScriptedStream((2, 3)).roll(1)[1]
    with pytest.raises(StreamExhaustedError) as info:
        stream.roll(2)
    assert isinstance(info.value, RuntimeError)
    assert isinstance(info.value, dicerules.DiceRulesError)
    assert str(info.value) == "the scripted stream has 1 value left, 2 values asked for"
    assert stream.remaining == (3,)
    assert stream.roll(1)[0] == (3,)
    empty = stream.roll(1)[1]
    with pytest.raises(StreamExhaustedError):
        empty.roll(1)
    assert empty.roll(0) == ((), empty)
    with pytest.raises(StreamExhaustedError):
        ScriptedStream(()).roll(1)


def test_exhaustion_is_caught_as_a_runtime_error() -> None:
    with pytest.raises(RuntimeError):
        ScriptedStream((1,)).roll(2)


@pytest.mark.parametrize(
    ("values", "sides"),
    [((7,), 6), ((0,), 6), ((-1,), 6), ((21,), 20), ((2,), 1), ((3,), 2)],
)
def test_a_value_that_is_not_a_face_is_a_value_error_when_drawn(
    values: tuple[int, ...], sides: int
) -> None:
    stream = ScriptedStream(values)  # construction accepts any int
    assert stream.remaining == values
    with pytest.raises(ValueError) as info:
        stream.roll(1, sides)
    assert not isinstance(info.value, StreamExhaustedError)
    assert stream.remaining == values


def test_a_bad_face_later_in_the_script_only_fails_when_reached() -> None:
    stream = ScriptedStream((1, 6, 9, 2))
    dice, stream = stream.roll(2)
    assert dice == (1, 6)
    with pytest.raises(ValueError):
        stream.roll(2)  # 9 is not a face of a six-sided die
    assert stream.remaining == (9, 2)
    assert stream.roll(2, 10)[0] == (9, 2)  # but it is of a ten-sided one


@pytest.mark.parametrize(
    "values",
    [(1, 2.0), (True,), (1, False), "123", b"\x01\x02", (None,), (1, "2"), ([1],), (1.5,)],
)
def test_values_that_are_not_ints_are_type_errors(values: Any) -> None:
    with pytest.raises(TypeError):
        ScriptedStream(values)


def test_scripted_stream_equality_and_hash() -> None:
    stream = ScriptedStream((1, 2, 3))
    assert stream == ScriptedStream([1, 2, 3])
    assert hash(stream) == hash(ScriptedStream([1, 2, 3]))
    assert stream != ScriptedStream((1, 2))
    assert stream != ScriptedStream((3, 2, 1))
    after = stream.roll(1)[1]
    assert after != stream
    assert after == ScriptedStream((1, 2, 3)).roll(1)[1]
    assert hash(after) == hash(ScriptedStream((1, 2, 3)).roll(1)[1])


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_scripted_stream_pickles(protocol: int) -> None:
    stream = ScriptedStream((6, 5, 4, 3)).roll(1)[1]
    back = pickle.loads(pickle.dumps(stream, protocol))
    assert back == stream
    assert hash(back) == hash(stream)
    assert back.remaining == (5, 4, 3)
    assert back.roll(3) == stream.roll(3)


# ------------------------------------------------------------------------ the protocol


def test_both_streams_are_dice_streams() -> None:
    assert isinstance(SeededStream(0), DiceStream)
    assert isinstance(SeededStream(0).roll(1)[1], DiceStream)
    assert isinstance(ScriptedStream((1,)), DiceStream)
    assert isinstance(ScriptedStream((1,)).roll(1)[1], DiceStream)
    assert dicerules.DiceStream is DiceStream
    assert not isinstance(42, DiceStream)


def test_a_user_class_with_roll_is_a_dice_stream() -> None:
    class Loaded:
        def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Loaded]:
            return (sides,) * count, self

    assert isinstance(Loaded(), DiceStream)
