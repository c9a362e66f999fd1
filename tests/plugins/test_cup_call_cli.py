"""The command line serves cup call, a plugin that hides: no seat is told a cup it may not see.

Each command runs ``dicerules.cli.main`` in this process, which finds the game through
its installed entry point (tests/plugins/test_pig_cli.py shows a fresh process finds
a plugin too). Skipped when dicerules_cup_call is not installed
(``pip install ./examples/cup_call``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli.cli_helpers import cli, replays_exactly

pytest.importorskip("dicerules_cup_call")


def test_games_lists_cup_call_and_rules_prints_its_rules() -> None:
    done = cli("games")
    assert (done.status, done.err) == (0, "")
    listing = done.out[done.out.index("\ncup-call\n") + 1 :].splitlines()
    assert listing[1].startswith("  Cup call: dice under cups, an ante")  # its line, wrapped
    listing = listing[listing.index("  presets: standard (default)") :]
    assert "expert" in listing[1].split()  # bots: ... expert
    fields = [line.split() for line in listing[3:] if not line.startswith("      ")][:4]
    assert fields == [
        ["players", "2", "2", "to", "6"],
        ["dice", "2", "1", "to", "5"],
        ["sides", "6", "2", "to", "20"],
        ["hands", "3", "1", "to", "20"],
    ]
    done = cli("rules", "cup-call")
    assert (done.status, done.err) == (0, "")
    assert done.out.startswith("Cup call: dice under cups, an ante, and one bet a hand")
    assert "Dice are drawn from the stream in this order" in done.out


# Seed 4 deals seat 0 (you) 5-5, 2-2 and 2-6 in the three hands, and seat 1 (the expert)
# 1-4, 1-3 and 3-4: the expert folds to your bet, bets its 1-3, you call; both check.
MOVES = "raise\ncall\nbet\ncheck\nhelp\ncall\ncheck\n"


def test_play_shows_your_cup_only_and_then_the_cups_that_come_up(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = cli("play", "cup-call", "--seed", "4", "--record", str(record), stdin=MOVES)
    assert (done.status, done.err) == (0, "")
    out = done.out
    assert "You are seat 0; the other seat is an expert bot." in out
    assert "Your cup: 5-5 (10). Hand 1 of 3, pot 2.\n" in out
    assert "your move> raise\n'raise' is not cup-call notation; 'help' explains it.\n" in out
    assert "your move> call\ncall: nobody has bet this hand, so there is nothing to call" in out
    assert "  seat 0 (you) bets 1 chip.\n  seat 1 folds.\n" in out
    assert "Seat 1 has bet: you can call (1 chip, for a pot of 4) or fold.\n" in out
    assert "check: seat 1 has bet this hand (one bet a hand, no raise), so the answer" in out
    assert "Each hand has one bet of 1 chip, and no raise.\n" in out
    assert "Legal: call, fold.\n" in out
    # Seat 1's cup of hand 2 (1-3) is told only when it comes up, after the call.
    cups_up = out.index("  Cups up: seat 0 (you) 2-2 (4), seat 1 1-3 (4).\n")
    assert "1-3" not in out[:cups_up]
    assert "1-4" not in out  # nor its cup of hand 1, which never came up
    assert "  Seat 1 takes the pot of 4 chips.\n" in out
    assert (
        "Game over: seat 0 (you) and seat 1 share the win.\nFinal chips: seat 0 (you) = 0," in out
    )

    done = cli("replay", str(record))
    assert (done.status, done.err) == (0, "")
    told = done.out
    assert told.startswith(f"{record}: cup-call (standard), 6 actions, 12 dice; it replays")
    assert "Your cup" not in told  # a spectator has none
    assert "Every other seat folds: seat 0 takes the pot of 3 chips; no cup comes up." in told
    assert "5-5" not in told and "1-4" not in told  # hand 1's cups never came up
    assert told.count("Cups up: ") == 2


def test_simulate_then_replay_its_records(tmp_path: Path) -> None:
    records = tmp_path / "cup-call.jsonl"
    done = cli(
        "simulate", "cup-call", "--games", "30", "--players", "3", "--bots", "expert,random,random",
        "--records", str(records),
    )  # fmt: skip
    assert (done.status, done.err) == (0, "")
    assert done.out.startswith("cup-call (standard with players=3), 3 seats: 30 games, seed 0")
    assert "mean score is chips" in done.out
    replayed = replays_exactly(cli, records, "cup-call", 30)
    assert replayed.count("Game over: ") == 30
    assert "Hand 3 of 3: every seat antes 1 chip, the pot is 3; seat 2 opens." in replayed
