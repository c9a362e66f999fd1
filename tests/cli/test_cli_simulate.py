"""`dicerules simulate`: seeded games between bots, the table, the records."""

from __future__ import annotations

import csv
import importlib
import io
import json
import math
import re
import sys
from pathlib import Path
from statistics import NormalDist

import pytest
from cli_helpers import cli

import dicerules
import dicerules.cli.simulate as simulate
from dicerules.stats import wilson

sim_module = importlib.import_module("dicerules.simulate")  # the module, not the function

SIM = ("simulate", "link", "--games", "40", "--players", "3", "--bots", "expert,random,random")


def test_the_output_is_the_same_for_one_worker_and_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate, "usable_cpus", lambda: 2)  # two workers even on one processor
    one = cli(*SIM, "--seed", "5", "--records", str(tmp_path / "one.jsonl"))
    two = cli(*SIM, "--seed", "5", "--workers", "2", "--records", str(tmp_path / "two.jsonl"))
    assert (one.status, one.err) == (0, "")
    assert (two.out, two.status, two.err) == (one.out.replace("one.jsonl", "two.jsonl"), 0, "")
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    other = cli(*SIM, "--seed", "6")
    assert other.out.splitlines()[3:11] != one.out.splitlines()[3:11]  # the two tables


def _row(out: str, name: str) -> list[str]:
    line = next(line for line in out.splitlines() if line.startswith(f"{name} "))
    return re.sub(r"\[ +", "[", line).split()  # the interval's numbers are padded inside


