"""The golden OpenSpiel playthroughs: OpenSpiel's own tool writes each file again.

For every built-in game and preset, ``openspiel/<game>-<preset>.txt`` must be, byte
for byte, what ``generate_playthrough.playthrough`` writes for the small rules of
``generate_openspiel.py`` and its seed; the file's own actions, replayed, give it
too. Regenerate them all with ``python tests/playthroughs/generate_openspiel.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import load_file

pytest.importorskip("pyspiel")
pytest.importorskip("dicerules.openspiel")

from open_spiel.python.algorithms import generate_playthrough

# OpenSpiel's generate_playthrough formats tensors with numpy.char, whose chararray
# NumPy 2.5 deprecates (Python 3.13's NumPy): a warning of theirs, not of ours.
pytestmark = pytest.mark.filterwarnings(
    "ignore:The chararray class is deprecated:DeprecationWarning"
)

HERE = Path(__file__).resolve().parent


playthroughs = load_file("dicerules_playthroughs_generate", HERE / "generate.py")
generate = load_file("dicerules_openspiel_playthroughs_generate", HERE / "generate_openspiel.py")

EXPECTED = generate.presets()
IDS = [f"{name}-{preset}" for name, preset in EXPECTED]
MOST_BYTES = 1_000_000
"""All the OpenSpiel golden files together stay below this size."""
DIFF_LINES = 40


def _short_diff(name: str, expected: str, actual: str) -> str:
    hint = f"if intended, regenerate: {generate.COMMAND}"
    return playthroughs.short_diff(name, expected, actual, "generated", hint, DIFF_LINES)


_read = playthroughs.read


def _path(name: str, preset: str) -> Path:
    path = generate.DIRECTORY / generate.golden_name(name, preset)
    assert path.exists(), f"{path.name} is missing: run {generate.COMMAND} and commit it"
    return path


@pytest.mark.parametrize(("name", "preset"), EXPECTED, ids=IDS)
def test_the_playthrough_is_generated_again_the_same(name: str, preset: str) -> None:
    path = _path(name, preset)
    golden, again = _read(path), generate.render(name, preset)
    assert again == golden, _short_diff(path.name, golden, again)


@pytest.mark.parametrize(("name", "preset"), EXPECTED, ids=IDS)
def test_the_playthrough_replays_from_its_own_actions(name: str, preset: str) -> None:
    golden = _read(_path(name, preset))
    game = re.search(r"^game: (.*)$", golden, re.MULTILINE)
    assert game is not None and game.group(1) == generate.game_string(name, preset)
    actions = [int(a) for a in re.findall(r"^action: (\d+)$", golden, re.MULTILINE)]
    assert actions and "IsTerminal() = True" in golden
    again = generate_playthrough.playthrough(game.group(1), actions, seed=generate.SEED + 1)
    assert again == golden, _short_diff(f"{name}-{preset}", golden, again)


def test_no_stale_files_and_small_in_all() -> None:
    files = sorted(generate.DIRECTORY.glob("*.txt"))
    expected = {generate.golden_name(name, preset) for name, preset in EXPECTED}
    assert {p.name for p in files} == expected, f"run {generate.COMMAND}"
    assert sum(p.stat().st_size for p in files) < MOST_BYTES


def test_a_changed_playthrough_is_caught(tmp_path: Path) -> None:
    name, preset = EXPECTED[0]
    golden = _read(_path(name, preset))
    changed = golden.replace("IsChanceNode() = True", "IsChanceNode() = False", 1)
    assert changed != golden
    assert generate.render(name, preset) != changed
    copy = tmp_path / generate.golden_name(name, preset)
    copy.write_bytes(changed.encode("utf-8"))
    message = _short_diff(copy.name, changed, generate.render(name, preset))
    assert message.startswith(f"--- {copy.name} (golden)") and generate.COMMAND in message
