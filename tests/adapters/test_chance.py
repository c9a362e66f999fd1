"""dicerules.chance: every game, stepped one die at a time, gives exactly what apply gives."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import Choice, drawn_choice, random_play, seeded_choice
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerules
import dicerules.testing as dt
from dicerules import GAMES, GameRecord, ScriptedStream, chance, record, replay
from dicerules.game import AnyGame

MAX_STEPS = 40


def _seats(game: AnyGame, state: Any) -> tuple[int | None, ...]:
    return (None, *range(game.seats(state.rules)))


def _same_game(game: AnyGame, stepped: Any, applied: Any) -> None:
    """What a player, a record and a replay can see of two states agree."""
    for seat in _seats(game, applied):
        assert game.view(stepped, seat) == game.view(applied, seat)
    assert game.legal_actions(stepped) == game.legal_actions(applied)
    assert game.current_player(stepped) == game.current_player(applied)
    assert game.scores(stepped) == game.scores(applied)
    assert game.winners(stepped) == game.winners(applied)
    assert game.history(stepped) == game.history(applied)
    assert stepped.tape.rolls == applied.tape.rolls
    assert game.describe(stepped) == game.describe(applied)


def _scripted_replay(game: AnyGame, state: Any) -> Any:
    """The state a record of ``state`` on a scripted stream of its dice replays to."""
    rec = record(state)
    dice = state.tape.dice()
    return replay(GameRecord(rec.game, rec.rules, ScriptedStream(dice), rec.actions, rec.rolls))


def _walk(game: AnyGame, rules: Any, seed: int, choose: Choice) -> None:
    """Play ``rules`` from ``seed``; step every die of the game by hand alongside."""
    applied = game.new_game(rules, seed=seed)
    step = chance.setup(game, rules)
    for face in applied.tape.dice():
        assert step.sides is not None
        assert step.outcomes == tuple(range(1, step.sides + 1))
        step = step.show(face)
    assert step.done and step.outcomes == ()
    stepped = [step.after]
    _same_game(game, stepped[0], applied)

    def each_step(before: Any, action: Any, after: Any) -> None:
        faces = after.tape.dice()[len(before.tape.dice()) :]
        assert chance.needs_dice(game, stepped[0], action) == bool(faces)
        now = chance.resolve(game, stepped[0], action, faces)
        _same_game(game, now, after)
        assert now == _scripted_replay(game, now)
        assert replay(record(now)) == now
        if not faces:  # no dice: exactly apply, the seeded stream kept
            assert chance.act(game, before, action).after == after
        stepped[0] = now

    for _ in random_play(game, applied, choose, MAX_STEPS, each_step=each_step):
        pass


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=15)
@given(data=st.data())
def test_stepping_the_dice_gives_what_apply_gives(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    rules = data.draw(dt.rules(game), label="rules")
    seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
    _walk(game, rules, seed, drawn_choice(data))


@pytest.mark.parametrize("name", list(GAMES))
def test_every_preset_steps(name: str) -> None:
    game = GAMES[name]
    for rules in game.presets.values():
        _walk(game, rules, 7, seeded_choice(7))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_state_that_is_not_attrs_is_stepped_by_replaying(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chance, "_tape_field", lambda cls: False)
    _walk(GAMES[name], GAMES[name].default_rules, 11, seeded_choice(11))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_step_from_a_seeded_state_is_on_scripted_dice(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(seed=3)
    pick = random.Random(3)
    while not game.is_terminal(state):
        action = pick.choice(game.legal_actions(state))
        step = chance.act(game, state, action)
        if not step.done:
            while not step.done:
                assert step.sides is not None
                step = step.show(step.sides)  # the highest face, whatever the seed says
            after = step.after
            assert type(after.tape.origin) is ScriptedStream
            assert after.tape.dice()[: len(state.tape.dice())] == state.tape.dice()
            assert replay(record(after)) == after
            return
        state = step.after
    pytest.skip("no action of this game drew dice")


def test_bad_faces_are_refused() -> None:
    for game in GAMES.values():
        step = chance.setup(game)
        if step.done:
            continue
        assert step.sides is not None
        for face in (0, step.sides + 1):
            with pytest.raises(dicerules.InvalidArgumentError, match="not a face"):
                step.show(face)
        for kind in (True, "1", None, 1.0):
            with pytest.raises(dicerules.WrongTypeError, match="a face is an int, not"):
                step.show(kind)  # type: ignore[arg-type]
        faces = game.new_game(seed=1).tape.dice()
        with pytest.raises(ValueError, match="more than"):
            chance.resolve(game, None, None, faces[:-1])
        with pytest.raises(ValueError, match="draws"):
            chance.resolve(game, None, None, (*faces, 1))
        done = chance.resolve(game, None, None, faces)
        with pytest.raises(ValueError, match="no more dice"):
            _finished(game).show(1)
        assert done == game.new_game(stream=ScriptedStream(faces))


def _finished(game: AnyGame) -> chance.Chance:
    step = chance.setup(game)
    for face in game.new_game(seed=1).tape.dice():
        step = step.show(face)
    return step


def test_an_illegal_action_is_refused_as_apply_refuses_it() -> None:
    for game in GAMES.values():
        state = chance.resolve(game, None, None, game.new_game(seed=2).tape.dice())
        other = game.new_game(seed=2)
        legal = set(game.legal_actions(other))
        candidates = [a for s in range(20) for a in _all_legal(game, s) if a not in legal]
        if not candidates:
            continue
        with pytest.raises(dicerules.IllegalActionError):
            chance.act(game, state, candidates[0])


def _all_legal(game: AnyGame, seed: int) -> tuple[Any, ...]:
    state = game.new_game(seed=seed)
    pick = random.Random(seed)
    seen: list[Any] = []
    for _ in range(10):
        if game.is_terminal(state):
            break
        seen.extend(game.legal_actions(state))
        state = game.apply(state, pick.choice(game.legal_actions(state)))
    return tuple(seen)


@pytest.mark.parametrize("faces", [None, 5, "12", b"12"])
def test_faces_that_are_not_a_sequence_of_ints_are_a_wrong_type(faces: object) -> None:
    game = GAMES["liars-dice"]
    with pytest.raises(dicerules.WrongTypeError, match="faces is a tuple of ints"):
        chance.resolve(game, None, None, faces)  # type: ignore[arg-type]
    with pytest.raises(dicerules.WrongTypeError, match="a face is an int"):
        chance.resolve(game, None, None, [None])


def test_huge_faces_and_foreign_states_get_errors_of_the_hierarchy() -> None:
    game = GAMES["liars-dice"]
    step = chance.setup(game)
    with pytest.raises(dicerules.InvalidArgumentError, match="5,001 digits> is not a face"):
        step.show(10**5000)
    other = GAMES["link"].new_game(seed=1)
    for state in (other, None, object()):
        with pytest.raises(dicerules.WrongTypeError, match="liars-dice steps its own states"):
            chance.act(game, state, game.legal_actions(game.new_game(seed=1))[0])
    with pytest.raises(dicerules.WrongTypeError, match="steps its own states, not a State"):
        chance.needs_dice(game, other, None)


def test_a_roll_off_holds_exact_chances_that_sum_to_one() -> None:
    from fractions import Fraction

    half = Fraction(1, 2)
    roll_off = chance.RollOff((0, 1), ((2, 1), (1, 2)), (half, half))
    assert roll_off.faces_of(1) == (1, 2)
    with pytest.raises(dicerules.InvalidArgumentError, match="does not contend"):
        roll_off.faces_of(2)
    for seats, faces, chances in [
        ((0, 1), ((2, 1), (1, 2)), (0.5, 0.5)),  # floats are not exact
        ((0, 1), ((2, 1), (1, 2)), (half, Fraction(1, 3))),  # short of 1
        ((0, 0), ((2, 1), (1, 2)), (half, half)),  # one seat twice
        ((0, 1), ((2, 1),), (half, half)),  # a seat without faces
        ((0, 1), ((2, 1), ()), (half, half)),
    ]:
        with pytest.raises(dicerules.InvalidArgumentError):
            chance.RollOff(seats, faces, chances)  # type: ignore[arg-type]
    assert chance.RollOff.fair(range(3), [[1]] * 3).chances == (Fraction(1, 3),) * 3


def test_settle_needs_a_roll_off() -> None:
    game = GAMES["liars-dice"]
    step = chance.setup(game, game.Rules(players=2, dice_per_player=1, first_opener="seat0"))
    assert step.roll_off is None
    with pytest.raises(dicerules.InvalidArgumentError, match="no roll-off"):
        step.settle(0)
    step = chance.setup(game, game.Rules(players=2, dice_per_player=1))
    settled = step.settle(1)
    assert settled.faces == (1, 6) and settled.roll_off is None and settled.sides == 6
