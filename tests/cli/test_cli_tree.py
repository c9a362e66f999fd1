"""``dicerules tree``: a small game's whole tree, written as EFG text and solved."""

from __future__ import annotations

from typing import Any

from cli_helpers import cli
from test_tree import OPENSPIEL, openspiel_rules

from dicerules import tree


def test_the_command_line_writes_the_efg_and_solves(tmp_path: Any) -> None:
    path = tmp_path / "game.efg"
    rules = [f"--rule={name}={value}" for name, value in OPENSPIEL.items() if name != "players"]
    done = cli("tree", "liars-dice", "--players", "2", "--rule", "sides=3", *rules,
               "--efg", str(path), "--solve")  # fmt: skip
    assert done.status == 0, done.err
    assert "1,147 nodes (4 chance, 567 terminal); information sets a seat: 96, 96" in done.out
    assert "value for seat 0: 1/9 " in done.out
    assert path.read_text(encoding="utf-8") == tree.efg("liars-dice", openspiel_rules(3))
    done = cli("tree", "liars-dice", "--bound", "10")
    assert done.status == 1
    assert "more than 10 nodes (the bound; 10 walked so far" in done.err
