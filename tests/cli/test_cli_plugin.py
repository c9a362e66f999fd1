"""Every command serves a game that gives only the required parts of the Game contract."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import tiny_game
from cli_helpers import cli

import dicerules
from dicerules import game as registry


@pytest.fixture
def highest() -> Iterator[dicerules.Game]:  # type: ignore[type-arg]
    """The tiny game, registered for one test only."""
    game = tiny_game.registered()
    try:
        yield game
    finally:
        registry._REGISTRY.pop(game.name, None)


def test_the_minimal_game_has_no_optional_part(highest: dicerules.Game) -> None:  # type: ignore[type-arg]
    assert (highest.describe, highest.expert, highest.narrator) == (None, None, None)
    assert not highest.hides_information


def test_games_and_rules(highest: dicerules.Game) -> None:  # type: ignore[type-arg]
    listed = cli("games")
    assert "highest\n  Highest: a game with only the required parts" in listed.out
    assert "\n  presets: standard (default)\n" in listed.out[listed.out.index("highest\n") :]
    rules = cli("rules", "highest")
    assert rules.status == 0
    assert rules.out.startswith("Highest: a game with only the required parts")


def test_rules_of_an_engine_without_a_docstring(
    highest: dicerules.Game,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[type-arg]
) -> None:
    monkeypatch.setattr(tiny_game, "__doc__", None)
    done = cli("rules", "highest")
    assert (done.status, done.err) == (0, "")
    assert " ".join(done.out.split()) == (
        "highest describes no rules: it declares no rules_text, and its package, tiny_game,"
        " has no docstring."
    )


def test_play_tells_the_game_with_the_generic_narrator(highest: dicerules.Game) -> None:  # type: ignore[type-arg]
    done = cli("play", "highest", "--seed", "3", "--bots", "random",
               stdin="help\nroll\nbogus\nroll\nstop\n")  # fmt: skip
    assert (done.status, done.err) == (0, "")
    lines = done.out.splitlines()
    assert lines[:2] == [
        "highest (standard), 2 seats, seed 3.",
        "You are seat 0; the other seat is a random bot.",
    ]
    assert "Scores: seat 0 (you) = 0, seat 1 = 0." in lines
    assert "You can play roll or stop." in lines
    assert "Type one of the legal actions below, as highest writes it." in lines
    assert "Legal: roll, stop." in lines
    assert "  seat 0 (you): roll." in lines
    assert "'bogus' is not highest notation; 'help' explains it." in lines
    assert any(line.startswith("  Score: seat 0 (you) ") for line in lines)  # after a roll
    assert lines[-2].startswith("Game over: ")
    assert lines[-1].startswith("Final score: seat 0 (you) ")


def test_simulate_and_replay(highest: dicerules.Game, tmp_path: Path) -> None:  # type: ignore[type-arg]
    path = tmp_path / "games.jsonl"
    done = cli("simulate", "highest", "--games", "20", "--bots", "random", "--records", str(path))
    assert (done.status, done.err) == (0, "")
    assert "20 records written to" in done.out
    told = cli("replay", str(path), "--index", "4")
    assert (told.status, told.err) == (0, "")
    lines = told.out.splitlines()
    assert lines[0].startswith(f"{path} line 5: highest (standard), ")
    assert lines[0].endswith("it replays exactly.")
    told_lines = ("  seat ", "  Score: ", "Game over", "Final score")
    assert lines[1].startswith("Players: seat 0 random, seat 1 random")  # the record's tags
    game = next(i for i, line in enumerate(lines) if i > 1 and line.startswith(told_lines))
    assert all(line.startswith(told_lines) for line in lines[game:])


def test_the_generic_narrator_tells_a_view_s_short_facts() -> None:
    import attrs

    from dicerules.narration import Narrator, facts

    @attrs.frozen
    class View:
        rules: object
        player: int | None
        scores: tuple[int, ...]
        turn_total: int
        last_roll: int | None
        kept: tuple[int, ...]
        open: bool
        log: tuple[object, ...]

    before = View(None, 0, (0, 0), 0, None, (), True, ("a",))
    after = View(None, 0, (0, 0), 6, 6, (6, 6), True, ("a", "b"))
    assert facts(before) == {"turn total": "0", "kept": "none", "open": "yes"}
    teller = Narrator(tiny_game.GAME, 0)
    assert teller.situation(after) == [
        "Scores: seat 0 (you) = 0, seat 1 = 0.",
        "Turn total 6; last roll 6; kept 6-6; open yes.",
    ]
    assert teller.news(before, after) == ["  Turn total 6; last roll 6; kept 6-6."]
