"""``dicerules solve``: CFR on a small game's tree, its progress, its policy saved and
played by ``--bots policy=FILE`` in ``play`` and ``simulate``."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cli
from test_tree import OPENSPIEL, openspiel_rules

from dicerules import solvers, tree
from dicerules.policies import SavedPolicy

RULES = ["--players", "2", "--rule", "sides=3"] + [
    f"--rule={name}={value}" for name, value in OPENSPIEL.items() if name != "players"
]
"""OpenSpiel's liars_dice(numdice=1, dice_sides=3) on the command line."""


def test_solve_prints_the_exploitability_and_saves_the_policy(tmp_path: Path) -> None:
    path = tmp_path / "policy.json"
    done = cli("solve", "liars-dice", *RULES, "--iterations", "40", "--variant", "cfr",
               "--out", str(path), "--exact", "--no-progress")  # fmt: skip
    assert (done.status, done.err) == (0, "")
    walked = tree.walk("liars-dice", openspiel_rules(3))
    solver = solvers.CFR(walked, "cfr").run(40)
    found = solvers.exploitability(walked, solver.average_policy())
    out = " ".join(done.out.split())
    assert "1,147 nodes; information sets a seat: 96, 96" in out
    assert "cfr, 40 iterations in " in out
    assert f"exploitability {found:.9g};" in out
    assert f"Policy saved to {path} (play it: --bots policy={path})." in out
    assert "Exact value for seat 0: 1/9 (about 0.111111111), proven" in out
    assert all(len(line) <= 80 for line in done.out.splitlines() if str(path) not in line)
    saved = SavedPolicy.load(path)
    assert (saved.variant, saved.iterations, saved.exploitability) == ("cfr", 40, found)
    assert saved.policies == solver.average_policy().tables()


def test_solve_shows_its_progress_when_asked(tmp_path: Path) -> None:
    done = cli("solve", "liars-dice", *RULES, "--iterations", "6", "--every", "2", "--progress")
    assert done.status == 0
    lines = done.err.splitlines()
    assert [line.split("]")[1].split(",")[0] for line in lines] == [
        " 2/6 iterations",
        " 4/6 iterations",
        " 6/6 iterations",
    ]
    assert lines[0].startswith("[########................] 2/6 iterations, exploitability 0.")
    quiet = cli("solve", "liars-dice", *RULES, "--iterations", "6")  # not a terminal
    assert (quiet.status, quiet.err) == (0, "")


def test_solve_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    done = cli("solve", "liars-dice", "--bound", "10", "--iterations", "1")
    assert done.status == 1
    assert "more than 10 nodes (the bound; 10 walked so far" in done.err
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    done = cli("solve", "liars-dice", *RULES, "--iterations", "1", "--out", str(notes))
    assert done.status == 2
    assert "the file is not a saved policy, and writing would replace it" in done.err
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    done = cli("solve", "liars-dice", *RULES, "--iterations", "1", "--out", str(notes), "--force")
    assert done.status == 0
    assert SavedPolicy.load(notes).iterations == 1
    done = cli("solve", "liars-dice", *RULES, "--variant", "cfr++")
    assert done.status == 2 and "invalid choice: 'cfr++'" in done.err
    done = cli("solve", "liars-dice", "--players", "3", *RULES[2:], "--exact")
    assert done.status == 2  # before any walk
    assert "--exact needs a game of two seats; liars-dice has 3 here" in done.err


@pytest.fixture(scope="module")
def policy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("solved") / "policy.json"
    done = cli("solve", "liars-dice", *RULES, "--iterations", "60", "--out", str(path))
    assert done.status == 0, done.err
    return path


def test_simulate_and_play_take_the_policy_bot(policy_file: Path) -> None:
    form = f"policy={policy_file}"
    done = cli("simulate", "liars-dice", *RULES, "--games", "200", "--bots", f"{form},random")
    assert (done.status, done.err) == (0, "")
    row = next(line for line in done.out.splitlines() if line.startswith(form[:10]))
    assert int(row.split()[2]) > 120  # of 200 games against uniform play
    played = cli("play", "liars-dice", *RULES, "--seed", "3", "--bots", form,
                 stdin="1x2\nchallenge\n")  # fmt: skip
    assert played.status == 0, played.err
    told = " ".join(played.out.split())
    assert f"the other seat is a {form} bot" in told
    assert "seat 1 bids" in told and "Game over:" in told


def test_a_bad_policy_file_is_a_one_line_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1}', encoding="utf-8")
    done = cli("simulate", "liars-dice", *RULES, "--games", "2", "--bots", f"policy={broken}")
    assert done.status == 2
    assert done.err.startswith("dicerules simulate: error: --bots policy=")
    assert "a saved policy is an object of format" in done.err
    assert len(done.err.splitlines()) == 1
