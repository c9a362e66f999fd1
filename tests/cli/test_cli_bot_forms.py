"""``--bots`` forms beyond names: ``module:attr`` and the ``dicerules.bots`` entry points."""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import cli

import dicerules
from dicerules import bots

BOT_MODULE = '''\
class Last:
    """Always the last legal action."""

    def __init__(self, seed):
        self.seed = seed

    def choose(self, view, legal_actions):
        return legal_actions[-1]


def first(seed):
    return First(seed)


class First(Last):
    def choose(self, view, legal_actions):
        return legal_actions[0]


NOT_A_BOT = 3
'''


@pytest.fixture
def user_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A module of bots, ``userbots``, and a package naming one as an entry point."""
    (tmp_path / "userbots.py").write_text(BOT_MODULE)
    info = tmp_path / "userbots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: userbots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        textwrap.dedent("""\
            [dicerules.bots]
            last-one = userbots:Last
            """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # for worker processes
    yield tmp_path
    sys.modules.pop("userbots", None)


def test_make_takes_module_attr_a_class_or_a_factory(user_bots: Path) -> None:
    game = dicerules.get_game("link")
    state = game.new_game(seed=1)
    legal = game.legal_actions(state)
    view = game.view(state, game.current_player(state))
    assert bots.make("userbots:Last", game, seed=3).choose(view, legal) == legal[-1]
    assert bots.make("userbots:first", game, seed=3).choose(view, legal) == legal[0]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ("nowhere_at_all:Bot", "cannot import nowhere_at_all"),
        ("userbots:Missing", "userbots has no Missing"),
        ("userbots:NOT_A_BOT", "is not a Bot class or factory"),
    ],
)
def test_a_bad_module_attr_says_what_is_wrong(user_bots: Path, form: str, message: str) -> None:
    with pytest.raises(dicerules.DiceRulesError, match=message):
        bots.check(form, "link")
    done = cli("play", "link", "--bots", form)
    assert done.status == 2 and message in done.err


def test_an_entry_point_adds_a_named_bot_to_every_game(user_bots: Path) -> None:
    for name in ("link", "eighteen"):
        assert "last-one" in bots.names(name)
    game = dicerules.get_game("link")
    state = game.new_game(seed=1)
    legal = game.legal_actions(state)
    view = game.view(state, game.current_player(state))
    assert bots.make("last-one", game, seed=0).choose(view, legal) == legal[-1]
    assert "last-one" in cli("games").out


def test_play_and_simulate_take_the_same_forms(user_bots: Path) -> None:
    played = cli("play", "link", "--players", "3", "--seed", "2",
                 "--bots", "userbots:Last,last-one", stdin="quit\n")  # fmt: skip
    assert (played.status, played.err) == (0, "")
    assert "the bots: seat 1 userbots:Last, seat 2 last-one." in " ".join(played.out.split())
    simulated = cli("simulate", "link", "--players", "3", "--games", "3",
                    "--bots", "userbots:Last,last-one,random")  # fmt: skip
    assert (simulated.status, simulated.err) == (0, "")
    assert "userbots:Last" in simulated.out and "last-one" in simulated.out


CHOOSY = '''\
class Patient:
    """Takes the last action once ``level`` actions were offered; before, the first."""

    name = "patient"

    def __init__(self, level=1):
        self.level = level

    def choose(self, view, legal_actions):
        return legal_actions[-1] if self.level % 3 else legal_actions[0]


class Cautious:
    name = "cautious"

    def choose(self, view, legal_actions):
        return legal_actions[0]
'''


@pytest.fixture
def choosy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "choosy.py").write_text(CHOOSY)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("choosy", None)


def test_a_class_and_its_module_attr_play_the_same_games(choosy: Path) -> None:
    import choosy as module  # type: ignore[import-not-found]

    for attr in ("Patient", "Cautious"):  # a seed taken when accepted, else none
        by_class = dicerules.simulate("pig", 12, bots=(getattr(module, attr), "random"), seed=3)
        by_name = dicerules.simulate("pig", 12, bots=(f"choosy:{attr}", "random"), seed=3)
        assert [(o.winners, o.scores, o.actions) for o in by_class.outcomes] == [
            (o.winners, o.scores, o.actions) for o in by_name.outcomes
        ]
    assert bots.build(module.Patient, 7).level == 7
    assert isinstance(bots.make("choosy:Cautious", "pig", seed=5), module.Cautious)


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (":", "write module:attr"),
        (":Bot", "write module:attr"),
        ("./mybot.py:Bot", "mybot.py in the current folder is the module mybot"),
        (".mybot:Bot", "write module:attr"),
        ("os:system", "bot 'os:system' cannot be made: TypeError"),
        ("builtins:object", "bot 'builtins:object' made object, not a bot"),
    ],
)
def test_a_bot_that_cannot_be_made_is_one_line_naming_it(form: str, message: str) -> None:
    for argv in (("simulate", "pig", "--games", "2"), ("play", "pig", "--seed", "1")):
        done = cli(*argv, "--bots", form, stdin="quit\n")
        assert done.status == 2 and done.err.count("\n") == 1 and message in done.err, done.err


def test_the_command_finds_a_bot_module_in_the_current_folder(choosy: Path) -> None:
    command = Path(sys.executable).with_name("dicerules")
    if not command.exists():
        pytest.skip("the dicerules command is not installed beside this Python")
    import subprocess

    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run(
        [str(command), "simulate", "pig", "--games", "2", "--bots", "choosy:Cautious,random"],
        cwd=choosy, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert "\ncautious " in done.stdout  # its row, named by the bot's name


def test_a_module_attr_bot_is_named_by_its_bots_name(choosy: Path) -> None:
    import choosy as module

    by_name = dicerules.simulate("pig", 12, bots=("choosy:Cautious", "random"), seed=3)
    by_class = dicerules.simulate("pig", 12, bots=(module.Cautious, "random"), seed=3)
    assert list(by_name.by_bot) == ["cautious", "random"] == list(by_class.by_bot)
    assert by_name.table() == by_class.table()
    done = cli(
        "simulate", "pig", "--games", "12", "--seed", "3", "--bots", "choosy:Cautious,random"
    )
    assert done.out == by_name.table()
