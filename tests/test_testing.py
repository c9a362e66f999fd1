"""Tests of dicerules.testing, the property-based toolkit offered to users of dicerules.

What is checked here:

* the strategies: ``rules`` gives valid Rules, every preset and every field at both
  ends of its range (presets only for a Rules class without rulefields metadata);
  ``streams`` gives dice in range that shrink toward 1; ``states`` and
  ``action_logs`` give games reached by legal play, which replay, shrink to the
  number of actions asked for and (for states) can be played on;
* ``state_machine``: the machine runs, and the invariants of a subclass run with it;
* ``check_game``: it passes on every registered game and on a small third-party
  game defined here ("race", neither registered nor built on a tape), and it
  catches games broken on purpose (legal actions after the end, a non-deterministic
  apply, a replay that drifts, a view that leaks hidden dice, a broken conservation
  law), naming the promise broken and a short failing game; and games whose
  optional parts are broken (an observation one number short at the end, action
  ids missing a legal action, a max_length below the real length, a die with more
  faces than max_sides, a narrator that raises, a view that shows hidden dice in a
  game without resample_hidden, an apply that takes an action never offered, a
  payoff that is not zero-sum), naming the part too;
* importing dicerules needs no hypothesis; importing dicerules.testing without it
  says how to install it.
"""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from types import MappingProxyType, SimpleNamespace
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample
from hypothesis.stateful import invariant, run_state_machine_as_test

import dicerules
from dicerules import (
    IllegalActionError,
    InvalidActionError,
    ScriptedStream,
    SeededStream,
    record,
    replay,
)
from dicerules.game import AnyGame, Game, start_stream
from dicerules.games import liars_dice as ld
from dicerules.rulefields import field_spec, integer
from dicerules.streams import DiceStream
from dicerules.testing import (
    action_logs,
    check_game,
    check_parts,
    rules,
    state_machine,
    states,
    streams,
)

GAME_NAMES = list(dicerules.GAMES)

FIND = settings(max_examples=2000, database=None, deadline=None, derandomize=True)
"""Settings for ``hypothesis.find``: deterministic, and patient enough for rare values."""

FEW = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
"""Settings for the @given tests that play whole games (the health checks of such
strategies have a test of their own)."""

SMALL_LIARS_DICE = ld.Rules(players=3, dice_per_player=1, first_opener="seat0")
"""Liar's dice that ends within four actions (bid, challenge, bid, challenge)."""

SHORTEST = re.compile(r"shortest failing game found \((\d+) actions\):")


# ------------------------------------------------------------- a third-party game

RACE_TARGET = 10
"""The total a seat must reach to win the race."""

RACE_MAX_MOVES = 12
"""Every race ends after this many moves (passes count), whoever leads then wins."""

RACE_ACTIONS = ("roll", "pass")


@attrs.frozen
class RaceRules:
    players: int = integer(2, 2, 4)


@attrs.frozen
class RaceState:
    rules: RaceRules
    totals: tuple[int, ...]
    to_act: int | None
    moves: tuple[str, ...]
    stream: DiceStream


@attrs.frozen
class RaceView:
    rules: RaceRules
    player: int | None
    totals: tuple[int, ...]
    to_act: int | None
    moves: tuple[str, ...]


RACE_PRESETS: Mapping[str, RaceRules] = MappingProxyType(
    {"two": RaceRules(), "four": RaceRules(players=4)}
)


