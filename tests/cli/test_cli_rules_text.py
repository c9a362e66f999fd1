"""``dicerules rules GAME``: the rules a game declares, for players first, then the notes."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from cli_helpers import cli

import dicerules
from dicerules.game import _REGISTRY

BUILT_IN = ("eighteen", "liars-dice", "link", "twenty-four")


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_rules_for_players_come_first_and_the_notes_under_their_heading(name: str) -> None:
    lines = cli("rules", name).out.splitlines()
    assert lines.count("Implementation notes") == 1
    at = lines.index("Implementation notes")
    players, notes = " ".join(lines[:at]), " ".join(lines[at:])
    assert "The rules:" in players
    assert "Dice are drawn" in notes and "Dice are drawn" not in players


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game of two modules in a package: the package says the rules, the engine not."""
    root = tmp_path / "twomod"
    root.mkdir()
    (root / "__init__.py").write_text(
        textwrap.dedent('''\
        """Twomod: the package's words, the rules a player reads.

        * Each seat rolls once; the highest wins.
        """
        ''')
    )
    source = (Path(__file__).parent / "tiny_game.py").read_text()
    (root / "engine.py").write_text(source.replace('name="highest"', 'name="twomod"', 1))
    monkeypatch.syspath_prepend(str(tmp_path))
    engine = importlib.import_module("twomod.engine")
    assert engine.__doc__.startswith("Highest")
    dicerules.register(engine.GAME)
    try:
        yield "twomod"
    finally:
        _REGISTRY.pop("twomod", None)
        for module in ("twomod.engine", "twomod"):
            sys.modules.pop(module, None)


def test_a_plugin_of_two_modules_prints_its_package_docstring(plugin: str) -> None:
    done = cli("rules", plugin)
    assert (done.status, done.err) == (0, "")
    assert done.out.startswith("Twomod: the package's words, the rules a player reads.")
    assert "* Each seat rolls once; the highest wins." in done.out
    assert "Highest" not in done.out  # the engine module's docstring is not the rules


def test_a_declared_rules_text_is_printed(plugin: str) -> None:
    game = dicerules.GAMES[plugin]
    _REGISTRY[plugin] = attrs.evolve(game, rules_text="Declared: roll, and hope.")
    done = cli("rules", plugin)
    assert done.out == "Declared: roll, and hope.\n"


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_the_rules_never_use_a_field_name_as_a_word(name: str) -> None:
    # "Every seat has start_counters counters. A game is rounds rounds." is no English.
    told = " ".join(cli("rules", name, columns=200).out.split())
    game = dicerules.get_game(name)
    for field in attrs.fields(game.Rules):
        plural = field.name.rsplit("_", 1)[-1]
        for slip in (f" {field.name} {field.name} ", f" {field.name} {plural} "):
            assert slip not in told, f"{name}: {slip.strip()!r} in {told}"
