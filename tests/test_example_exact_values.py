"""The exact values example prints the README's table, row by row, for the sides asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Run, example_program

run = example_program("exact_values.py")


def test_the_example_prints_the_readmes_rows(run: Run) -> None:
    pytest.importorskip("scipy")
    lines = run("--sides", "2,3").splitlines()
    assert lines[0] == "| 2 seats x 1 die | 2 sides | 3 sides |"
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    for line in lines[2:]:
        label, two, three = (cell.strip() for cell in line.strip("|").split("|"))
        row = next(row for row in readme.splitlines() if row.startswith(f"| {label} |"))
        assert row.split(" | ")[1:3] == [two, three]
    assert len(lines) == 6