def race_new_game(
    rules: RaceRules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> RaceState:
    if rules is None:
        rules = RACE_PRESETS["two"]
    elif not isinstance(rules, RaceRules):
        raise TypeError(f"rules must be RaceRules, not {type(rules).__name__}")
    return RaceState(rules, (0,) * rules.players, 0, (), start_stream(seed, stream))


def race_legal_actions(state: RaceState) -> tuple[str, ...]:
    return () if state.to_act is None else RACE_ACTIONS


def race_apply(state: RaceState, action: str) -> RaceState:
    if not isinstance(action, str) or action not in RACE_ACTIONS:
        raise InvalidActionError(f"{action!r} is not a race action")
    seat = state.to_act
    if seat is None:
        raise IllegalActionError("the race is over")
    totals, stream = state.totals, state.stream
    if action == "roll":
        (die,), stream = stream.roll(1, 6)
        totals = tuple(total + die if i == seat else total for i, total in enumerate(totals))
    moves = (*state.moves, action)
    over = max(totals) >= RACE_TARGET or len(moves) >= RACE_MAX_MOVES
    return RaceState(state.rules, totals, None if over else (seat + 1) % len(totals), moves, stream)


def race_current_player(state: RaceState) -> int | None:
    return state.to_act


def race_is_terminal(state: RaceState) -> bool:
    return state.to_act is None


def race_winners(state: RaceState) -> tuple[int, ...]:
    if state.to_act is not None:
        return ()
    best = max(state.totals)
    return tuple(seat for seat, total in enumerate(state.totals) if total == best)


def race_scores(state: RaceState) -> tuple[int, ...]:
    return state.totals


def race_history(state: RaceState) -> tuple[str, ...]:
    return state.moves


def race_view(state: RaceState, player: int | None) -> RaceView:
    if player is not None and not (type(player) is int and 0 <= player < len(state.totals)):
        raise ValueError(f"there is no seat {player!r}")
    return RaceView(state.rules, player, state.totals, state.to_act, state.moves)


def race_format_action(action: str) -> str:
    if not isinstance(action, str) or action not in RACE_ACTIONS:
        raise InvalidActionError(f"{action!r} is not a race action")
    return action


def race_parse_action(state: RaceState, text: str) -> str:
    if not isinstance(text, str) or text.strip().lower() not in RACE_ACTIONS:
        raise InvalidActionError(f"{text!r} is not race notation: write roll or pass")
    action = text.strip().lower()
    if action not in race_legal_actions(state):
        raise IllegalActionError(f"{action} is not legal now")
    return action


RACE: AnyGame = Game(
    name="race",
    Rules=RaceRules,
    State=RaceState,
    presets=RACE_PRESETS,
    new_game=race_new_game,
    legal_actions=race_legal_actions,
    apply=race_apply,
    current_player=race_current_player,
    is_terminal=race_is_terminal,
    winners=race_winners,
    scores=race_scores,
    history=race_history,
    view=race_view,
    format_action=race_format_action,
    parse_action=race_parse_action,
)
"""A dice race, only the required parts of a Game: no tape, no registry, no describe."""


def race_with(**changes: Callable[..., Any]) -> AnyGame:
    """The race with some of its functions replaced."""
    return attrs.evolve(RACE, **changes)


# ------------------------------------------------------------------------ helpers


def shortest(error: pytest.ExceptionInfo[AssertionError]) -> int:
    """The number of actions of the shortest failing game that check_game reported."""
    match = SHORTEST.search(str(error.value))
    assert match is not None, f"no shortest game in the message:\n{error.value}"
    return int(match[1])


def caught(game: Any, promise: str, **options: Any) -> tuple[str, int]:
    """Run check_game on a broken ``game``; return its message and shortest game's length.

    The message must begin with the game's name, name ``promise``, and give the
    rules, the dice and the actions of the game that fails.
    """
    with pytest.raises(AssertionError) as error:
        check_game(game, **{"max_examples": 30, "max_steps": 20, **options})
    message = str(error.value)
    assert message.startswith(f"{game.name}: promise: "), message
    assert promise in message, message
    steps = shortest(error)
    assert "\nrules: " in message and "\ndice: [" in message, message
    assert f"\nactions ({steps}): " in message, message
    return message, steps


def has(name: str, value: object) -> Callable[[Any], bool]:
    """A predicate: the Rules field ``name`` is exactly ``value`` (True is not 1)."""

    def predicate(found: Any) -> bool:
        got = getattr(found, name)
        return type(got) is type(value) and got == value

    return predicate


def replay_legally(game: Any, rules: Any, stream: DiceStream, actions: tuple[Any, ...]) -> Any:
    """new_game then each action, every one checked to be legal where it is applied."""
    state = game.new_game(rules, stream=stream)
    for index, action in enumerate(actions):
        assert action in game.legal_actions(state), f"action {index} ({action!r}) is not legal"
        state = game.apply(state, action)
    return state


# -------------------------------------------------------------------------- rules


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=100)
@given(data=st.data())
def test_rules_are_valid_rules_values(name: str, data: st.DataObject) -> None:
    game = dicerules.get_game(name)
    drawn = data.draw(rules(game))
    assert type(drawn) is game.Rules
    assert game.Rules(**attrs.asdict(drawn)) == drawn


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rules_produce_every_preset(name: str) -> None:
    game = dicerules.get_game(name)
    for preset in game.presets.values():
        assert find(rules(game), lambda drawn, p=preset: drawn == p, settings=FIND) == preset


