"""dicerules.simulate: the same Simulation on any executor, its outcomes, tallies,
records, interruption and resume."""

from __future__ import annotations

import importlib
import io
import pickle
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest
from sim_bots import Backwards, FirstLegal, InterruptAfter, cli_out, process_pool

import dicerules
from dicerules.errors import DiceRulesError, InvalidArgumentError, RecordError, WrongTypeError
from dicerules.match import game_seed
from dicerules.simulate import Interrupted, Outcome, Simulation, simulate

GAMES = sorted(dicerules.GAMES)
# dicerules.simulate is the function; the module is found by its full name.
sim_module = importlib.import_module("dicerules.simulate")


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with process_pool(2) as executor:
        yield executor


def test_every_game_gives_the_same_simulation_in_this_process_and_in_workers(
    pool: ProcessPoolExecutor,
) -> None:
    assert "pig" in GAMES  # the plugin game too
    for name in GAMES:
        here = simulate(name, 7, bots=("random",), seed=3)
        there = simulate(name, 7, bots=("random",), seed=3, executor=pool, chunk=2)
        threads = simulate(name, 7, bots=("random",), seed=3, executor=ThreadPoolExecutor(3))
        assert there == here and threads == here, name
        assert there.table() == here.table() and there.to_rows() == here.to_rows()
        assert len(here.outcomes) == 7 and here.complete


def test_chunk_sizes_and_completion_order_change_nothing(tmp_path: Path) -> None:
    base = simulate("liars-dice", 40, bots=("random", "expert"), rules=_two_seats(), seed=9,
                    records=tmp_path / "base.jsonl")  # fmt: skip
    backwards = Backwards()
    for chunk in (1, 3, 40):
        path = tmp_path / f"chunk{chunk}.jsonl"
        again = simulate("liars-dice", 40, bots=("random", "expert"), rules=_two_seats(),
                         seed=9, executor=backwards, chunk=chunk, records=path)  # fmt: skip
        assert again == base
        assert path.read_bytes() == (tmp_path / "base.jsonl").read_bytes()
    assert backwards.order != sorted(backwards.order)  # chunks did come back out of order
    assert backwards.most_out <= 3 * 2  # a few chunks a worker, never more


def _two_seats() -> object:
    return _seats("liars-dice", 2)


def _seats(name: str, players: int) -> object:
    return attrs.evolve(dicerules.get_game(name).default_rules, players=players)


