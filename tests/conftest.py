"""Hypothesis profiles, chosen by ``HYPOTHESIS_PROFILE``; and the ``example`` fixture,
which runs the programs in examples/.

- ``quick``, the default: 20 examples a test, derandomized, so that every run plays
  the same examples and the README's test command answers in minutes.
- ``deep``: 60 examples a test, derandomized: what every run played before there was
  a quick profile; a run by hand, with the slow tests:
  ``HYPOTHESIS_PROFILE=deep python -m pytest -q -n auto -m "slow or not slow"``.
- ``thorough``: 2,000 random examples a test, a search for an afternoon.

A test that sets its own number of examples reads the profile's
(``settings().max_examples``), as ``dicerules.conformance`` does. Tests marked
``slow`` (whole game trees, long games, exact values by linear programming: minutes
whatever the profile) are left out unless ``-m`` asks for them (pyproject.toml's
addopts), CI's too: ``-m "slow or not slow"`` before a release.
"""

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import DEEP_EXAMPLES, QUICK_EXAMPLES
from hypothesis import HealthCheck, settings

import dicerules

# A helper of the OpenSpiel tests that imports scipy at once; test_openspiel.py imports
# it after its skip, but --doctest-modules would collect it (and fail) without scipy.
collect_ignore = ["adapters/sequence_form.py"]

for name, count in (("quick", QUICK_EXAMPLES), ("deep", DEEP_EXAMPLES)):
    settings.register_profile(
        name,
        max_examples=count,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


Run = Callable[..., str]
"""Runs an example program with arguments and returns what it printed."""

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def example() -> Run:
    """``example(name, *args)`` runs examples/<name> and returns its standard output.

    The program imports the dicerules these tests import (first on its path), and must
    exit with ``status`` (0 unless given) and print nothing on standard error.
    """
    source = str(Path(dicerules.__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))

    def run(name: str, *args: str, status: int = 0) -> str:
        done = subprocess.run(
            [sys.executable, str(EXAMPLES / name), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "PYTHONPATH": path},
        )
        assert (done.returncode, done.stderr) == (status, ""), done.stderr or done.stdout
        return done.stdout

    return run
