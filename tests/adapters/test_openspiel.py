"""dicerules.openspiel: every registered game as a pyspiel game.

Skipped when pyspiel (the extra ``openspiel``) is not installed.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerules
import dicerules.testing as dt
from dicerules import GAMES, GameRecord, replay
from dicerules.facts import view_text

pyspiel = pytest.importorskip("pyspiel")
dos = pytest.importorskip("dicerules.openspiel")

from sequence_form import game_value  # noqa: E402  (after the skip: it needs scipy)

slow = pytest.mark.slow  # in the default run, CI's included; -m "not slow" leaves it out

TENSOR_LIMIT = 300_000
"""A preset whose information state tensor is larger is simulated with two seats."""


def _small(name: str, rules: Any) -> Any:
    """``rules``, with two seats if the game under them has very large tensors."""
    game = dos.game(name, rules)
    large = (
        game.get_type().provides_information_state_tensor
        and game.information_state_tensor_size() > TENSOR_LIMIT
    )
    if large and "players" in attrs.fields_dict(type(rules)):
        return attrs.evolve(rules, players=2)
    return rules


def _random_play(state: Any, rng: random.Random, steps: int = 10_000) -> Any:
    """Play ``state`` on at random (chance by its odds) for up to ``steps`` moves."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


PRESETS = [(name, preset) for name, game in GAMES.items() for preset in game.presets]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for name in GAMES:
        assert dos.name_of(name) in names
        assert "-" not in dos.name_of(name)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_random_sim(name: str, preset: str) -> None:
    rules = _small(name, GAMES[name].presets[preset])
    pyspiel.random_sim_test(dos.game(name, rules), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_the_game_string_loads_the_same_rules(name: str, preset: str) -> None:
    rules = GAMES[name].presets[preset]
    game = dos.game(name, rules)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert (
        dos.dicerules_state(_random_play(again.new_initial_state(), random.Random(1))).rules
        == rules
    )


@pytest.mark.parametrize("name", list(GAMES))
def test_defaults_are_the_default_rules(name: str) -> None:
    game = pyspiel.load_game(dos.name_of(name))
    state = _random_play(game.new_initial_state(), random.Random(0), steps=60)
    assert dos.dicerules_state(state).rules == GAMES[name].default_rules


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=25)
@given(data=st.data())
def test_every_rules_round_trips_through_parameters(name: str, data: st.DataObject) -> None:
    rules = data.draw(dt.rules(GAMES[name]))
    game = pyspiel.load_game(str(dos.game(name, rules)))
    state = game.new_initial_state()
    rng = random.Random(0)
    while dos.pending(state) is not None and dos.pending(state).before is None:  # set-up
        state.apply_action(rng.choice(state.legal_actions()))
    assert dos.dicerules_state(state).rules == rules


def test_the_published_example_loads() -> None:
    game = pyspiel.load_game(
        "python_dicerules_liars_dice(players=2,dice_per_player=1,ones_wild=False,first_opener=seat0)"
    )
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 2 * 6 + 1  # every bid of two dice, and challenge
    assert game.max_chance_outcomes() == 6
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(f, 1 / 6) for f in range(6)]


@pytest.mark.parametrize("name", list(GAMES))
def test_bad_rules_are_refused(name: str) -> None:
    with pytest.raises(TypeError, match="must be its Rules"):
        dos.game(name, object())
    with pytest.raises(dicerules.UnknownGameError):
        dos.game("no-such-game")
    with pytest.raises(Exception, match="Unknown parameter 'no_such_rule'"):
        pyspiel.load_game(dos.name_of(name), {"no_such_rule": 1})
    field = attrs.fields(GAMES[name].Rules)[0]
    with pytest.raises(Exception, match=field.name):
        pyspiel.load_game(dos.name_of(name), {field.name: -1000})


