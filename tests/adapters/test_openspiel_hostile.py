"""dicerules.openspiel under hostile use: threads, tampered text, broken games, pickles."""

from __future__ import annotations

import base64
import copy
import json
import pickle
import random
import subprocess
import sys
import threading
from typing import Any

import attrs
import pytest

import dicerules
from dicerules import GAMES
from dicerules.errors import DiceRulesError, RecordError
from dicerules.games import liars_dice

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")

TWO_BY_ONE = "players=2,dice_per_player=1,first_opener=seat0"


def _bid_made() -> Any:
    """Liar's dice, two seats of one die: seat 0 rolled a 3, seat 1 a 5, seat 0 bid."""
    game = pyspiel.load_game(f"{dos.name_of('liars-dice')}({TWO_BY_ONE})")
    state = game.new_initial_state()
    for action in (2, 4, 3):
        state.apply_action(action)
    return state


# ------------------------------------------------------------------ threads


def test_two_threads_each_read_their_own_seat() -> None:
    state = _bid_made()
    kinds = (
        "information_state_tensor",
        "observation_tensor",
        "information_state_string",
        "observation_string",
    )
    fresh = {(kind, seat): getattr(state, kind)(seat) for kind in kinds for seat in (0, 1)}
    for kind in kinds:
        assert fresh[kind, 0] != fresh[kind, 1]  # seat 0 holds a 3, seat 1 a 5
    wrong: list[tuple[str, int]] = []
    start = threading.Barrier(2)

    def read_many(seat: int) -> None:
        mine = state.clone()
        readers = [(kind, getattr(mine, kind)) for kind in kinds]
        start.wait()
        for _ in range(1500):
            for kind, read in readers:
                if read(seat) != fresh[kind, seat]:
                    wrong.append((kind, seat))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        threads = [threading.Thread(target=read_many, args=(seat,)) for seat in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []


# ------------------------------------------------------------------ tampered text


def _tampered(text: str, rng: random.Random) -> str:
    """``text`` with a few characters changed, cut, or repeated."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars))
        kind = rng.randrange(4)
        if kind == 0:
            chars[where] = rng.choice('{}[]",:0123456789-.aez \\')
        elif kind == 1:
            del chars[where : where + rng.randint(1, 8)]
        elif kind == 2:
            chars.insert(where, rng.choice(['"', "[", "{", "1e999", "null", "-1"]))
        else:
            chars[where:where] = chars[where : where + rng.randint(1, 20)]
    return "".join(chars)


def _texts() -> list[str]:
    """Serialized states of every game, at set-up, in play and mid-step."""
    texts = []
    rng = random.Random(2)
    for name in GAMES:
        state = dos.game(name).new_initial_state()
        for step in range(40):
            if step in (0, 1, 7, 20, 39):
                texts.append(dos.serialize(state))
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return texts


def test_tampered_text_gives_only_dicerules_errors() -> None:
    rng = random.Random(0)
    texts = _texts()
    for index in range(600):
        text = _tampered(rng.choice(texts), rng)
        try:
            dos.deserialize(text)
        except DiceRulesError:
            pass
        except Exception as error:  # what else comes out is the failure
            pytest.fail(f"case {index}: {type(error).__name__}: {error}\n{text}")


def _json_of(state: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dos.serialize(state))
    return data


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[" * 100_000,
        "1e999",
        "null",
        json.dumps(
            {"game": "kuhn_poker", "params": {}, "record": None, "action": None, "faces": []}
        ),
        json.dumps({"game": "python_dicerules_liars_dice"}),
    ],
)
def test_malformed_text_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        dos.deserialize(text)


def test_records_that_contradict_themselves_are_refused() -> None:
    state = _bid_made()
    good = _json_of(state)
    assert dos.serialize(dos.deserialize(json.dumps(good))) == json.dumps(good)
    bad = []
    other = dict(good, params=dict(good["params"], sides=5))  # the record is of six sides
    bad.append(other)
    bad.append(dict(good, faces=[1]))  # dice of no step under way
    bad.append(dict(good, action="challenge"))  # an action that draws no dice
    rolls = dict(good["record"], rolls=[3, 5, 2])  # a die that no action drew
    bad.append(dict(good, record=rolls))
    streamed = dict(good["record"], stream={"type": "seeded", "seed": 4})
    bad.append(dict(good, record=streamed))  # dice that this stream does not draw
    before = _json_of(
        pyspiel.load_game(f"{dos.name_of('liars-dice')}({TWO_BY_ONE})").new_initial_state()
    )
    bad.append(dict(before, faces=[3, 5]))  # a set-up that is over, left under way
    bad.append(dict(before, action="1x1"))  # an action before the set-up is over
    for data in bad:
        with pytest.raises(RecordError):
            dos.deserialize(json.dumps(data))


# ------------------------------------------------------------------ broken games


def test_a_game_whose_part_raises_leaves_the_others_registered() -> None:
    program = """
import attrs, dicerules
from dicerules import GAMES
base = next(iter(GAMES.values()))
def broken(rules):
    raise RuntimeError("broken on purpose")
dicerules.game.register(attrs.evolve(base, name="broken-part", max_length=broken))
import pyspiel
import dicerules.openspiel as dos
names = set(pyspiel.registered_names())
print(all(dos.name_of(name) in names for name in GAMES if name != "broken-part"))
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def _broken(name: str, **parts: Any) -> str:
    base = GAMES["liars-dice"]
    dicerules.game.register(attrs.evolve(base, name=name, **parts))
    return name


def _dealt(name: str) -> Any:
    """The game ``name`` at two seats of one die, seat 0 opening, its dice dealt."""
    rules = liars_dice.Rules(players=2, dice_per_player=1, first_opener="seat0")
    state = dos.game(name, rules).new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    return state


def _forget(name: str) -> None:
    del dicerules.game._REGISTRY[name]


def test_a_legal_action_without_an_id_names_the_part() -> None:
    base = GAMES["liars-dice"]

    def fewer(rules: Any) -> tuple[Any, ...]:
        return tuple(base.distinct_actions(rules))[:-1]  # challenge left out

    name = _broken("missing-id-test", distinct_actions=fewer)
    try:
        state = _dealt(name)
        state.apply_action(0)  # the first bid; now challenge is legal
        with pytest.raises(DiceRulesError, match=r"missing-id-test.*'challenge'.*distinct_actions"):
            state.legal_actions()
    finally:
        _forget(name)


def test_an_observation_of_the_wrong_length_names_the_part() -> None:
    base = GAMES["liars-dice"]
    encoding = base.observation
    assert encoding is not None
    short = attrs.evolve(encoding, encode=lambda rules, view: encoding.encode(rules, view)[:-1])
    name = _broken("short-observation-test", observation=short, information_state=None)
    try:
        state = _dealt(name)
        size = encoding.size(dos.dicerules_state(state).rules)
        with pytest.raises(DiceRulesError, match=rf"short-observation-test.*observation.*{size}"):
            state.observation_tensor(0)
        with pytest.raises(DiceRulesError, match=r"short-observation-test.*observation"):
            state.information_state_tensor(0)
    finally:
        _forget(name)


def test_an_information_state_of_the_wrong_length_names_the_part() -> None:
    declared = GAMES["liars-dice"].information_state
    assert declared is not None
    short = attrs.evolve(declared, encode=lambda rules, views: declared.encode(rules, views)[1:])
    name = _broken("short-information-test", information_state=short)
    try:
        state = _dealt(name)
        size = declared.size(dos.dicerules_state(state).rules)
        with pytest.raises(
            DiceRulesError, match=rf"short-information-test.*information_state.*{size}"
        ):
            state.information_state_tensor(0)
    finally:
        _forget(name)


def test_a_game_longer_than_max_length_names_the_part() -> None:
    name = _broken("too-long-test", max_length=lambda rules: 1)
    try:
        state = _dealt(name)
        state.apply_action(0)
        with pytest.raises(DiceRulesError, match=r"too-long-test.*max_length.*1"):
            state.apply_action(state.legal_actions()[0])
    finally:
        _forget(name)


def test_action_to_string_refuses_an_id_out_of_range() -> None:
    state = _bid_made()
    actions = state.get_game().num_distinct_actions()
    for bad in (-1, actions):
        with pytest.raises(DiceRulesError, match="action id"):
            state.action_to_string(0, bad)
    chance = state.get_game().new_initial_state()
    for bad in (-1, 6):
        with pytest.raises(DiceRulesError, match="outcome"):
            chance.action_to_string(pyspiel.PlayerId.CHANCE, bad)
    assert state.action_to_string(0, actions - 1) == "challenge"


# ------------------------------------------------------------------ names, parameters, pickles


def test_state_serialize_is_our_json_and_pyspiel_s_own_carries_a_pickle() -> None:
    state = _bid_made()
    game = state.get_game()
    assert state.serialize() == dos.serialize(state)  # JSON: safe to read back
    assert game.deserialize_state(state.serialize()).history() == state.history()
    # pyspiel's serialize_game_and_state writes the attributes of a Python state as a
    # pickle, which its deserialize_game_and_state unpickles: not safe for text from
    # elsewhere. Our reader refuses such text.
    text = pyspiel.serialize_game_and_state(game, state)
    pickled = text.split("__dict__=", 1)[1].strip()
    assert base64.b64decode(pickled).startswith(b"\x80")  # a pickle's first byte
    with pytest.raises(RecordError):
        game.deserialize_state(text)
    with pytest.raises(RecordError):
        dos.deserialize(text)


def test_names_that_differ_only_by_dash_and_underscore_are_refused() -> None:
    base = GAMES["liars-dice"]
    first = dicerules.game.register(attrs.evolve(base, name="dash-test"))
    second = attrs.evolve(base, name="dash_test", max_sides=lambda r: 7)
    try:
        with pytest.raises(dicerules.DuplicateGameError, match="'dash_test' is 'dash-test'"):
            dicerules.game.register(second)  # the registry refuses it first
        assert dos.register(first) == "python_dicerules_dash_test"
        with pytest.raises(dicerules.DuplicateGameError, match="'dash-test' and 'dash_test'"):
            dos.register(second)  # and so does the adapter, given it outright
        assert dos.game("dash-test").max_chance_outcomes() == 6
        assert dos.game("dash_test").max_chance_outcomes() == 6  # dash-test, as typed
    finally:
        _forget("dash-test")


def test_a_field_whose_default_depends_on_others_can_be_left_out() -> None:
    hosted = pyspiel.load_game(f"{dos.name_of('eighteen')}(permanent_house=0)")
    assert hosted.rules == GAMES["eighteen"].presets["hosted"]  # max_rounds 50 when left out
    assert pyspiel.load_game(str(hosted)).rules == hosted.rules
    assert pyspiel.load_game(dos.name_of("eighteen")).rules == GAMES["eighteen"].default_rules
    with pytest.raises(dicerules.InvalidRulesError, match="max_rounds"):  # None, said outright
        pyspiel.load_game(f"{dos.name_of('eighteen')}(permanent_house=0,max_rounds=0)")


@pytest.mark.parametrize("copy_of", [pickle.loads, copy.deepcopy], ids=["pickle", "deepcopy"])
def test_the_pyspiel_game_pickles_and_copies(copy_of: Any) -> None:
    state = _bid_made()
    game = state.get_game()
    again = copy_of(pickle.dumps(game)) if copy_of is pickle.loads else copy_of(game)
    assert str(again) == str(game) and again.rules == game.rules
    replayed = again.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.information_state_string(1) == state.information_state_string(1)


# ------------------------------------------------------------------ the README's warning


def test_the_readme_warns_that_pyspiels_own_loading_unpickles_before_any_example() -> None:
    from pathlib import Path

    readme = (Path(dicerules.__file__).resolve().parent.parent / "README.md").read_text()
    start = readme.index("\n## Security\n")
    security = readme[start : readme.index("\n## ", start + 1)]
    assert "deserialize_game_and_state" in security and "dos.deserialize" in security
    solve = readme.index("\n## Solve a game\n")
    first_load = readme.index("pyspiel.load_game", solve)
    assert "(#security)" in readme[solve:first_load]
    assert "deserialize_game_and_state" in readme[solve:first_load]
    assert "[Security](#security)" in readme[: readme.index("\n## Games\n")]  # the contents
    # The warning is so: pyspiel's text of a state holds a pickle, which ours refuses.
    state = _bid_made()
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    pickled = text.split("__dict__=", 1)[1].split("\n", 1)[0]
    assert base64.b64decode(pickled)[:1] == b"\x80"  # a pickle's first byte, PROTO
    with pytest.raises(RecordError):
        dos.deserialize(text)
    assert dos.deserialize(dos.serialize(state)).history() == state.history()