def test_the_outcomes_are_the_games_the_records_hold(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    sim = simulate("link", 9, bots=("expert", "random", "random"), rules=_seats("link", 3),
                   seed=4, records=path)  # fmt: skip
    game = dicerules.get_game("link")
    lines = path.read_text().splitlines()
    assert len(lines) == 9
    for index, (outcome, line) in enumerate(zip(sim.outcomes, lines, strict=True)):
        final = dicerules.replay(dicerules.GameRecord.from_json(line))
        assert outcome == Outcome(
            index=index,
            seed=game_seed(4, index),
            winners=game.winners(final),
            scores=game.scores(final),
            actions=len(game.history(final)),
            # the bot listed at j plays seat (i + j) % 3
            seating=tuple(("expert", "random", "random")[(seat - index) % 3] for seat in range(3)),
        )
    assert sim.outcomes[-1] == sim.outcomes[8] and sim.outcomes[1:3][1].index == 2
    with pytest.raises(IndexError):
        sim.outcomes[9]


def test_the_tallies_and_rows_add_up() -> None:
    sim = simulate("twenty-four", 12, bots=("expert", "random"), rules=_seats("twenty-four", 2),
                   seed=1)  # fmt: skip
    players = len(sim.by_seat)
    assert sum(t.games for t in sim.by_bot.values()) == 12 * players
    for seat, tally in enumerate(sim.by_seat):
        wins = sum(seat in o.winners for o in sim.outcomes)
        score = sum(o.scores[seat] for o in sim.outcomes)
        assert (tally.games, tally.wins, tally.score) == (12, wins, score)
    expert = sim.by_bot["expert"]
    wins = sum(
        seat in o.winners for o in sim.outcomes for seat, name in enumerate(o.seating)
        if name == "expert"
    )  # fmt: skip
    assert expert.wins == wins
    rows = sim.to_rows()
    assert [row["name"] for row in rows] == ["expert", "random"] + [
        f"seat {s}" for s in range(players)
    ]
    assert rows[0]["win_rate"] == expert.wins / expert.games
    assert (rows[0]["interval_low"], rows[0]["interval_high"]) == expert.interval


def test_the_table_is_what_the_command_line_prints(tmp_path: Path) -> None:
    argv = ("simulate", "eighteen", "--preset", "hosted", "--games", "6", "--seed", "2",
            "--bots", "expert,random,random")  # fmt: skip
    done = cli_out(*argv)
    game = dicerules.get_game("eighteen")
    sim = simulate(game, 6, bots=("expert", "random", "random"),
                   rules=game.presets["hosted"], seed=2)  # fmt: skip
    assert done == sim.table(preset="hosted")
    assert "seat 0 (house)" in done


class LongNamed(FirstLegal):
    name = "the first legal action, always and forever"


def test_a_long_bot_name_widens_its_column_and_is_cut_to_fit_80_columns() -> None:
    sim = simulate("pig", 6, bots=(LongNamed, "random"))
    for width, shown in ((80, "the first legal a..."), (200, LongNamed.name)):
        lines = sim.table(width).splitlines()
        rows = lines[lines.index("") + 1 :]  # the two tables, a blank line between them
        assert len(rows) == 7 and f"{shown}      6 " in rows[1]
        # Every column in its place: each line of a table as long, within the width.
        assert {len(line) for line in rows if line} == {len(rows[0])} and len(rows[0]) <= width


def test_bots_in_several_seats_are_said_to_share_one_row() -> None:
    sim = simulate("liars-dice", 4, bots=("expert", "random", "random", "random"))
    told = " ".join(sim.table().split())
    assert (
        "The 3 random bots share one row: a game counts there once for each of their seats." in told
    )
    assert sim.by_bot["random"].games == 12
    assert "share one row" not in simulate("pig", 4, bots=("expert", "random")).table()


def test_a_bot_of_ones_own_is_a_factory(pool: ProcessPoolExecutor) -> None:
    here = simulate("pig", 6, bots=(FirstLegal, "random"))
    assert simulate("pig", 6, bots=(FirstLegal, "random"), executor=pool) == here
    assert list(here.by_bot) == ["first", "random"]
    assert "bots first,random" in here.table()


def test_a_factory_that_does_not_pickle_is_refused_for_worker_processes(
    pool: ProcessPoolExecutor,
) -> None:
    def first() -> FirstLegal:
        return FirstLegal()

    with pytest.raises(InvalidArgumentError, match=r"bots\[1\], the factory of the 'first' bot"):
        simulate("pig", 2, bots=("random", first), executor=pool)
    # threads share this process: nothing is pickled
    assert simulate("pig", 2, bots=("random", first), executor=ThreadPoolExecutor(2)).complete


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"games": -1}, InvalidArgumentError, "games must be 0 or more"),
        ({"games": 2.0}, WrongTypeError, "games must be an int"),
        ({"chunk": 0}, InvalidArgumentError, "chunk must be an int of 1 or more"),
        ({"bots": ("nobody",)}, InvalidArgumentError, "no bot named 'nobody'"),
        ({"bots": ("random",) * 3}, InvalidArgumentError, "one for each of the 2 seats"),
        ({"bots": (42,)}, WrongTypeError, "must be a bot's name or a factory"),
        ({"bots": (dict,)}, InvalidArgumentError, r"bots\[0\] \(<class .dict.>\) cannot be made"),
        ({"bots": (object,)}, InvalidArgumentError, "made object, not a bot: it has no choose"),
        ({"seed": -1}, DiceRulesError, "seed"),
        ({"resume": True}, InvalidArgumentError, "resume needs records"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(
    kwargs: dict[str, object], error: type[Exception], text: str
) -> None:
    arguments: dict[str, object] = {"games": 3, **kwargs}
    with pytest.raises(error, match=text):
        simulate("pig", **arguments)  # type: ignore[arg-type]


def test_a_simulation_pickles() -> None:
    sim = simulate("eighteen", 5, seed=8)
    assert pickle.loads(pickle.dumps(sim)) == sim
    assert isinstance(sim, Simulation) and dicerules.simulate is simulate


@pytest.fixture
def ctrl_c_heard() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt in this process, as at a terminal, while the
    test lasts: a suite started as a script's background job ignores it."""
    given = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, given)


