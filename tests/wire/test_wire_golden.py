"""The golden messages: every game and preset's view messages and events, byte for byte.

A failure here means apps would be sent different JSON for the same game: if that is
meant, it is a new ``wire.FORMAT`` and a Breaking line in the CHANGELOG; then
regenerate with ``python tests/wire/golden.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import load_file
from wire_checks import BUILT_IN, valid

import dicerules

golden = load_file("dicerules_wire_golden", Path(__file__).parent / "golden.py")


@pytest.mark.parametrize(("name", "preset"), golden.cases())
def test_golden_messages(name: str, preset: str) -> None:
    file = golden.path(name, preset)
    assert file.exists(), f"no golden file {file.name}: run python tests/wire/golden.py"
    written = file.read_bytes()
    assert golden.render(name, preset).encode() == written
    game = dicerules.get_game(name)
    lines = written.decode().splitlines()
    for line in lines[1:]:
        valid(game, json.loads(line))


def test_every_built_in_game_and_preset_has_a_file() -> None:
    files = {file.name for file in golden.path("x", "y").parent.glob("*.jsonl")}
    for game in BUILT_IN:
        for preset in game.presets:
            assert golden.path(game.name, preset).name in files
    known = {golden.path(name, preset).name for name, preset in golden.cases()}
    assert files <= known | {"pig-standard.jsonl", "cup-call-standard.jsonl"}
