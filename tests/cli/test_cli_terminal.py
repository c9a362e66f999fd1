"""`dicerules play` as a person meets it: what you can do, help, "you", wrapping, rules, help."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli

import dicerules
from dicerules.cli.options import wrapped
from dicerules.cli.rules import plain_text

ROOT = Path(dicerules.__file__).resolve().parent.parent

# Every link action there is, tried in turn: the illegal ones are refused and the next
# line is read, so a scripted player makes some legal move each turn.
LINK_MOVES = "".join(
    f"{move}\n"
    for move in (
        *(f"W{v}" for v in range(1, 7)),
        *(f"B{v}" for v in range(1, 7)),
        *(f"W{v} {way}" for way in ("up", "down") for v in range(1, 7)),
        "out",
    )
)
EITHER = "1x1\nchallenge\n"  # liar's dice: open on 1x1, answer with a challenge


def _before_moves(out: str) -> list[str]:
    """The line printed just before each prompt that follows a fresh turn."""
    lines = out.splitlines()
    return [lines[at - 1] for at, line in enumerate(lines) if line.startswith("your move>")]


@pytest.mark.parametrize(
    ("name", "stdin", "start"),
    [
        ("liars-dice", EITHER * 40, "You "),
        ("eighteen", "roll\nstand\n" * 40, "You can "),
        ("link", LINK_MOVES * 40, ""),
        ("twenty-four", "stop\n" * 40, "You can "),
    ],
)
def test_every_turn_says_what_you_can_do_in_words(name: str, stdin: str, start: str) -> None:
    done = cli("play", name, "--seed", "1", "--bots", "random", "--players", "2", stdin=stdin)
    assert (done.status, done.err) == (0, "")
    lines = done.out.splitlines()
    turns = [at for at, line in enumerate(lines) if line == ""]  # a blank line opens a turn
    assert turns
    for at in turns:
        told = lines[at + 1 : lines.index(next(x for x in lines[at:] if x.startswith("your")), at)]
        assert any(line.startswith(("You ", "No die")) for line in told), (name, told)


def test_help_explains_the_notation_before_the_legal_actions() -> None:
    for name, words in [
        ("liars-dice", ["3x4 says at least three 4s", "challenge (or liar, or call)", "exit"]),
        ("eighteen", ["roll takes one more die", "stand keeps your hand"]),
        ("link", ["W3 up opens the row", "B5 adds your blue die", "out: no die of yours"]),
        ("twenty-four", ["keep 2x6 keeps two of the sixes", "keep 6 keeps every six"]),
    ]:
        done = cli("play", name, "--seed", "1", "--bots", "random", stdin="help\n")
        text = " ".join(done.out.split("your move> help", 1)[1].split())  # unwrapped
        for word in words:
            assert word in text, (name, word)
        assert text.index(words[0]) < text.index("Legal: "), name


def test_twenty_four_keep_v_keeps_every_die_showing_v() -> None:
    # Seed 3 throws 6-4-4-4-1: "keep 6" keeps the six; then 5-3-2-1, "keep 5".
    game = dicerules.get_game("twenty-four")
    state = game.new_game(seed=3)
    assert state.showing == (6, 4, 4, 4, 1)
    assert game.parse_action(state, "keep 6") == game.parse_action(state, "keep 1x6")
    anyvalue = game.new_game(game.Rules(keep_rule="any_value"), seed=3)
    assert game.format_action(game.parse_action(anyvalue, "KEEP 4")) == "keep 3x4"
    assert game.format_action(game.parse_action(anyvalue, "keep 1x4")) == "keep 1x4"
    with pytest.raises(dicerules.IllegalActionError, match="no die just thrown shows 5"):
        game.parse_action(state, "keep 5")
    done = cli("play", "twenty-four", "--seed", "3", "--bots", "random", stdin="keep 6\nquit\n")
    assert "  seat 0 (you) keeps 1x6 and throws 5-3-2-1." in done.out
    assert "You can keep the 6 just thrown (keep 6) or stop" in " ".join(done.out.split())


def test_errors_for_your_seat_say_you() -> None:
    done = cli("play", "link", "--seed", "1", "--bots", "random", "--players", "2",
               stdin="W3 up\nW1 up\nB4 up\n")  # fmt: skip
    lines = done.out.splitlines()
    assert lines[lines.index("your move> W3 up") + 1].startswith(
        "W3 up: you have no white 3 (your white dice: 1-2-6-6)"
    )
    assert not [line for line in lines if "seat 0 " in line and "(you)" not in line]
    turn = cli("play", "twenty-four", "--seed", "3", "--players", "2", stdin="no offer\n")
    assert "no offer is not played now; you are throwing in the first stage" in turn.out


def test_link_says_when_out_is_your_only_move_and_tells_a_round_once() -> None:
    done = cli("play", "link", "--seed", "1", "--bots", "random", "--players", "2",
               stdin=LINK_MOVES * 300)  # fmt: skip
    assert "No die of yours fits the row: your only move is out." in done.out
    lines = done.out.splitlines()
    header = next(at for at, line in enumerate(lines) if line.startswith("Round 1 of 5: "))
    blank = lines.index("", header)
    assert lines[blank + 1] == "Row: not opened yet."  # "Round 1 of 5; pot 2; ..." not again


def test_narration_claims_nothing_the_rules_make_impossible(tmp_path: Path) -> None:
    hosted = cli("play", "eighteen", "--preset", "hosted", "--seed", "2", stdin="quit\n")
    assert "never rolls" not in hosted.out
    assert "each round it rolls its six dice" in " ".join(hosted.out.split())
    for seed in range(1, 30):  # a bonus under the standard rules: nobody can settle
        path = tmp_path / f"{seed}.jsonl"
        cli("simulate", "twenty-four", "--games", "1", "--seed", str(seed), "--records", str(path))
        text = cli("replay", str(path)).out
        if "Bonus throws" in text:
            break
    assert "did not settle" not in text
    assert "  Bonus score 1 x 2 = 2, paid to seat 1 by each other seat." in text  # seed 1
    mine = cli("play", "twenty-four", "--seed", "3", "--players", "2", "--bots", "random",
               stdin="stop\n")  # fmt: skip
    assert "  Your dice: " in mine.out
    assert "(you)'s" not in mine.out


def test_liars_dice_says_when_you_are_out() -> None:
    done = cli("play", "liars-dice", "--seed", "61", "--players", "3", "--bots", "random",
               stdin=EITHER * 60)  # fmt: skip
    assert "  That was your last die: you are out of the game. The others play on." in done.out
    assert done.out.count("your move>") == done.out.split("you are out")[0].count("your move>")


def test_long_lines_wrap_at_80_columns_and_never_inside_a_word() -> None:
    for name, stdin in [("liars-dice", EITHER * 40), ("link", LINK_MOVES * 40),
                        ("eighteen", "stand\n" * 40), ("twenty-four", "stop\n" * 40)]:  # fmt: skip
        done = cli("play", name, "--seed", "5", "--bots", "random", "--players", "4",
                   stdin=f"help\n{stdin}")  # fmt: skip
        assert max(map(len, done.out.splitlines())) <= 80, name
    line = "  seat 0 (you) bids 2x4 " + "and a very-long-hyphenated-word " * 5
    parts = wrapped(line, 30)
    assert all(len(part) <= 30 for part in parts)
    assert " ".join(" ".join(parts).split()) == " ".join(line.split())
    assert all(part.startswith("    ") for part in parts[1:])  # hung under the first line
    assert wrapped("x" * 50, 30) == ["x" * 50]  # a word longer than the width stays whole


def test_the_width_is_the_terminal_s(monkeypatch: pytest.MonkeyPatch) -> None:
    import dicerules.cli.options as options

    monkeypatch.delenv("COLUMNS", raising=False)  # pytest-xdist sets it

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return 1

    monkeypatch.setattr(
        options.os, "get_terminal_size", lambda fd: __import__("os").terminal_size((40, 24))
    )
    assert options.width(Terminal()) == 40
    assert options.width(io.StringIO()) == 80


def test_rules_are_plain_text_in_words_for_players() -> None:
    for name in ("eighteen", "liars-dice", "link", "twenty-four"):
        done = cli("rules", name)
        assert done.status == 0
        assert "``" not in done.out, name
        assert max(map(len, done.out.splitlines())) <= 80, name
        text = " ".join(done.out.split())
        for word in ("spec", "source", r"\w+Error", "implemented", "pydoc", "dicerules rules"):
            assert not re.search(rf"\b{word}\b", text), (name, word)
    assert plain_text("A ``keep 2x6``.\n\n* one\n  two", 80) == "A keep 2x6.\n\n* one two"


@pytest.mark.parametrize("argv", [(), ("--help",)])
def test_bare_dicerules_lists_the_commands_and_examples(argv: tuple[str, ...]) -> None:
    done = cli(*argv)
    assert (done.status, done.err) == (0, "")
    for command in ("games", "rules", "play", "simulate", "replay", "bench"):
        assert re.search(rf"^    {command} +\w", done.out, re.M), command
        assert re.search(rf"^  dicerules {command}\b", done.out, re.M), command
    assert "COMMAND\n" not in done.out


def test_errors_name_the_real_problem() -> None:
    unknown = cli("simulate", "link", "--games", "1", "--rule", "foo=1")
    assert unknown.err.startswith(
        "dicerules simulate: error: --rule foo=1: link has no rule 'foo';"
    )
    form = cli("simulate", "link", "--games", "1", "--rule", "foo")
    assert form.err.startswith("dicerules simulate: error: --rule foo: write NAME=VALUE")
    lone = cli("simulate", "eighteen", "--preset", "hosted", "--players", "2", "--games", "1",
               "--bots", "random,random")  # fmt: skip
    assert lone.err == (
        "dicerules simulate: error: --bots random,random: 2 bots are named but one seat is"
        " played by bots (the house plays itself): name one bot for it\n"
    )


def test_an_example_that_needs_an_extra_says_so_in_one_line() -> None:
    code = (
        "import runpy, sys; sys.modules['hypothesis'] = None; sys.argv = ['log_store.py'];"
        f" runpy.run_path({str(ROOT / 'examples' / 'log_store.py')!r}, run_name='__main__')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)  # fmt: skip
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "log_store.py needs hypothesis: pip install 'dicerules[testing]'\n"


class _Terminal(io.StringIO):
    """A terminal's text stream: what Keyboard checks before editing lines."""

    def isatty(self) -> bool:
        return True


def test_a_terminal_without_readline_reads_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    import dicerules.cli.play as play

    monkeypatch.setattr(play, "_readline", lambda: None)  # as on a platform without it
    out, keys = _Terminal(), _Terminal("stand\nquit\n")
    monkeypatch.setattr(sys, "stdin", keys)
    monkeypatch.setattr(sys, "stdout", out)
    assert dicerules.cli.main(["play", "eighteen", "--seed", "3", "--bots", "random"]) == 0
    text = out.getvalue()
    assert "Tab completes" not in text
    assert "your move> \n" not in text and "your move> stand" not in text  # the terminal echoes
    assert "  seat 0 (you) stands on " in text


def test_piped_lines_are_echoed_after_the_prompt_as_before() -> None:
    done = cli("play", "eighteen", "--seed", "3", "--bots", "random", stdin="  stand  \nquit\n")
    assert "your move> stand\n" in done.out
    assert "your move> quit\n" in done.out
    assert "Tab completes" not in done.out
