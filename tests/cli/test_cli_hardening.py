"""Hostile input to the command line: endless, huge or odd files, too many workers, no stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import cli

import dicerules
import dicerules.cli.simulate as simulate
from dicerules.cli.replay import RECORD_LIMIT

ROOT = Path(dicerules.__file__).resolve().parent.parent


def _limited(*argv: str, memory: int = 2**30, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """``python -m dicerules argv`` in a process that may hold at most ``memory`` bytes."""

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "dicerules", *argv],
        capture_output=True,
        timeout=120,
        env=env,
        preexec_fn=limit,
        **kwargs,
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_replay_of_an_endless_file_is_one_line_of_error() -> None:
    done = _limited("replay", "/dev/zero")
    assert done.returncode == 1
    assert done.stdout == b""
    assert (
        done.stderr
        == (
            f"dicerules replay: error: cannot read /dev/zero: it is longer than {RECORD_LIMIT:,}"
            " bytes, the most a record may take\n"
        ).encode()
    )


def test_replay_reads_a_huge_file_a_line_at_a_time(tmp_path: Path) -> None:
    # A sparse gigabyte with one good record first: read a line at a time, the process
    # never holds the file, and the line too long for a record is named.
    path = tmp_path / "huge.jsonl"
    cli("simulate", "link", "--games", "1", "--records", str(path))
    with path.open("r+b") as file:
        file.truncate(2**30)
    done = _limited("replay", str(path), memory=512 * 2**20)
    assert (done.returncode, done.stdout) == (1, b"")
    assert (
        done.stderr
        == (
            f"dicerules replay: error: cannot read {path}: line 2 is longer than"
            f" {RECORD_LIMIT:,} bytes, the most a record may take\n"
        ).encode()
    )


def test_a_line_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    cli("simulate", "link", "--games", "2", "--records", str(path))
    path.write_bytes(path.read_bytes() + b"\xff\xfe\n")
    done = cli("replay", str(path))
    assert (done.status, done.out) == (1, "")
    assert done.err == f"dicerules replay: error: cannot read {path}: line 3 is not UTF-8 text\n"


@pytest.mark.parametrize("mark", ["\u2028", "\u0085", "\u2029"])
def test_json_lines_end_at_newline_only(tmp_path: Path, mark: str) -> None:
    # An action may hold a character Python's splitlines breaks at; the record reads
    # and replays (GameRecord.from_json takes the line), so replay must too.
    path = tmp_path / "games.jsonl"
    cli("simulate", "liars-dice", "--games", "2", "--seed", "1", "--records", str(path))
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[1]["actions"][0] += mark  # spaces do not matter in notation
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    done = cli("replay", str(path))
    assert (done.status, done.err) == (0, ""), done.err
    assert f"{path} line 2: liars-dice" in done.out


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cli("simulate", "eighteen", "--games", "1", "--records", str(path))
    plain = cli("replay", str(path))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    marked = cli("replay", str(path))
    assert (marked.status, marked.err) == (0, "")
    assert marked.out == plain.out
    laid_out = tmp_path / "laid_out.json"  # a record laid out on several lines, too
    laid_out.write_text("\ufeff" + json.dumps(json.loads(path.read_text("utf-8-sig")), indent=2))
    again = cli("replay", str(laid_out))
    assert (again.status, again.err) == (0, "")


def test_records_from_a_pipe_replay(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    cli("simulate", "link", "--games", "2", "--records", str(path))
    # Wide enough that neither path wraps the first line: the outputs differ by path alone.
    from_file = cli("replay", str(path), columns=400).out
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat '{path}' > '{fifo}'"])
    try:
        done = cli("replay", str(fifo), columns=400)
    finally:
        writer.wait(timeout=60)
    assert (done.status, done.err) == (0, "")
    assert done.out == from_file.replace(str(path), str(fifo))


def test_workers_are_capped_at_the_processors_the_run_may_use(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked: list[int] = []
    real = simulate.worker_pool

    def spy(workers: int, stop: Any) -> Any:
        asked.append(workers)
        return real(workers, stop)

    monkeypatch.setattr(simulate, "usable_cpus", lambda: 2)
    monkeypatch.setattr(simulate, "worker_pool", spy)
    argv = ("simulate", "eighteen", "--games", "64", "--bots", "random", "--seed", "3")
    many = cli(*argv, "--workers", "1000")
    assert many.status == 0
    assert asked == [2]  # 4 batches, but 2 processors
    assert many.err == (
        "dicerules simulate: --workers 1000: this machine lets the run use 2 processors;"
        " 2 workers it is.\n"
    )
    assert many.out == cli(*argv).out


def test_the_usable_processors_are_counted() -> None:
    assert 1 <= simulate.usable_cpus() <= (os.cpu_count() or 1)


def test_with_standard_error_closed_errors_do_not_reach_standard_output() -> None:
    for argv in (
        ("simulate", "nope", "--games", "1"),
        ("replay", "/no/such/file"),
        ("play", "eighteen", "--seat", "0", "--preset", "hosted"),
        ("simulate",),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "dicerules", *argv],
            stdout=subprocess.PIPE,
            timeout=120,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            preexec_fn=lambda: os.close(2),
        )
        assert done.returncode == (1 if argv[0] == "replay" else 2), argv
        assert done.stdout == b"", argv


def test_play_skips_a_line_too_long_and_goes_on() -> None:
    from dicerules.cli.play import LINE_LIMIT

    typed = b"x" * (LINE_LIMIT * 5) + b"\nquit\n"
    done = _limited("play", "liars-dice", "--seed", "1", input=typed)
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr
    assert f"(a line of more than {LINE_LIMIT:,} characters: skipped)" in out
    assert "You left the game." in out and "xxxxxxxxxx" not in out


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_play_given_an_endless_line_ends_the_input_in_bounded_memory() -> None:
    from dicerules.cli.play import LINE_LIMIT

    with open("/dev/zero", "rb") as endless:
        done = _limited("play", "liars-dice", "--seed", "1", memory=2**29, stdin=endless)
    assert done.returncode == 0, done.stderr
    assert f"(a line of more than {LINE_LIMIT:,} characters: the input ends here)" in (
        done.stdout.decode()
    )


def test_a_number_of_thousands_of_digits_is_named_too_large() -> None:
    done = cli("simulate", "link", "--games", "9" * 5000)
    assert done.status == 2 and done.out == ""
    assert done.err == (
        "dicerules simulate: error: argument --games: a number of 5,000 digits is too large"
        " (at most 100)\n"
    )


@pytest.mark.parametrize("digits", ["\u0663", "\uff13", "\u0969", "\u00b3"])
def test_digits_of_other_scripts_are_not_numbers(digits: str) -> None:
    for argv in (("simulate", "link", "--games", digits), ("play", "link", "--seed", digits)):
        done = cli(*argv)
        assert done.status == 2 and f"{digits!r} is not a whole number" in done.err
    done = cli("play", "link", "--rule", f"rounds={digits}")
    assert done.status == 2
    assert f"rounds is a whole number from 1 to 100, not {digits!r}" in done.err


def test_an_empty_records_path_is_no_folder() -> None:
    done = cli("simulate", "link", "--games", "1", "--records", "")
    assert done.status == 2 and done.out == ""
    assert (
        done.err == "dicerules simulate: error: cannot write a file of no name: give a file name\n"
    )
