"""dicerules.kernels: legal actions read from tables, and winners by the most."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
kernels = pytest.importorskip("dicerules.kernels")


def test_tables_list_each_rows_legal_ids_in_the_order_given() -> None:
    masks = np.array([[True, False, True, True], [False, True, False, False], [False] * 4])
    held, counts, nth = kernels.tables(masks, np.array([3, 2, 1, 0]))
    assert held is masks
    assert counts.tolist() == [3, 1, 0]
    assert nth.tolist() == [[3, 2, 0, -1], [1, -1, -1, -1], [-1, -1, -1, -1]]
    assert kernels.tables(masks)[2][0].tolist() == [0, 2, 3, -1]


def test_a_kernel_with_tables_reads_its_games_rows() -> None:
    table = kernels.Tables()
    masks = np.array([[True, True, False], [False, False, True], [False] * 3])
    table.masks, table.counts, table.nth = kernels.tables(masks)
    data = {"key": np.array([1, 0, 2, 0])}
    assert table.legal_mask(data).tolist() == masks[[1, 0, 2, 0]].tolist()
    assert table.legal_count(data).tolist() == [1, 2, 0, 2]
    index = np.array([0, 1, 0, 2])
    assert table.nth_legal(data, index).tolist() == [2, 1, -1, -1]
    assert table.nth_legal(data, masks, index).tolist() == [2, 1, -1, -1]


def test_by_most_names_the_top_seats_of_games_that_are_over() -> None:
    scores = np.array([[3, 5, 5], [1, 0, 0], [2, 2, 9]])
    won = kernels.by_most(scores, np.array([-1, -1, 0]))
    assert won.tolist() == [[False, True, True], [True, False, False], [False] * 3]


def test_seat_rows_reads_one_seat_for_every_game_as_a_slice() -> None:
    table = np.arange(12).reshape(4, 3)
    rows, seat = kernels.seat_rows(np.array([2, 2, 2, 2]))
    assert (rows, seat) == (slice(None), 2)
    assert table[rows, seat].tolist() == [2, 5, 8, 11]
    rows, seat = kernels.seat_rows(np.array([1, -1, 0, 1]))
    assert (rows.tolist(), seat.tolist()) == ([0, 2, 3], [1, 0, 1])
    assert table[rows, seat].tolist() == [1, 6, 10]
    for spectators in (np.array([-1, -1]), np.zeros(0, dtype=np.int64)):
        rows, seat = kernels.seat_rows(spectators)
        assert rows.tolist() == seat.tolist() == []


def test_flat_is_a_view_to_write_through_even_of_an_array_that_was_not_contiguous() -> None:
    whole = np.arange(12).reshape(3, 4)
    out = {"whole": whole, "columns": np.arange(12).reshape(4, 3).T}  # a strided view
    flat = kernels.flat(out, "whole")
    flat[1 * 4 + 2] = -1  # game 1, seat 2
    assert whole[1, 2] == -1 and out["whole"] is whole
    columns = kernels.flat(out, "columns")
    assert out["columns"].flags.c_contiguous  # copied once, and kept in its place
    columns[0] = -5
    assert out["columns"][0, 0] == -5
    assert out["columns"].tolist()[1] == [1, 4, 7, 10]


@pytest.mark.parametrize("many", [3, 300])  # below and above the rows set by indexing
def test_put_rows_sets_the_rows_indexing_sets(many: int) -> None:
    rng = np.random.default_rng(many)
    array = rng.integers(-9, 9, size=(500, 3, 4)).astype(np.int8)
    rows = rng.choice(500, many, replace=False)
    values = rng.integers(-9, 9, size=(many, 3, 4))  # int64, cast as indexing casts
    for given in (values, 7, values[:, :1]):  # whole rows, one number, broadcast
        expected = array.copy()
        expected[rows] = given
        kernels.put_rows(array, rows, given)
        assert array.tolist() == expected.tolist()
    kernels.put_rows(array, rows[:0], 0)  # no rows: nothing set
    assert array.tolist() == expected.tolist()


def test_put_rows_sets_an_array_that_is_not_contiguous_by_indexing() -> None:
    whole = np.zeros((4, 600), dtype=np.int64)
    columns = whole.T  # 600 rows of 4, strided
    rows = np.arange(0, 600, 2)
    kernels.put_rows(columns, rows, np.arange(4))
    assert whole[:, 0].tolist() == [0, 1, 2, 3] and not whole[:, 1].any()


def test_take_rows_and_seat_sum_read_as_indexing_and_sum() -> None:
    array = np.arange(24, dtype=np.int8).reshape(4, 3, 2)
    assert kernels.take_rows(array, np.array([2, 0])).tolist() == array[[2, 0]].tolist()
    seats = np.array([[True, False, True], [False, False, False], [True, True, True]])
    total = kernels.seat_sum(seats)
    assert total.dtype == np.int64 and total.tolist() == [2, 0, 3]
    assert kernels.seat_sum(array[:, :, 0]).tolist() == array[:, :, 0].sum(axis=1).tolist()