def extremes(game: Any) -> list[tuple[str, object]]:
    """Every (field, value) a Rules class must reach: both bounds, both bools, every choice."""
    wanted: list[tuple[str, object]] = []
    for field in attrs.fields(game.Rules):
        spec = field_spec(field)
        assert spec is not None, f"{game.name}.{field.name} is not a rulefields field"
        if spec.kind == "bool":
            values: tuple[object, ...] = (False, True)
        elif spec.kind == "choice":
            values = spec.choices
        else:
            assert spec.low is not None and spec.high is not None, "an unbounded field"
            values = (spec.low, spec.high, *((None,) if spec.optional else ()))
        wanted.extend((field.name, value) for value in values)
    return wanted


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rules_reach_every_field_extreme(name: str) -> None:
    """Dependent fields (a seat below players, start_points below target) included."""
    game = dicerules.get_game(name)
    wanted = extremes(game)
    assert wanted
    for field, value in wanted:
        found = find(rules(game), has(field, value), settings=FIND)
        assert getattr(found, field) == value


@attrs.frozen
class PlainRules:
    """Rules of a third-party game, written without dicerules.rulefields."""

    players: int = 2
    target: int = 10


class NotAttrsRules:
    def __init__(self, players: int = 2) -> None:
        self.players = players


@pytest.mark.parametrize(
    "presets",
    [
        {"short": PlainRules(2, 5), "long": PlainRules(3, 30)},
        {"two": NotAttrsRules(2), "five": NotAttrsRules(5)},
    ],
    ids=["attrs-without-metadata", "not-attrs"],
)
def test_rules_of_a_class_without_rulefields_are_its_presets(presets: dict[str, Any]) -> None:
    game = SimpleNamespace(name="plain", Rules=type(next(iter(presets.values()))), presets=presets)
    for preset in presets.values():
        assert find(rules(game), lambda drawn, p=preset: drawn is p, settings=FIND) is preset
    with pytest.raises(NoSuchExample):
        find(
            rules(game),
            lambda drawn: all(drawn is not p for p in presets.values()),
            settings=settings(FIND, max_examples=200),
        )


def test_rules_with_partial_metadata_are_presets_only() -> None:
    @attrs.frozen
    class Mixed:
        players: int = integer(2, 2, 4)
        target: int = 10

    presets = {"a": Mixed(3, 12)}
    game = SimpleNamespace(name="mixed", Rules=Mixed, presets=presets)
    with pytest.raises(NoSuchExample):
        find(
            rules(game),
            lambda drawn: drawn != presets["a"],
            settings=settings(FIND, max_examples=200),
        )


def test_rules_of_the_third_party_race_reach_both_bounds() -> None:
    assert find(rules(RACE), has("players", 2), settings=FIND) == RaceRules(2)
    assert find(rules(RACE), has("players", 4), settings=FIND) == RaceRules(4)
    assert find(rules(RACE), has("players", 3), settings=FIND) == RaceRules(3)


# ------------------------------------------------------------------------ streams


@given(sides=st.integers(1, 30), data=st.data())
def test_streams_hold_faces_of_the_die(sides: int, data: st.DataObject) -> None:
    stream = data.draw(streams(sides, min_size=1, max_size=40))
    assert type(stream) is ScriptedStream and stream.position == 0
    assert 1 <= len(stream.values) <= 40
    assert all(1 <= value <= sides for value in stream.values)
    dice, rest = stream.roll(len(stream.values), sides)
    assert dice == stream.values and rest.remaining == ()


def test_streams_reach_every_face() -> None:
    assert find(streams(20), lambda s: 20 in s.values, settings=FIND).values == (20,)
    assert find(streams(2), lambda s: 2 in s.values, settings=FIND).values == (2,)


def test_streams_shrink_toward_fewer_dice_and_ones() -> None:
    assert find(streams(), lambda s: len(s.values) >= 3, settings=FIND).values == (1, 1, 1)
    assert find(streams(6, min_size=2), lambda s: True, settings=FIND).values == (1, 1)


# ---------------------------------------------------------------- states and logs


@pytest.mark.parametrize("name", GAME_NAMES)
@FEW
@given(data=st.data())
def test_states_are_reached_by_legal_play(name: str, data: st.DataObject) -> None:
    game = dicerules.get_game(name)
    state = data.draw(states(game, max_steps=12, spare_dice=7))
    assert replay(record(state)) == state
    origin = state.tape.origin
    assert type(origin) is ScriptedStream
    rolled = state.tape.dice()
    assert origin.values == (*rolled, *origin.values[len(rolled) :])
    assert len(origin.values) == len(rolled) + 7, "the state's stream lacks its spare dice"
    assert replay_legally(game, state.rules, origin, game.history(state)) == state


