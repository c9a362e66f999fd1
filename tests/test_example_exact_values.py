"""The exact values example prints the README's tables, row by row, for the sides asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Run, example_program

run = example_program("exact_values.py")


def readme_table(header: str) -> dict[str, list[str]]:
    """The README's table that begins with ``header``'s first cell: its cells by label."""
    lines = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").splitlines()
    at = next(index for index, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows: dict[str, list[str]] = {}
    for line in lines[at + 2 :]:
        if not line.startswith("|"):
            break
        label, *cells = (cell.strip() for cell in line.strip("|").split("|"))
        rows[label] = cells
    return rows


@pytest.mark.parametrize(
    ("args", "header", "columns"),
    [
        (("--sides", "2,3"), "2 seats x 1 die", 2),
        (("--dice", "2", "--sides", "2"), "2 seats x 2 dice", 1),
    ],
)
def test_the_example_prints_the_readmes_rows(
    run: Run, args: tuple[str, ...], header: str, columns: int
) -> None:
    pytest.importorskip("scipy")
    lines = run(*args).splitlines()
    sides = " | ".join(f"{n} sides" for n in range(2, 2 + columns))
    assert lines[0] == f"| {header} | {sides} |"
    table = readme_table(header)
    for line in lines[2:]:
        label, *values = (cell.strip() for cell in line.strip("|").split("|"))
        assert table[label][:columns] == values
    assert len(lines) == 6
