"""The registry: register(), GAMES, and games found through entry points (plugins).

Entry points are faked (``importlib.metadata.entry_points`` monkeypatched, see
conftest.py); the values they name live in the ``plugin_*`` modules of this folder.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import attrs
import pytest
from registry_helpers import BUILT_IN, FakeEntryPoints

import dicerules
import dicerules.game as registry
from dicerules import (
    DiceRulesError,
    DuplicateGameError,
    GameRecord,
    PluginWarning,
    UnknownGameError,
)

EIGHTEEN = dicerules.get_game("eighteen")
LINK = dicerules.get_game("link")
AGAIN_RECORD = {
    **dicerules.record(EIGHTEEN.new_game(seed=5)).to_dict(),
    "game": "eighteen-again",
}
"""A record of a game of the plugin ``eighteen-again`` (eighteen under another name)."""

PLUGINS = "".join(
    f", {name}" for name in sorted(importlib.metadata.entry_points(group="dicerules.games").names)
)
"""The plugins installed here (pig, once examples/pig is installed), as get_game lists them."""


@contextmanager
def no_warning() -> Iterator[None]:
    """A block in which any warning fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# ------------------------------------------------------------------ discovery


FIRST_USES: dict[str, Callable[[], object]] = {
    "iterate GAMES": lambda: list(dicerules.GAMES),
    "GAMES[name]": lambda: dicerules.GAMES["eighteen-again"],
    "name in GAMES": lambda: "eighteen-again" in dicerules.GAMES,
    "len(GAMES)": lambda: len(dicerules.GAMES),
    "GAMES.items()": lambda: dict(dicerules.GAMES.items()),
    "get_game": lambda: dicerules.get_game("eighteen-again"),
    "game_of": lambda: registry.game_of(EIGHTEEN.new_game(seed=1)),
    "bots.make": lambda: dicerules.bots.make("random", "eighteen-again"),
    "a record read": lambda: GameRecord.from_dict(AGAIN_RECORD),
    "a record replayed": lambda: dicerules.replay(GameRecord.from_dict(AGAIN_RECORD)),
}


@pytest.mark.parametrize("use", FIRST_USES.values(), ids=FIRST_USES)
def test_plugins_are_looked_for_on_first_use_and_once(
    entry_points: FakeEntryPoints, use: Callable[[], object]
) -> None:
    entry_points.add("eighteen-again", "plugin_fakes:GOOD")
    assert entry_points.asked == 0
    use()
    assert entry_points.asked == 1
    assert tuple(dicerules.GAMES) == (*BUILT_IN, "eighteen-again")
    assert dicerules.get_game("eighteen-again").name == "eighteen-again"
    assert entry_points.asked == 1


def test_importing_dicerules_looks_for_no_plugin() -> None:
    import subprocess
    import sys

    code = (
        "import importlib.metadata as m, sys\n"
        "read = m.entry_points\n"
        "def refuse(**kw):\n"
        "    if kw.get('group') == 'dicerules.games': sys.exit('plugins looked for at import')\n"
        "    return read(**kw)\n"
        "m.entry_points = refuse\n"
        "import dicerules, dicerules.bots, dicerules.records, dicerules.testing\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_plugins_come_after_the_built_in_games_sorted_by_name(
    entry_points: FakeEntryPoints,
) -> None:
    entry_points.add("twenty-four-again", "plugin_fakes:ALSO_GOOD")
    entry_points.add("eighteen-again", "plugin_fakes:GOOD")
    with no_warning():
        names = tuple(dicerules.GAMES)
    assert names == (*BUILT_IN, "eighteen-again", "twenty-four-again")
    assert list(dicerules.GAMES.values())[-1] is dicerules.get_game("twenty-four-again")


