"""`dicerules games`, `rules`, `bench`, `--version`, the errors, and `python -m dicerules`."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cli_helpers import cli
from helpers import dicerules_process, without_workers_note

import dicerules
from dicerules.games import eighteen, liars_dice

ROOT = Path(dicerules.__file__).resolve().parent.parent


def test_games_lists_every_game_its_presets_and_rule_fields() -> None:
    done = cli("games")
    assert (done.status, done.err) == (0, "")
    lines = done.out.splitlines()
    words = [line.split() for line in lines]
    assert [line for line in lines if not line.startswith(" ")] == list(dicerules.GAMES)
    assert "  presets: classic (default), norwegian, perudo" in lines
    assert "  bots: random, uniform, expert, odds" in lines
    assert "  bots: random, uniform, expert" in lines
    assert "  presets: standard (default), twenty-three, hosted" in lines
    # liars_dice.Rules: players = integer(4, 2, 10); next_opener = choice("winner", ...).
    assert ["players", "4", "2", "to", "10"] in words
    assert ["next_opener", "winner", "loser", "or", "winner"] in words
    # eighteen.Rules: max_rounds = optional_integer(None, 1, 1000).
    assert ["max_rounds", "none", "none,", "or", "1", "to", "1000"] in words
    # Each field's meaning under it (the game's doc of the field).
    at = next(index for index, line in enumerate(lines) if line.split()[:1] == ["calza_rounds"])
    assert lines[at + 1] == (
        "      the rounds in which calza may be called (none: ten a die at the start)"
    )
    # Each game in a line: the first line of its rules text.
    told = " ".join(done.out.split())
    assert "liars-dice Liar's dice: bid on the dice under every cup, or call the last" in told
    assert "link Link: build one row of dice, up or down, until only one" in told


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_every_rule_field_says_what_it_means(name: str) -> None:
    import attrs

    from dicerules.rulefields import field_spec

    for field in attrs.fields(dicerules.get_game(name).Rules):
        spec = field_spec(field)
        assert spec is not None and spec.doc, f"{name}: {field.name} has no doc"


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("games", "Each game installed"),
        ("rules", "How GAME is played"),
        ("replay", "Check each record of FILE"),
    ],
)
def test_the_commands_help_says_what_the_command_does(command: str, said: str) -> None:
    done = cli(command, "--help", columns=200)
    assert done.status == 0
    assert done.out.split("\n\n")[1].startswith(said)


def test_rules_prints_the_engine_description_and_a_preset() -> None:
    # The engine's docstring, as plain text refilled to 80 columns: the same words.
    done = cli("rules", "eighteen")
    doc = inspect.cleandoc(eighteen.engine.__doc__ or "").replace("``", "")
    assert done.out.split()[: len(doc.split())] == doc.split()
    assert done.out.splitlines()[0] == doc.splitlines()[0]
    done = cli("rules", "liars-dice", "--preset", "norwegian")
    text, _, preset = done.out.partition("\nThe preset norwegian:\n")
    doc = inspect.cleandoc(liars_dice.engine.__doc__ or "").replace("``", "")
    assert text.split()[: len(doc.split())] == doc.split()
    assert preset.splitlines() == [
        "  players = 4", "  dice_per_player = 6", "  sides = 6", "  ones_wild = true",
        "  ones_opening_cancels_wild = false", "  straights_wild = true",
        "  next_opener = loser", "  first_opener = rolloff", "  ones_rank = low",
        "  palifico = false", "  calza = false", "  calza_rounds = none",
    ]  # fmt: skip


def test_version_and_bench_are_wired() -> None:
    done = cli("--version")
    assert (done.status, done.out) == (0, f"dicerules {dicerules.__version__}\n")
    done = cli("bench", "--help")
    assert done.status == 0
    assert done.out.startswith("usage: dicerules bench")


BAD = [
    (("play", "chess"), 2, "dicerules play: error: no game named 'chess'; the games are: "),
    (("rules", "link", "--preset", "fast"), 2, "dicerules rules: error: link has no preset"),
    (("play", "link", "--players", "9"), 2,
     "dicerules play: error: --players 9: players is a whole number"),
    (("play", "link", "--seat", "4"), 2, "dicerules play: error: --seat 4: the seats are 0 to 3"),
    (("play", "link", "--bots", "clever"), 2,
     "dicerules play: error: --bots clever: no bot named 'clever'"),
    (("play", "link", "--bots", "odds"), 2,
     "dicerules play: error: --bots odds: no bot named 'odds'; the bots are: random, uniform,"
     " expert"),
    (("simulate", "link", "--games", "0"), 2, "dicerules simulate: error: argument --games"),
    (("simulate", "link", "--games", "x"), 2, "dicerules simulate: error: argument --games"),
    (("simulate", "link"), 2, "dicerules simulate: error: the following arguments are required"),
    (("simulate", "link", "--games", "2", "--seed", "-1"), 2, "dicerules simulate: error: argu"),
    (("simulate", "link", "--games", "2", "--bots", "random,expert"), 2,
     "dicerules simulate: error: --bots random,expert: 2 bots are named but 4 seats are played"
     " by bots: name one bot for them all, or 4 bots, one a seat in seat order"),
    (("simulate", "link", "--games", "2", "--workers", "0"), 2, "dicerules simulate: error: ar"),
    (("simulate", "link", "--games", "2", "--records", "/no/such/dir/x.jsonl"), 2,
     "dicerules simulate: error: cannot write /no/such/dir/x.jsonl"),
    (("play", "eighteen", "--rule", "target=x"), 2,
     "dicerules play: error: --rule: target is a whole number from 1 to 100, not 'x'"),
    (("play", "eighteen", "--rule", "start_points=5", "--rule", "target=4"), 2,
     "dicerules play: error: --rule: start_points must be below target (4), got 5"),
    (("simulate", "link", "--games", "2", "--rule", "colour=blue"), 2,
     "dicerules simulate: error: --rule colour=blue: link has no rule 'colour'; its rules are"
     " players,"),
    (("replay", "/no/such/file.json"), 1, "dicerules replay: error: cannot read /no/such/file"),
    (("play", "eighteen", "--preset", "hosted", "--seat", "0"), 2,
     "dicerules play: error: --seat 0: that seat is the house for the whole game and never"),
    # A folder given for a record is refused before any game is played (no output).
    (("play", "link", "--record", "/"), 2, "dicerules play: error: cannot write /: it is a folder"),
    (("simulate", "link", "--games", "2", "--records", "/"), 2,
     "dicerules simulate: error: cannot write /: it is a folder"),
    (("launch",), 2, "dicerules: error: argument COMMAND: invalid choice: 'launch'"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "status", "start"), BAD)
def test_an_error_is_one_line_and_a_non_zero_exit(
    argv: tuple[str, ...], status: int, start: str
) -> None:
    done = cli(*argv)
    assert (done.status, done.out) == (status, "")
    assert done.err.startswith(start)
    assert done.err.count("\n") == 1 and done.err.endswith("\n")


def test_a_file_that_is_not_a_record_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("my notes\n")
    done = cli("replay", str(path))
    assert (done.status, done.out) == (1, "")
    assert done.err.startswith(f"dicerules replay: error: {path}: the record is not JSON")
    assert done.err.count("\n") == 1
    path.write_bytes(b"\xff\xfe")
    assert cli("replay", str(path)).err == (
        f"dicerules replay: error: cannot read {path}: it is not UTF-8 text\n"
    )


def _module(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return dicerules_process(*argv, stdin=stdin, timeout=120)


def test_python_m_dicerules_runs_the_same_command_line(tmp_path: Path) -> None:
    argv = ("simulate", "eighteen", "--games", "20", "--workers", "2", "--seed", "3")
    done = _module(*argv)
    # No progress: stderr is not a terminal (a machine of one processor notes the cap).
    assert (done.returncode, without_workers_note(done.stderr, 2)) == (0, "")
    assert done.stdout == cli(*argv).out
    played = _module("play", "link", "--seed", "2", "--bots", "random", stdin="quit\n")
    assert played.returncode == 0 and "You left the game." in played.stdout
    bad = _module("replay", str(tmp_path / "missing.json"))
    assert bad.returncode == 1
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_a_typed_line_the_encoding_cannot_read_is_refused_as_a_typo() -> None:
    # An ASCII terminal given "é" and a stray byte: each is answered and asked again.
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, "PYTHONIOENCODING": "ascii"}
    argv = [sys.executable, "-m", "dicerules", "play", "link", "--seed", "2", "--bots", "random"]
    done = subprocess.run(argv, input="é\n".encode() + b"\xff\nquit\n",
                          capture_output=True, timeout=120, env=env)  # fmt: skip
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.count(b"is not link notation") == 2
    assert b"You left the game." in done.stdout


def test_the_script_entry_point_and_that_nothing_imports_the_cli() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"] == {"dicerules": "dicerules.cli:main"}
    for path in (ROOT / "dicerules").rglob("*.py"):
        if "cli" not in path.relative_to(ROOT / "dicerules").parts and path.name != "__main__.py":
            text = path.read_text()
            assert "dicerules.cli" not in text and "import cli" not in text, path


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seconds", "soon"], "argument --seconds: 'soon' is not a number of seconds"),
        (["--seconds", "0"], "argument --seconds: must be more than 0 seconds, got 0"),
        (["--seconds", "nan"], "argument --seconds: must be more than 0 seconds, got nan"),
        (["--repeats", "0"], "argument --repeats: must be 1 or more, got 0"),
        (["--repeats", "2.5"], "argument --repeats: '2.5' is not a whole number"),
        (["--simulate", "0"], "argument --simulate: must be 1 or more, got 0"),
    ],
)
def test_bench_words_its_bad_numbers_as_the_other_commands_do(
    argv: list[str], message: str
) -> None:
    done = cli("bench", *argv)
    assert done.status == 2 and done.out == ""
    assert done.err.splitlines()[-1] == f"dicerules bench: error: {message}"
