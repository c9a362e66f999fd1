"""`dicerules replay`: a record checked, then told step by step."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import cli

import dicerules
from dicerules.cli.options import narrator
from dicerules.games import twenty_four
from dicerules.games.twenty_four.narrator import TwentyFourNarrator

PRESETS = [(name, preset) for name, game in dicerules.GAMES.items() for preset in game.presets]


def test_a_record_from_play_is_told_action_by_action(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cli("play", "liars-dice", "--players", "3", "--seed", "7", "--bots", "random",
        "--record", str(path), stdin="1x1\nchallenge\n" * 40)  # fmt: skip
    rec = json.loads(path.read_text())
    done = cli("replay", str(path))
    assert (done.status, done.err) == (0, "")
    lines = done.out.splitlines()
    assert lines[0].endswith(f"{len(rec['actions'])} actions, {len(rec['rolls'])} dice;"
                             " it replays exactly.")  # fmt: skip
    told = [line.split()[-1].rstrip(".") for line in lines if " bids " in line]
    assert told == [action for action in rec["actions"] if action != "challenge"]
    assert sum(" challenges " in line for line in lines) == rec["actions"].count("challenge")
    reveals = sum(line.startswith("  Cups up: ") for line in lines)
    assert reveals == rec["actions"].count("challenge")
    assert lines[-2].startswith("Game over: seat ")
    assert "(you)" not in done.out  # a spectator's narration


def test_one_game_of_a_simulation_file_is_picked_by_index(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    cli("simulate", "twenty-four", "--games", "3", "--records", str(path))
    every = cli("replay", str(path))
    third = cli("replay", str(path), "--index", "2")
    assert third.status == 0
    assert third.out.startswith(f"{path} line 3: twenty-four (standard), ")
    assert every.out.endswith(third.out)
    assert every.out.count("it replays exactly") == 3


def test_every_game_and_preset_is_narrated_one_line_per_action() -> None:
    # A spectator's and a seat's narration of seeded random games: each action is
    # told first, on one line naming the seat that took it.
    for name, preset in PRESETS:
        game = dicerules.get_game(name)
        for viewer in (None, 1):
            teller = narrator(game, viewer)
            state = game.new_game(game.presets[preset], seed=4)
            bots = [dicerules.bots.make("random", game, seed=s) for s in range(4)]
            seen = game.view(state, viewer)
            if game.narrator is not None:  # the generic narrator tells actions and scores
                assert teller.news(None, seen), (name, preset)
            steps = 0
            while (seat := game.current_player(state)) is not None and steps < 300:
                action = bots[seat].choose(game.view(state, seat), game.legal_actions(state))
                state = game.apply(state, action)
                now = game.view(state, viewer)
                lines = teller.step(seen, seat, action, now)
                assert lines[0].startswith((f"  {teller.who(seat)} ", f"  {teller.who(seat)}: ")), (
                    name,
                    preset,
                    lines,
                )
                seen = now
                steps += 1


def test_a_record_that_does_not_replay_is_one_line_of_error(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cli("simulate", "liars-dice", "--games", "1", "--records", str(path))
    rec = json.loads(path.read_text())
    rec["rolls"][0] = 7 - rec["rolls"][0]
    path.write_text(json.dumps(rec))
    done = cli("replay", str(path))
    assert (done.status, done.out) == (1, "")
    assert done.err.startswith(f"dicerules replay: error: {path}: at set-up the replay drew")
    assert done.err.count("\n") == 1


def test_a_bad_line_in_a_records_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    cli("simulate", "link", "--games", "2", "--records", str(path))
    path.write_text(path.read_text() + '{"format": 1}\n')
    done = cli("replay", str(path))
    assert (done.status, done.out) == (1, "")
    assert done.err == (
        f"dicerules replay: error: {path} line 3: the record lacks game, rules, stream,"
        " actions, rolls\n"
    )


def test_the_content_not_the_name_tells_one_record_from_a_file_of_them(tmp_path: Path) -> None:
    # simulate writes one record per line to any name; replay reads it as written.
    lines = tmp_path / "games.json"
    cli("simulate", "link", "--games", "2", "--records", str(lines))
    # Wide enough that no path here wraps the first line: the two outputs differ by path.
    done = cli("replay", str(lines), "--index", "1", columns=400)
    assert (done.status, done.err) == (0, "")
    assert done.out.startswith(f"{lines} line 2: link (standard), ")
    # One record laid out on several lines is one record, game 0, whatever its name.
    rec = json.loads(lines.read_text().splitlines()[1])
    laid_out = tmp_path / "one.jsonl"
    laid_out.write_text(json.dumps(rec, indent=2))
    again = cli("replay", str(laid_out), "--index", "0", columns=400)
    assert (again.status, again.err) == (0, "")
    assert again.out == done.out.replace(f"{lines} line 2", str(laid_out))
    beyond = cli("replay", str(laid_out), "--index", "1")
    assert (beyond.status, beyond.out) == (2, "")
    assert beyond.err == f"dicerules replay: error: --index 1: {laid_out} holds one game, game 0\n"


def test_a_twenty_four_turn_says_why_the_money_moved() -> None:
    teller = TwentyFourNarrator(dicerules.get_game("twenty-four"), None)
    house = twenty_four.Rules.preset("house-rules")  # low-score bonus, failed bonus pays

    def told(dice: tuple[int, ...], target: int, count: int, changes: tuple[int, ...]) -> str:
        bonus = ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5)) if target else ()
        last = twenty_four.Outcome(1, 0, dice, False, target, (0, 0, 0), bonus, count, changes)
        return teller._outcome(last, house)[-2]

    # 2+2+2+1+1 = 8, ten or less: seat 0 collects 20 from each of two seats.
    assert told((2, 2, 2, 1, 1), 0, 0, (40, -20, -20)) == (
        "  A low score: seat 0 collects 20 from each other seat."
    )
    # 6+6+6+4+1 = 23: one short of 24, paid to each other seat.
    assert told((6, 6, 6, 4, 1), 0, 0, (-2, 1, 1)) == (
        "  Short of 24: seat 0 pays 1 to each other seat."
    )
    assert told((6, 6, 6, 4, 2), 0, 0, (0, 0, 0)) == "  Exactly 24: nothing is paid."
    # 6+6+6+6+4 = 28 plays for fours; two fours score 4 x 2 = 8 from each seat.
    assert told((6, 6, 6, 6, 4), 4, 2, (16, -8, -8)) == (
        "  Bonus score 4 x 2 = 8, paid to seat 0 by each seat that did not settle."
    )
    # No four at all: with failed_bonus_pays the roller pays 4 to each such seat.
    assert told((6, 6, 6, 6, 4), 4, 0, (-8, 4, 4)) == (
        "  No 4s: seat 0 pays 4 to each seat that did not settle."
    )


def test_an_error_stays_on_one_line_whatever_the_record_holds(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cli("simulate", "link", "--games", "1", "--records", str(path))
    rec = json.loads(path.read_text())
    rec["a\nb"] = 1  # an unknown key, named in the error
    path.write_text(json.dumps(rec))
    done = cli("replay", str(path))
    assert (done.status, done.out) == (1, "")
    assert done.err == f"dicerules replay: error: {path}: the record has unknown keys a\\nb\n"


def test_a_perudo_game_tells_calza_and_palifico(tmp_path: Path) -> None:
    from dicerules import ScriptedStream
    from dicerules.games import liars_dice as ld

    rules = ld.Rules.preset("perudo")
    rules = ld.Rules(**{**dicerules.record(ld.new_game(rules, seed=1)).rules,
                        "players": 2, "dice_per_player": 2, "first_opener": "seat0"})  # fmt: skip
    # Round 1: 2-3 against 4-5; 3x2 counts 1: seat 0 falls to one die, a palifico round.
    # Round 2: seat 0 holds 6, seat 1 holds 2-6: 2x6 is exact; seat 0 gains its die back.
    # Round 3: 3-4 against 5-5; seat 1's calza of 3x5 (two fives) fails.
    state = ld.new_game(rules, stream=ScriptedStream((2, 3, 4, 5, 6, 2, 6, 3, 4, 5, 5, 6, 6, 6)))
    for move in ("3x2", "challenge", "1x6", "2x6", "calza", "3x5", "calza"):
        state = ld.apply(state, ld.parse_action(state, move))
    path = tmp_path / "perudo.json"
    path.write_text(dicerules.record(state).to_json())
    done = cli("replay", str(path))
    assert (done.status, done.err) == (0, "")
    out = done.out
    assert "  Palifico: seat 0 is down to one die. Ones are not wild;" in out
    assert "  seat 0 calls calza: seat 1's 2x6 is exact." in out
    assert "  2 dice count for 2x6: exact! seat 0 gains a die." in out
    assert "  seat 1 calls calza: seat 0's 3x5 is exact." in out
    assert "  2 dice count for 3x5 (ones wild): not exact; seat 1 loses a die." in out
    assert "  Palifico: seat 1 is down to one die." in out