@pytest.mark.usefixtures("ctrl_c_heard")
def test_ctrl_c_stops_after_the_game_in_hand(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    full = simulate("pig", 30, bots=(InterruptAfter, "random"), seed=5)
    InterruptAfter.calls, InterruptAfter.after = 0, 1000  # during a game past the first few
    with pytest.raises(Interrupted) as stopped:
        simulate("pig", 30, bots=(InterruptAfter, "random"), seed=5, records=path)
    InterruptAfter.after = 0
    part = stopped.value.simulation
    assert isinstance(stopped.value, KeyboardInterrupt) and stopped.value.signal == signal.SIGINT
    done = len(part.outcomes)
    assert 0 < done < 30 and not part.complete
    assert list(part.outcomes) == list(full.outcomes)[:done]  # nothing lost, nothing twice
    lines = path.read_text().splitlines()
    assert len(lines) == done and path.read_text().endswith("\n")
    assert f"{done} of 30 games (the run was stopped)" in " ".join(part.table().split())
    told = "stopping: waiting for the 1 game in hand (Ctrl-C again stops at once)\n"
    assert capfd.readouterr().err.endswith(told)


class EndsAtOnce(Executor):
    """Two workers that follow a stop, as ``worker_pool``'s do, and end their game in
    hand the moment they are told: each of the two first chunks comes back with its
    first game only. The signal comes as the sixth chunk is handed out."""

    _max_workers = 2

    def __init__(self) -> None:
        self.given: list[tuple[Future[object], Callable[[], object]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        plan, start, _ = args
        future: Future[object] = Future()
        self.given.append((future, lambda: fn(plan, start, start + 1)))
        if len(self.given) == 6:
            signal.raise_signal(signal.SIGTERM)
        return future

    def told(self) -> None:
        for future, first_game in self.given[:2]:
            future.set_result(first_game())


def test_the_line_of_a_stop_counts_the_games_in_hand_as_the_signal_comes(
    capfd: pytest.CaptureFixture[str],
) -> None:
    # Told workers may end their games before the run looks again (within its poll):
    # the line is written by the signal, with the games in hand then.
    executor = EndsAtOnce()
    with sim_module.Stop() as stop:  # as the command line catches the signals early
        stop.told.append(executor.told)
        with pytest.raises(Interrupted) as stopped:
            simulate("pig", 40, chunk=4, executor=executor)
    assert len(stopped.value.simulation.outcomes) == 1  # the first game of chunk 0
    told = "dicerules simulate: stopping: waiting for the 2 games in hand (SIGTERM again"
    assert capfd.readouterr().err == f"{told} stops at once)\n"
    assert all(future.done() for future, _ in executor.given)  # the rest were cancelled


def test_a_signal_before_the_run_starts_stops_it_before_any_game() -> None:
    with sim_module.Stop() as stop:  # as the command line catches the signals early
        signal.raise_signal(signal.SIGTERM)
        assert stop.signal == signal.SIGTERM
        with pytest.raises(Interrupted) as stopped:
            simulate("pig", 10)
    assert stopped.value.signal == signal.SIGTERM and len(stopped.value.simulation.outcomes) == 0
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # the handlers are given back


def test_resume_ends_as_an_uninterrupted_run(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    args = {"bots": ("expert", "random"), "seed": 11}
    full = simulate("pig", 25, records=whole, **args)  # type: ignore[arg-type]
    text = whole.read_bytes()
    lines = text.splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:10]) + lines[10][:30])  # killed mid-line
    resumed = simulate("pig", 25, records=cut, resume=True, **args)  # type: ignore[arg-type]
    assert resumed == full and resumed.table() == full.table()
    assert cut.read_bytes() == text
    again = simulate("pig", 25, records=cut, resume=True, **args)  # type: ignore[arg-type]
    assert again == full and cut.read_bytes() == text  # nothing left to play
    missing = tmp_path / "new.jsonl"  # nothing to resume: a run from the start
    assert simulate("pig", 25, records=missing, resume=True, **args) == full  # type: ignore[arg-type]


def test_resume_refuses_records_of_another_run(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    simulate("pig", 4, records=path, seed=1)
    with pytest.raises(RecordError, match="line 1 is not game 0 of this run"):
        simulate("pig", 8, records=path, seed=2, resume=True)
    with pytest.raises(RecordError, match="more than the 3 games asked for"):
        simulate("pig", 3, records=path, seed=1, resume=True)
    path.write_text("{}\n")
    with pytest.raises(RecordError, match="line 1"):
        simulate("pig", 3, records=path, seed=1, resume=True)


def test_records_go_to_an_open_file_too() -> None:
    out = io.StringIO()
    sim = simulate("pig", 3, records=out)
    assert len(out.getvalue().splitlines()) == 3 and sim.complete


def test_progress_shows_games_rate_and_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    simulate("pig", 40, chunk=8, progress=True)
    err = capsys.readouterr().err
    assert err.startswith("\r") and err.endswith("\n")
    assert err.rstrip().split("\r")[-1].startswith("40/40 games, ")
    assert " games/s" in err
    assert all(len(part) <= 80 for part in err.split("\r"))
    simulate("pig", 4)
    assert capsys.readouterr().err == ""


def test_the_chunk_default_and_the_workers_an_executor_has() -> None:
    assert sim_module.default_chunk(20, 1) == 16 and sim_module.default_chunk(10**7, 2) == 256
    assert sim_module.executor_workers(None) == 1
    assert sim_module.executor_workers(ThreadPoolExecutor(5)) == 5


def test_a_score_called_score_is_not_explained() -> None:
    # "mean score is score" says nothing: the sentence stops after the shared wins.
    told = dicerules.simulate("pig", 4, bots=("random",)).table()
    assert "A shared win counts for every seat sharing it.\n" in told
    assert "mean score is" not in told
    assert "mean score is dice left." in dicerules.simulate("liars-dice", 2).table()


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"bots": ("expert",)}, "the bots differ"),
        ({"bots": ("random", "expert")}, "the bots differ"),  # the same bots, another order
        ({"seed": 8}, "the seed differs"),
        ({"rules": "target=50"}, r"the rules \(target\) differ \(100 there, 50 here\)"),
        ({"game": "link", "bots": ("random",)}, "its game is pig, not link"),
    ],
)
def test_resume_refuses_a_run_of_other_arguments_naming_the_one(
    tmp_path: Path, changed: dict[str, object], named: str
) -> None:
    path = tmp_path / "run.jsonl"
    first: dict[str, object] = {"game": "pig", "bots": ("expert", "random"), "seed": 7}
    simulate(games=3, records=path, **first)  # type: ignore[arg-type]
    again = {**first, **changed}
    if again.get("rules") == "target=50":
        again["rules"] = attrs.evolve(dicerules.get_game("pig").default_rules, target=50)
    written = path.read_bytes()
    with pytest.raises(RecordError, match=f"line 1 is not game 0 of this run.*{named}"):
        simulate(games=6, records=path, resume=True, **again)  # type: ignore[arg-type]
    assert path.read_bytes() == written  # refused before a byte changes