@given(data=st.data())
def test_states_of_the_race_are_reached_by_legal_play(data: st.DataObject) -> None:
    state = data.draw(states(RACE, max_steps=30, spare_dice=3))
    assert type(state) is RaceState
    assert type(state.stream) is ScriptedStream
    assert len(state.stream.remaining) == 3
    stream = ScriptedStream(state.stream.values)
    assert replay_legally(RACE, state.rules, stream, race_history(state)) == state


@settings(FEW, max_examples=5)
@given(data=st.data())
def test_states_keep_given_rules(data: st.DataObject) -> None:
    game = dicerules.get_game("twenty-four")
    preset = data.draw(st.sampled_from(tuple(game.presets.values())))
    state = data.draw(states(game, preset, max_steps=4, spare_dice=2))
    assert state.rules == preset
    assert replay(record(state)) == state


@pytest.mark.slow
@pytest.mark.parametrize("name", ["twenty-four", "race"])
def test_states_shrink_to_the_actions_asked_for_and_play_on(name: str) -> None:
    game = RACE if name == "race" else dicerules.get_game(name)
    found = find(states(game, max_steps=6), lambda s: len(game.history(s)) >= 4, settings=FIND)
    assert len(game.history(found)) == 4
    playing = find(
        states(game, max_steps=6),
        lambda s: len(game.history(s)) >= 4 and not game.is_terminal(s),
        settings=FIND,
    )
    # The spare dice let play go on past the dice the found game rolled.
    for action in game.legal_actions(playing):
        after = game.apply(playing, action)
        assert game.history(after) == (*game.history(playing), action)


@pytest.mark.parametrize("name", [*GAME_NAMES, "race"])
@FEW
@given(data=st.data())
def test_action_logs_replay_legally_with_exactly_their_dice(name: str, data: st.DataObject) -> None:
    game = RACE if name == "race" else dicerules.get_game(name)
    chosen, stream, actions = data.draw(action_logs(game, max_steps=15))
    assert type(stream) is ScriptedStream and stream.position == 0
    assert type(actions) is tuple and len(actions) <= 15
    final = replay_legally(game, chosen, stream, actions)
    assert game.history(final) == actions
    left = final.stream if name == "race" else final.tape.stream
    assert left.remaining == (), "the log's stream holds dice the log never rolls"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["twenty-four", "link", "race"])
def test_action_logs_shrink_to_the_actions_asked_for(name: str) -> None:
    game = RACE if name == "race" else dicerules.get_game(name)
    for count in (1, 3):
        chosen, stream, actions = find(
            action_logs(game, max_steps=6), lambda log, n=count: len(log[2]) >= n, settings=FIND
        )
        assert len(actions) == count
        replay_legally(game, chosen, stream, actions)


@pytest.mark.slow
def test_action_logs_keep_given_rules() -> None:
    norwegian = ld.PRESETS["norwegian"]
    chosen, _, actions = find(
        action_logs(ld.GAME, norwegian), lambda log: len(log[2]) >= 1, settings=FIND
    )
    assert chosen == norwegian and len(actions) == 1
    small = st.sampled_from([ld.Rules(players=2, dice_per_player=1)])
    chosen, _, _ = find(action_logs(ld.GAME, small), lambda log: True, settings=FIND)
    assert chosen == ld.Rules(players=2, dice_per_player=1)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_strategies_pass_hypothesis_health_checks(name: str) -> None:
    """A user's @given(states(game)) runs under hypothesis's own default health checks."""
    game = dicerules.get_game(name)
    few = settings(max_examples=5, database=None, deadline=None, derandomize=True)

    @few
    @given(state=states(game, max_steps=5, spare_dice=3), log=action_logs(game, max_steps=5))
    def uses(state: Any, log: tuple[Any, ScriptedStream, tuple[Any, ...]]) -> None:
        assert game.history(state) is not None and log[2] is not None

    uses()
    run_state_machine_as_test(state_machine(game), settings=settings(few, stateful_step_count=5))


# ------------------------------------------------------------------ state machine

MACHINE = settings(
    max_examples=6, stateful_step_count=10, database=None, deadline=None, derandomize=True
)


