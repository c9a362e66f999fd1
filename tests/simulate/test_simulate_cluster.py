"""dicerules.simulate on a Dask cluster (LocalCluster on 127.0.0.1): the same
Simulation as in this process, for every game, through a killed worker, and from
the command line's --scheduler."""

from __future__ import annotations

import contextlib
import io
import logging
import logging.handlers
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from sim_bots import cli_out

import dicerules
from dicerules.cli import main
from dicerules.simulate import simulate

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra (dask[distributed]) is not installed"
)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of two single-threaded worker processes on loopback, on free ports."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            scheduler_port=0,
            dashboard_address=":0",  # a free port: several clusters may run at once
            worker_dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


def test_every_game_gives_the_same_simulation_on_the_cluster(client: Any) -> None:
    executor = client.get_executor()
    for name in sorted(dicerules.GAMES):
        here = simulate(name, 6, bots=("random",), seed=12)
        there = simulate(name, 6, bots=("random",), seed=12, executor=executor, chunk=2)
        assert there == here, name


def test_the_command_line_runs_on_a_scheduler(client: Any, tmp_path: Path) -> None:
    argv = ("simulate", "pig", "--games", "30", "--bots", "expert,random", "--seed", "2")
    here = cli_out(*argv, "--records", str(tmp_path / "here.jsonl"))
    address = client.scheduler.address
    assert address.startswith("tcp://127.0.0.1:")
    there = cli_out(*argv, "--records", str(tmp_path / "there.jsonl"), "--scheduler", address)
    assert there == here.replace("here.jsonl", "there.jsonl")
    assert (tmp_path / "here.jsonl").read_bytes() == (tmp_path / "there.jsonl").read_bytes()


def test_a_worker_killed_mid_run_changes_nothing(client: Any, tmp_path: Path) -> None:
    rules = attrs.evolve(dicerules.get_game("liars-dice").default_rules, players=2)
    path = tmp_path / "games.jsonl"
    before = client.run(os.getpid)
    victim = next(iter(before.values()))
    finished = threading.Event()
    killed: list[bool] = []

    def kill_when_under_way() -> None:
        while not finished.is_set():
            if path.exists() and path.stat().st_size > 0:
                os.kill(victim, signal.SIGKILL)
                killed.append(not finished.is_set())
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_when_under_way)
    killer.start()
    try:
        there = simulate("liars-dice", 1000, rules=rules, seed=6, chunk=25, records=path,
                         executor=client.get_executor())  # fmt: skip
    finally:
        finished.set()
        killer.join()
    assert killed == [True]  # the worker died while the run was on
    here = simulate("liars-dice", 1000, rules=rules, seed=6, records=tmp_path / "here.jsonl")
    assert there == here and there.table() == here.table()
    assert path.read_bytes() == (tmp_path / "here.jsonl").read_bytes()
    assert victim not in client.run(os.getpid).values()  # it is gone, not merely idle


def test_an_address_that_is_no_scheduler_is_one_line_of_error() -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as out:
        status = main(["simulate", "pig", "--games", "2", "--scheduler", "nonsense://x"])
    assert (status, out.getvalue()) == (1, "")
    assert err.getvalue().startswith(
        "dicerules simulate: error: cannot reach the Dask scheduler at nonsense://x: "
    )
    assert err.getvalue().count("\n") == 1


def test_a_lambda_factory_runs_on_the_cluster(client: Any) -> None:
    from sim_bots import FirstLegal

    here = simulate("pig", 6, bots=(FirstLegal, "random"), seed=5)
    there = simulate("pig", 6, bots=(lambda: FirstLegal(), "random"), seed=5,
                     executor=client.get_executor(), chunk=2)  # fmt: skip
    assert there == here


def test_dask_is_silent_from_a_stop_until_the_client_closes(client: Any) -> None:
    """A stop cancels the chunks not back; Dask may log a cancelled future's traceback
    (on the client's thread, at any time until the close) and a "Couldn't gather"
    warning. From the first signal on, none of it reaches standard error; after the
    close, Dask's log is as it was."""
    from dicerules.cli.simulate import cluster
    from dicerules.simulate import Stop

    loggers = [logging.getLogger(name) for name in ("tornado.application", "distributed.client")]
    kept = logging.handlers.BufferingHandler(capacity=100)  # keeps the records it gets
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(kept)
    try:
        stop = Stop()
        with cluster(client.scheduler.address, stop):
            for logger in loggers:
                logger.error("before the stop")
            stop.note(signal.SIGTERM, None)  # the first signal, as its handler takes it
            for logger in loggers:
                logger.error("Exception in callback: FutureCancelledError")
            later = logging.getLogger("distributed.made_since_the_stop")
            later.addHandler(kept)
            loggers[1].setLevel(logging.INFO)  # the program's own, while the run stops
        for logger in [*loggers, later]:
            logger.error("after the close")
        # Only the run's silence was taken away: what the program set stays.
        assert [loggers[0].level, loggers[1].level] == [levels[0], logging.INFO]
        assert not loggers[0].filters and not loggers[1].filters and not later.filters
    finally:
        loggers[1].setLevel(levels[1])
        for logger in loggers:
            logger.removeHandler(kept)
        logging.getLogger("distributed.made_since_the_stop").removeHandler(kept)
    said = [record.getMessage() for record in kept.buffer]
    assert said == ["before the stop"] * 2 + ["after the close"] * 3


def test_a_stop_on_a_cluster_drops_the_chunks_out_and_waits_for_none(
    client: Any, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Dask's workers are not told to end their chunk after the game in hand: a stop
    cancels every chunk not back, so no line says the run waits for games in hand."""
    from dicerules.cli.simulate import cluster
    from dicerules.simulate import Interrupted, Stop

    path = tmp_path / "games.jsonl"

    def signal_once_written() -> None:
        deadline = time.monotonic() + 60
        while not (path.exists() and path.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGTERM)

    with Stop() as stop, cluster(client.scheduler.address, stop) as executor:
        threading.Thread(target=signal_once_written, daemon=True).start()
        with pytest.raises(Interrupted) as stopped:
            simulate("liars-dice", 20_000, bots=("random",), executor=executor, records=path)
    done = len(stopped.value.simulation.outcomes)
    assert 0 < done < 20_000 and len(path.read_text().splitlines()) == done
    assert "waiting for" not in capfd.readouterr().err
