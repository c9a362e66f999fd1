"""dicerules.bench.record: the ratios a run notes, the file they are written to, the
label of the load they met; and ``bench --json`` and ``--all``. Never their speed."""

from __future__ import annotations

import argparse
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicerules import bench
from dicerules.bench import command, record
from dicerules.game import GAMES


def loads(monkeypatch: pytest.MonkeyPatch, *values: float | None) -> None:
    """Make the recorder read the load averages ``values``, one a reading."""
    readings = iter(values)
    monkeypatch.setattr(record, "load_average", lambda: next(readings))


def test_a_note_outside_a_recording_keeps_nothing() -> None:
    record.note("scalar/x/y", [1.0], [2.0])  # no recording open: nothing, no error
    with record.recording("dicerules bench") as kept:
        pass
    assert kept.rows == []


def test_a_note_keeps_the_ratio_of_medians_and_the_spread_run_by_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loads(monkeypatch, 0.25, 0.75, 1.5)
    with record.recording("dicerules bench x") as kept:
        record.note("a/b/c/d", [10.0, 30.0, 20.0], [5.0, 10.0, 10.0], target=">= 2x")
        record.note("a/b/c/e", [4.0], [0.0], clock="cpu")
    first, second = kept.rows
    assert first.key == "a/b/c/d"
    assert first.ratio == 2.0  # median 20 over median 10, not a median of the ratios
    assert first.runs == (2.0, 3.0, 2.0)
    assert first.spread == 0.5  # (3 - 2) / 2
    assert first.load == (0.25, 0.75)  # from the recording's start to this note
    assert (first.clock, first.target) == ("wall", ">= 2x")
    assert second.load == (0.75, 1.5)  # from the note before
    assert (second.ratio, second.spread, second.runs, second.clock) == (None, None, (None,), "cpu")


def test_a_note_names_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    assert record.clock_name(time.process_time) == "cpu"
    assert record.clock_name(time.perf_counter) == "wall"
    loads(monkeypatch, 0.0, 0.0)
    with record.recording("x"), pytest.raises(ValueError, match="no clock named 'sun'"):
        record.note("a", [1.0], [1.0], clock="sun")


def test_the_file_holds_the_machine_the_load_and_every_row(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    loads(monkeypatch, 0.1, 0.2, 0.3)
    with record.recording("dicerules bench --json f") as kept:
        record.note("a/b", [3.0, 3.0], [1.0, 1.0])
        record.note("a/c", [1.0, 2.0], [2.0, 2.0], clock="cpu", target="<= 1x")
    path = tmp_path / "f.json"
    record.write(path, kept)
    document = json.loads(path.read_text())
    assert document["format"] == record.FORMAT
    assert document["command"] == "dicerules bench --json f"
    assert set(document["machine"]) == {
        "cpu", "cores", "os", "python", "implementation", "numpy", "open_spiel"
    }  # fmt: skip
    assert set(document["load"]) == {"start", "end"}
    assert len(path.read_text().splitlines()) > len(kept.rows)  # a row a line
    again = record.read(path)
    assert again["rows"] == kept.rows
    path.write_text(json.dumps({"format": 0}))
    with pytest.raises(ValueError, match="not a bench record"):
        record.read(path)


def row(*load: float | None, clock: str = "wall") -> record.Row:
    return record.Row("k", 1.0, None, (1.0,), clock, (load[0], load[-1]))


def test_idle_only_under_half_a_load_throughout() -> None:
    assert record.load_label([row(0.0, 0.49), row(0.3, 0.1)]) == "idle"
    assert record.load_label([row(0.0, 0.49), row(0.3, 0.5)]) == "loaded (load 0.0-0.5)"
    assert record.load_label([row(2.04, 2.01)]) == "loaded (load 2.0)"
    assert record.load_label([row(None, None)]) == "load unknown"


def parser() -> argparse.ArgumentParser:
    result = argparse.ArgumentParser(prog="dicerules bench")
    bench.configure(result)
    return result


def test_json_writes_every_ratio_the_run_printed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(command, "load_average", lambda: 0.0)
    monkeypatch.setattr(command, "load_pyspiel", lambda: None)  # no pyspiel rows
    monkeypatch.setattr(command, "BATCH_GAMES", 20)  # a batch row of a few games
    path = tmp_path / "run.json"
    game = next(iter(GAMES.values()))
    argv = [game.name, "--seconds", "0.001", "--repeats", "2", "--json", str(path),
            "--clock", "cpu"]  # fmt: skip
    out = io.StringIO()
    assert bench.main(parser().parse_args(argv), out) == 0
    rows = record.read(path)["rows"]
    assert out.getvalue().splitlines()[-1] == f"{len(rows)} ratios written to {path}"
    assert rows, "the adapters' and the batch rows over the engine are ratios"
    assert all(row.key.startswith(f"scalar/scan/{game.name}") for row in rows)
    assert {row.clock for row in rows} == {"cpu"}
    assert all(len(row.runs) == 2 for row in rows)


def test_all_runs_every_suite_and_the_counterparts_under_stdlib_cfr_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[tuple[str, Any]] = []

    def suite(name: str) -> Any:
        def lines(*args: Any, **keywords: Any) -> Iterator[str]:
            ran.append((name, keywords.get("sampler")))
            yield name

        return lines

    for name in ("lines", "batch_lines", "simulate_lines", "cfr_lines"):
        monkeypatch.setattr(command, name, suite(name))
    monkeypatch.setattr(command, "load_pyspiel", lambda: None)
    monkeypatch.setattr(command, "load_adapters", lambda pyspiel: pytest.fail("no adapters"))
    args = parser().parse_args(["--all"])
    args.adapters = False  # the first table without adapters, in this test only
    list(command.suite_lines(args))
    simulated = [name for name in GAMES if GAMES[name].benchmarks.simulate]
    counterparts = [name for name in bench.names() if name not in GAMES]
    expected = [("lines", "scan"), ("batch_lines", "scan")]
    expected += [("simulate_lines", None)] * len(simulated)
    expected += [("lines", "stdlib")] if counterparts else []
    assert ran == [*expected, ("cfr_lines", None)]  # the longest last


def test_a_run_cut_short_keeps_the_ratios_it_printed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(command, "load_average", lambda: 0.0)

    def suite(args: argparse.Namespace) -> Iterator[str]:
        record.note("a/one", [2.0], [1.0])
        yield "one"
        record.note("a/two", [3.0], [1.0])
        yield "two"
        raise KeyboardInterrupt  # the run is stopped after its second line

    monkeypatch.setattr(command, "suite_lines", suite)
    path = tmp_path / "cut.json"
    with pytest.raises(KeyboardInterrupt):
        bench.main(parser().parse_args(["--json", str(path)]), io.StringIO())
    assert [row.key for row in record.read(path)["rows"]] == ["a/one", "a/two"]
