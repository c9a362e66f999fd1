"""The core beside streams and records: errors, the registry, Log and Tape, new_game's seed."""

from __future__ import annotations

import copy
import pickle
import tracemalloc
from collections.abc import Mapping
from typing import Any

import pytest

import dicerules
from dicerules import (
    DiceRulesError,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    RecordError,
    ReplayError,
    ScriptedStream,
    SeededStream,
    StreamExhaustedError,
    UnknownGameError,
)
from dicerules.tape import Log, Tape

# ----------------------------------------------------------------------------- errors

BUILTIN_OF = {
    InvalidActionError: ValueError,
    IllegalActionError: ValueError,
    InvalidRulesError: ValueError,
    RecordError: ValueError,
    ReplayError: ValueError,
    StreamExhaustedError: RuntimeError,
    UnknownGameError: KeyError,
}


@pytest.mark.parametrize(("error", "builtin"), list(BUILTIN_OF.items()))
def test_each_error_is_a_dicerules_error_and_its_builtin(
    error: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error, DiceRulesError)
    assert issubclass(error, builtin)
    with pytest.raises(builtin):
        raise error("boom")
    with pytest.raises(DiceRulesError):
        raise error("boom")


def test_the_base_is_an_exception_and_no_builtin_kind() -> None:
    assert issubclass(DiceRulesError, Exception)
    for builtin in (ValueError, KeyError, RuntimeError, TypeError):
        assert not issubclass(DiceRulesError, builtin)


def test_replay_error_is_a_record_error() -> None:
    assert issubclass(ReplayError, RecordError)
    assert not issubclass(RecordError, ReplayError)


def test_the_kinds_do_not_overlap() -> None:
    assert not issubclass(IllegalActionError, InvalidActionError)
    assert not issubclass(InvalidActionError, IllegalActionError)
    assert not issubclass(StreamExhaustedError, ValueError)
    assert not issubclass(UnknownGameError, ValueError)


@pytest.mark.parametrize("step", [0, 7, None])
def test_replay_error_keeps_its_step(step: int | None) -> None:
    error = ReplayError("step 7 went wrong", step)
    assert error.step == step
    assert str(error) == "step 7 went wrong"


def test_replay_error_step_defaults_to_none() -> None:
    assert ReplayError("no step").step is None


@pytest.mark.parametrize("step", [0, 3, None])
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_replay_error_pickles_with_its_step(step: int | None, protocol: int) -> None:
    error = ReplayError("the dice differ", step)
    back = pickle.loads(pickle.dumps(error, protocol))
    assert type(back) is ReplayError
    assert back.step == step
    assert str(back) == "the dice differ"


@pytest.mark.parametrize("error", list(BUILTIN_OF))
def test_every_error_pickles(error: type[Exception]) -> None:
    back = pickle.loads(pickle.dumps(error("a message")))
    assert type(back) is error
    assert str(back) == "a message"


def test_unknown_game_error_reads_as_its_plain_message() -> None:
    error = UnknownGameError("no game named chess")
    assert str(error) == "no game named chess"
    assert error.args == ("no game named chess",)


# --------------------------------------------------------------------------- registry


def test_games_holds_liars_dice() -> None:
    assert isinstance(dicerules.GAMES, Mapping)
    assert "liars-dice" in dicerules.GAMES
    game = dicerules.GAMES["liars-dice"]
    assert game.name == "liars-dice"
    assert dicerules.get_game("liars-dice") is game
    assert all(name == g.name for name, g in dicerules.GAMES.items())


def test_games_is_read_only() -> None:
    games = dicerules.GAMES
    before = dict(games)
    with pytest.raises(TypeError):
        games["chess"] = games["liars-dice"]  # type: ignore[index]
    with pytest.raises(TypeError):
        del games["liars-dice"]  # type: ignore[attr-defined]
    for name in ("clear", "pop", "update", "setdefault"):
        assert not hasattr(games, name)
    assert dict(games) == before


@pytest.mark.parametrize("name", ["nope", "", "liars--dice", "liarsdice", None, 3, ("liars-dice",)])
def test_get_game_with_an_unknown_name(name: Any) -> None:
    with pytest.raises(UnknownGameError) as info:
        dicerules.get_game(name)
    message = str(info.value)
    for known in dicerules.GAMES:
        assert known in message
    assert not message.startswith(("'", '"'))
    assert isinstance(info.value, KeyError)


