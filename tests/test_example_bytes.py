"""Every example program prints the same bytes for the same seed, others for another."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("name", "unseeded"),
    [("quickstart.py", True), ("link.py", True), ("twenty_four.py", True), ("eighteen.py", False)],
)
def test_the_same_seed_prints_the_same_bytes(
    example: Callable[..., str], name: str, unseeded: bool
) -> None:
    if unseeded:  # with no --seed, the program's own default seed
        assert example(name) == example(name)
    assert example(name, "--seed", "5") == example(name, "--seed", "5")
    assert example(name, "--seed", "5") != example(name, "--seed", "6")
