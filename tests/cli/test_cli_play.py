"""`dicerules play`: a scripted human on standard input against seeded random bots."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import cli

import dicerules
import dicerules.cli as cli_module
import dicerules.cli.options as cli_options
from dicerules.cli.play import Pager
from dicerules.game import AnyGame
from dicerules.games import eighteen, liars_dice
from dicerules.games.eighteen.narrator import EighteenNarrator
from dicerules.narration import Narrator

# Random bots: their choices are fixed by their seeds, whatever the expert bots become.
LIARS = ("play", "liars-dice", "--players", "3", "--seed", "7", "--bots", "random")

# Each line is legal in one of the two situations a liars-dice player meets: "1x1"
# opens a round, "challenge" answers a bid. The other one is refused with its error
# and the next line is taken, so the script plays any game to its end.
EITHER = "1x1\nchallenge\n" * 40


def test_a_typo_and_an_illegal_action_are_answered_and_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # Seat 0 opens round 1 (its roll-off die, 4, beats two 1s); "three" is a typo, "1x9"
    # names a face the dice do not have; "2x4" is then played. The input ends there.
    done = cli(*LIARS, "--record", str(path), stdin="three\n1x9\n2x4\n")
    assert (done.status, done.err) == (0, "")
    lines = done.out.splitlines()
    assert "your move> three" in lines
    at = lines.index("your move> three")
    assert lines[at + 1] == "'three' is not liars-dice notation; 'help' explains it."
    # Then what can be done now, in words: 9 dice x 6 faces, no challenge yet.
    assert lines[at + 2].startswith("You open the round: bid from 1x1 to 9x6 (")
    assert lines[at + 3] == "your move> 1x9"
    assert lines[at + 4].startswith("1x9 names face 9, but the dice show 1 to 6")
    assert "  seat 0 (you) bids 2x4." in lines
    assert "You left the game." in lines  # the end of the input
    # The record holds the game up to the end of the input, and replays.
    rec = dicerules.GameRecord.from_json(path.read_text())
    assert rec.actions[0] == "2x4"
    state = dicerules.replay(rec)
    assert not liars_dice.is_terminal(state)
    assert f"Record saved to {path}." in lines


def test_the_human_sees_only_its_own_hand_until_the_cups_come_up() -> None:
    done = cli(*LIARS, stdin=EITHER)
    state = liars_dice.new_game(liars_dice.Rules(players=3), seed=7)
    mine, *theirs = ("-".join(map(str, hand)) for hand in state.hands)
    before_reveal = done.out.split("Cups up")[0]
    assert f"Your hand: {mine}." in before_reveal
    for hand in theirs:
        assert hand not in before_reveal
    first_reveal = done.out.split("Cups up")[1].splitlines()[0]
    for hand in theirs:
        assert hand in first_reveal


def test_a_scripted_game_is_played_to_its_end_and_saved(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = cli(*LIARS, "--record", str(path), stdin=EITHER)
    assert (done.status, done.err) == (0, "")
    final = dicerules.replay(dicerules.GameRecord.from_json(path.read_text()))
    assert liars_dice.is_terminal(final)
    (winner,) = liars_dice.winners(final)
    name = f"seat {winner} (you)" if winner == 0 else f"seat {winner}"
    assert f"Game over: {name} wins." in done.out
    # Every action of seat 0 in the record was typed, and told as seat 0's.
    state = liars_dice.new_game(final.rules, seed=7)
    by_human = 0
    for action in liars_dice.history(final):
        by_human += liars_dice.current_player(state) == 0
        state = liars_dice.apply(state, action)
    told = [line for line in done.out.splitlines() if line.startswith("  seat 0 (you) ")]
    assert len(told) == by_human > 0
    # The bots' moves are all shown between the human's turns.
    record = json.loads(path.read_text())
    told = [line for line in done.out.splitlines() if " bids " in line or " challenges " in line]
    assert len(told) == len(record["actions"])


def test_quit_ends_the_game_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "eighteen", "--seed", "3", "--bots", "random", "--record", str(path))
    done = cli(*args, stdin="roll\nquit\nstand\n")
    assert (done.status, done.err) == (0, "")
    assert "your move> stand" not in done.out
    state = dicerules.replay(dicerules.GameRecord.from_json(path.read_text()))
    assert eighteen.history(state)[-1] == eighteen.ROLL  # the human's last action
    points = ", ".join(
        f"seat {seat}{' (you)' if seat == 0 else ''} = {n}"
        for seat, n in enumerate(eighteen.scores(state))
    )
    assert done.out.splitlines()[-3:] == [
        "You left the game.",
        f"Points so far: {points}.",
        f"Record saved to {path}.",
    ]


def test_each_game_can_be_played_from_the_keyboard() -> None:
    # One human move in each game, read from its first prompt's legal list.
    for name in ("eighteen", "link", "twenty-four"):
        first = cli("play", name, "--seed", "11", "--bots", "random", stdin="help\n")
        legal = next(line for line in first.out.splitlines() if line.startswith("Legal: "))
        move = legal.removeprefix("Legal: ").split(", ")[0].rstrip(".")
        done = cli("play", name, "--seed", "11", "--bots", "random", stdin=f"{move}\n")
        assert (done.status, done.err) == (0, ""), name
        assert f"your move> {move}" in done.out
        acted = [line for line in done.out.splitlines() if line.startswith("  seat 0 (you) ")]
        assert acted, name


def test_hidden_hands_in_eighteen_hide_even_how_often_they_rolled() -> None:
    # With simultaneous_reveal another player's dice, total, number of dice and bust
    # stay hidden until the round is scored: so are its rolls and its stand. Only the
    # action that ends the round may be told, just before the round is scored.
    args = ("play", "eighteen", "--seed", "5", "--players", "3", "--seat", "1")
    hidden = cli(*args, "--rule", "simultaneous_reveal=true", stdin="stand\n" * 40)
    shown = cli(*args, stdin="stand\n" * 40)
    assert (hidden.status, hidden.err, shown.status) == (0, "", 0)
    lines = hidden.out.splitlines()
    assert "  seat 2 throws three dice, hidden until the round is scored." in lines
    other = re.compile(r"  seat [02] (rolls|stands)")
    told = [at for at, line in enumerate(lines) if other.match(line)]
    assert told  # the rounds' last actions
    for at in told:
        assert re.fullmatch(r"  Round \d+ is scored: .*", lines[at + 1]), lines[at]
    # Without the rule the same seeds show the other seats' rolls as they happen.
    assert len([line for line in shown.out.splitlines() if other.match(line)]) > len(told)


class _Interrupted(io.StringIO):
    """Standard input on which the user presses Ctrl-C after the lines given."""

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_leaves_the_game_and_keeps_its_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("play", "eighteen", "--seed", "3", "--bots", "random", "--record", str(path))
    done = cli(*args, stdin=_Interrupted("roll\n"))
    assert (done.status, done.err) == (130, "")
    assert "You left the game." in done.out
    state = dicerules.replay(dicerules.GameRecord.from_json(path.read_text()))
    assert eighteen.history(state)[-1] == eighteen.ROLL  # the one line typed
    assert not eighteen.is_terminal(state)


def test_an_eighteen_hand_says_what_it_counts() -> None:
    teller = EighteenNarrator(dicerules.get_game("eighteen"), 0)
    assert teller.hand((5, 6, 2)) == "5-6-2 (13)"
    assert teller.hand((6, 6, 5, 2)) == "6-6-5-2 (bust)"  # 19 is over 18
    # Six dice that stay at 18 or less count 18 (rule 5): 1+6+1+1+2+4 = 15.
    assert teller.hand((1, 6, 1, 1, 2, 4)) == "1-6-1-1-2-4 (15, six dice: counts 18)"


def test_a_drawn_seed_is_told_only_when_the_game_is_over(tmp_path: Path) -> None:
    # The seed foretells every die (the others' hands, the roost): shown at the start,
    # it would give away what the seat may not see.
    path = tmp_path / "game.json"
    done = cli("play", "eighteen", "--record", str(path), stdin="stand\n" * 60)
    assert (done.status, done.err) == (0, "")
    seed = json.loads(path.read_text())["stream"]["seed"]
    lines = done.out.splitlines()
    told = f"Seed: {seed} (--seed {seed} deals the same dice)."
    assert lines[0].startswith("eighteen (standard), 4 seats, a seed drawn at random (told at")
    assert str(seed) not in "\n".join(lines[: lines.index(told)])
    assert lines[-2:] == [told, f"Record saved to {path}."]


def test_the_narration_of_play_is_made_from_the_human_seat_s_views_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Whatever the narrator is told of is a View of the human's seat: never a state,
    # another seat's view or a spectator's. Checked in each game, seat 1 playing.
    told: list[Any] = []
    real = cli_options.narrator

    def spy(game: AnyGame, viewer: int | None) -> Narrator[Any]:
        teller = real(game, viewer)
        news, step, situation = teller.news, teller.step, teller.situation

        def spy_news(before: Any, after: Any) -> list[str]:
            told.extend(view for view in (before, after) if view is not None)
            return news(before, after)

        def spy_step(before: Any, seat: int, action: Any, after: Any) -> list[str]:
            told.extend((before, after))
            return step(before, seat, action, after)

        def spy_situation(view: Any) -> list[str]:
            told.append(view)
            return situation(view)

        monkeypatch.setattr(teller, "news", spy_news)
        monkeypatch.setattr(teller, "step", spy_step)
        monkeypatch.setattr(teller, "situation", spy_situation)
        return teller

    monkeypatch.setattr(cli_options, "narrator", spy)
    for name in dicerules.GAMES:
        module = sys.modules[dicerules.get_game(name).State.__module__]
        told.clear()
        done = cli("play", name, "--seed", "2", "--seat", "1", "--bots", "random", stdin="help\n")
        assert done.status == 0 and "Legal: " in done.out, name
        assert len(told) > 2, name
        for view in told:
            assert type(view) is module.View and view.player == 1, (name, view)


def test_the_human_is_not_seated_as_a_house_that_never_acts() -> None:
    # The hosted preset makes seat 0 the house for the whole game: it never acts, so
    # the human's seat is 1 unless another one is asked for.
    done = cli("play", "eighteen", "--preset", "hosted", "--seed", "2", stdin="stand\n")
    assert done.status == 0
    assert "You are seat 1;" in done.out.splitlines()[1]
    assert "your move> stand" in done.out.splitlines()
    asked = cli("play", "eighteen", "--preset", "hosted", "--seed", "2", "--seat", "3")
    assert "You are seat 3;" in asked.out.splitlines()[1]


def test_a_closed_standard_input_ends_the_game_as_its_end_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", None)  # what Python makes of a closed stdin
    monkeypatch.setattr(sys, "stdout", out)
    status = cli_module.main(["play", "link", "--seed", "2", "--bots", "random"])
    assert status == 0
    assert out.getvalue().splitlines()[-2] == "You left the game."


def test_twenty_four_money_is_told_in_quarter_units_from_the_start() -> None:
    # Scores are quarter-units (4 to a unit); the running money says so, not only the
    # final line, or "pays 2" reads as two units.
    done = cli("play", "twenty-four", "--seed", "4", "--players", "2", stdin="quit\n")
    assert done.status == 0
    running = [line for line in done.out.splitlines() if line.startswith("Money so far")]
    assert running == [
        "Money so far, in quarter-units (4 to a unit): seat 0 (you) = +0, seat 1 = +0."
    ]


def test_record_never_replaces_a_file_that_is_not_a_record_without_force(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    args = ("play", "link", "--seed", "2", "--bots", "random", "--record", str(notes))
    refused = cli(*args, stdin="quit\n")
    assert (refused.status, refused.out) == (2, "")
    assert refused.err == (
        f"dicerules play: error: --record {notes}: the file is not a records file, and"
        " writing would replace it: give another name, or --force to replace it\n"
    )
    assert notes.read_text() == "my notes\n"
    assert cli(*args, "--force", stdin="quit\n").status == 0
    assert json.loads(notes.read_text())["game"] == "link"
    assert cli(*args, stdin="quit\n").status == 0  # a record is replaced as before
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert cli(*args[:-1], str(empty), stdin="quit\n").status == 0


def test_a_record_that_cannot_be_written_names_the_file() -> None:
    done = cli("play", "link", "--seed", "2", "--bots", "random", "--record", "/dev/full",
               stdin="quit\n")  # fmt: skip
    assert done.status == 1
    assert done.err == "dicerules play: error: cannot write /dev/full: No space left on device\n"


class _Enter:
    """A keyboard on which Enter is pressed at every prompt (and None: the input ends)."""

    def __init__(self, out: io.StringIO, presses: int = 100) -> None:
        self.out, self.presses = out, presses

    def read(self, prompt: str, words: object) -> str | None:
        print(prompt, file=self.out)  # the prompt, and the Enter typed after it
        self.presses -= 1
        return "" if self.presses >= 0 else None


def test_the_pager_never_lets_a_stretch_of_moves_scroll_past_a_screen() -> None:
    # As after a seat is out in liar's dice: step after step, and no prompt of its own.
    out = io.StringIO()
    pager = Pager(out, _Enter(out), rows=10)  # type: ignore[arg-type]
    for step in range(20):
        pager.say([f"  step {step}, line {line}" for line in range(3)])
    screens = out.getvalue().split(Pager.PROMPT)
    assert len(screens) > 5
    assert all(len(screen.strip("\n").splitlines()) <= 10 - 2 for screen in screens)
    told = [line for line in out.getvalue().splitlines() if line.startswith("  step")]
    assert len(told) == 60  # every line, once, in order
    assert told == sorted(told, key=lambda line: [int(n) for n in re.findall(r"\d+", line)])


def test_the_pager_stops_waiting_when_the_input_ends_and_never_waits_off_a_terminal() -> None:
    out = io.StringIO()
    pager = Pager(out, _Enter(out, presses=0), rows=10)  # type: ignore[arg-type]
    for step in range(10):
        pager.say([f"  step {step}"] * 3)
    assert out.getvalue().count(Pager.PROMPT) == 1  # the input ended there
    piped = io.StringIO()
    plain = Pager(piped, _Enter(piped))  # type: ignore[arg-type]  # rows from a non-terminal
    for step in range(10):
        plain.say([f"  step {step}"] * 3)
    assert Pager.PROMPT not in piped.getvalue()


def test_the_seating_line_counts_the_other_seats() -> None:
    from dicerules.cli.play import seating

    assert seating(0, {1: "expert"}, 2) == "You are seat 0; the other seat is an expert bot."
    assert seating(1, {0: "random", 2: "random"}, 3) == (
        "You are seat 1; the other seats are random bots."
    )


def test_enter_plays_the_only_legal_move_and_typing_it_plays_it_too(tmp_path: Path) -> None:
    argv = ("play", "liars-dice", "--players", "2", "--rule", "dice_per_player=1",
            "--seed", "2", "--bots", "random")  # fmt: skip
    games = []
    for typed in ("2x4\n\n", "2x4\nchallenge\n", "2x4\nhelp\n\n"):
        path = tmp_path / f"game{len(games)}.json"
        done = cli(*argv, "--record", str(path), stdin=typed)
        assert done.status == 0 and "Game over" in done.out
        assert "your move [challenge]> " in done.out  # the only move, in the prompt
        games.append(dicerules.GameRecord.from_json(path.read_text()).actions)
    assert games[0] == games[1] == games[2] == ("2x4", "2x6", "challenge")
    assert "Enter plays your only move, challenge." in done.out
    assert "your move [" not in cli(*argv, stdin="quit\n").out  # a choice: no move shown
