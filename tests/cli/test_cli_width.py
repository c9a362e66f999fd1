"""At 80 and at 50 columns every command's lines fit, and no word or "seat N" is broken.

Each command runs three times: at a width too large to wrap anything, then at 80 and
50 columns. The words printed (the text split at whitespace) must be the same in all
three, so wrapping moved only spaces and line ends; each line must fit; and no line
may end with "seat" with its number on the next, or start with "(you)" or "= ".
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from cli_helpers import Done, cli

import dicerules
from dicerules import bench
from dicerules.cli import options

WIDTHS = (80, 50)
UNWRAPPED = 10_000

_ENDS = re.compile(r"\b(?:[Ss]eats?|[Rr]ound|[Tt]urn)$")
_NUMBER = re.compile(r"^\s*(?:\d|\(you\)|= )")


class Player(io.StringIO):
    """Standard input that asks for ``help`` (and a ``hint``) then plays the first legal
    action of the last ``Legal:`` list printed, until ``moves`` moves are made."""

    def __init__(self, moves: int = 300) -> None:
        super().__init__()
        self.moves, self.asked = moves, 0

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        self.asked += 1
        if self.asked > 3 * self.moves:
            return ""
        if self.asked % 3 == 1:
            return "help\n"
        if self.asked % 3 == 2:
            return "hint\n"
        shown = sys.stdout.getvalue()  # type: ignore[attr-defined]  # the captured output
        legal = shown.rsplit("Legal: ", 1)[1]
        return re.split(r",|\.\n| \(", legal, maxsplit=1)[0].strip() + "\n"


def words(text: str) -> list[str]:
    return text.split()


def check_fits(done: Done, wide: Done, columns: int) -> None:
    assert (done.status, done.err) == (wide.status, wide.err)
    assert words(done.out) == words(wide.out)
    lines = done.out.splitlines()
    for line, after in zip(lines, [*lines[1:], ""], strict=True):
        assert len(line) <= columns, line
        assert not (_ENDS.search(line) and _NUMBER.match(after)), (line, after)
        assert not re.match(r"^\s*(?:\(you\)|= )", after), (line, after)


def run(*argv: str, columns: int, play: bool = False) -> Done:
    if play:  # each game writes its record afresh
        Path("game.json").unlink(missing_ok=True)
    return cli(*argv, stdin=Player() if play else "", columns=columns)


def fits(*argv: str, play: bool = False) -> None:
    wide = run(*argv, columns=UNWRAPPED, play=play)
    assert wide.status == 0, wide.err
    assert not play or "Game over" in wide.out
    for columns in WIDTHS:
        check_fits(run(*argv, columns=columns, play=play), wide, columns)


def test_games_fits() -> None:
    fits("games")


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_rules_and_every_preset_fit(name: str) -> None:
    fits("rules", name)
    for preset in dicerules.GAMES[name].presets:
        fits("rules", name, "--preset", preset)


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_a_whole_game_played_and_replayed_fits(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    fits("play", name, "--seed", "1", "--bots", "random", "--record", "game.json", play=True)
    assert dicerules.replay(dicerules.GameRecord.from_json(Path("game.json").read_text()))
    fits("replay", "game.json")


def test_the_help_of_every_command_fits() -> None:
    for command in ("games", "rules", "play", "simulate", "replay", "bench"):
        for columns in WIDTHS:
            done = cli(command, "--help", columns=columns)
            assert all(len(line) <= columns for line in done.out.splitlines()), command


SPEED_HEADER = [
    "game", "decisions/s", "spread", "rounds/s", "spread",
    "decisions vs pyspiel", "rounds vs pyspiel", "vs engine",
]  # fmt: skip
SPEED_ROWS = [
    ["liars-dice", "44,076", "3%", "10,222", "4%", "0.77x", "-", "-"],
    ["liars-dice via pettingzoo", "2,339", "1%", "-", "-", "-", "-", "0.05x"],
    ["pyspiel liars_dice(numdice=5)", "56,931", "0%", "11,786", "0%", "1.00x", "1.00x", "-"],
]


@pytest.mark.parametrize("columns", [*WIDTHS, None])
def test_bench_rows_fit_the_width(columns: int | None) -> None:
    widths = [max(len(r[i]) for r in (SPEED_HEADER, *SPEED_ROWS)) for i in range(8)]
    lines = list(bench.fitted_rows(SPEED_HEADER, SPEED_ROWS, widths, columns))
    if columns is None:  # any width: the table as it was
        assert lines == [bench.table_line(r, widths) for r in (SPEED_HEADER, *SPEED_ROWS)]
        return
    assert all(len(line) <= columns for line in lines)
    text = " ".join(" ".join(lines).split())
    assert "liars-dice decisions/s 44,076 (spread 3%), rounds/s 10,222 (spread 4%)," in text
    assert "decisions vs pyspiel 0.77x liars-dice via pettingzoo" in text
    assert "liars-dice via pettingzoo decisions/s 2,339 (spread 1%), vs engine 0.05x" in text


def test_the_bench_command_wraps_its_other_lines() -> None:
    out = io.StringIO()
    from dicerules.cli.bench import Wrapping

    writer = Wrapping(out, 50)
    print("word " * 30, file=writer)
    print("short", file=writer)
    lines = out.getvalue().splitlines()
    assert lines[-1] == "short" and all(len(line) <= 50 for line in lines)
    assert words(out.getvalue()) == ["word"] * 30 + ["short"]


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("Bids this round: seat 0 (you) 2x3, seat 1 3x3, seat 2 4x5, seat 3 5x2.", "seat 2 4x5"),
        ("Others: seat 0 (you) = 2 white, seat 1 = 3 white, seat 2 = 4 white + blue.",
         "seat 2 = 4 white + blue"),
    ],
)  # fmt: skip
def test_a_seat_and_its_bid_or_hand_are_never_broken(line: str, kept: str) -> None:
    for columns in range(20, len(line)):
        lines = options.fill(line, columns)
        assert " ".join(lines).split() == line.split()
        assert any(kept in part for part in lines), (columns, lines)
