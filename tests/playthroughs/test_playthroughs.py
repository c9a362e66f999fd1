"""The golden playthroughs: each file replays from its own record to the same text.

For every ``<game>-<preset>.txt`` here, the record in its header is replayed with
``dicerules.replay`` and the whole file is rendered again from the replayed game by
``generate.render``; the text must equal the file, byte for byte. Every registered
game and preset must have its file. Regenerate them all with
``python tests/playthroughs/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import load_file

import dicerules

HERE = Path(__file__).resolve().parent


generate = load_file("dicerules_playthroughs_generate", HERE / "generate.py")

GOLDEN = sorted(HERE.glob("*.txt"))
# Every game this package ships, every preset: a plugin's golden files are its own.
EXPECTED = [
    (name, preset)
    for name, game in dicerules.GAMES.items()
    if game.State.__module__.startswith("dicerules.games.")
    for preset in game.presets
]
DIFF_LINES = 40


def rerender(text: str) -> str:
    """The file's text as the renderer makes it from the replay of the file's record."""
    header = generate.read_header(text)
    game = dicerules.get_game(header.game)
    final = dicerules.replay(header.record)
    return generate.render(
        game, header.preset, header.seed, header.chooser_seed, game.history(final)
    )


def short_diff(name: str, expected: str, actual: str) -> str:
    hint = f"if the change is intended, regenerate: {generate.COMMAND}"
    made = "re-rendered from its record"
    return generate.short_diff(name, expected, actual, made, hint, DIFF_LINES)


read = generate.read


def test_there_are_golden_files() -> None:
    assert GOLDEN, f"no golden playthroughs in {HERE}: run {generate.COMMAND}"


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_golden_file_replays_to_the_same_text(path: Path) -> None:
    text = read(path)
    again = rerender(text)
    assert again == text, short_diff(path.name, text, again)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_golden_file_names_its_game_and_preset(path: Path) -> None:
    header = generate.read_header(read(path))
    assert path.name == generate.golden_name(header.game, header.preset)
    assert header.record.game == header.game
    assert (header.seed, header.chooser_seed) == generate.seeds(header.game, header.preset)


@pytest.mark.parametrize(("name", "preset"), EXPECTED, ids=[f"{n}-{p}" for n, p in EXPECTED])
def test_every_game_and_preset_has_a_golden_file(name: str, preset: str) -> None:
    path = HERE / generate.golden_name(name, preset)
    assert path.exists(), (
        f"{name} preset {preset} has no golden playthrough {path.name}:"
        f" run {generate.COMMAND} and commit the new file"
    )


def test_every_golden_file_belongs_to_a_registered_game_and_preset() -> None:
    expected = {generate.golden_name(name, preset) for name, preset in EXPECTED}
    stale = [p.name for p in GOLDEN if p.name not in expected]
    assert not stale, f"no registered game and preset makes {stale}: delete them"


def test_the_generator_chooses_the_same_actions() -> None:
    """The chooser still picks the recorded actions (what ``generate.py --check`` checks)."""
    for name, preset in EXPECTED:
        path = HERE / generate.golden_name(name, preset)
        if not path.exists():
            continue  # reported by test_every_game_and_preset_has_a_golden_file
        game = dicerules.get_game(name)
        header = generate.read_header(read(path))
        actions = generate.choose_actions(game, preset, header.seed, header.chooser_seed)
        recorded = header.record.actions
        assert tuple(game.format_action(a) for a in actions) == recorded, (
            f"{path.name}: the chooser no longer plays the recorded game: run {generate.COMMAND}"
        )


def _tamper_body(text: str) -> str:
    """Change one action-taken line below the header: the record still replays."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("action: "))
    lines[at] = "action: 99x9"
    return "\n".join(lines)


def _tamper_describe(text: str) -> str:
    """Swap the last two characters of the first state description."""
    lines = text.split("\n")
    at = lines.index("describe:") + 1
    lines[at] = lines[at][:-2] + lines[at][-1] + lines[at][-2]
    return "\n".join(lines)


def _tamper_record(text: str) -> str:
    """Replace the record's first die with another face: the replay no longer matches."""
    start = text.index('"rolls":[') + len('"rolls":[')
    end = text.index(",", start)
    die = int(text[start:end])
    return text[:start] + str(die % 6 + 1) + text[end:]


def _drop_last_line(text: str) -> str:
    return text[: text.rstrip("\n").rindex("\n") + 1]


@pytest.mark.parametrize("tamper", [_tamper_body, _tamper_describe, _drop_last_line])
def test_a_tampered_copy_is_detected(tamper: Callable[[str], str], tmp_path: Path) -> None:
    if not GOLDEN:
        pytest.skip("no golden files")
    original = read(GOLDEN[0])
    copy = tmp_path / GOLDEN[0].name
    copy.write_bytes(tamper(original).encode("utf-8"))
    tampered = read(copy)
    assert tampered != original
    again = rerender(tampered)
    assert again == original
    message = short_diff(copy.name, tampered, again)
    assert message.startswith(f"--- {copy.name} (golden)")
    assert generate.COMMAND in message


def test_a_copy_with_a_tampered_record_does_not_replay(tmp_path: Path) -> None:
    if not GOLDEN:
        pytest.skip("no golden files")
    copy = tmp_path / GOLDEN[0].name
    copy.write_bytes(_tamper_record(read(GOLDEN[0])).encode("utf-8"))
    with pytest.raises(dicerules.ReplayError, match="drew"):
        rerender(read(copy))
