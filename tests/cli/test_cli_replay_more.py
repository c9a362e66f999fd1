"""Records that say who played; replay as a seat saw it, in summary, from standard input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_helpers import cli

import dicerules
from dicerules.records import GameRecord, Tags

OLD = (
    '{"format": 1, "game": "link", "rules": {"players": 2, "white_dice": 4,'
    ' "start_counters": 10, "rounds": 5, "ante": 1, "link_cost": 1, "first_player": 0},'
    ' "stream": {"seed": 3}, "actions": [], "rolls": [4, 4, 4, 6, 1, 2, 1, 5, 3, 1]}'
)


def test_play_writes_the_date_the_players_and_the_version(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cli("play", "eighteen", "--preset", "hosted", "--seed", "3", "--bots", "random",
        "--record", str(path), stdin="quit\n")  # fmt: skip
    tags = json.loads(path.read_text())["tags"]
    assert tags["players"] == ["none", "human", "random", "random"]
    assert tags["dicerules"] == dicerules.__version__
    assert len(tags["date"]) == 10 and tags["date"][4] == "-"
    told = " ".join(cli("replay", str(path)).out.split())
    assert (
        f"Date: {tags['date']}; players: seat 0 none, seat 1 human, seat 2 random, seat 3"
        f" random; written by dicerules {dicerules.__version__}." in told
    )


def test_tags_are_optional_and_out_of_the_replay() -> None:
    old = GameRecord.from_json(OLD)
    assert old.tags == Tags() and old.to_json() == OLD  # an old record, byte for byte
    state = dicerules.replay(old)
    tagged = dicerules.record(state, Tags(event="x", date="2026-01-02", players=("a", "b")))
    again = GameRecord.from_json(tagged.to_json())
    assert again.tags == tagged.tags
    assert dicerules.replay(again) == state


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ('{"colour": "red"}', "unknown tags colour"),
        ('{"players": ["a"]}', "names 1 seats; the game has 2"),
        ('{"date": 5}', "the tag date must be a string"),
        ("[]", "tags must be a JSON object"),
    ],
)
def test_bad_tags_are_record_errors(tags: str, message: str) -> None:
    with pytest.raises(dicerules.RecordError, match=message):
        GameRecord.from_json(OLD[:-1] + f', "tags": {tags}}}')


def _records(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    done = cli("simulate", "link", "--games", "3", "--bots", "random", "--records", str(path))
    assert done.status == 0, done.err
    return path


def test_replay_as_a_seat_saw_it_hides_the_others_dice(tmp_path: Path) -> None:
    path = _records(tmp_path)
    seat = cli("replay", str(path), "--index", "0", "--seat", "1").out
    spectator = cli("replay", str(path), "--index", "0").out
    assert "seat 1 (you)" in seat and "(you)" not in spectator
    assert "Your dice: white " in seat
    assert cli("replay", str(path), "--seat", "7").status == 2


@pytest.mark.parametrize("columns", [None, 40, 200])
def test_replay_summary_is_one_line_a_record(tmp_path: Path, columns: int | None) -> None:
    path = _records(tmp_path)
    done = cli("replay", str(path), "--summary", columns=columns)
    lines = done.out.splitlines()
    assert len(lines) == 3, done.out  # whatever the width: a program reads it
    assert all(" won; counters " in line and line.endswith("replays exactly.") for line in lines)


def test_replay_reads_standard_input(tmp_path: Path) -> None:
    path = _records(tmp_path)
    done = cli("replay", "-", "--summary", "--index", "2", stdin=io.StringIO(path.read_text()))
    assert (done.status, done.err) == (0, "")
    assert done.out.startswith("- line 3: link (standard)")


def test_a_tampered_die_is_named_by_its_place_and_both_values() -> None:
    data = json.loads(OLD)
    data["rolls"][6] = 5  # was 1
    with pytest.raises(dicerules.ReplayError) as error:
        dicerules.replay(GameRecord.from_dict(data))
    assert "drew die 6 (of the record's rolls, from 0) as 1 where the record has 5" in str(
        error.value
    )


# A record is data from anyone: a terminal never gets a control character from it.
_HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[H\u2028"


def _no_control(text: str) -> bool:
    return all(ch.isprintable() or ch == "\n" for ch in text)


def test_replay_escapes_the_control_characters_of_tags(tmp_path: Path) -> None:
    game = dicerules.get_game("link")
    seats = game.seats(game.default_rules)
    bots = [dicerules.bots.make("random", game, seat) for seat in range(seats)]
    state = dicerules.play_match(game, None, bots, 3)
    rec = dicerules.record(state).to_dict()
    players = ["a"] * (seats - 1) + ["b\r\nforged."]
    rec["tags"] = {"event": _HOSTILE, "date": "\x07", "players": players}
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    done = cli("replay", str(path))
    assert done.status == 0 and _no_control(done.out), repr(done.out)
    told = " ".join(done.out.split())
    assert "Event: \\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\u2028; date: \\x07;" in told
    assert f"seat {seats - 1} b\\r\\nforged.." in told


def test_an_error_line_escapes_the_control_characters_of_a_record(tmp_path: Path) -> None:
    rec = dicerules.record(dicerules.get_game("link").new_game(seed=1)).to_dict()
    path = tmp_path / "key.json"
    path.write_text(json.dumps({**rec, f"{_HOSTILE}key": 1}), encoding="utf-8")
    done = cli("replay", str(path))
    assert done.status == 1 and _no_control(done.err), repr(done.err)
    assert done.err.endswith("unknown keys \\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\u2028key\n")


@pytest.mark.parametrize("where", [["rules"], ["rules", "link", "--preset"]])
def test_a_huge_name_on_the_command_line_is_not_echoed_whole(where: list[str]) -> None:
    done = cli(*where, "x" * 100_000)
    assert done.status == 2
    assert "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100,000 characters)" in done.err
    assert len(done.err) < 300