def test_state_machine_runs() -> None:
    machine = state_machine(dicerules.get_game("twenty-four"))
    assert machine.__name__ == "TwentyFourMachine"
    assert machine.game is dicerules.get_game("twenty-four")
    run_state_machine_as_test(machine, settings=MACHINE)


def test_a_subclass_invariant_runs_with_the_machine() -> None:
    seen: list[int] = []

    class Counted(state_machine(dicerules.get_game("twenty-four"))):  # type: ignore[misc]
        @invariant()
        def counted(self) -> None:
            if self.state is not None:
                assert self.game.history(self.state) == tuple(self.actions)
                seen.append(len(self.actions))

    run_state_machine_as_test(Counted, settings=MACHINE)
    assert seen, "the subclass's invariant never ran"
    assert max(seen) >= 2, "the invariant never ran after the machine played"


@pytest.mark.slow
def test_a_failing_subclass_invariant_fails_the_run() -> None:
    class Strict(state_machine(RACE)):  # type: ignore[misc]
        @invariant()
        def short(self) -> None:
            assert len(self.actions) < 3, "three actions were played"

    with pytest.raises(AssertionError, match="three actions were played"):
        run_state_machine_as_test(Strict, settings=MACHINE)


# --------------------------------------------------------- check_game: good games


# check_game on every registered game: the conformance suite's check_game tests, on each
# preset and under any rules.


def test_check_game_passes_the_third_party_race() -> None:
    assert "race" not in dicerules.GAMES
    check_game(RACE, max_examples=40, max_steps=30)
    check_game(RACE, max_examples=10, rules=RaceRules(players=4))


# ---------------------------------------------------------- check_game: broken games


def test_check_game_catches_legal_actions_after_the_end() -> None:
    def legal_actions(state: ld.State) -> tuple[ld.Action, ...]:
        return ld.legal_actions(state) or (ld.Bid(1, 1),)

    broken = attrs.evolve(ld.GAME, legal_actions=legal_actions)
    message, steps = caught(
        broken,
        "legal_actions is () exactly when the game is over",
        rules=SMALL_LIARS_DICE,
        max_examples=10,
    )
    assert steps <= 4
    # The game reported is real: played by the real engine, it ends where it fails.
    lines = dict(line.split(": ", 1) for line in message.splitlines()[2:])
    reported = eval(lines["rules"], {"Rules": ld.Rules})
    dice = ast.literal_eval(lines["dice"])
    state = ld.new_game(reported, stream=ScriptedStream(dice))
    for text in lines[f"actions ({steps})"].split(", "):
        state = ld.apply(state, ld.parse_action(state, text))
    assert ld.is_terminal(state)
    assert state.tape.stream.remaining == ()


def test_check_game_catches_an_apply_that_draws_from_random() -> None:
    def apply(state: ld.State, action: ld.Action) -> ld.State:
        after = ld.apply(state, action)
        if action != ld.CHALLENGE or ld.is_terminal(after):
            return after
        sides = after.rules.sides
        hands = tuple(tuple(sorted(random.randint(1, sides) for _ in hand)) for hand in after.hands)
        return attrs.evolve(after, hands=hands)

    broken = attrs.evolve(ld.GAME, apply=apply)
    _, steps = caught(broken, "apply is deterministic", rules=SMALL_LIARS_DICE)
    assert steps <= 2


def test_check_game_catches_a_replay_that_drifts() -> None:
    def new_game(
        rules: ld.Rules | None = None,
        *,
        seed: int | None = None,
        stream: DiceStream | None = None,
    ) -> ld.State:
        if isinstance(stream, ScriptedStream):
            stream = SeededStream(0)
        return ld.new_game(rules, seed=seed, stream=stream)

    _, steps = caught(attrs.evolve(ld.GAME, new_game=new_game), "a game replays")
    assert steps <= 1


def test_check_game_catches_a_view_that_shows_every_hand() -> None:
    def view(state: ld.State, player: int | None) -> ld.View:
        every_die = tuple(die for hand in state.hands for die in hand)
        return attrs.evolve(ld.view(state, player), hand=every_die)

    _, steps = caught(attrs.evolve(ld.GAME, view=view), "view shows nothing it may not know")
    assert steps <= 1


@attrs.frozen
class _LeakyView(ld.View):
    """A liars-dice view with every hand in a field left out of ==, but not of the repr."""

    hands: object = attrs.field(default=None, eq=False)


