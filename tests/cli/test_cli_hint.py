"""``play`` shows an engine's hint about the text typed; only a list of every form is cut."""

from __future__ import annotations

from collections.abc import Iterator

import dicerules_pig as pig
import pytest
from cli_helpers import cli

from dicerules import Game, register
from dicerules import game as registry
from dicerules.errors import InvalidActionError

HINT = "the higher die comes first, so write 53"


def _parse_action(state: pig.State, text: str) -> pig.Action:
    if text.strip() == "35":
        raise InvalidActionError(f"{text!r} is not pig-hint notation: {HINT}")
    return pig.parse_action(state, text)


@pytest.fixture
def hinting() -> Iterator[str]:
    """Pig with a parser that hints, registered as ``pig-hint`` for one test."""
    game = register(Game.from_module(pig, name="pig-hint", parse_action=_parse_action))
    try:
        yield game.name
    finally:
        registry._REGISTRY.pop(game.name, None)


def test_play_shows_the_engine_s_hint(hinting: str) -> None:
    done = cli("play", hinting, "--seed", "1", "--bots", "random", stdin="35\nbogus\n")
    assert (done.status, done.err) == (0, "")
    lines = done.out.splitlines()
    at = lines.index("your move [roll]> 35")  # roll is the only move: it is shown
    assert lines[at + 1] == f"'35' is not pig-hint notation: {HINT}"
    assert lines[at + 2] == "You can play roll."  # what can be done now follows
    # pig's own message lists every form of its notation: that list is cut
    at = lines.index("your move [roll]> bogus")
    assert lines[at + 1] == "'bogus' is not pig notation; 'help' explains it."