@pytest.mark.parametrize("name", list(GAMES))
def test_one_chance_node_per_die_or_roll_off(name: str) -> None:
    game = GAMES[name]
    faces = iter(game.new_game(seed=5).tape.dice() * 2)  # dice to show, in draw order
    state = dos.game(name).new_initial_state()
    roll_offs = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert len({p for _, p in outcomes}) == 1
        roll_off = dos.pending(state).roll_off
        if roll_off is None:
            assert len(outcomes) == dos.pending(state).sides
            state.apply_action(next(faces) - 1)
        else:  # one node: the winning seat, each as likely here
            roll_offs += 1
            assert [seat for seat, _ in outcomes] == list(roll_off.seats)
            state.apply_action(roll_off.seats[-1])
    stepped = dos.dicerules_state(state)
    # The state the engine reaches on the same dice, roll-off dice included.
    dealt = game.new_game(stepped.rules, stream=dicerules.ScriptedStream(stepped.tape.dice()))
    assert dealt.tape.rolls == stepped.tape.rolls
    assert game.view(stepped, None) == game.view(dealt, None)
    assert roll_offs == (1 if game.roll_off is not None else 0)


@pytest.mark.parametrize("name", list(GAMES))
def test_returns(name: str) -> None:
    game = GAMES[name]
    spiel_game = dos.game(name)
    for seed in range(5):
        state = _random_play(spiel_game.new_initial_state(), random.Random(seed))
        assert state.is_terminal()
        final = dos.dicerules_state(state)
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        if game.payoff is not None:
            start = game.payoff(final.rules).start
            assert returns == [end - s for end, s in zip(game.scores(final), start, strict=True)]
            continue
        winners = game.winners(final)
        losers = [s for s in game.acting_seats(final.rules) if s not in winners]
        for seat, value in enumerate(returns):
            if seat in winners and losers:
                assert value == pytest.approx(1 / len(winners))
            elif seat in losers and winners:
                assert value == pytest.approx(-1 / len(losers))
            else:
                assert value == 0.0


@pytest.mark.parametrize("name", list(GAMES))
def test_observations_are_the_view(name: str) -> None:
    game = GAMES[name]
    state = _random_play(dos.game(name).new_initial_state(), random.Random(3), steps=30)
    while state.is_chance_node():
        state.apply_action(0)
    current = dos.dicerules_state(state)
    for seat in range(state.num_players()):
        view = game.view(current, seat)
        assert state.observation_string(seat) == view_text(view)
        if game.observation is not None:
            expected = game.observation.encode(current.rules, view)
            assert state.observation_tensor(seat) == pytest.approx(expected)


def test_another_seat_s_dice_change_nothing_a_seat_sees() -> None:
    game = _liars_dice("sides=6")
    before = game.new_initial_state()
    states = []
    for other in (1, 4):  # seat 0 rolls a 3; seat 1 a 2 or a 5
        state = before.clone()
        state.apply_action(2)
        state.apply_action(other)
        state.apply_action(state.legal_actions()[3])  # a bid by seat 0
        states.append(state)
    a, b = states
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.observation_tensor(1) != b.observation_tensor(1)


def _default_text(name: str) -> bool:
    declared = GAMES[name].information_state
    return declared is None or declared.text is None