def test_check_game_catches_a_view_whose_repr_shows_every_hand() -> None:
    def view(state: ld.State, player: int | None) -> ld.View:
        seen = ld.view(state, player)
        fields = {field.name: getattr(seen, field.name) for field in attrs.fields(ld.View)}
        return _LeakyView(**fields, hands=state.hands)

    message, steps = caught(attrs.evolve(ld.GAME, view=view), "its repr changed")
    assert "view shows nothing it may not know" in message
    assert steps <= 1


def race_legal_actions_by_hash(state: RaceState) -> tuple[str, ...]:
    """The race's legal actions in the order of their hash(): one order a process."""
    return tuple(sorted(race_legal_actions(state), key=hash))


def test_check_game_catches_legal_actions_ordered_by_hash() -> None:
    broken = race_with(legal_actions=race_legal_actions_by_hash)
    with pytest.raises(AssertionError, match="legal_actions keeps one order in every process"):
        check_game(broken, max_examples=5, max_steps=10, whole_games=1)


@pytest.mark.parametrize("name", ["twenty-four", "link"])
def test_check_game_catches_a_broken_conservation_law(name: str) -> None:
    real = dicerules.get_game(name)

    def scores(state: Any) -> tuple[int, ...]:
        extra = len(real.history(state))
        return tuple(n + extra if seat == 0 else n for seat, n in enumerate(real.scores(state)))

    # The state is right; only the scores users read drift.
    broken = attrs.evolve(real, scores=scores)
    _, steps = caught(broken, "the game's conservation law holds")
    assert steps == 1


def test_check_game_catches_a_race_offering_moves_after_the_end() -> None:
    broken = race_with(legal_actions=lambda state: RACE_ACTIONS)
    _, steps = caught(broken, "legal_actions is () exactly when the game is over")
    assert steps <= RACE_MAX_MOVES


def test_check_game_catches_a_race_that_rolls_with_random() -> None:
    def apply(state: RaceState, action: str) -> RaceState:
        after = race_apply(state, action)
        if action != "roll":
            return after
        seat = state.to_act
        die = random.randint(1, 6)
        totals = tuple(t + die if i == seat else t for i, t in enumerate(state.totals))
        return attrs.evolve(after, totals=totals)

    _, steps = caught(race_with(apply=apply), "apply is deterministic")
    assert steps <= 1


def test_check_game_catches_a_race_that_does_not_replay() -> None:
    def new_game(
        rules: RaceRules | None = None,
        *,
        seed: int | None = None,
        stream: DiceStream | None = None,
    ) -> RaceState:
        if isinstance(stream, ScriptedStream):
            stream = SeededStream(0)
        return race_new_game(rules, seed=seed, stream=stream)

    _, steps = caught(race_with(new_game=new_game), "a game replays")
    assert steps == 1


def test_check_game_catches_a_race_whose_view_holds_the_stream() -> None:
    @attrs.frozen
    class LeakyView:
        totals: tuple[int, ...]
        stream: DiceStream

    def view(state: RaceState, player: int | None) -> LeakyView:
        race_view(state, player)
        return LeakyView(state.totals, state.stream)

    _, steps = caught(race_with(view=view), "a view never holds the stream")
    assert steps == 0


# ------------------------------------------------- check_game: broken optional parts


def part_caught(game: Any, part: str, promise: str, **options: Any) -> tuple[str, int]:
    """``caught``, for a broken optional part: the message names the part too."""
    message, steps = caught(game, promise, **options)
    assert f"(part {part})" in message or f"(part {part} " in message, message
    return message, steps


