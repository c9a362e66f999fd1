"""Hypothesis profiles: ``ci`` (quick, derandomized; the default) and ``thorough``.

Run the thorough profile locally with ``HYPOTHESIS_PROFILE=thorough python -m pytest``.
Also the ``example`` fixture, which runs the programs in examples/.
"""

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import dicerules

# A helper of the OpenSpiel tests that imports scipy at once; test_openspiel.py imports
# it after its skip, but --doctest-modules would collect it (and fail) without scipy.
collect_ignore = ["adapters/sequence_form.py"]

settings.register_profile(
    "ci",
    max_examples=60,
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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