@pytest.mark.parametrize("name", ["liars_dice", "Liars-Dice", "LIARS_DICE", " liars dice "])
def test_get_game_takes_the_names_the_command_line_takes(name: str) -> None:
    assert dicerules.get_game(name) is dicerules.GAMES["liars-dice"]
    assert name not in dicerules.GAMES  # the registry's own names stay exact


@pytest.mark.parametrize(("name", "near"), [("liars", "liars-dice"), ("lairs_dice", "liars-dice"),
                                            ("eigthteen", "eighteen")])  # fmt: skip
def test_get_game_names_the_nearest_game(name: str, near: str) -> None:
    with pytest.raises(UnknownGameError) as info:
        dicerules.get_game(name)
    assert str(info.value).startswith(f"no game named {name!r} (did you mean {near!r}?); ")


def test_get_game_with_an_unhashable_name() -> None:
    with pytest.raises(UnknownGameError):
        dicerules.get_game(["liars-dice"])  # type: ignore[arg-type]


def test_unknown_game_is_caught_as_a_key_error() -> None:
    try:
        dicerules.get_game("nope")
    except KeyError as error:
        assert "nope" in str(error)
    else:
        pytest.fail("get_game('nope') returned")


# ------------------------------------------------------------------------------- Log


def test_an_empty_log() -> None:
    log: Log[int] = Log()
    assert len(log) == 0
    assert tuple(log) == ()
    assert log == Log.of(())
    assert hash(log) == hash(Log.of([]))
    with pytest.raises(IndexError):
        log[0]
    with pytest.raises(IndexError):
        log[-1]


def test_append_leaves_the_old_log_alone() -> None:
    old = Log.of((1, 2, 3))
    new = old.append(4)
    other = old.append(5)
    assert tuple(old) == (1, 2, 3)
    assert len(old) == 3
    assert tuple(new) == (1, 2, 3, 4)
    assert tuple(other) == (1, 2, 3, 5)
    assert old == Log.of((1, 2, 3))
    assert new != other


class Counted:
    """An item that counts how often it is hashed or compared."""

    calls = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __hash__(self) -> int:
        Counted.calls += 1
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        Counted.calls += 1
        return isinstance(other, Counted) and self.value == other.value


def test_append_does_not_touch_the_items_already_there() -> None:
    log = Log.of(Counted(i) for i in range(5_000))
    Counted.calls = 0
    log.append(Counted(-1))
    assert Counted.calls <= 1  # the new item's hash, at most


def test_append_allocates_the_same_for_a_long_log_as_for_a_short_one() -> None:
    # O(1) append, measured in bytes rather than seconds: a copy of the past would
    # allocate at least 8 bytes per item.
    short = Log.of(range(10))
    long = Log.of(range(200_000))
    peaks = []
    tracemalloc.start()
    try:
        for log in (short, long):
            tracemalloc.reset_peak()
            current, _ = tracemalloc.get_traced_memory()
            kept = log.append(-1)
            _, peak = tracemalloc.get_traced_memory()
            peaks.append(peak - current)
            del kept
    finally:
        tracemalloc.stop()
    assert peaks[1] < 4_096
    assert peaks[1] <= peaks[0] + 512


def test_logs_built_different_ways_are_equal() -> None:
    items = ("a", "b", "c", "d")
    by_of = Log.of(items)
    by_append: Log[str] = Log()
    for item in items:
        by_append = by_append.append(item)
    mixed = Log.of(items[:2]).append("c").append("d")
    from_list = Log.of(list(items))
    from_iter = Log.of(iter(items))
    logs = [by_of, by_append, mixed, from_list, from_iter]
    for a in logs:
        for b in logs:
            assert a == b
            assert not a != b  # noqa: SIM202
            assert hash(a) == hash(b)
    assert len(set(logs)) == 1


def test_logs_that_differ() -> None:
    base = Log.of((1, 2, 3))
    assert base != Log.of((1, 2))
    assert base != Log.of((1, 2, 3, 4))
    assert base != Log.of((1, 3, 2))
    assert base != Log.of((0, 2, 3))
    assert base != (1, 2, 3)
    assert base != [1, 2, 3]
    assert Log.of(((1, 2),)) != Log.of(((2, 1),))


class SameHash:
    """Items whose hashes all collide but which are equal only to themselves."""

    def __hash__(self) -> int:
        return 0


def test_equal_hashes_are_not_taken_for_equal_items() -> None:
    a, b = SameHash(), SameHash()
    assert hash(Log.of((a,))) == hash(Log.of((b,)))
    assert Log.of((a,)) != Log.of((b,))
    assert Log.of((1, a)) != Log.of((1, b))
    assert Log.of((a, 1)) != Log.of((b, 1))
    assert Log.of((a, 1)) == Log.of((a, 1))