def test_check_game_catches_an_observation_one_number_short_at_the_end() -> None:
    real = ld.GAME.observation
    assert real is not None

    def encode(rules: ld.Rules, view: ld.View) -> tuple[float, ...]:
        vector = real.encode(rules, view)
        return vector[:-1] if view.to_act is None else vector

    broken = attrs.evolve(ld.GAME, observation=attrs.evolve(real, encode=encode))
    message, steps = part_caught(
        broken, "observation", "every view encodes to observation.size(rules) numbers",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    size = real.size(SMALL_LIARS_DICE)
    assert f"encodes to {size - 1} numbers, not {size}" in message, message
    assert "(the game is over)" in message and "reveal_count (1,)" in message, message
    assert steps <= 4


def test_check_game_catches_an_information_state_one_number_short_at_the_end() -> None:
    real = ld.GAME.information_state
    assert real is not None

    def encode(rules: ld.Rules, views: Any) -> tuple[float, ...]:
        vector = real.encode(rules, views)
        return vector[:-1] if views[-1].to_act is None else vector

    broken = attrs.evolve(ld.GAME, information_state=attrs.evolve(real, encode=encode))
    message, _ = part_caught(
        broken, "information_state", "every seat's views encode to information_state",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    size = real.size(SMALL_LIARS_DICE)
    assert f"encode to {size - 1} numbers, not {size}" in message, message
    assert "(the game is over)" in message, message


def test_check_game_catches_distinct_actions_missing_a_legal_action() -> None:
    real = ld.GAME.distinct_actions
    assert real is not None

    def distinct_actions(rules: ld.Rules) -> tuple[ld.Action, ...]:
        return tuple(a for a in real(rules) if a != ld.CHALLENGE)

    broken = attrs.evolve(ld.GAME, distinct_actions=distinct_actions)
    message, steps = part_caught(
        broken, "distinct_actions", "every legal action has an id",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    assert "Challenge() (challenge) is legal" in message, message
    assert steps == 1


def test_check_game_catches_distinct_actions_that_list_an_action_twice() -> None:
    real = ld.GAME.distinct_actions
    assert real is not None

    def distinct_actions(rules: ld.Rules) -> tuple[ld.Action, ...]:
        return (*real(rules), ld.CHALLENGE)

    broken = attrs.evolve(ld.GAME, distinct_actions=distinct_actions)
    message, _ = part_caught(
        broken, "distinct_actions", "lists each action once", rules=SMALL_LIARS_DICE
    )
    assert "Challenge() is listed at ids 18 and 19" in message, message


def test_check_game_catches_a_max_length_below_the_real_length() -> None:
    # Beyond the reach of the short games hypothesis plays: the whole games find it.
    broken = attrs.evolve(ld.GAME, max_length=lambda rules: 25)
    message, steps = part_caught(
        broken, "max_length", "more than max_length(rules) = 25 actions",
        max_examples=5, max_steps=10, rules=ld.GAME.default_rules,
    )  # fmt: skip
    assert steps == 26 and "action number 26" in message, message


def test_check_game_catches_a_die_with_more_faces_than_max_sides() -> None:
    broken = attrs.evolve(ld.GAME, max_sides=lambda rules: rules.sides - 1)
    message, steps = part_caught(
        broken, "max_sides", "no die has more faces than max_sides(rules) = 5",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    assert "die number 0 of this game was rolled with 6 sides" in message, message
    assert steps == 0


def test_check_game_catches_a_narrator_that_raises_on_an_action() -> None:
    told = ld.GAME.narrator
    assert told is not None

    class Raising(told):  # type: ignore[misc, valid-type]
        def action(self, before: Any, seat: int, action: Any, after: Any) -> list[str]:
            if action == ld.CHALLENGE:
                raise KeyError(action)
            return super().action(before, seat, action, after)  # type: ignore[no-any-return]

    broken = attrs.evolve(ld.GAME, narrator=Raising)
    message, steps = part_caught(
        broken, "narrator", "narrator (Raising) works in every state",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    assert "step(before, 1, challenge, after)" in message, message
    assert "raised KeyError: Challenge()" in message, message
    assert steps == 2


def test_check_game_catches_a_label_by_action_that_depends_on_the_view() -> None:
    told = ld.GAME.narrator
    assert told is not None

    class Personal(told):  # type: ignore[misc, valid-type]
        def label(self, view: Any, action: Any) -> str:
            words = super().label(view, action)
            return f"{words} for {self.who(view.player)}" if self.viewer is not None else words

    broken = attrs.evolve(ld.GAME, narrator=Personal)
    message, steps = part_caught(
        broken, "narrator", "labels_by_action is the same in every view",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    assert "telling the spectator" in message, message
    assert steps == 1  # the labels are asked of the first seat to act


def test_check_game_catches_a_generic_narrator_told_a_view_it_cannot_read() -> None:
    # The generic narrator reads a view's scores as a sequence: a number there fails.
    @attrs.frozen
    class Totalled:
        rules: RaceRules
        player: int | None
        scores: int

    def view(state: RaceState, player: int | None) -> Totalled:
        race_view(state, player)
        return Totalled(state.rules, player, sum(state.totals))

    message, steps = part_caught(race_with(view=view), "narrator", "narrator (Narrator)")
    assert "telling the spectator's views" in message, message
    assert "raised TypeError: 'int' object is not iterable" in message, message
    assert steps <= 1


def test_check_game_catches_a_view_showing_every_seat_the_hidden_dice() -> None:
    def view(state: ld.State, player: int | None) -> ld.View:
        seen = ld.view(state, player)
        if player is None:
            return seen
        return attrs.evolve(seen, hand=tuple(die for hand in state.hands for die in hand))

    broken = attrs.evolve(ld.GAME, view=view, resample_hidden=None)
    message, steps = part_caught(
        broken, "resample_hidden", "a game without resample_hidden hides nothing",
        rules=SMALL_LIARS_DICE, max_examples=10,
    )  # fmt: skip
    assert "seat 0's view has hand = (" in message and "the spectator's has ()" in message
    assert "declare resample_hidden" in message
    assert steps == 0


def test_check_game_catches_a_hiding_game_that_declares_no_resample_hidden() -> None:
    broken = attrs.evolve(ld.GAME, resample_hidden=None)
    part_caught(broken, "resample_hidden", "declare resample_hidden", rules=SMALL_LIARS_DICE)


def test_check_game_catches_an_apply_that_takes_an_action_never_offered() -> None:
    def legal_actions(state: ld.State) -> tuple[ld.Action, ...]:
        return tuple(a for a in ld.legal_actions(state) if a != ld.Bid(1, 1))

    broken = attrs.evolve(ld.GAME, legal_actions=legal_actions)
    message, steps = caught(
        broken, "an action that is not legal is refused", rules=SMALL_LIARS_DICE
    )
    assert "Bid(quantity=1, face=1) was taken" in message, message
    assert steps == 0


def test_check_game_catches_an_apply_that_takes_an_action_offered_only_elsewhere() -> None:
    # No action ids: the probes are the actions legal earlier in the game.
    def legal_actions(state: RaceState) -> tuple[str, ...]:
        legal = race_legal_actions(state)
        return legal if len(state.moves) < 2 else tuple(a for a in legal if a != "pass")

    message, _ = caught(race_with(legal_actions=legal_actions), "not legal is refused")
    assert "'pass' was taken" in message, message


def test_check_game_catches_a_payoff_that_is_not_zero_sum() -> None:
    real = dicerules.get_game("twenty-four")

    def scores(state: Any) -> tuple[int, ...]:
        got = real.scores(state)
        return (got[0] + 4, *got[1:]) if real.is_terminal(state) else got

    broken = attrs.evolve(real, scores=scores, outside_scores=None)
    part_caught(broken, "payoff", "a zero-sum payoff's changes sum to 0", max_examples=10)


def test_check_parts_plays_the_rules_it_is_given() -> None:
    # Whole games of the race under four seats: a max_length that only four seats pass.
    broken = race_with(max_length=lambda rules: RACE_MAX_MOVES if rules.players == 4 else 1)
    check_parts(broken, RaceRules(players=4), games=2)
    with pytest.raises(AssertionError, match=r"max_length\(rules\) = 1 actions"):
        check_parts(broken, games=1)


# ------------------------------------------------------------------ the extra


def test_dicerules_imports_without_hypothesis_and_testing_says_what_to_install() -> None:
    code = "\n".join(
        [
            "import sys",
            'sys.modules["hypothesis"] = None',
            "import dicerules",
            "builtin = {'liars-dice', 'eighteen', 'link', 'twenty-four'}",
            "assert builtin <= set(dicerules.GAMES), dicerules.GAMES",
            "try:",
            "    import dicerules.testing",
            "except ImportError as error:",
            "    print(error)",
            "else:",
            '    raise SystemExit("dicerules.testing imported without hypothesis")',
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "dicerules[testing]" in done.stdout, done.stdout


def test_a_failing_examples_state_shows_its_dice_script_on_one_line() -> None:
    # hypothesis prints a failing example with its pretty printer: a long script of
    # dice took a line a value (a state of testing.states printed in 285 lines).
    from hypothesis.vendor.pretty import pretty

    script = dicerules.ScriptedStream([1, 2, 3, 4, 5, 6] * 20)
    state = ld.new_game(ld.Rules(players=4, dice_per_player=3), stream=script)
    shown = pretty(state)
    assert repr(state.tape.stream) in shown and len(shown.splitlines()) < 40


def test_finite_numbers_whose_sum_overflows_are_finite() -> None:
    # check_game's test of an observation or information state: a sum first, then each
    # number only if the sum is not finite (math.fsum raised OverflowError here).
    from dicerules.testing import _finite

    assert _finite([1e308, 1e308, -1.0])
    assert _finite((0, 1, True, 2.5))
    assert not _finite([1.0, float("inf")])
    assert not _finite([float("nan"), 0.0])
    assert not _finite([1.0, "2"])