def test_resume_refuses_other_players(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    rules = dicerules.get_game("link").default_rules
    simulate("link", 2, records=path, rules=attrs.evolve(rules, players=3))
    with pytest.raises(RecordError, match=r"the players differ \(3 there, 4 here\)"):
        simulate("link", 4, records=path, rules=attrs.evolve(rules, players=4), resume=True)


def test_resume_reads_no_line_longer_than_a_record(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"{" * (sim_module.MAX_LINE + 10))  # no line end
    with pytest.raises(RecordError, match="line 1 is longer than any record can be"):
        simulate("pig", 3, records=path, resume=True)


def test_records_that_are_no_file_are_refused_before_any_game() -> None:
    made: list[int] = []

    def counted() -> FirstLegal:
        made.append(1)
        return FirstLegal()

    with pytest.raises(WrongTypeError, match="records must be a path or a text file"):
        simulate("pig", 3, bots=(counted, "random"), records=123)  # type: ignore[arg-type]
    assert len(made) <= 1  # the check of the lineup only: no game


def test_a_table_takes_a_width_of_one_or_more_and_names_rules_by_a_preset_of_the_game() -> None:
    sim = simulate("link", 3)
    with pytest.raises(InvalidArgumentError, match="width must be 1 or more"):
        sim.table(width=0)
    with pytest.raises(WrongTypeError, match="width must be an int"):
        sim.table(width="80")  # type: ignore[arg-type]
    assert sim.table(preset="nope") == sim.table()  # not one of link's: the nearest


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_records_file_that_cannot_be_written_is_named() -> None:
    with pytest.raises(OSError, match="/dev/full"):
        simulate("pig", 2, records="/dev/full")