def test_the_table_counts_what_the_records_say(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    done = cli(*SIM, "--seed", "5", "--records", str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 40
    finals = [dicerules.replay(dicerules.GameRecord.from_json(line)) for line in lines]
    game = dicerules.get_game("link")
    # The documented rotation: in game i the bot listed at j plays seat (i + j) % 3.
    listed = ["expert", "random", "random"]
    wins = {"expert": 0, "random": 0}
    shared = {"expert": 0, "random": 0}
    counters = {"expert": 0, "random": 0}
    for i, final in enumerate(finals):
        winners = game.winners(final)
        for j, name in enumerate(listed):
            seat = (i + j) % 3
            wins[name] += seat in winners
            shared[name] += seat in winners and len(winners) > 1
            counters[name] += game.scores(final)[seat]
    for name, games in (("expert", 40), ("random", 80)):
        row = _row(done.out, name)
        assert row[:4] == [name, str(games), str(wins[name]), str(shared[name])]
        assert row[4] == f"{wins[name] / games:.1%}"
        low, high = _wilson_by_hand(wins[name], games)
        assert " ".join(row[5:7]) == f"[{low:.1%}, {high:.1%}]"
        assert row[-1] == f"{counters[name] / games:.2f}"
    for seat in range(3):
        won = sum(seat in game.winners(final) for final in finals)
        line = next(line for line in done.out.splitlines() if line.startswith(f"seat {seat} "))
        assert line.split()[2:4] == ["40", str(won)]


def _wilson_by_hand(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval from its textbook form, z the normal 0.975 quantile."""
    z = NormalDist().inv_cdf(0.975)
    p, n = wins / games, games
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def test_the_games_are_seeded_as_documented(tmp_path: Path) -> None:
    from dicerules.streams import splitmix64

    path = tmp_path / "games.jsonl"
    cli("simulate", "eighteen", "--games", "3", "--seed", "99", "--records", str(path))
    records = [dicerules.GameRecord.from_json(line) for line in path.read_text().splitlines()]
    seeds = [rec.stream.seed for rec in records]  # type: ignore[union-attr]
    assert seeds == [splitmix64(99, 1), splitmix64(99, 2), splitmix64(99, 3)]


def test_the_wilson_interval_matches_worked_values() -> None:
    # 5 wins in 10, z = 1.96: centre (0.5 + z^2/20) / (1 + z^2/10) = 0.5; half-width
    # z * sqrt(0.025 + z^2/400) / (1 + z^2/10) = 0.2634, so [0.2366, 0.7634].
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    # 0 wins in 10: the interval is [0, z^2/10 / (1 + z^2/10)] = [0, 0.2775].
    assert (wilson(0, 10)[0], round(wilson(0, 10)[1], 4)) == (0.0, 0.2775)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_one_bot_name_plays_every_seat() -> None:
    done = cli("simulate", "twenty-four", "--games", "6", "--bots", "random", "--seed", "1")
    assert done.status == 0
    assert _row(done.out, "random")[1] == str(6 * 4)  # four seats a game
    assert "bots random,random,random,random" in " ".join(done.out.split())


class Terminal(io.StringIO):
    """Standard error as a terminal would be: progress is shown there."""

    def isatty(self) -> bool:
        return True


QUICK = ("simulate", "link", "--games", "20", "--bots", "random")


def test_progress_goes_to_a_terminal_only_and_is_cleared_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sim_module, "PROGRESS_EVERY", 0.0)  # a line a game
    quiet = cli(*QUICK)
    terminal = Terminal()
    shown = cli(*QUICK, err=terminal)
    assert quiet.err == "" and shown.out == quiet.out
    *lines, last, end = terminal.getvalue().split("\r")
    assert re.fullmatch(r"20/20 games, [\d,]+ games/s, 0:00 left +", lines[-1]), lines
    assert (last, end) == (" " * len(lines[-1]), "")  # blanked: nothing left behind
    asked = cli(*QUICK, "--progress")  # a file keeps the last line, ended
    assert asked.out == quiet.out and asked.err.split("\r")[-1].startswith("20/20 games, ")
    assert asked.err.endswith("\n")
    refused = cli(*QUICK, "--no-progress", err=Terminal())
    assert refused.err == ""


def test_csv_and_json_give_the_tables_numbers(tmp_path: Path) -> None:
    table = cli(*SIM, "--seed", "5")
    rows = list(csv.DictReader(io.StringIO(cli(*SIM, "--seed", "5", "--format", "csv").out)))
    data = json.loads(cli(*SIM, "--seed", "5", "--format", "json").out)
    assert [row["name"] for row in rows] == ["expert", "random", "seat 0", "seat 1", "seat 2"]
    assert len(data) == len(rows)
    for row, item in zip(rows, data, strict=True):
        cells = _row(table.out, row["name"])
        assert cells[-7:-4] == [row["games"], row["wins"], row["shared"]]
        assert (item["games"], item["wins"]) == (int(row["games"]), int(row["wins"]))
        assert f"{item['win_rate']:.1%}" == cells[-4]
        assert f"[{item['interval_low']:.1%}," == cells[-3]
        assert f"{item['mean_score']:.2f}" == cells[-1] == f"{float(row['mean_score']):.2f}"


def test_csv_and_json_rows_name_the_run(tmp_path: Path) -> None:
    # Rows of many runs put together still say which run each came from.
    args = (*SIM, "--seed", "5", "--rule", "start_counters=4")
    rows = list(csv.DictReader(io.StringIO(cli(*args, "--format", "csv").out)))
    data = json.loads(cli(*args, "--format", "json").out)
    # The seed is a string in JSON too: a reader in JavaScript would change a large one.
    run = {"game": "link", "rules": "standard with players=3, start_counters=4", "seed": "5",
           "bots": "expert,random,random"}  # fmt: skip
    assert list(rows[0])[:4] == list(data[0])[:4] == list(run)
    assert all({key: row[key] for key in run} == run for row in rows)
    assert all({key: item[key] for key in run} == run for item in data)
    big = json.loads(cli(*SIM, "--games", "1", "--seed", str(2**64 - 1), "--format", "json").out)
    assert big[0]["seed"] == "18446744073709551615"


def test_the_table_stays_aligned_at_a_hundred_percent() -> None:
    done = cli("simulate", "liars-dice", "--games", "1", "--bots", "expert")
    lines = done.out.splitlines()
    table = lines[lines.index("") + 1 :]
    assert "seat 0              1      1      0   100.0%   [ 20.7%, 100.0%]       1.00" in table
    rows = [line for line in table if "[" in line]
    assert len(rows) == 5 and table[0].endswith("mean score")
    for line in rows:  # every column ends where its heading ends
        assert len(line) == len(table[0]), line
        assert (line.index("["), line.index("]")) == (rows[0].index("["), rows[0].index("]"))


def test_records_never_replace_a_file_that_is_not_records_without_force(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    args = ("simulate", "pig", "--games", "2", "--records", str(notes))
    refused = cli(*args)
    assert (refused.status, refused.out) == (2, "")
    assert refused.err == (
        f"dicerules simulate: error: --records {notes}: the file is not a records file, and"
        " writing would replace it: give another name, or --force to replace it\n"
    )
    assert notes.read_text() == "my notes\n"
    assert cli(*args, "--force").status == 0
    assert [json.loads(line)["game"] for line in notes.read_text().splitlines()] == ["pig"] * 2
    assert cli(*args).status == 0  # records are replaced as before
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert cli(*args[:-1], str(empty)).status == 0


def test_one_record_is_one_record(tmp_path: Path) -> None:
    done = cli("simulate", "pig", "--games", "1", "--records", str(tmp_path / "one.jsonl"))
    assert done.out.endswith(f"\n1 record written to {tmp_path / 'one.jsonl'}.\n")


def test_rule_fields_are_set_by_name(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    done = cli(
        "simulate", "eighteen", "--preset", "hosted", "--games", "2", "--records", str(path),
        "--rule", "max-rounds=none", "--rule", "floor_at_zero=TRUE", "--rule", "target=5",
        "--rule", "eliminate_at_zero=true",  # a permanent house with no cap needs it
    )  # fmt: skip
    assert " ".join(done.out.split()).startswith(  # the header may wrap
        "eighteen (hosted with target=5, floor_at_zero=true, eliminate_at_zero=true,"
        " max_rounds=none), 4 seats:"
    )
    rules = dicerules.GameRecord.from_json(path.read_text().splitlines()[0]).rules
    assert (rules["target"], rules["floor_at_zero"], rules["max_rounds"]) == (5, True, None)
    assert rules["eliminate_at_zero"] is True
    assert rules["permanent_house"] == 0  # the rest is the preset's


def test_three_workers_with_many_batches_give_the_same_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Three workers even on a machine with fewer processors (the cap is tested apart).
    monkeypatch.setattr(simulate, "usable_cpus", lambda: 3)
    # 150 games are 10 batches of 16 (the last one 6), more than three workers are
    # handed at once, so the batches come back in turn while others are still played.
    quick = ("simulate", "liars-dice", "--players", "2", "--bots", "random", "--games", "150")
    one = cli(*quick, "--records", str(tmp_path / "one.jsonl"))
    three = cli(*quick, "--workers", "3", "--records", str(tmp_path / "three.jsonl"))
    assert (one.status, three.status, three.err) == (0, 0, "")
    assert three.out == one.out.replace("one.jsonl", "three.jsonl")
    lines = (tmp_path / "one.jsonl").read_text().splitlines()
    assert (tmp_path / "three.jsonl").read_text().splitlines() == lines
    assert len(lines) == 150
    assert "150 records written to" in one.out


def test_eighteens_permanent_house_gets_no_bot(tmp_path: Path) -> None:
    # In the hosted preset seat 0 is the house for the whole game and never acts:
    # the bots rotate over seats 1 to 3, and the house's row is marked.
    path = tmp_path / "hosted.jsonl"
    hosted = ("simulate", "eighteen", "--preset", "hosted", "--games", "12")
    done = cli(*hosted, "--bots", "expert,random,random", "--records", str(path))
    assert (done.status, done.err) == (0, "")
    assert _row(done.out, "expert")[1] == "12"  # games: one seat of three, every game
    assert _row(done.out, "random")[1] == "24"
    assert _row(done.out, "seat 0 (house)")[3] == "12"
    game = dicerules.get_game("eighteen")
    finals = [dicerules.replay(dicerules.GameRecord.from_json(line))
              for line in path.read_text().splitlines()]  # fmt: skip
    expert_wins = sum(
        (1 + i % 3) in game.winners(final) for i, final in enumerate(finals)
    )  # the expert, listed first, sits in seat 1, 2, 3, 1, ... (never the house)
    assert _row(done.out, "expert")[2] == str(expert_wins)
    four = cli(*hosted, "--bots", "expert,random,random,random")
    assert four.status == 2
    assert "4 bots are named but 3 seats are played by bots (the house plays itself)" in four.err


def test_scheduler_without_dask_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    done = cli("simulate", "pig", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786")
    assert (done.status, done.out) == (2, "")
    assert done.err == (
        "dicerules simulate: error: --scheduler needs Dask: python -m pip install"
        " 'dicerules[cluster]'\n"
    )
    both = cli("simulate", "pig", "--games", "2", "--scheduler", "tcp://x:1", "--workers", "2")
    assert both.status == 2 and "give one" in both.err


def test_one_usable_processor_is_one_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate, "usable_cpus", lambda: 1)
    done = cli("simulate", "pig", "--games", "4", "--bots", "random", "--workers", "2")
    assert done.err.endswith("lets the run use 1 processor; 1 worker it is.\n"), done.err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (("simulate", "pig", "--games", "3", "--records", "/dev/full"), "/dev/full"),
        (("simulate", "pig", "--games", "3", "--records", "/dev/null", "--resume"), "/dev/null"),
        (("play", "pig", "--seed", "1", "--bots", "random", "--record", "/dev/full"), "/dev/full"),
    ],
    ids=["simulate", "simulate --resume", "play"],
)
def test_a_file_that_cannot_be_written_is_named(argv: tuple[str, ...], name: str) -> None:
    done = cli(*argv, stdin="quit\n")
    assert done.status == 1
    assert done.err.splitlines()[-1].startswith(f"dicerules {argv[0]}: error: cannot write {name}:")