@pytest.mark.parametrize("name", [name for name in GAMES if _default_text(name)])
def test_information_states_have_perfect_recall(name: str) -> None:
    state = dos.game(name).new_initial_state()
    rng = random.Random(4)
    seen: dict[int, list[str]] = {}
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        player = state.current_player()
        lines = state.information_state_string(player).split("\n")
        earlier = seen.get(player)
        if earlier is not None:
            assert lines[: len(earlier) - 1] == earlier[:-1]
            assert lines[len(earlier) - 1].startswith(earlier[-1])
            assert lines[len(earlier) - 1] != earlier[-1]  # now with the action taken
        seen[player] = lines
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", list(GAMES))
def test_an_information_state_string_tells_the_seats_whole_past(name: str) -> None:
    # Perfect recall: whatever game led to a seat's information state, the seat's
    # earlier information states (at its decisions) were the same ones.
    rules = GAMES[name].default_rules
    if "players" in attrs.fields_dict(type(rules)):
        rules = attrs.evolve(rules, players=2)
    game = dos.game(name, rules)
    past_of: dict[tuple[int, str], tuple[str, ...]] = {}
    rng = random.Random(8)
    for _ in range(40):
        state = game.new_initial_state()
        pasts: dict[int, tuple[str, ...]] = {}
        for _ in range(200):
            if state.is_terminal():
                break
            if not state.is_chance_node():
                player = state.current_player()
                text = state.information_state_string(player)
                past = pasts.get(player, ())
                assert past_of.setdefault((player, text), past) == past
                assert text not in past
                pasts[player] = (*past, text)
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", list(GAMES))
def test_serialize_round_trips(name: str) -> None:
    game = dos.game(name)
    state = game.new_initial_state()
    rng = random.Random(6)
    for step in range(200):
        for copy in (
            dos.deserialize(dos.serialize(state)),
            game.deserialize_state(state.serialize()),
        ):
            assert copy.history() == state.history()
            assert str(copy) == str(state)
            assert copy.legal_actions() == state.legal_actions()
        data = json.loads(dos.serialize(state))
        assert set(data) == {"game", "params", "record", "action", "faces"}
        if state.is_terminal() or step > 60:
            break
        _random_play(state, rng, steps=1)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_played_in_openspiel_replays(name: str, tmp_path: Path) -> None:
    state = _random_play(dos.game(name).new_initial_state(), random.Random(8))
    rec = dos.record(state)
    assert replay(GameRecord.from_json(rec.to_json())) == dos.dicerules_state(state)
    path = tmp_path / "game.json"
    path.write_text(rec.to_json() + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "dicerules", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_a_game_without_action_ids_is_refused() -> None:
    game = next(iter(GAMES.values()))
    bare = attrs.evolve(game, name="bare-test-game", distinct_actions=None)
    dicerules.game.register(bare)
    try:
        with pytest.raises(ValueError, match="distinct_actions"):
            dos.game("bare-test-game")
    finally:
        del dicerules.game._REGISTRY["bare-test-game"]


def test_a_game_without_an_encoding_has_strings_only() -> None:
    game = next(iter(GAMES.values()))
    bare = attrs.evolve(game, name="plain-test-game", observation=None, information_state=None)
    dicerules.game.register(bare)
    try:
        spiel_game = dos.game("plain-test-game")
        kind = spiel_game.get_type()
        assert kind.provides_information_state_string and kind.provides_observation_string
        assert not kind.provides_information_state_tensor and not kind.provides_observation_tensor
        pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)
    finally:
        del dicerules.game._REGISTRY["plain-test-game"]


# --------------------------------------------------------------------- solvers

TWO_BY_ONE = "players=2,dice_per_player=1,first_opener=seat0"


def _liars_dice(params: str) -> Any:
    return pyspiel.load_game(f"{dos.name_of('liars-dice')}({TWO_BY_ONE},{params})")


@pytest.mark.parametrize(
    ("sides", "bound"), [(2, 0.005), pytest.param(3, 0.001, marks=slow, id="three faces")]
)
def test_cfr_reaches_low_exploitability(sides: int, bound: float) -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    game = _liars_dice(f"sides={sides},ones_wild=False")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(150):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < bound


def _value(params: str) -> Fraction:
    return Fraction(game_value(_liars_dice(params))).limit_denominator(1000)


def test_value_five_faces() -> None:
    assert _value("sides=5,ones_wild=False") == Fraction(-3, 25)  # Burcsi 2014, Thm 2.1


@slow
def test_value_six_faces() -> None:
    assert _value("ones_wild=False") == Fraction(-1, 9)  # thomasahle/snyd's tables


@slow
def test_value_six_faces_ones_wild() -> None:
    assert _value("ones_wild=True") == Fraction(-7, 327)  # snyd: 1s wild, 1s cannot be bid


@slow
def test_value_six_faces_ones_rank_high() -> None:
    # OpenSpiel's own liars_dice at 2 seats x 1 die: the top face is wild and its bids
    # rank above the other faces of the same quantity. Relabelled (its 6 is our 1),
    # that is wild ones ranked high, never cancelled, seat 0 opening.
    params = "ones_wild=True,ones_opening_cancels_wild=False,ones_rank=high"
    assert _value(params) == Fraction(-7, 258)


@pytest.mark.parametrize("sides", [2, 3])
def test_ones_rank_high_is_openspiel_liars_dice_relabelled(sides: int) -> None:
    # The same game as OpenSpiel's liars_dice, so the same value, on small dice.
    params = f"sides={sides},ones_wild=True,ones_opening_cancels_wild=False,ones_rank=high"
    theirs = pyspiel.load_game(f"liars_dice(dice_sides={sides})")
    assert _value(params) == Fraction(game_value(theirs)).limit_denominator(1000)
