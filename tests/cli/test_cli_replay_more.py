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


def test_replay_summary_is_one_line_a_record(tmp_path: Path) -> None:
    path = _records(tmp_path)
    done = cli("replay", str(path), "--summary")
    lines = [line for line in done.out.splitlines() if not line.startswith(" ")]
    assert len(lines) == 3
    assert all(" won; counters " in " ".join(done.out.split()) for _ in lines)


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
