"""The learning example learns: a tiny run beats its start, and checks its target."""

from __future__ import annotations

import re

import pytest
from helpers import Run, example_program

pytest.importorskip("numpy")

run = example_program("learn_liars_dice.py")

TINY = ("--games", "256", "--iterations", "8", "--steps", "4", "--dice", "1")


def curve_and_result(text: str) -> tuple[list[float], float]:
    curve = [float(x) for x in re.findall(r"^iteration +\d+: won ([0-9.]+) of \d+ games$",
                                          text, re.MULTILINE)]  # fmt: skip
    (result,) = re.findall(r"won ([0-9.]+) of \d+ fresh games against uniform", text)
    return curve, float(result)


def test_a_tiny_run_learns_to_beat_uniform_play(run: Run) -> None:
    curve, result = curve_and_result(run(*TINY, "--target", "0.6"))
    assert len(curve) == 8
    assert curve[0] < 0.6  # a policy of zeros plays uniformly: about half its games won
    assert min(curve[-3:]) > curve[0] + 0.1
    assert result > 0.6


def test_the_example_fails_when_it_misses_its_target(run: Run) -> None:
    _, result = curve_and_result(run(*TINY, "--target", "0.99", status=1))
    assert result <= 0.99


def test_a_tiny_self_play_run_learns_to_beat_uniform_play(run: Run) -> None:
    curve, result = curve_and_result(run(*TINY, "--target", "0.6", "--self-play"))
    assert len(curve) == 8
    assert curve[0] < 0.6  # measured before the first update: uniform play
    assert min(curve[-3:]) > curve[0] + 0.1
    assert result > 0.6
