"""Every error raised on bad input is a DiceRulesError and the builtin it resembles,
and its message builds whatever the input: huge ints, deep nesting, a raising repr."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dicerules
from dicerules import (
    GAMES,
    DiceRulesError,
    GameRecord,
    InvalidArgumentError,
    InvalidDieError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidSeedError,
    RecordError,
    ScriptedStream,
    SeededStream,
    WrongTypeError,
    record,
    replay,
)
from dicerules.errors import shown

HUGE = 10**5000  # past the 4,300 digits Python prints


def _nested(depth: int) -> object:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


class _BadRepr:
    def __repr__(self) -> str:
        raise KeyError("a repr that raises")


def _raises(builtin: type[Exception], call: Callable[[], object]) -> Exception:
    with pytest.raises(DiceRulesError) as caught:
        call()
    assert isinstance(caught.value, builtin)
    str(caught.value)  # the message is there and prints
    return caught.value


GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize(
    ("seed", "error", "builtin"),
    [
        (-1, InvalidSeedError, ValueError),
        (2**64, InvalidSeedError, ValueError),
        (HUGE, InvalidSeedError, ValueError),
        (True, WrongTypeError, TypeError),
        ("1", WrongTypeError, TypeError),
    ],
    ids=["negative", "2**64", "huge", "bool", "str"],
)
def test_a_bad_seed(name: str, seed: object, error: type, builtin: type[Exception]) -> None:
    raised = _raises(builtin, lambda: GAMES[name].new_game(seed=seed))
    assert isinstance(raised, error)


def test_a_bad_seed_of_a_seeded_stream_keeps_its_message() -> None:
    raised = _raises(ValueError, lambda: SeededStream(2**64))
    assert isinstance(raised, InvalidSeedError)
    assert str(raised) == "a seed must satisfy 0 <= seed < 2**64, got 18446744073709551616"
    assert "5,001 digits" in str(_raises(ValueError, lambda: SeededStream(HUGE)))
    assert isinstance(_raises(ValueError, lambda: SeededStream(-1)), InvalidSeedError)
    assert isinstance(_raises(TypeError, lambda: SeededStream(True)), WrongTypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_seat_that_does_not_exist(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(seed=0)
    raised = _raises(ValueError, lambda: game.view(state, 99))
    assert isinstance(raised, InvalidSeatError)
    assert str(raised).startswith("there is no seat 99: the seats are 0 to ")
    assert isinstance(_raises(ValueError, lambda: game.view(state, -1)), InvalidSeatError)
    _raises(ValueError, lambda: game.view(state, HUGE))
    assert isinstance(_raises(TypeError, lambda: game.view(state, 1.0)), WrongTypeError)
    assert isinstance(_raises(TypeError, lambda: game.view(state, _BadRepr())), WrongTypeError)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("face", [0, 7, HUGE], ids=["0", "7", "huge"])
def test_a_scripted_die_that_is_not_a_face_from_new_game(name: str, face: int) -> None:
    game = GAMES[name]
    if not record(game.new_game(seed=3)).rolls:
        pytest.skip(f"{name} draws no dice as a game starts")
    raised = _raises(ValueError, lambda: game.new_game(stream=ScriptedStream([face] * 64)))
    assert isinstance(raised, InvalidDieError)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_scripted_die_that_is_not_a_face_from_apply(name: str) -> None:
    # Play a seeded game, replay its set-up dice from a script that ends in 7s, and
    # apply actions until one rolls: that roll draws a 7.
    game = GAMES[name]
    seeded = game.new_game(seed=3)
    dice = list(record(seeded).rolls)
    state = game.new_game(stream=ScriptedStream(dice + [7] * 64))
    for _ in range(1000):
        action = game.legal_actions(state)[0]
        try:
            state = game.apply(state, action)
        except DiceRulesError as error:
            assert isinstance(error, InvalidDieError)
            assert isinstance(error, ValueError)
            assert "scripted value 7 is not a face of a 6-sided die" in str(error)
            return
    pytest.fail("no action rolled a die")


def test_a_scripted_stream_of_something_else() -> None:
    assert isinstance(_raises(TypeError, lambda: ScriptedStream(5)), WrongTypeError)  # type: ignore[arg-type]
    assert isinstance(_raises(TypeError, lambda: ScriptedStream("12")), WrongTypeError)
    _raises(ValueError, lambda: ScriptedStream((1, 2), position=3))
    _raises(ValueError, lambda: ScriptedStream((1,)).roll(-1))
    _raises(ValueError, lambda: SeededStream(0).roll(1, 0))
    _raises(ValueError, lambda: SeededStream(0, -1))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_huge_rule_value_is_summarised(name: str) -> None:
    game = GAMES[name]
    raised = _raises(ValueError, lambda: game.Rules(players=HUGE))
    assert isinstance(raised, InvalidRulesError)
    assert "got <an int of 5,001 digits>" in str(raised)
    raised = _raises(ValueError, lambda: game.Rules(players=_BadRepr()))
    assert "got <a _BadRepr that cannot be shown>" in str(raised)
    raised = _raises(ValueError, lambda: game.Rules(players=_nested(10**5)))
    assert "got <a list that cannot be shown>" in str(raised)


def _record_dict(name: str) -> dict[str, Any]:
    game = GAMES[name]
    state = game.new_game(seed=1)
    return record(game.apply(state, game.legal_actions(state)[0])).to_dict()


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize(
    "change",
    [
        {"format": HUGE},
        {"format": _BadRepr()},
        {"game": _nested(10**5)},
        {"game": HUGE},
        {"stream": {"seed": HUGE}},
        {"stream": {"seed": 1, "position": HUGE + 1}},
        {"stream": {"seed": _BadRepr()}},
        {"stream": {HUGE: 1}},
        {HUGE: 1},
    ],
    ids=[
        "huge-format",
        "format-bad-repr",
        "deep-game",
        "huge-game",
        "huge-seed",
        "huge-position",
        "seed-bad-repr",
        "huge-stream-key",
        "huge-key",
    ],
)
def test_a_record_that_cannot_be_shown_is_a_record_error(
    name: str, change: dict[object, object]
) -> None:
    data: dict[object, object] = {**_record_dict(name), **change}
    _raises(ValueError, lambda: replay(GameRecord.from_dict(data)))
    with pytest.raises(RecordError):
        replay(GameRecord.from_dict(data))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_record_with_a_huge_roll(name: str) -> None:
    """Format 2 holds no int past 2**53 - 1: a RecordError as it is read. A format 1
    record reads, and its replay names the die it did not draw."""
    data = _record_dict(name)
    data["rolls"] = [*data["rolls"][:-1], HUGE]
    raised = _raises(ValueError, lambda: GameRecord.from_dict(data))
    assert isinstance(raised, RecordError) and not isinstance(raised, dicerules.ReplayError)
    assert "the die <an int of 5,001 digits> is past 2**53 - 1" in str(raised)
    old = {**data, "format": 1, "stream": {"seed": 1}}
    raised = _raises(ValueError, lambda: replay(GameRecord.from_dict(old)))
    assert isinstance(raised, dicerules.ReplayError)
    assert str(raised).endswith("where the record has <an int of 5,001 digits>")


def test_an_unknown_game_that_cannot_be_shown() -> None:
    for name in (HUGE, _BadRepr(), _nested(10**5)):
        _raises(KeyError, lambda name=name: dicerules.get_game(name))  # type: ignore[misc]


def test_shown() -> None:
    assert shown(5) == "5"
    assert shown("a") == "'a'"
    assert shown([1, 2]) == "[1, 2]"
    assert shown(HUGE) == "<an int of 5,001 digits>"
    assert shown(-HUGE) == "<a negative int of 5,001 digits>"
    assert shown(10**4299) == repr(10**4299)  # what Python can print, printed
    assert shown(_BadRepr()) == "<a _BadRepr that cannot be shown>"
    assert shown(_nested(10**5)) == "<a list that cannot be shown>"


def test_the_adapters_faces_raise_errors_of_the_hierarchy() -> None:
    from dicerules import chance
    from dicerules.game import register

    game = GAMES["liars-dice"]
    step = chance.setup(game)
    assert isinstance(_raises(ValueError, lambda: step.show(step.sides + 1)), InvalidArgumentError)
    assert isinstance(_raises(TypeError, lambda: register(object())), WrongTypeError)  # type: ignore[arg-type]


def test_a_wrong_rules_class_is_named_by_its_game() -> None:
    from dicerules.games import eighteen, liars_dice

    with pytest.raises(WrongTypeError, match=r"rules must be liars_dice\.Rules, not Rules$"):
        liars_dice.new_game(eighteen.Rules(), seed=1)