@pytest.mark.slow  # a long game: a log of 200,000 actions
def test_a_long_log_pickles_compares_and_hashes() -> None:
    items = tuple(range(200_000))
    log = Log.of(items)
    again = Log.of(items)
    assert log == again
    assert hash(log) == hash(again)
    assert log != again.append(0)
    assert log != Log.of((*items[:-1], -1))
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        back = pickle.loads(pickle.dumps(log, protocol))
        assert back == log
        assert hash(back) == hash(log)
        assert len(back) == 200_000
    assert tuple(log) == items
    assert log[-1] == 199_999
    assert repr(Log.of((1, 2))) == "Log((1, 2))"
    assert repr(log).startswith("Log((0, 1, 2, ")
    del log, again, back  # freeing a long chain must not overflow the C stack either


def test_copy_and_deepcopy_return_the_log_itself() -> None:
    items = (object(), object())  # deepcopy would make new objects of these
    log = Log.of(items)
    assert copy.copy(log) is log
    assert copy.deepcopy(log) is log
    holder = {"log": log}
    assert copy.deepcopy(holder)["log"] is log
    assert tuple(copy.deepcopy(log)) == items


def test_a_log_cannot_be_changed() -> None:
    log = Log.of((1, 2, 3))
    for name in ("_item", "_prev", "_len", "_hash", "items", "anything"):
        with pytest.raises(AttributeError):
            setattr(log, name, None)
    for name in ("_item", "_prev", "_len"):
        with pytest.raises(AttributeError):
            delattr(log, name)
    assert tuple(log) == (1, 2, 3)
    assert len(log) == 3
    assert not hasattr(log, "__dict__")


def test_indexing() -> None:
    log = Log.of("abcde")
    assert [log[i] for i in range(5)] == list("abcde")
    assert [log[-i] for i in range(1, 6)] == list("edcba")
    for bad in (5, 6, 100, -6, -100):
        with pytest.raises(IndexError):
            log[bad]


def test_newest() -> None:
    log = Log.of(range(10))
    assert log.newest(3) == (7, 8, 9)
    assert log.newest(0) == ()
    assert log.newest(10) == tuple(range(10))
    assert log.newest(50) == tuple(range(10))


def test_last() -> None:
    log = Log.of("ab")
    assert log.last == "b"
    assert log.append("c").last == "c"
    assert log.last == "b"
    with pytest.raises(IndexError):
        Log().last  # noqa: B018


def test_a_log_of_states_shares_its_past() -> None:
    base = Log.of(range(1000))
    a, b = base.append(1), base.append(1)
    assert a == b
    assert a is not b


# ------------------------------------------------------------------------------ Tape


def test_a_tape_records_rolls_and_actions() -> None:
    stream = SeededStream(11)
    tape: Tape[str] = Tape.start(stream)
    assert tape.origin == stream == tape.stream
    assert len(tape.actions) == 0 and len(tape.rolls) == 0
    assert tape.dice() == ()

    first, tape2 = tape.roll(3, 6)
    assert first == stream.roll(3, 6)[0]
    tape3 = tape2.act("bid")
    second, tape4 = tape3.roll(2, 20)
    assert second == stream.roll(3, 6)[1].roll(2, 20)[0]
    tape5 = tape4.act("challenge")

    assert tape5.origin == stream
    assert tape5.stream == stream.roll(3, 6)[1].roll(2, 20)[1]
    assert tuple(tape5.actions) == ("bid", "challenge")
    assert tuple(tape5.rolls) == (first, second)
    assert tape5.dice() == first + second
    # every earlier tape is as it was
    assert tape == Tape.start(stream)
    assert tuple(tape2.rolls) == (first,) and tuple(tape2.actions) == ()
    assert tuple(tape3.actions) == ("bid",) and tape3.stream == tape2.stream


def test_act_and_roll_is_act_then_roll() -> None:
    tape: Tape[str] = Tape.start(SeededStream(5)).act("open")
    dice, together = tape.act_and_roll("roll", 2, 6)
    expected_dice, expected = tape.act("roll").roll(2, 6)
    assert dice == expected_dice and together == expected
    assert tuple(together.actions) == ("open", "roll") and tuple(together.rolls) == (dice,)
    assert tuple(tape.actions) == ("open",) and len(tape.rolls) == 0  # tape is as it was
    with pytest.raises(StreamExhaustedError):
        Tape.start(ScriptedStream((1,))).act_and_roll("roll", 2, 6)


