"""Game.from_module: a Game from the names its modules define, and its defaults."""

from __future__ import annotations

import importlib
import pydoc
import re
from types import ModuleType

import attrs
import dicerules_pig as pig
import pytest

import dicerules
from dicerules import Game
from dicerules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    WrongTypeError,
)
from dicerules.testing import check_game

BUILT_IN = {
    "liars-dice": ("liars_dice", "LiarsDiceNarrator"),
    "eighteen": ("eighteen", "EighteenNarrator"),
    "link": ("link", "LinkNarrator"),
    "twenty-four": ("twenty_four", "TwentyFourNarrator"),
}
REQUIRED = (
    *("Rules", "State", "new_game", "legal_actions", "apply", "current_player"),
    *("winners", "scores", "view", "format_action"),
)


def _module(name: str, **names: object) -> ModuleType:
    module = ModuleType(name)
    for key, value in names.items():
        setattr(module, key, value)
    return module


def _bare_pig(**more: object) -> ModuleType:
    """Pig's engine without history, is_terminal and parse_action: from_module's defaults."""
    names = {part: getattr(pig, part) for part in REQUIRED} | more
    return _module("bare_pig", NAME="bare-pig", PRESETS=pig.PRESETS, parse=pig.parse, **names)


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_built_in_game_is_made_of_its_modules_parts(name: str) -> None:
    package, narrator = BUILT_IN[name]
    modules = [importlib.import_module(f"dicerules.games.{package}.{m}") for m in
               ("engine", "encoding", "expert")]  # fmt: skip
    game = dicerules.get_game(name)
    engine, encoding, expert = modules
    assert game.name == engine.NAME == name
    assert game.presets is engine.PRESETS
    assert game.default_rules is engine.default_rules
    for part in attrs.fields_dict(Game):
        for module in modules:
            if (
                part in vars(module)
                and part != "name"
                and not isinstance(getattr(module, part), ModuleType)
            ):
                assert getattr(game, part) is getattr(module, part), part
                break
    told = importlib.import_module(f"dicerules.games.{package}.narrator")
    expected = {
        "is_terminal": engine.is_terminal,
        "history": engine.history,
        "parse_action": engine.parse_action,
        "expert": expert.Expert,
        "observation": encoding.OBSERVATION,
        "distinct_actions": encoding.distinct_actions,
        "narrator": getattr(told, narrator),
    }
    assert {part: getattr(game, part) for part in expected} == expected


def test_liars_dice_keeps_its_odds_bot_and_benchmarks() -> None:
    from dicerules.games.liars_dice import benchmarks, expert

    game = dicerules.get_game("liars-dice")
    assert dict(game.bots) == {"odds": expert.OddsExpert}
    assert game.benchmarks is benchmarks.BENCHMARKS


def test_pig_from_its_module_is_the_game_it_writes_out() -> None:
    made = Game.from_module(pig, benchmarks=pig.GAME.benchmarks)
    for field in attrs.fields(Game):
        if field.name != "acting_seats":  # a default made afresh for each Game
            assert getattr(made, field.name) == getattr(pig.GAME, field.name), field.name
    assert made.acting_seats(pig.Rules(players=3)) == (0, 1, 2)


def test_overrides_win_over_the_modules() -> None:
    made = Game.from_module(pig, name="pig-plain", describe=None, expert=None)
    assert (made.name, made.describe, made.expert) == ("pig-plain", None, None)
    # A game under a new name is a variant: its apply is pig's, making its own states.
    assert made.apply.__wrapped__ is pig.apply  # type: ignore[attr-defined]
    assert made.legal_actions is pig.legal_actions


def test_the_first_module_that_defines_a_part_gives_it() -> None:
    other = _module("other", describe=lambda state: "other", max_sides=lambda rules: 8)
    made = Game.from_module(pig, other)
    assert made.describe is pig.describe
    assert made.max_sides(pig.default_rules) == 8


def test_a_name_that_holds_a_module_is_passed_over() -> None:
    package = _module("package", expert=_module("package.expert"))
    made = Game.from_module(pig, package)
    assert made.expert is pig.Expert
    assert Game.from_module(_bare_pig(), package).expert is None


def test_the_defaults_of_history_is_terminal_and_parse_action() -> None:
    game = Game.from_module(_bare_pig())
    state = game.new_game(seed=3)
    assert not game.is_terminal(state)
    assert game.parse_action(state, " ROLL ") == pig.ROLL
    with pytest.raises(IllegalActionError, match=r"^hold is not legal here \(legal here: roll\)$"):
        game.parse_action(state, "hold")
    with pytest.raises(InvalidActionError, match="is not pig notation"):
        game.parse_action(state, "bank")
    state = game.apply(state, pig.ROLL)
    assert game.history(state) == (pig.ROLL,)
    while not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    assert game.current_player(state) is None
    assert game.history(state) == tuple(state.tape.actions)
    with pytest.raises(IllegalActionError, match=r"^the game is over: roll is not legal"):
        game.parse_action(state, "roll")


def test_a_long_legal_list_is_not_spelled_out() -> None:
    game = Game.from_module(_bare_pig(legal_actions=lambda state: (pig.ROLL,) * 9))
    with pytest.raises(IllegalActionError, match=r"^hold is not legal here$"):
        game.parse_action(game.new_game(seed=1), "hold")


def test_the_parse_of_an_action_word_class_serves_when_there_is_no_parse() -> None:
    bare = _bare_pig()
    del bare.parse
    setattr(bare, "Action", pig.Roll)  # noqa: B010 (not an attribute of ModuleType)
    game = Game.from_module(bare)
    state = game.new_game(seed=1)
    assert game.parse_action(state, "roll") == pig.ROLL
    with pytest.raises(InvalidActionError, match="'hold' is not a roll"):
        game.parse_action(state, "hold")


def test_a_game_of_defaults_keeps_every_promise() -> None:
    check_game(Game.from_module(_bare_pig()), max_examples=10, max_steps=30)


@pytest.mark.parametrize("missing", [*REQUIRED, "NAME", "PRESETS"])
def test_a_missing_required_part_is_named(missing: str) -> None:
    bare = _bare_pig()
    delattr(bare, missing)
    part = {"NAME": "name", "PRESETS": "presets"}.get(missing, missing)
    with pytest.raises(InvalidArgumentError, match=rf"bare_pig defines no {part}\b.*give {part}="):
        Game.from_module(bare)


def test_no_parser_means_no_parse_action() -> None:
    bare = _bare_pig()
    del bare.parse
    with pytest.raises(InvalidArgumentError, match=r"defines no parse_action \(nor parse\)"):
        Game.from_module(bare)


def test_wrong_arguments_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match=r"aply is not a part of a Game; the parts"):
        Game.from_module(pig, aply=pig.apply)
    with pytest.raises(WrongTypeError, match="takes modules, not dict"):
        Game.from_module(vars(pig))
    with pytest.raises(WrongTypeError, match="the part apply must be callable, not int"):
        Game.from_module(pig, apply=3)


def test_pydoc_describes_every_part() -> None:
    text = re.sub(".\b", "", pydoc.render_doc(dicerules.Game))  # no bold
    for field in attrs.fields(Game):
        # the part's name starts a line, and a line of words says what it is
        assert re.search(rf"^ \|  {field.name}\b.*\n \|      \S", text, re.MULTILINE), field.name
    assert re.search(r"from_module\(\*modules.*\n *\| +A Game of the parts", text)