def test_a_game_registered_before_first_use_comes_before_the_plugins(
    entry_points: FakeEntryPoints,
) -> None:
    entry_points.add("eighteen-again", "plugin_fakes:GOOD")
    mine = attrs.evolve(LINK, name="mine")
    assert dicerules.register(mine) is mine
    assert entry_points.asked == 0  # register does not look for plugins
    assert tuple(dicerules.GAMES) == (*BUILT_IN, "mine", "eighteen-again")


def test_a_plugin_that_registers_itself_as_it_loads(entry_points: FakeEntryPoints) -> None:
    entry_points.add("strict", "plugin_strict:GAME")
    with no_warning():
        assert tuple(dicerules.GAMES) == (*BUILT_IN, "strict")


def test_a_plugin_that_reads_the_registry_as_it_loads(entry_points: FakeEntryPoints) -> None:
    entry_points.add("reader", "plugin_reader:GAME")
    with no_warning():
        assert tuple(dicerules.GAMES) == (*BUILT_IN, "reader")
    import plugin_reader  # type: ignore[import-not-found]

    assert plugin_reader.SEEN == BUILT_IN  # what was there while it loaded
    assert entry_points.asked == 1


def test_a_plugin_naming_a_built_in_game_itself_is_no_clash(
    entry_points: FakeEntryPoints,
) -> None:
    entry_points.add("link", "plugin_fakes:LINK")
    with no_warning():
        assert tuple(dicerules.GAMES) == BUILT_IN
    assert dicerules.get_game("link") is LINK


def test_threads_wait_for_the_plugins(entry_points: FakeEntryPoints) -> None:
    entry_points.add("eighteen-again", "plugin_fakes:GOOD")
    seen: list[tuple[str, ...]] = []
    threads = [threading.Thread(target=lambda: seen.append(tuple(dicerules.GAMES))) for _ in "1234"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [(*BUILT_IN, "eighteen-again")] * 4
    assert entry_points.asked == 1


# --------------------------------------------------------------- broken plugins

BROKEN = {
    "import error": ("pig", "no_such_module_of_dicerules:GAME", "ModuleNotFoundError"),
    "missing name": ("pig", "plugin_fakes:NO_SUCH_NAME", "AttributeError"),
    "not a Game": ("pig", "plugin_fakes:NOT_A_GAME", "it names a str, not a dicerules.Game"),
    "clash with a built-in": ("link", "plugin_fakes:CLASH", "already registered as 'link'"),
    "entry point misnamed": ("pig", "plugin_fakes:GOOD", "it names the game 'eighteen-again'"),
    "fails half way": ("half", "plugin_half:GAME", "RuntimeError: the plugin broke half way"),
    "exits": ("pig", "plugin_exit:GAME", "SystemExit: 3"),
}


@pytest.mark.parametrize(("name", "value", "reason"), BROKEN.values(), ids=BROKEN)
def test_a_broken_plugin_is_skipped_with_a_warning_naming_it(
    entry_points: FakeEntryPoints, name: str, value: str, reason: str
) -> None:
    entry_points.add("twenty-four-again", "plugin_fakes:ALSO_GOOD")
    entry_points.add(name, value)
    with pytest.warns(PluginWarning) as caught:
        names = tuple(dicerules.GAMES)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert f"dicerules skipped the game plugin {name} = {value}" in message
    assert "'dicerules.games'" in message
    assert reason in message
    # dicerules works on without it: the built-in games and the good plugin are there.
    assert names == (*BUILT_IN, "twenty-four-again")
    assert "half" not in dicerules.GAMES  # what a failed plugin registered is taken back
    assert dicerules.get_game("link") is LINK
    if name not in BUILT_IN:
        with pytest.raises(UnknownGameError, match=re.escape(f"its plugin was skipped: {reason}")):
            dicerules.get_game(name)


def test_unreadable_entry_points_leave_the_built_in_games(
    entry_points: FakeEntryPoints, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*, group: str) -> list[object]:
        raise ValueError("bad metadata")

    monkeypatch.setattr(registry.metadata, "entry_points", broken)
    with pytest.warns(PluginWarning, match="entry points could not be read: ValueError"):
        assert tuple(dicerules.GAMES) == BUILT_IN


def test_plugin_warnings_as_errors_fail_each_use(entry_points: FakeEntryPoints) -> None:
    entry_points.add("eighteen-again", "plugin_fakes:GOOD")
    entry_points.add("pig", "plugin_fakes:NOT_A_GAME")
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        for _ in range(2):
            with pytest.raises(PluginWarning, match="pig = plugin_fakes:NOT_A_GAME"):
                dicerules.get_game("link")
    assert entry_points.asked == 2
    with pytest.warns(PluginWarning):
        assert tuple(dicerules.GAMES) == (*BUILT_IN, "eighteen-again")


# ------------------------------------------------------------------- register


def test_register_takes_games_only() -> None:
    for thing in ("pig", None, dicerules.games.link, dicerules.get_game):
        with pytest.raises(TypeError, match=r"register takes a dicerules\.Game, not"):
            dicerules.register(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "error"), [("", ValueError), (" pig", ValueError), ("p g", ValueError), (7, TypeError)]
)
def test_register_wants_a_one_word_name(
    entry_points: FakeEntryPoints, name: object, error: type[Exception]
) -> None:
    game = attrs.evolve(LINK, name=name)
    with pytest.raises(error, match="a game's name"):
        dicerules.register(game)
    assert tuple(dicerules.GAMES) == BUILT_IN