def test_a_tape_rolls_a_script_and_keeps_empty_rolls() -> None:
    tape: Tape[str] = Tape.start(ScriptedStream((4, 2, 6)))
    none, tape = tape.roll(0, 6)
    dice, tape = tape.roll(3, 6)
    assert none == ()
    assert dice == (4, 2, 6)
    assert tuple(tape.rolls) == ((), (4, 2, 6))
    assert tape.dice() == (4, 2, 6)
    with pytest.raises(StreamExhaustedError):
        tape.roll(1, 6)


def test_tapes_compare_and_pickle_by_value() -> None:
    a: Tape[str] = Tape.start(SeededStream(3)).roll(2, 6)[1].act("x")
    b: Tape[str] = Tape.start(SeededStream(3)).roll(2, 6)[1].act("x")
    assert a == b
    assert hash(a) == hash(b)
    assert pickle.loads(pickle.dumps(a)) == a
    assert a != Tape.start(SeededStream(3)).roll(2, 6)[1].act("y")


# ------------------------------------------------------------------ new_game's seed


def test_new_game_without_seed_or_stream_draws_a_seed_and_keeps_it() -> None:
    game = dicerules.get_game("liars-dice")
    first = game.new_game()
    second = game.new_game(seed=None, stream=None)
    rec1, rec2 = dicerules.record(first), dicerules.record(second)
    assert type(rec1.stream) is SeededStream
    assert type(rec2.stream) is SeededStream
    assert 0 <= rec1.stream.seed < 2**64
    assert rec1.stream.position == 0
    # Two seeds drawn from 2**64 are equal with probability 2**-64.
    assert rec1.stream.seed != rec2.stream.seed
    assert first != second
    assert dicerules.replay(rec1) == first
    assert game.new_game(seed=rec1.stream.seed) == first


def test_new_game_with_both_seed_and_stream_is_a_value_error() -> None:
    game = dicerules.get_game("liars-dice")
    with pytest.raises(ValueError):
        game.new_game(seed=1, stream=SeededStream(1))


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, ValueError), (2**64, ValueError), (True, TypeError), (1.5, TypeError), ("3", TypeError)],
)
def test_new_game_with_a_bad_seed(seed: Any, error: type[Exception]) -> None:
    game = dicerules.get_game("liars-dice")
    with pytest.raises(error):
        game.new_game(seed=seed)


def test_new_game_with_something_that_is_not_a_stream() -> None:
    game = dicerules.get_game("liars-dice")
    with pytest.raises(TypeError):
        game.new_game(stream=[1, 2, 3])


def test_new_game_with_a_seed_is_a_seeded_stream() -> None:
    game = dicerules.get_game("liars-dice")
    for seed in (0, 2**64 - 1):
        state = game.new_game(seed=seed)
        assert state == game.new_game(stream=SeededStream(seed))
        assert dicerules.record(state).stream == SeededStream(seed)


# ------------------------------------------------------------------- the public names

CORE_NAMES = (
    "GAMES",
    "get_game",
    "DiceStream",
    "SeededStream",
    "ScriptedStream",
    "GameRecord",
    "record",
    "replay",
    "DiceRulesError",
    "InvalidActionError",
    "IllegalActionError",
    "InvalidRulesError",
    "StreamExhaustedError",
    "RecordError",
    "ReplayError",
    "UnknownGameError",
)


@pytest.mark.parametrize("name", CORE_NAMES)
def test_dicerules_exposes_each_core_name(name: str) -> None:
    assert hasattr(dicerules, name)
    assert name in dicerules.__all__


def test_the_exposed_names_are_the_core_objects() -> None:
    from dicerules import errors, game, records, streams

    assert dicerules.GAMES is game.GAMES
    assert dicerules.get_game is game.get_game
    assert dicerules.SeededStream is streams.SeededStream
    assert dicerules.ScriptedStream is streams.ScriptedStream
    assert dicerules.DiceStream is streams.DiceStream
    assert dicerules.GameRecord is records.GameRecord
    assert dicerules.record is records.record
    assert dicerules.replay is records.replay
    for name in CORE_NAMES:
        if name.endswith("Error"):
            assert getattr(dicerules, name) is getattr(errors, name)


def test_every_name_in_all_exists() -> None:
    for name in dicerules.__all__:
        assert hasattr(dicerules, name), name
