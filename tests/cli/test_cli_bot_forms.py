"""``--bots`` forms beyond names: ``module:attr`` and the ``dicerules.bots`` entry points."""

from __future__ import annotations

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