@pytest.mark.parametrize(
    "name", ["pi\x00g", "pig\x1b[2J", "pi\u200bg", "\u200dpig", "pig\u2028", "-pig", "--help"]
)
def test_register_refuses_names_a_command_line_or_terminal_cannot_hold(
    entry_points: FakeEntryPoints, name: str
) -> None:
    game = attrs.evolve(LINK, name=name)
    with pytest.raises(dicerules.InvalidArgumentError, match="a game's name") as info:
        dicerules.register(game)
    assert str(info.value).isprintable() and "\x1b" not in str(info.value)
    assert tuple(dicerules.GAMES) == BUILT_IN


@pytest.mark.parametrize(
    "name", ["pig-é", "\u0440\u0456g", "p\u0131g", "a(b,c)", "a=b", "pig,link", "mod:Bot", ".pig"]
)
def test_register_refuses_look_alikes_and_what_game_strings_cannot_carry(
    entry_points: FakeEntryPoints, name: str
) -> None:
    with pytest.raises(dicerules.InvalidArgumentError, match="ASCII letters, digits") as info:
        dicerules.register(attrs.evolve(LINK, name=name))
    assert str(info.value).isascii()
    assert tuple(dicerules.GAMES) == BUILT_IN
    assert dicerules.register(attrs.evolve(LINK, name="Link.2_b-c")).name == "Link.2_b-c"


@pytest.mark.parametrize(("name", "twin"), [("LINK", "link"), ("Liars_Dice", "liars-dice")])
def test_register_refuses_a_name_the_command_line_reads_as_a_taken_one(
    entry_points: FakeEntryPoints, name: str, twin: str
) -> None:
    from dicerules.cli.options import find_game

    with pytest.raises(DuplicateGameError, match=f"'{name}' is '{twin}' on the command line"):
        dicerules.register(attrs.evolve(LINK, name=name))
    assert tuple(dicerules.GAMES) == BUILT_IN
    assert find_game(twin).name == twin
    assert find_game(name).name == twin  # case and '_' are still the command line's to fold


def test_the_warning_points_at_the_first_use(entry_points: FakeEntryPoints) -> None:
    entry_points.add("pig", "plugin_fakes:NOT_A_GAME")
    with pytest.warns(PluginWarning) as caught:
        dicerules.get_game("link")
    assert caught[0].filename == __file__


