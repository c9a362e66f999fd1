"""The vector draw (dicerules.vector) equals SeededStream draw for draw, rejections included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_streams import TWO64, seed_with_draw

from dicerules.streams import SeededStream, splitmix64

np = pytest.importorskip("numpy")
vector = pytest.importorskip("dicerules.vector")

seeds = st.integers(0, TWO64 - 1)
rows = st.lists(
    st.tuples(seeds, st.integers(0, 2**40), st.integers(0, 12), st.integers(1, 2**63)),
    min_size=1,
    max_size=8,
)


def scalar(seed: int, position: int, count: int, sides: int) -> tuple[list[int], int]:
    dice, after = SeededStream(seed, position).roll(count, sides)
    return list(dice), after.position


def check(table: list[tuple[int, int, int, int]]) -> None:
    seed_array = np.array([row[0] for row in table], dtype=np.uint64)
    positions = np.array([row[1] for row in table], dtype=np.uint64)
    counts = np.array([row[2] for row in table])
    sides = np.array([row[3] for row in table], dtype=np.uint64)
    dice, after = vector.roll(seed_array, positions, counts, sides)
    for i, (seed, position, count, side) in enumerate(table):
        want, where = scalar(seed, position, count, side)
        assert dice[i, :count].tolist() == want
        assert not dice[i, count:].any()
        assert int(after[i]) == where


@settings(max_examples=40, deadline=None)
@given(rows)
def test_roll_equals_the_scalar_stream(table: list[tuple[int, int, int, int]]) -> None:
    check(table)


@settings(max_examples=20, deadline=None)
@given(rows.map(lambda table: [(s, p, c, d % 20 + 1) for s, p, c, d in table]))
def test_small_dice_equal_the_scalar_stream(table: list[tuple[int, int, int, int]]) -> None:
    check(table)


@pytest.mark.parametrize("sides", [3, 5, 6, 7, 20])
@pytest.mark.parametrize("where", [1, 3, 5])
def test_a_rejected_draw_is_skipped_and_counted(sides: int, where: int) -> None:
    # Draw ``where`` of the first row is the highest 64-bit value, which every die
    # whose sides do not divide 2**64 rejects; the other rows roll as usual.
    seed = seed_with_draw(where, TWO64 - 1)
    assert splitmix64(seed, where) == TWO64 - 1
    table = [(seed, 0, 5, sides), (seed, where - 1, 1, sides), (7, 0, 5, sides)]
    check(table)
    _, after = vector.roll(
        np.array([seed], dtype=np.uint64), np.array([0], dtype=np.uint64), 5, sides
    )
    assert int(after[0]) == 6  # five dice, one draw rejected


def test_rejections_in_several_rows() -> None:
    # 2**64 mod 6 == 4: a six-sided die rejects the top four values, 2**64 - 2 among them.
    first, second = seed_with_draw(2, TWO64 - 1), seed_with_draw(1, TWO64 - 2)
    check([(first, 0, 3, 6), (first, 1, 3, 6), (second, 0, 4, 6), (second, 0, 4, 8)])


def test_splitmix64_and_the_test_vectors() -> None:
    x = vector.splitmix64(np.array([1234567], dtype=np.uint64), np.array([1, 2, 3]))
    assert x.tolist() == [6457827717110365317, 3203168211198807973, 9817491932198370423]
    dice, _ = vector.roll(np.zeros(1, np.uint64), np.zeros(1, np.uint64), 12, 6)
    assert dice[0].tolist() == [2, 1, 2, 5, 2, 1, 6, 3, 6, 3, 2, 5]


def test_to_seeds_checks_every_seed() -> None:
    from dicerules.errors import InvalidSeedError, WrongTypeError

    assert vector.to_seeds([0, TWO64 - 1]).tolist() == [0, TWO64 - 1]
    assert vector.to_seeds(np.arange(3)).dtype == np.uint64
    with pytest.raises(InvalidSeedError):
        vector.to_seeds([TWO64])
    with pytest.raises(InvalidSeedError):
        vector.to_seeds(np.array([-1]))
    with pytest.raises(WrongTypeError):
        vector.to_seeds([True])


def test_a_roll_of_many_blocks_equals_the_scalar_stream() -> None:
    # More draws than one block holds: the rows are drawn a block at a time, and the
    # rejected draws of a late block are found in their rows.
    count = vector._BLOCK // 4 + 37
    rng = np.random.default_rng(3)
    columns = (rng.integers(0, 2**63, count), rng.integers(0, 99, count), rng.integers(0, 9, count))
    table = [(int(s), int(p), int(c), 6) for s, p, c in zip(*columns, strict=True)]
    late = count - 5
    table[late] = (seed_with_draw(2, TWO64 - 1), 0, 8, 6)
    table[late - 1] = (seed_with_draw(9, TWO64 - 1), 0, 8, 6)  # past its count: no rejection
    check(table)
    width = max(row[2] for row in table)
    assert len(table) * width > 2 * vector._BLOCK


@pytest.mark.parametrize("count", [7, vector._BLOCK // 5 + 3])
def test_one_count_for_all_rows_equals_a_count_a_row(count: int) -> None:
    # One count for every row skips the zeroing past each row's count, and one block
    # of rows becomes the dice in place; both must give what a count a row gives.
    rng = np.random.default_rng(count)
    seeds = rng.integers(0, 2**63, count).astype(np.uint64)
    seeds[-2] = seed_with_draw(3, TWO64 - 1)  # a rejected draw in the last block
    positions = rng.integers(0, 50, count).astype(np.uint64)
    positions[-2] = 0
    for sides in (6, np.full(count, 6, dtype=np.uint64)):
        dice, after = vector.roll(seeds, positions, 5, sides)
        each, each_after = vector.roll(seeds, positions, np.full(count, 5), sides)
        assert dice.tolist() == each.tolist()
        assert after.tolist() == each_after.tolist()
        assert int(after[-2]) == 6  # five dice, one draw rejected
    assert scalar(int(seeds[-2]), 0, 5, 6) == (dice[-2].tolist(), 6)


@pytest.mark.parametrize("where", [1, 2])
def test_pick_is_a_roll_of_one_die(where: int) -> None:
    rng = np.random.default_rng(5)
    seeds = rng.integers(0, 2**63, 200).astype(np.uint64)
    seeds[7] = seed_with_draw(where, TWO64 - 1)  # its first draw (where 1) is rejected
    positions = rng.integers(0, 50, 200).astype(np.uint64)
    positions[7] = where - 1
    sides = rng.integers(1, 2**12 + 1, 200)
    sides[7] = 7
    if where == 2:
        sides[3] = 2**40  # a die beyond the table of limits
    die, after = vector.pick(seeds, positions, sides)
    dice, rolled = vector.roll(seeds, positions, 1, sides.astype(np.uint64))
    assert die.tolist() == dice[:, 0].tolist()
    assert after.tolist() == rolled.tolist()
    one, one_after = vector.pick(seeds, positions, 7)  # one die for every row
    seven, seven_after = vector.roll(seeds, positions, 1, 7)
    assert one.tolist() == seven[:, 0].tolist() and one_after.tolist() == seven_after.tolist()
    assert int(one_after[7]) == where + 1
    assert int(after[7]) == where + 1  # the rejected draw skipped and counted
    for row in (0, 7, 199):
        assert scalar(int(seeds[row]), int(positions[row]), 1, int(sides[row])) == (
            [int(die[row])],
            int(after[row]),
        )
