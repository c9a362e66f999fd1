"""The conformance suite as a plugin author runs it: ``pytest -p dicerules.pytest_plugin
--dicerules-game NAME``.

From a directory outside this repository, with none of its tests or helpers, on the
installed example plugin (pig), and on a broken game that a conftest.py registers.
The suite's own tests run on every game in test_conformance.py: here only a few
examples each (a conftest.py profile, as a user may set one), to keep the run short.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dicerules_pig", reason="pig is not installed: pip install ./examples/pig")

PLUGIN = "dicerules.pytest_plugin"

QUICK = """\
from hypothesis import settings

settings.register_profile("quick", max_examples=5)
settings.load_profile("quick")
"""

BROKEN = """
import attrs
import dicerules
from dicerules_pig import GAME

# Every die has six faces: a max_sides of 5 is broken.
dicerules.register(attrs.evolve(GAME, name="pig-broken", max_sides=lambda rules: 5))
"""


def suite(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pytest`` run in ``folder`` with ``args``, as an installed dicerules runs it."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env.pop("PYTHONPATH", None)  # nothing of this repository's but the installed package
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", PLUGIN, *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


def test_the_shipped_suite_passes_an_installed_plugin(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(QUICK)
    done = suite(tmp_path, "--dicerules-game", "pig", "-v")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout, done.stdout
    for test in (
        "test_check_game_finds_every_promise_kept[pig-standard] PASSED",
        "test_random_play_under_any_rules_ends[pig] PASSED",
        "test_apply_refuses_an_action_whose_fields_have_the_wrong_type[pig] SKIPPED",  # no fields
    ):
        assert test in done.stdout, done.stdout
    assert "liars-dice" not in done.stdout, "only the game asked for is checked"


def test_the_shipped_suite_names_the_promise_a_registered_game_breaks(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(QUICK + BROKEN)
    chosen = "test_check_game_finds_every_promise_kept and not any_rules"
    done = suite(tmp_path, "-q", "--dicerules-game", "pig-broken", "-k", chosen)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout, done.stdout
    assert "pig-broken: promise: no die has more faces than max_sides(rules) = 5" in done.stdout
    assert "(part max_sides); die number 0 of this game was rolled with 6 sides" in done.stdout


def test_an_unknown_game_is_a_collection_error_naming_the_games(tmp_path: Path) -> None:
    done = suite(tmp_path, "-q", "--dicerules-game", "no-such-game", "--collect-only")
    assert done.returncode != 0
    assert "no game named 'no-such-game'" in done.stdout + done.stderr, done.stdout