def test_register_refuses_a_different_game_under_a_taken_name(
    entry_points: FakeEntryPoints,
) -> None:
    other = attrs.evolve(dicerules.get_game("link"), name="link", describe=None)
    with pytest.raises(DuplicateGameError) as raised:
        dicerules.register(other)
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, DiceRulesError)
    assert str(raised.value) == (
        "a different game is already registered as 'link' (its states are"
        " dicerules.games.link.engine.State; these are dicerules.games.link.engine.State):"
        " give this one another name"
    )
    assert dicerules.get_game("link") is not other


def test_register_again_is_no_change(entry_points: FakeEntryPoints) -> None:
    link = dicerules.get_game("link")
    assert dicerules.register(link) is link
    assert dicerules.register(attrs.evolve(link)) is not None  # an equal game: the same
    assert dicerules.get_game("link") is link
    assert tuple(dicerules.GAMES) == BUILT_IN


def test_a_registered_game_is_found_by_every_face(entry_points: FakeEntryPoints) -> None:
    game = dicerules.register(attrs.evolve(EIGHTEEN, name="eighteen-again"))
    assert dicerules.get_game("eighteen-again") is game
    final = dicerules.play_match(game, None, [dicerules.bots.make("random", game)] * 4, seed=2)
    rec = GameRecord.from_dict({**dicerules.record(final).to_dict(), "game": "eighteen-again"})
    assert dicerules.replay(rec) == final


# ----------------------------------------------------------------------- GAMES


def test_games_is_a_read_only_mapping(entry_points: FakeEntryPoints) -> None:
    games = dicerules.GAMES
    assert isinstance(games, Mapping)
    with pytest.raises(TypeError):
        games["pig"] = dicerules.get_game("link")  # type: ignore[index]
    with pytest.raises(TypeError):
        del games["link"]  # type: ignore[attr-defined]
    assert not hasattr(games, "clear") and not hasattr(games, "pop")
    with pytest.raises(AttributeError):
        games.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(KeyError):
        games["pig"]
    assert games.get("pig") is None
    assert repr(games) == "GAMES(eighteen, liars-dice, link, twenty-four)"
    assert games == {name: dicerules.get_game(name) for name in BUILT_IN}


def test_a_game_registered_while_iterating_is_no_error(entry_points: FakeEntryPoints) -> None:
    for name in dicerules.GAMES:
        if name == "link":
            dicerules.register(attrs.evolve(EIGHTEEN, name="eighteen-again"))
    assert "eighteen-again" in dicerules.GAMES


# -------------------------------------------------- a broken package, installed


def test_a_broken_installed_plugin_leaves_the_command_line_working(tmp_path: Path) -> None:
    """A package's metadata on the path, as pip would install it, naming broken games."""
    info = tmp_path / "broken_hog-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-hog\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[dicerules.games]\nhog = no_such_module_of_dicerules:GAME\nlink = plugin_fakes:CLASH\n"
    )
    source = str(Path(dicerules.__file__).resolve().parent.parent)
    here = str(Path(__file__).resolve().parent)
    path = os.pathsep.join(
        filter(None, [source, here, str(tmp_path), os.environ.get("PYTHONPATH")])
    )

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "dicerules", *args],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "PYTHONPATH": path},
        )

    done = command("simulate", "link", "--games", "2", "--bots", "random")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("link (standard), 4 seats: 2 games")
    assert (
        "PluginWarning: dicerules skipped the game plugin hog = no_such_module_of_dicerules:GAME"
        " (package broken-hog 1.0) from the entry points 'dicerules.games':"
        " ModuleNotFoundError: No module named 'no_such_module_of_dicerules'"
    ) in done.stderr
    assert "skipped the game plugin link = plugin_fakes:CLASH (package broken-hog 1.0)" in (
        done.stderr
    )
    done = command("play", "hog")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "dicerules play: error: no game named 'hog' (its plugin was skipped:"
        " ModuleNotFoundError: No module named 'no_such_module_of_dicerules');"
        f" the games are: {', '.join(BUILT_IN)}{PLUGINS}"
    )
