"""Write the golden OpenSpiel playthroughs: one file per built-in game and preset.

Regenerate every file (from the repository root, with dicerules[openspiel] installed)::

    python tests/playthroughs/generate_openspiel.py

``--check`` writes nothing: it prints a unified diff for every file that would
change (or is missing, or belongs to no game and preset) and exits 1.

Each file ``openspiel/<game>-<preset>.txt`` is what OpenSpiel's own
``generate_playthrough.playthrough`` writes for the pyspiel game of that preset,
made small (SMALL: two seats, one die, few sides, a short game), its actions and
chance outcomes chosen by the tool's NumPy RandomState from SEED: every state with
its strings, tensors, legal actions and returns, as OpenSpiel keeps a playthrough
of each of its games. ``test_openspiel_playthroughs.py`` replays each file's
actions and compares the text, and checks that the rules are those of SMALL.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

import dicerules

# Run as a script or from the tests, the golden files' writer is beside it.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import golden_main

__all__ = [
    "COMMAND",
    "DIRECTORY",
    "SEED",
    "SMALL",
    "expected_files",
    "game_string",
    "golden_name",
    "main",
    "presets",
    "small_rules",
]

COMMAND = "python tests/playthroughs/generate_openspiel.py"
"""The one command that regenerates every OpenSpiel golden file (from the repository root)."""

DIRECTORY = Path(__file__).resolve().parent / "openspiel"
"""Where the OpenSpiel golden files live."""

SEED = 7
"""The seed of the playthrough tool's random choices (``playthrough(..., seed=SEED)``)."""

SMALL: Mapping[str, Mapping[str, Any]] = {
    "liars-dice": {"players": 2, "dice_per_player": 1, "sides": 3},
    # One or two rounds: a point wins, or the cap ends it.
    "eighteen": {"players": 2, "target": 1, "max_rounds": 2},
    "link": {"players": 2, "white_dice": 1, "start_counters": 2, "rounds": 1},
    "twenty-four": {"players": 2},
}
"""Fields set over each preset of a game, so that its playthrough stays short."""

PRESET_SMALL: Mapping[tuple[str, str], Mapping[str, Any]] = {
    # Calza in the first round only: a shorter bound, so smaller tensors.
    ("liars-dice", "perudo"): {"calza_rounds": 1},
    # The preset's start below the target, elimination kept.
    ("eighteen", "twenty-three"): {"start_points": 1, "target": 2},
}
"""Fields set over one preset beyond SMALL's."""


def golden_name(game_name: str, preset: str) -> str:
    """The golden file's name: ``liars-dice-classic.txt``."""
    return f"{game_name}-{preset}.txt"


def presets() -> list[tuple[str, str]]:
    """Every built-in game and preset, in registry order (a plugin's files are its own)."""
    return [
        (name, preset)
        for name, game in dicerules.GAMES.items()
        if game.State.__module__.startswith("dicerules.games.")
        for preset in game.presets
    ]


def small_rules(game_name: str, preset: str) -> Any:
    """The preset's rules with SMALL's (and PRESET_SMALL's) fields set."""
    game = dicerules.get_game(game_name)
    changes = {**SMALL.get(game_name, {}), **PRESET_SMALL.get((game_name, preset), {})}
    return attrs.evolve(game.presets[preset], **changes)


def game_string(game_name: str, preset: str) -> str:
    """The pyspiel game string of the small rules, every parameter given."""
    import dicerules.openspiel as dos

    return str(dos.game(game_name, small_rules(game_name, preset)))


def render(game_name: str, preset: str) -> str:
    """The golden file's text: OpenSpiel's playthrough of the small rules."""
    from open_spiel.python.algorithms import generate_playthrough

    with warnings.catch_warnings():
        # generate_playthrough formats tensors with numpy.char, whose chararray NumPy
        # 2.5 deprecates (Python 3.13's NumPy): a warning of OpenSpiel's, not of ours.
        warnings.filterwarnings("ignore", "The chararray class is deprecated", DeprecationWarning)
        text: str = generate_playthrough.playthrough(
            game_string(game_name, preset), action_sequence=None, seed=SEED
        )
    return text


def expected_files() -> dict[str, str]:
    """Every golden file's name and text."""
    return {golden_name(name, preset): render(name, preset) for name, preset in presets()}


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with ``--check``, compare) every golden file; the exit status."""
    return golden_main(
        argv, (__doc__ or "").split("\n")[0], DIRECTORY, expected_files, COMMAND,
        kind="OpenSpiel golden file(s)", makers="built-in game and preset",
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
